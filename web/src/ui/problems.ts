import { ApiError } from "../api";

/**
 * Marks the form's fields the API refused (aria-invalid, named by the error's `errors[].field`) once the request
 * fails, and clears the marks of an earlier attempt first; the failure goes on to be shown.
 */
export async function markInvalidFields(form: HTMLFormElement, request: Promise<unknown>): Promise<void> {
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  try {
    await request;
  } catch (error) {
    const refused = new Set(error instanceof ApiError ? error.problems.map((p) => p.field) : []);
    for (const field of form.querySelectorAll<HTMLElement>("input[name], textarea[name]")) {
      if (refused.has(field.getAttribute("name") ?? "")) field.setAttribute("aria-invalid", "true");
    }
    throw error;
  }
}

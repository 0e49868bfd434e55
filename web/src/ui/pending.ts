import { clearError, showError, type PageParts } from "./page";

/**
 * Runs what a button asks for: the page's earlier error goes (the user is acting again), the button is disabled and
 * aria-busy until the answer, and a failure is shown. Answers whether the action succeeded.
 */
export async function runPending(parts: PageParts, button: HTMLButtonElement, action: () => Promise<void>):
    Promise<boolean> {
  clearError(parts);
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await action();
    return true;
  } catch (error) {
    showError(parts, error);
    return false;
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

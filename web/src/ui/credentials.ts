import { h } from "../dom";
import type { PageParts } from "./page";
import { runPending } from "./pending";
import { markInvalidFields } from "./problems";

/**
 * Username and password (and, to register, a display name); a failed submit shows the API's message and the reason
 * for each refused field, which is marked invalid.
 */
export function credentialsForm(parts: PageParts, submitLabel: string, withDisplayName: boolean,
                                onSubmit: (values: Record<string, string>) => Promise<void>): HTMLFormElement {
  const field = (id: string, label: string, attrs: Record<string, string | boolean>) =>
    h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, name: id, ...attrs }));
  const button = h("button", { type: "submit" }, submitLabel);
  const form = h(
    "form",
    { class: "credentials" },
    field("username", "Username", { autocomplete: "username", required: true, autocapitalize: "none" }),
    field("password", "Password", {
      type: "password",
      required: true,
      autocomplete: withDisplayName ? "new-password" : "current-password",
    }),
    withDisplayName ? field("displayName", "Display name", { autocomplete: "name" }) : null,
    button,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    void runPending(parts, button, () => markInvalidFields(form, onSubmit(values)));
  });
  return form;
}

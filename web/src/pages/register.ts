import { logIn } from "../auth";
import { api } from "../client";
import { h } from "../dom";
import { credentialsForm } from "../ui/credentials";
import { main, startPage } from "../ui/page";

/** Creates an account, then logs in with it. */
export function registerPage(): void {
  const parts = startPage("Register");
  main.append(
    credentialsForm(parts, "Register", true, async (v) => {
      await api.register(v.username, v.password, v.displayName?.trim() || undefined);
      await logIn(v.username, v.password);
    }),
    h("p", { class: "hint" }, "Username: 3 to 15 letters, digits or _. Password: 8 to 128 characters, not a common one."),
  );
}

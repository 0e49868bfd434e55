import { logIn } from "../auth";
import { h } from "../dom";
import { credentialsForm } from "../ui/credentials";
import { main, startPage } from "../ui/page";

export function loginPage(): void {
  const parts = startPage("Log in");
  main.append(
    credentialsForm(parts, "Log in", false, (v) => logIn(v.username, v.password)),
    h("p", {}, "No account yet? ", h("a", { href: "#/register" }, "Create an account")),
  );
}

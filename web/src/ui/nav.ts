import { logOut, session } from "../auth";
import { h, type Child } from "../dom";
import { href } from "../routes";

const nav = document.getElementById("nav")!;

/** The main navigation: Home and Search, then the account's links (or Log in and Register). */
export function renderNav(): void {
  const links: Child[] = [h("a", { href: "#/" }, "Home"), h("a", { href: "#/search" }, "Search")];
  if (session) {
    const me = session.username;
    links.push(
      h("a", { href: href({ name: "profile", username: me }) }, `@${me}`),
      h("button", { type: "button", class: "link", onclick: loggingOut }, "Log out"),
    );
  } else {
    links.push(h("a", { href: "#/login" }, "Log in"), h("a", { href: "#/register" }, "Register"));
  }
  nav.replaceChildren(h("ul", {}, ...links.map((l) => h("li", {}, l))));
}

/** Log out is pending until the API forgets the session (the nav is drawn afresh then). */
function loggingOut(event: Event): void {
  const button = event.currentTarget as HTMLButtonElement;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  void logOut();
}

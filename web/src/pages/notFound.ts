import { h } from "../dom";
import { main, startPage } from "../ui/page";

export function notFoundPage(): void {
  startPage("Page not found");
  main.append(h("p", {}, "Nothing lives at this address. ", h("a", { href: "#/" }, "Go to the home page")));
}

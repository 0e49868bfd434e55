import { h } from "../dom";
import { href } from "../routes";

export function userLink(username: string): HTMLAnchorElement {
  return h("a", { href: href({ name: "profile", username }) }, `@${username}`);
}

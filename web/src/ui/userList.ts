import { Pager, type Page, type PageParams, type User } from "../api";
import { h } from "../dom";
import { clearError, isCurrent, showError, type PageParts } from "./page";
import { userLink } from "./userLink";

/** A list of users paged by cursor, with a "More results" button. */
export function userList(parts: PageParts, load: (page: PageParams) => Promise<Page<User>>): HTMLElement {
  const pager = new Pager(load);
  const list = h("ul", { class: "users", "aria-busy": "false" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const more = h("button", { type: "button", hidden: true }, "More results");
  let shown = 0;
  const loadMore = async () => {
    more.hidden = true;
    list.setAttribute("aria-busy", "true");
    status.textContent = "Loading…";
    try {
      const items = await pager.next();
      if (!isCurrent(parts)) return;
      for (const user of items) {
        list.append(h("li", {}, userLink(user.username), user.displayName ? " " : null,
          user.displayName ? h("bdi", { class: "display-name" }, user.displayName) : null));
      }
      shown += items.length;
      status.textContent = shown === 0 ? "Nobody yet." : "";
      more.hidden = pager.done;
    } catch (error) {
      status.textContent = "";
      more.hidden = pager.done;
      showError(parts, error);
    } finally {
      list.setAttribute("aria-busy", "false");
    }
  };
  more.addEventListener("click", () => {
    clearError(parts); // the user tries again: the last failure's message goes
    void loadMore();
  });
  void loadMore();
  return h("section", { class: "list" }, list, status, more);
}

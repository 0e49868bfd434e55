import { api } from "../client";
import { h } from "../dom";
import { isCurrent, main, showError, startPage } from "../ui/page";
import { tweetArticle } from "../ui/tweet";

/** Home when logged out: the latest tweets of everyone. */
export function recentPage(): void {
  const parts = startPage("Recent tweets");
  main.append(h("p", { class: "hint" }, "Log in or register (links above) to tweet and follow people."));
  const list = h("div", { class: "tweets", role: "feed", "aria-label": "Recent tweets" });
  const status = h("p", { class: "status", "aria-live": "polite" }, "Loading…");
  main.append(list, status);
  api.recent().then(
    (recent) => {
      if (!isCurrent(parts)) return;
      recent.items.forEach((t) => list.append(tweetArticle(t, parts)));
      status.textContent = recent.items.length === 0 ? "No tweets yet." : "";
    },
    (error) => {
      status.textContent = "";
      showError(parts, error);
    },
  );
}

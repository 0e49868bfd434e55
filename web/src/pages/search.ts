import { api } from "../client";
import { h } from "../dom";
import { liveTweets } from "../ui/liveTweets";
import { main, startPage } from "../ui/page";
import { tweetList } from "../ui/tweetList";

/** The results for q (the top bar's search box asks; new ones live), behind a "More results" button. */
export function searchPage(q: string): void {
  const parts = startPage("Search");
  if (!q.trim()) {
    main.append(h("p", { class: "hint" }, "Type a word, a #tag or an @user in the search box at the top, in any mix."));
    return;
  }
  const list = tweetList(parts, (p) => api.search(q, p), "button", `Results for ${q}`, "No tweets match.");
  liveTweets(list, `search:${q}`, () => api.search(q));
  main.append(h("h2", {}, `Results for “${q}”`), list.element);
}

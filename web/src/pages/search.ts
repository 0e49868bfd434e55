import { api } from "../client";
import { h } from "../dom";
import { navigate } from "../navigation";
import { href } from "../routes";
import { main, showError, startPage } from "../ui/page";
import { tweetList } from "../ui/tweetList";

/** The search form, and the results for q (if any) behind a "More results" button. */
export function searchPage(q: string): void {
  const parts = startPage("Search");
  const input = h("input", { type: "search", id: "search-q", name: "q", value: q, maxlength: 200 });
  const form = h(
    "form",
    { role: "search", class: "search" },
    h("label", { for: "search-q" }, "Search"),
    h("div", { class: "row" }, input, h("button", { type: "submit" }, "Search")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) {
      showError(parts, new Error("Type a word, a #tag or an @user to search for."));
      return;
    }
    navigate(href({ name: "search", q: query }));
  });
  main.append(form, h("p", { class: "hint" }, "Words, #hashtags and @users, in any mix."));
  if (q.trim()) {
    main.append(h("h2", {}, `Results for “${q}”`),
      tweetList(parts, (p) => api.search(q, p), "button", `Results for ${q}`, "No tweets match.").element);
  }
}

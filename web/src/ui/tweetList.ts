import { Pager, type Page, type PageParams, type Tweet } from "../api";
import { h } from "../dom";
import { clearError, isCurrent, showError, whenLeft, type PageParts } from "./page";
import { tweetArticle } from "./tweet";
import type { TweetActionOptions } from "./tweetActions";
import { listStatus, type ListMode } from "./wording";

/**
 * A list of tweets paged by cursor. "scroll": the next page loads when the end of the list comes into view
 * (IntersectionObserver); "button": a "More results" button.
 */
export function tweetList(
  parts: PageParts,
  load: (page: PageParams) => Promise<Page<Tweet>>,
  mode: ListMode,
  label: string,
  empty = "No tweets yet.",
  articleOptions: TweetActionOptions = {},
): { element: HTMLElement; prepend: (tweet: Tweet) => void } {
  const pager = new Pager(load);
  const list = h("div", { class: "tweets", role: "feed", "aria-label": label, "aria-busy": "false" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const more = h("button", { type: "button", hidden: true }, "More results");
  const sentinel = h("div", { class: "sentinel", "aria-hidden": "true" });
  let observer: IntersectionObserver | null = null;
  let shown = 0;
  const loadMore = async () => {
    if (pager.done) return;
    list.setAttribute("aria-busy", "true");
    status.textContent = "Loading…";
    more.hidden = true;
    try {
      const items = await pager.next();
      if (!isCurrent(parts)) return;
      for (const tweet of items) list.append(tweetArticle(tweet, parts, articleOptions));
      shown += items.length;
      status.textContent = listStatus(shown, pager.done, mode, empty);
      more.hidden = mode !== "button" || pager.done;
      if (mode === "scroll" && !pager.done) {
        // the page may not fill the viewport: re-observing triggers another load if the sentinel is still visible
        observer?.unobserve(sentinel);
        observer?.observe(sentinel);
      }
    } catch (error) {
      status.textContent = "";
      more.hidden = mode !== "button";
      showError(parts, error);
    } finally {
      list.setAttribute("aria-busy", "false");
    }
  };
  more.addEventListener("click", () => {
    clearError(parts); // the user tries again: the last failure's message goes
    void loadMore();
  });
  if (mode === "scroll" && "IntersectionObserver" in window) {
    const watching = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: "400px" });
    watching.observe(sentinel);
    whenLeft(() => watching.disconnect());
    observer = watching;
  } else {
    if (mode === "scroll") more.textContent = "More tweets";
    void loadMore();
  }
  const element = h("section", { class: "list" }, list, status, more, sentinel);
  const prepend = (tweet: Tweet) => {
    list.prepend(tweetArticle(tweet, parts, articleOptions));
    if (shown === 0) status.textContent = "";
    shown++;
  };
  return { element, prepend };
}

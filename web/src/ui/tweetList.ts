import { Pager, type Page, type PageParams, type Tweet } from "../api";
import { h } from "../dom";
import { clearError, isCurrent, showError, whenLeft, type PageParts } from "./page";
import { tweetArticle } from "./tweet";
import type { TweetActionOptions } from "./tweetActions";
import { listStatus, type ListMode } from "./wording";

/** A shown list of tweets, as the pages and the live updates change it. */
export interface TweetList {
  element: HTMLElement;
  /** Shows a tweet on top (one just sent, or new ones the reader asked to see). */
  prepend: (tweet: Tweet) => void;
  /** Removes a tweet shown (deleted). */
  remove: (id: string) => void;
  has: (id: string) => boolean;
  /** The time of the newest tweet shown, or null when none is. */
  newest: () => string | null;
  /** Whether the first page is shown: before, a new tweet may still come with it. */
  loaded: () => boolean;
  /** Where a list puts what sits above its tweets (the live updates' "N new tweets" button). */
  top: HTMLElement;
}

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
): TweetList {
  const pager = new Pager(load);
  const list = h("div", { class: "tweets", role: "feed", "aria-label": label, "aria-busy": "false" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const more = h("button", { type: "button", hidden: true }, "More results");
  const sentinel = h("div", { class: "sentinel", "aria-hidden": "true" });
  let observer: IntersectionObserver | null = null;
  let shown = 0;
  let firstPage = false;
  const article = (tweet: Tweet) => {
    const element = tweetArticle(tweet, parts, articleOptions);
    element.dataset.id = tweet.id;
    element.dataset.createdAt = tweet.createdAt;
    return element;
  };
  const articles = (id?: string) => [...list.querySelectorAll<HTMLElement>("article[data-id]")]
    .filter((a) => id === undefined || a.dataset.id === id);
  const loadMore = async () => {
    if (pager.done) return;
    list.setAttribute("aria-busy", "true");
    status.textContent = "Loading…";
    more.hidden = true;
    try {
      const items = await pager.next();
      if (!isCurrent(parts)) return;
      for (const tweet of items) list.append(article(tweet));
      shown += items.length;
      firstPage = true;
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
  const top = h("div", { class: "list-top" });
  const element = h("section", { class: "list" }, top, list, status, more, sentinel);
  const prepend = (tweet: Tweet) => {
    list.prepend(article(tweet));
    if (shown === 0) status.textContent = "";
    shown++;
  };
  const remove = (id: string) => {
    for (const gone of articles(id)) {
      gone.remove();
      shown--;
    }
    if (shown === 0 && pager.done) status.textContent = empty;
  };
  const newest = () => articles().map((a) => a.dataset.createdAt ?? "").reduce<string | null>(
    (max, at) => (max === null || at > max ? at : max), null);
  return { element, prepend, remove, has: (id) => articles(id).length > 0, newest, loaded: () => firstPage, top };
}

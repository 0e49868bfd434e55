import { api } from "../client";
import { h } from "../dom";
import { href } from "../routes";
import { liveTweets } from "../ui/liveTweets";
import { main, startPage } from "../ui/page";
import { tweetList } from "../ui/tweetList";

/** The tweets tagged #tag (live), and a link to search the word itself (which also finds the tagged ones). */
export function tagPage(tag: string): void {
  const parts = startPage(`#${tag}`);
  const list = tweetList(parts, (p) => api.hashtag(tag, p), "scroll", `Tweets tagged #${tag}`,
    "No tweets with this hashtag.");
  liveTweets(list, `hashtag:${tag}`, () => api.hashtag(tag));
  main.append(h("p", {}, h("a", { href: href({ name: "search", q: tag }) }, `Search for “${tag}”`)), list.element);
}

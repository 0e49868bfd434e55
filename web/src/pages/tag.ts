import { api } from "../client";
import { h } from "../dom";
import { href } from "../routes";
import { main, startPage } from "../ui/page";
import { tweetList } from "../ui/tweetList";

/** The tweets tagged #tag, and a link to search the word itself (which also finds the tagged ones). */
export function tagPage(tag: string): void {
  const parts = startPage(`#${tag}`);
  main.append(
    h("p", {}, h("a", { href: href({ name: "search", q: tag }) }, `Search for “${tag}”`)),
    tweetList(parts, (p) => api.hashtag(tag, p), "scroll", `Tweets tagged #${tag}`, "No tweets with this hashtag.")
      .element);
}

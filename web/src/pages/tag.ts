import { api } from "../client";
import { main, startPage } from "../ui/page";
import { tweetList } from "../ui/tweetList";

export function tagPage(tag: string): void {
  const parts = startPage(`#${tag}`);
  main.append(tweetList(parts, (p) => api.hashtag(tag, p), "scroll", `Tweets tagged #${tag}`,
    "No tweets with this hashtag.").element);
}

import { api } from "../client";
import { h } from "../dom";
import { isCurrent, main, showError, startPage } from "../ui/page";
import { tweetArticle } from "../ui/tweet";
import { tweetList } from "../ui/tweetList";

/** One tweet and its replies. */
export function tweetPage(id: string): void {
  const parts = startPage("Tweet");
  const holder = h("div", {});
  main.append(holder);
  api.getTweet(id).then(
    (tweet) => {
      if (!isCurrent(parts)) return;
      holder.append(tweetArticle(tweet, parts));
      main.append(h("h2", {}, "Replies"),
        tweetList(parts, (p) => api.replies(id, p), "button", "Replies", "No replies yet.").element);
    },
    (error) => showError(parts, error),
  );
}

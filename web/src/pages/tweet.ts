import { api } from "../client";
import { h } from "../dom";
import { isCurrent, main, showError, startPage } from "../ui/page";
import { tweetArticle } from "../ui/tweet";
import { tweetList } from "../ui/tweetList";

/** One tweet and its replies; a reply sent from it shows at the top of its replies at once. */
export function tweetPage(id: string): void {
  const parts = startPage("Tweet");
  const holder = h("div", {});
  main.append(holder);
  api.getTweet(id).then(
    (tweet) => {
      if (!isCurrent(parts)) return;
      const replies = tweetList(parts, (p) => api.replies(id, p), "button", "Replies", "No replies yet.");
      holder.append(tweetArticle(tweet, parts, { onReply: (reply) => replies.prepend(reply) }));
      main.append(h("h2", {}, "Replies"), replies.element);
    },
    (error) => showError(parts, error),
  );
}

import type { Tweet } from "../api";
import { session } from "../auth";
import { h } from "../dom";
import { linkify } from "../linkify";
import { href } from "../routes";
import type { PageParts } from "./page";
import { tweetActions } from "./tweetActions";
import { userLink } from "./userLink";
import { formatTime, tweetCounts } from "./wording";

/** A tweet as an article: who and when, its linked text, its counts, and (logged in) reply and retweet. */
export function tweetArticle(tweet: Tweet, parts: PageParts): HTMLElement {
  const text = h("p", { class: "text" });
  text.innerHTML = linkify(tweet.text, tweet.hashtags ?? [], tweet.mentions ?? []); // escaped by linkify
  const counts = h("span", { class: "counts" }, tweetCounts(tweet.replies, tweet.retweets));
  const article = h(
    "article",
    { class: "tweet" },
    tweet.retweetedBy ? h("p", { class: "retweeted" }, `retweeted by @${tweet.retweetedBy.username}`) : null,
    h(
      "p",
      { class: "meta" },
      userLink(tweet.author.username),
      " ",
      h("a", { href: href({ name: "tweet", id: tweet.id }), class: "time" },
        h("time", { datetime: tweet.createdAt }, formatTime(tweet.createdAt))),
      tweet.inReplyTo ? " · " : null,
      tweet.inReplyTo ? h("a", { href: href({ name: "tweet", id: tweet.inReplyTo }) }, "in reply") : null,
    ),
    text,
    h("p", { class: "footer" }, counts),
  );
  if (session) article.append(tweetActions(tweet, parts, counts));
  return article;
}

import type { Tweet } from "../api";
import { session } from "../auth";
import { h } from "../dom";
import { linkify } from "../linkify";
import { href } from "../routes";
import { avatar } from "./avatar";
import type { PageParts } from "./page";
import { tweetActions, tweetCounts, type TweetActionOptions } from "./tweetActions";
import { userLink } from "./userLink";
import { formatTime, relativeTime } from "./wording";

/**
 * A tweet as an article: avatar, display name and @handle, how long ago (the full time on hover), whom it replies
 * to, its linked text, and a row of icon buttons with counts (logged in) or the counts alone.
 */
export function tweetArticle(tweet: Tweet, parts: PageParts, options: TweetActionOptions = {}): HTMLElement {
  const text = h("p", { class: "text" });
  text.innerHTML = linkify(tweet.text, tweet.hashtags ?? [], tweet.mentions ?? []); // escaped by linkify
  const author = tweet.author;
  const profile = href({ name: "profile", username: author.username });
  const content = h(
    "div",
    { class: "content" },
    h(
      "p",
      { class: "meta" },
      h("a", { href: profile, class: "author" },
        // <bdi>: a name in another direction (or with stray direction marks) cannot reorder the handle after it
        h("bdi", { class: "display-name" }, author.displayName || author.username),
        " ",
        h("span", { class: "handle" }, `@${author.username}`)),
      h("span", { class: "muted", "aria-hidden": "true" }, " · "),
      h("a", { href: href({ name: "tweet", id: tweet.id }), class: "time" },
        h("time", { class: "relative", datetime: tweet.createdAt, title: formatTime(tweet.createdAt) },
          relativeTime(tweet.createdAt))),
    ),
    replyingTo(tweet),
    text,
    session ? tweetActions(tweet, parts, options) : tweetCounts(tweet),
  );
  return h(
    "article",
    { class: "tweet" },
    tweet.retweetedBy ? h("p", { class: "retweeted" }, `retweeted by @${tweet.retweetedBy.username}`) : null,
    h("div", { class: "tweet-body" }, h("a", { href: profile, tabindex: -1, "aria-hidden": "true" }, avatar(author)),
      content),
  );
}

/** Brings the relative times under root up to now ("now" becomes "1m"): main.ts calls it every minute. */
export function refreshTimes(root: ParentNode, now: Date = new Date()): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>("time.relative")) {
    time.textContent = relativeTime(time.dateTime, now);
  }
}

/** "Replying to @bob"; a reply stored before the API named whom it answers links to the tweet answered instead. */
function replyingTo(tweet: Tweet): HTMLElement | null {
  if (!tweet.inReplyTo) return null;
  return h("p", { class: "replying muted" }, "Replying to ", tweet.inReplyToUsername
    ? userLink(tweet.inReplyToUsername)
    : h("a", { href: href({ name: "tweet", id: tweet.inReplyTo }) }, "a tweet"));
}

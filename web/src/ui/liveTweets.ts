import type { Page, Tweet } from "../api";
import { h } from "../dom";
import { live, type Follower } from "../live";
import { whenLeft } from "./page";
import type { TweetList } from "./tweetList";
import { newTweetsText } from "./wording";

/**
 * A list's live stream: new tweets wait behind a "Show N new tweets" button floating at the top of the list (as
 * Twitter's "See N new posts"), so what the reader is reading never moves; clicking shows them on top. A deleted tweet
 * goes at once. The count is announced politely. Without a socket the stream's first page is polled (live.ts).
 */
export function liveTweets(list: TweetList, stream: string, poll: () => Promise<Page<Tweet>>): void {
  const pending = new Map<string, Tweet>();
  const button = h("button", { type: "button", class: "new-tweets", hidden: true });
  list.top.append(h("div", { class: "new-tweets-bar", "aria-live": "polite" }, button));
  const update = () => {
    button.textContent = newTweetsText(pending.size);
    button.hidden = pending.size === 0;
  };
  const add = (tweet: Tweet) => {
    // before the first page shows, a new tweet comes with it
    if (!list.loaded() || list.has(tweet.id) || pending.has(tweet.id)) return;
    pending.set(tweet.id, tweet);
    update();
  };
  const follower: Follower = {
    tweet: add,
    deleted: (id) => {
      list.remove(id);
      if (pending.delete(id)) update();
    },
    latest: (items) => {
      const newest = list.newest();
      for (const tweet of items) if (newest === null || tweet.createdAt > newest) add(tweet);
    },
    poll,
  };
  button.addEventListener("click", () => {
    const oldestFirst = [...pending.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    pending.clear();
    for (const tweet of oldestFirst) if (!list.has(tweet.id)) list.prepend(tweet);
    update();
    // the button goes: the focus goes to the newest tweet, which the reader asked to see
    const first = list.element.querySelector<HTMLElement>("article");
    first?.setAttribute("tabindex", "-1");
    first?.focus();
  });
  // the page's subscription ends when the page is left
  if (live) whenLeft(live.follow(stream, follower));
}

import type { Recommendation } from "../api";
import { api } from "../client";
import { h } from "../dom";
import { composeForm } from "../ui/compose";
import { followButton } from "../ui/followButton";
import { liveTweets } from "../ui/liveTweets";
import { isCurrent, main, showError, startPage, type PageParts } from "../ui/page";
import { tweetList, type TweetList } from "../ui/tweetList";
import { userLink } from "../ui/userLink";
import { mutualsText } from "../ui/wording";

/** Home when logged in: compose, "You might like", and the timeline (scrolled, live). */
export function homePage(): void {
  const parts = startPage("Home");
  // one's own replies belong to one's timeline: a sent one shows on top at once, as a new tweet does
  const timeline: TweetList = tweetList(parts, (p) => api.timeline(p), "scroll", "Home timeline",
    "Your timeline is empty: tweet something, or follow someone.", { onReply: (reply) => timeline.prepend(reply) });
  liveTweets(timeline, "home", () => api.timeline());
  const compose = composeForm(parts, (tweet) => timeline.prepend(tweet));
  const suggestions = h("ul", { class: "users" });
  const aside = h("section", { class: "suggestions", "aria-labelledby": "might-like" },
    h("h2", { id: "might-like" }, "You might like"), suggestions);
  main.append(compose, aside, h("h2", { class: "visually-hidden" }, "Timeline"), timeline.element);
  api.recommendations().then(
    (r) => {
      if (!isCurrent(parts)) return;
      if (r.items.length === 0) {
        suggestions.append(h("li", {}, "No suggestions yet: follow a few people first."));
      }
      for (const user of r.items) suggestions.append(suggestion(parts, user));
    },
    (error) => showError(parts, error),
  );
}

function suggestion(parts: PageParts, user: Recommendation): HTMLLIElement {
  return h("li", {}, userLink(user.username), h("span", { class: "muted" }, ` ${mutualsText(user.mutuals)} `),
    followButton(parts, user.username, false));
}

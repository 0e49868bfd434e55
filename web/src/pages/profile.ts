import { Pager, type Profile } from "../api";
import { session } from "../auth";
import { api } from "../client";
import { append, h } from "../dom";
import { href } from "../routes";
import { followButton } from "../ui/followButton";
import { isCurrent, main, showError, startPage, type PageParts } from "../ui/page";
import { tweetList } from "../ui/tweetList";

/** A user's profile: display name, counts, follow links, a Follow button (not on one's own) and their tweets. */
export function profilePage(username: string): void {
  const parts = startPage(`@${username}`);
  const details = h("section", { class: "profile", "aria-label": "Profile" });
  main.append(details);
  api.user(username).then(
    (profile) => {
      if (!isCurrent(parts)) return;
      showProfile(parts, details, profile);
      main.append(h("h2", {}, "Tweets"),
        tweetList(parts, (p) => api.userTweets(profile.username, p), "scroll", `Tweets by @${profile.username}`)
          .element);
    },
    (error) => showError(parts, error),
  );
}

function showProfile(parts: PageParts, details: HTMLElement, profile: Profile): void {
  let followers = profile.followers;
  const followersText = h("span", {}, `${followers} followers`);
  const isMe = session?.username.toLowerCase() === profile.username.toLowerCase();
  append(details,
    profile.displayName ? h("p", { class: "display-name" }, profile.displayName) : null,
    h("ul", { class: "stats" },
      h("li", {}, followersText),
      h("li", {}, `${profile.following} following`),
      h("li", {}, `${profile.tweets} tweets`)),
    h("p", { class: "row" },
      h("a", { href: href({ name: "followers", username: profile.username }) }, "Followers"),
      h("a", { href: href({ name: "following", username: profile.username }) }, "Following")),
  );
  if (session && !isMe) {
    // whether the caller follows this user: the followers list says (the API has no single-edge read)
    isFollowedByMe(session.username, profile.username).then((following) => {
      if (!isCurrent(parts)) return;
      details.append(followButton(parts, profile.username, following, (now) => {
        followers += now ? 1 : -1;
        followersText.textContent = `${followers} followers`;
      }));
    }, (error) => showError(parts, error));
  }
}

async function isFollowedByMe(me: string, username: string): Promise<boolean> {
  const pager = new Pager((p) => api.following(me, { ...p, limit: 100 }));
  while (!pager.done) {
    const users = await pager.next();
    if (users.some((u) => u.username.toLowerCase() === username.toLowerCase())) return true;
  }
  return false;
}

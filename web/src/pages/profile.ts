import { Pager, type Profile } from "../api";
import { session } from "../auth";
import { api } from "../client";
import { append, h } from "../dom";
import { href } from "../routes";
import { followButton } from "../ui/followButton";
import { isCurrent, main, showError, startPage, type PageParts } from "../ui/page";
import { profileEditor } from "../ui/profileEditor";
import { tweetList } from "../ui/tweetList";
import { countText } from "../ui/wording";

export type ProfileTab = "tweets" | "likes";

/**
 * A user's profile: display name, bio, counts, follow links, a Follow button (another's page) or "Edit profile"
 * (one's own), then their tweets or the tweets they liked (two tabs, each an address of its own).
 */
export function profilePage(username: string, tab: ProfileTab): void {
  const parts = startPage(`@${username}`);
  const details = h("section", { class: "profile", "aria-label": "Profile", "aria-busy": "true" });
  main.append(details);
  api.user(username).then(
    (profile) => {
      if (!isCurrent(parts)) return;
      details.setAttribute("aria-busy", "false");
      showProfile(parts, details, profile);
      const name = profile.username;
      main.append(tabs(name, tab), tab === "likes"
        ? tweetList(parts, (p) => api.userLikes(name, p), "scroll", `Tweets @${name} liked`, "No likes yet.").element
        : tweetList(parts, (p) => api.userTweets(name, p), "scroll", `Tweets by @${name}`).element);
    },
    (error) => {
      details.setAttribute("aria-busy", "false");
      showError(parts, error);
    },
  );
}

function tabs(username: string, shown: ProfileTab): HTMLElement {
  const tab = (which: ProfileTab, label: string) => h("li", {}, h("a", {
    href: href({ name: which === "likes" ? "likes" : "profile", username }),
    "aria-current": which === shown ? "page" : null,
  }, label));
  return h("nav", { class: "tabs", "aria-label": `@${username}'s lists` },
    h("ul", {}, tab("tweets", "Tweets"), tab("likes", "Likes")));
}

function showProfile(parts: PageParts, details: HTMLElement, profile: Profile): void {
  let followers = profile.followers;
  const followersText = h("span", {}, countText(followers, "follower", "followers"));
  // dir="auto" and isolation (style.css): each text takes its own direction and cannot reorder what is around it
  const displayName = h("p", { class: "display-name", dir: "auto" });
  const bio = h("p", { class: "bio", dir: "auto" });
  const showNames = (p: Profile) => {
    displayName.textContent = p.displayName || p.username;
    bio.textContent = p.bio ?? "";
    bio.hidden = !p.bio;
  };
  showNames(profile);
  const isMe = session?.username.toLowerCase() === profile.username.toLowerCase();
  append(details,
    displayName,
    bio,
    h("ul", { class: "stats" },
      h("li", {}, followersText),
      h("li", {}, `${profile.following} following`),
      h("li", {}, countText(profile.tweets, "tweet", "tweets"))),
    h("p", { class: "row" },
      h("a", { href: href({ name: "followers", username: profile.username }) }, "Followers"),
      h("a", { href: href({ name: "following", username: profile.username }) }, "Following")),
    isMe ? profileEditor(parts, profile, showNames) : null,
  );
  if (session && !isMe) {
    // whether the caller follows this user: the followers list says (the API has no single-edge read)
    isFollowedByMe(session.username, profile.username).then((following) => {
      if (!isCurrent(parts)) return;
      details.append(followButton(parts, profile.username, following, (now) => {
        followers += now ? 1 : -1;
        followersText.textContent = countText(followers, "follower", "followers");
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

import { charactersLeft, canSend } from "../counter";

/** The words the pages show for counts and states: pure, so that they can be tested without a browser. */

/** A tweet's time in the reader's locale; a value that is not a date is shown as the API sent it. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function tweetCounts(replies: number, retweets: number): string {
  return `${replies} replies · ${retweets} retweets`;
}

export function mutualsText(mutuals: number): string {
  return `${mutuals} ${mutuals === 1 ? "mutual" : "mutuals"}`;
}

/** Why a reply cannot be sent, or null when it can. */
export function replyProblem(text: string): string | null {
  if (canSend(text)) return null;
  return charactersLeft(text) < 0 ? "A reply can have at most 280 characters." : "Write something first.";
}

export type ListMode = "scroll" | "button";

/** A tweet list's status line after a page loaded: empty, all caught up (a scrolled list's end), or nothing. */
export function listStatus(shown: number, done: boolean, mode: ListMode, empty: string): string {
  if (shown === 0) return empty;
  return done && mode === "scroll" ? "You're all caught up." : "";
}

export function followListTitle(username: string, which: "followers" | "following"): string {
  return which === "followers" ? `Followers of @${username}` : `Accounts @${username} follows`;
}

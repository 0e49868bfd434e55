import { charactersLeft, canSend } from "../counter";

/** The words the pages show for counts and states: pure, so that they can be tested without a browser. */

/** A tweet's time in full, in the reader's locale (the relative time's hover); a value that is not a date as it came. */
export function formatTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, as Twitter shows it: "now" under a minute (or a clock a little ahead), "5m", "3h", "2d" within a
 * week, then the date ("3 Dec", with the year when it is not this year's).
 */
export function relativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const ago = now.getTime() - date.getTime();
  if (ago < MINUTE) return "now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d`;
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString(locale, { day: "numeric", month: "short", year: sameYear ? undefined : "numeric" });
}

/** "1 like", "2 likes", "0 replies": a count with its noun for screen readers. */
export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** An icon button's visible count: none for zero, as Twitter does. */
export function shownCount(count: number): string {
  return count > 0 ? String(count) : "";
}

/** A request field's name as a form labels it: "displayName" is "Display name". */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
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

/** The live updates' button: "Show 1 new tweet", "Show 3 new tweets". */
export function newTweetsText(count: number): string {
  return `Show ${countText(count, "new tweet", "new tweets")}`;
}

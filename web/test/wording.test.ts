import { describe, expect, it } from "vitest";
import { countText, fieldLabel, followListTitle, formatTime, listStatus, mutualsText, relativeTime, replyProblem,
  shownCount } from "../src/ui/wording";

describe("the pages' wording", () => {
  it("shows a time the API sent that is not a date as it came", () => {
    expect(formatTime("yesterday")).toBe("yesterday");
    expect(formatTime("2026-12-03T11:40:45Z")).not.toBe("2026-12-03T11:40:45Z");
  });

  it("shows how long ago a tweet was, as Twitter does, and a date beyond a week", () => {
    const now = new Date("2026-12-03T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(relativeTime(ago(0), now)).toBe("now");
    expect(relativeTime(ago(59_000), now)).toBe("now");
    expect(relativeTime(ago(-30_000), now)).toBe("now"); // a clock a little ahead of the reader's
    expect(relativeTime(ago(5 * 60_000 + 10_000), now)).toBe("5m");
    expect(relativeTime(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe("3h");
    expect(relativeTime(ago(2 * 86_400_000), now)).toBe("2d");
    expect(relativeTime(ago(6 * 86_400_000 + 23 * 3_600_000), now)).toBe("6d");
    expect(relativeTime("2026-11-20T12:00:00Z", now, "en-GB")).toBe("20 Nov");
    expect(relativeTime("2025-11-20T12:00:00Z", now, "en-GB")).toBe("20 Nov 2025");
    expect(relativeTime("yesterday", now)).toBe("yesterday");
  });

  it("says one like, two likes, and shows no count for zero", () => {
    expect(countText(1, "like", "likes")).toBe("1 like");
    expect(countText(2, "retweet", "retweets")).toBe("2 retweets");
    expect(countText(0, "reply", "replies")).toBe("0 replies");
    expect([0, 1, 12].map(shownCount)).toEqual(["", "1", "12"]);
  });

  it("names a request's field as the form labels it", () => {
    expect(fieldLabel("password")).toBe("Password");
    expect(fieldLabel("displayName")).toBe("Display name");
  });

  it("says mutual for one and mutuals otherwise", () => {
    expect(mutualsText(1)).toBe("1 mutual");
    expect(mutualsText(0)).toBe("0 mutuals");
    expect(mutualsText(3)).toBe("3 mutuals");
  });

  it("refuses an empty or blank reply and one over 280 code points, with a reason for each", () => {
    expect(replyProblem(" \n ")).toBe("Write something first.");
    expect(replyProblem("😀".repeat(281))).toBe("A reply can have at most 280 characters.");
    expect(replyProblem("😀".repeat(280))).toBeNull();
  });

  it("says a list is empty, then caught up only at the end of a scrolled list", () => {
    expect(listStatus(0, true, "scroll", "No tweets yet.")).toBe("No tweets yet.");
    expect(listStatus(0, true, "button", "No replies yet.")).toBe("No replies yet.");
    expect(listStatus(5, true, "scroll", "No tweets yet.")).toBe("You're all caught up.");
    expect(listStatus(5, false, "scroll", "No tweets yet.")).toBe("");
    expect(listStatus(5, true, "button", "No tweets match.")).toBe("");
  });

  it("titles the two follow lists", () => {
    expect(followListTitle("ada", "followers")).toBe("Followers of @ada");
    expect(followListTitle("ada", "following")).toBe("Accounts @ada follows");
  });
});

import { describe, expect, it } from "vitest";
import { followListTitle, formatTime, listStatus, mutualsText, replyProblem, tweetCounts } from "../src/ui/wording";

describe("the pages' wording", () => {
  it("shows a time the API sent that is not a date as it came", () => {
    expect(formatTime("yesterday")).toBe("yesterday");
    expect(formatTime("2026-12-03T11:40:45Z")).not.toBe("2026-12-03T11:40:45Z");
  });

  it("counts a tweet's replies and retweets", () => {
    expect(tweetCounts(2, 0)).toBe("2 replies · 0 retweets");
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

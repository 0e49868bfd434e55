import { describe, expect, it } from "vitest";
import { canSend, charactersLeft, counterText, tweetLength, trimTweet } from "../src/counter";

describe("character counter", () => {
  it("starts at 280", () => {
    expect(counterText("")).toBe("280 characters left");
    expect(canSend("")).toBe(false);
  });

  it("counts code points, so an emoji counts once", () => {
    expect(tweetLength("😀")).toBe(1);
    expect(tweetLength("👍🏽")).toBe(2); // thumbs up + skin tone: two code points, as on the server
    expect(charactersLeft("hi 😀")).toBe(276);
  });

  it("trims white space and Unicode spaces at both ends, as the API does", () => {
    expect(tweetLength("  hello \n\t")).toBe(5);
    expect(tweetLength("\u00a0\u2007\u202f x \u3000")).toBe(1);
    expect(trimTweet(" a b ")).toBe("a b");
    expect(canSend(" \u00a0 ")).toBe(false);
  });

  it("goes negative over the limit and refuses to send", () => {
    expect(canSend("x".repeat(280))).toBe(true);
    expect(counterText("x".repeat(280))).toBe("0 characters left");
    expect(counterText("😀".repeat(281))).toBe("-1 character left");
    expect(canSend("😀".repeat(281))).toBe(false);
    expect(charactersLeft("x".repeat(290))).toBe(-10);
    expect(canSend(` ${"x".repeat(280)} `)).toBe(true);
  });

  it("says 1 character", () => {
    expect(counterText("x".repeat(279))).toBe("1 character left");
  });
});

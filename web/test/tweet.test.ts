// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from "vitest";
import { aTweet, scriptedApi, settle, setUpPage } from "./dom";

setUpPage("bob");
const { useApi } = await import("../src/client");
const { startPage } = await import("../src/ui/page");
const { refreshTimes, tweetArticle } = await import("../src/ui/tweet");

const button = (article: HTMLElement, name: string) =>
  [...article.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent) === name);
/** The text the button's aria-describedby names (the article is not in the document: looked up inside it). */
const description = (b: HTMLElement | undefined) =>
  b?.querySelector(`[id="${b.getAttribute("aria-describedby")}"]`)?.textContent;

describe("a tweet's article", () => {
  beforeAll(() => useApi(scriptedApi([]).api));

  it("shows display name, @handle, an identicon, how long ago with the full time on hover", () => {
    const tweet = aTweet();
    const article = tweetArticle(tweet, startPage("Test"));
    expect(article.querySelector(".display-name")?.textContent).toBe("Ada Lovelace");
    expect(article.querySelector(".handle")?.textContent).toBe("@ada");
    expect(article.querySelector("img.avatar")?.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    const time = article.querySelector("time")!;
    expect(time.textContent).toBe("5m");
    expect(time.getAttribute("datetime")).toBe(tweet.createdAt);
    expect(time.getAttribute("title")).toBe(new Date(tweet.createdAt).toLocaleString());
  });

  it("keeps its relative time current", () => {
    const tweet = aTweet();
    const article = tweetArticle(tweet, startPage("Test"));
    refreshTimes(article, new Date(Date.parse(tweet.createdAt) + 2 * 3_600_000));
    expect(article.querySelector("time")?.textContent).toBe("2h");
  });

  it("isolates the display name, so a right-to-left name cannot reorder the @handle after it", () => {
    const article = tweetArticle(aTweet({ author: { id: "u", username: "alice_s", displayName: "אליס" } }),
      startPage("Test"));
    const name = article.querySelector(".display-name")!;
    expect(name.tagName).toBe("BDI");
    expect(name.textContent).toBe("אליס");
    expect(article.querySelector(".handle")?.textContent).toBe("@alice_s");
  });

  it("falls back to the username without a display name", () => {
    const article = tweetArticle(aTweet({ author: { id: "u", username: "ada" } }), startPage("Test"));
    expect(article.querySelector(".display-name")?.textContent).toBe("ada");
  });

  it("says whom a reply answers, or links to the tweet answered when the API does not say", () => {
    const named = tweetArticle(aTweet({ inReplyTo: "t0", inReplyToUsername: "carl" }), startPage("Test"));
    expect(named.querySelector(".replying")?.textContent).toBe("Replying to @carl");
    expect(named.querySelector(".replying a")?.getAttribute("href")).toBe("#/u/carl");
    const unnamed = tweetArticle(aTweet({ inReplyTo: "t0" }), startPage("Test"));
    expect(unnamed.querySelector(".replying a")?.getAttribute("href")).toBe("#/t/t0");
    expect(tweetArticle(aTweet(), startPage("Test")).querySelector(".replying")).toBeNull();
  });

  it("knows on first render that the caller retweeted and liked it", () => {
    const article = tweetArticle(aTweet({ retweetedByMe: true, likedByMe: true }), startPage("Test"));
    expect(button(article, "Undo retweet")?.classList.contains("on")).toBe(true);
    expect(button(article, "Unlike")?.classList.contains("on")).toBe(true);
    expect(button(article, "Retweet")).toBeUndefined();
  });

  it("offers Retweet and Like when the API does not say (an older API)", () => {
    const article = tweetArticle(aTweet({ likes: undefined }), startPage("Test"));
    expect(button(article, "Retweet")).toBeDefined();
    expect(button(article, "Like")).toBeDefined();
    expect(description(button(article, "Like"))).toBe("0 likes");
  });

  it("shows bare counts on compact icon buttons, none for zero, and says them in words to screen readers", () => {
    const article = tweetArticle(aTweet({ replies: 0, retweets: 1, likes: 12 }), startPage("Test"));
    const shown = [...article.querySelectorAll(".action-row .count")].map((c) => c.textContent);
    expect(shown).toEqual(["", "1", "12"]);
    expect(description(button(article, "Retweet"))).toBe("1 retweet");
    expect(description(button(article, "Like"))).toBe("12 likes");
    expect(article.textContent).not.toMatch(/1 retweets/);
  });

  it("likes with the count the API answers, pending until it answers", async () => {
    const scripted = scriptedApi([{ status: 200, body: aTweet({ likes: 7, likedByMe: true }) }]);
    useApi(scripted.api);
    const article = tweetArticle(aTweet({ likes: 2 }), startPage("Test"));
    const like = button(article, "Like")!;
    scripted.hold();
    like.click();
    await settle();
    expect(like.disabled).toBe(true);
    expect(like.getAttribute("aria-busy")).toBe("true");
    scripted.release();
    await settle();
    expect(scripted.calls).toEqual(["PUT /tweets/t1/likes/me"]);
    expect(like.getAttribute("aria-label")).toBe("Unlike");
    expect(like.disabled).toBe(false);
    expect(like.hasAttribute("aria-busy")).toBe(false);
    expect(like.querySelector(".count")?.textContent).toBe("7");
  });

  it("undoes a retweet it knew of, one count less (the API answers 204)", async () => {
    const scripted = scriptedApi([{ status: 204 }]);
    useApi(scripted.api);
    const article = tweetArticle(aTweet({ retweets: 3, retweetedByMe: true }), startPage("Test"));
    button(article, "Undo retweet")!.click();
    await settle();
    expect(scripted.calls).toEqual(["DELETE /tweets/t1/retweets"]);
    expect(button(article, "Retweet")?.querySelector(".count")?.textContent).toBe("2");
  });

  it("hands a sent reply to its thread at once, saying whom it answers", async () => {
    const sent = aTweet({ id: "r1", text: "Nice", inReplyTo: "t1", author: { id: "b", username: "bob" } });
    const scripted = scriptedApi([{ status: 201, body: sent }]);
    useApi(scripted.api);
    const replies: unknown[] = [];
    const article = tweetArticle(aTweet(), startPage("Test"), { onReply: (r) => replies.push(r) });
    button(article, "Reply")!.click();
    const form = article.querySelector("form.reply") as HTMLFormElement;
    expect(form.hidden).toBe(false);
    form.querySelector("textarea")!.value = "Nice";
    form.requestSubmit();
    await settle();
    expect(replies).toEqual([{ ...sent, inReplyToUsername: "ada" }]);
    expect(form.hidden).toBe(true);
    expect(button(article, "Reply")?.querySelector(".count")?.textContent).toBe("1");
  });
});

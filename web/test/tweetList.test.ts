// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { aTweet, scriptedApi, settle, setUpPage } from "./dom";

setUpPage(null);
const { useApi } = await import("../src/client");
const { startPage } = await import("../src/ui/page");
const { tweetList } = await import("../src/ui/tweetList");

describe("a tweet list", () => {
  it("keeps what it showed when a page fails, and clears the failure when the user asks again", async () => {
    const scripted = scriptedApi([{ status: 200, body: { items: [aTweet({ id: "a" })], next: "c1" } },
      { status: 500, body: { message: "Internal Server Error" } },
      { status: 200, body: { items: [aTweet({ id: "b" })], next: null } }]);
    useApi(scripted.api);
    const parts = startPage("Search");
    const list = tweetList(parts, (p) => scripted.api.search("x", p), "button", "Results");
    await settle();
    const more = [...list.element.querySelectorAll("button")].find((b) => b.textContent === "More results")!;
    more.click();
    await settle();
    expect(parts.alert.hidden).toBe(false);
    expect(list.element.querySelectorAll("article")).toHaveLength(1);
    expect(more.hidden).toBe(false);
    more.click();
    expect(parts.alert.hidden).toBe(true);
    await settle();
    expect(list.element.querySelectorAll("article")).toHaveLength(2);
    expect(scripted.calls).toEqual(["GET /search?q=x", "GET /search?q=x&cursor=c1", "GET /search?q=x&cursor=c1"]);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { SocketEvents } from "../src/live";
import { aTweet, scriptedApi, settle, setUpPage } from "./dom";

setUpPage("bob");
const { useApi } = await import("../src/client");
const { Live, useLive } = await import("../src/live");
const { startPage } = await import("../src/ui/page");
const { tweetList } = await import("../src/ui/tweetList");
const { liveTweets } = await import("../src/ui/liveTweets");

/** A live connection on a fake socket, opened: `push` delivers a server message. */
function openLive() {
  let events: SocketEvents | null = null;
  const live = new Live(() => "ws://test/live", (_url, on) => {
    events = on;
    return { send: () => {}, close: () => {} };
  });
  useLive(live);
  live.start();
  events!.open();
  return { push: (message: unknown) => events!.message(JSON.stringify(message)) };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function homeList(items = [aTweet({ id: "old", createdAt: minutesAgo(5) })]) {
  const scripted = scriptedApi([{ status: 200, body: { items, next: null } }]);
  useApi(scripted.api);
  const socket = openLive();
  const parts = startPage("Home");
  const list = tweetList(parts, (p) => scripted.api.timeline(p), "button", "Home timeline");
  liveTweets(list, "home", () => scripted.api.timeline());
  document.getElementById("main")!.append(list.element);
  await settle();
  const button = list.element.querySelector<HTMLButtonElement>("button.new-tweets")!;
  const ids = () => [...list.element.querySelectorAll<HTMLElement>("article")].map((a) => a.dataset.id);
  return { socket, list, button, ids };
}

describe("a live list", () => {
  it("collects new tweets behind a button that counts them, politely announced, and shows them on top when clicked",
    async () => {
      const { socket, button, ids } = await homeList();
      expect(button.hidden).toBe(true);
      expect(button.parentElement!.getAttribute("aria-live")).toBe("polite");
      socket.push({ type: "tweet", stream: "home", data: aTweet({ id: "new1", createdAt: minutesAgo(1) }) });
      expect(button.hidden).toBe(false);
      expect(button.textContent).toBe("Show 1 new tweet");
      expect(ids()).toEqual(["old"]); // nothing moves until asked
      socket.push({ type: "tweet", stream: "home", data: aTweet({ id: "new2", createdAt: minutesAgo(0) }) });
      socket.push({ type: "tweet", stream: "home", data: aTweet({ id: "new2", createdAt: minutesAgo(0) }) });
      socket.push({ type: "tweet", stream: "home", data: aTweet({ id: "old", createdAt: minutesAgo(5) }) });
      expect(button.textContent).toBe("Show 2 new tweets");
      button.click();
      expect(ids()).toEqual(["new2", "new1", "old"]);
      expect(button.hidden).toBe(true);
      expect(document.activeElement?.getAttribute("data-id")).toBe("new2");
    });

  it("removes a deleted tweet, shown or waiting", async () => {
    const { socket, button, ids } = await homeList();
    socket.push({ type: "tweet", stream: "home", data: aTweet({ id: "new1", createdAt: minutesAgo(1) }) });
    socket.push({ type: "delete", stream: "home", data: { id: "new1" } });
    socket.push({ type: "delete", stream: "home", data: { id: "old" } });
    expect(button.hidden).toBe(true);
    expect(ids()).toEqual([]);
  });

  it("takes from a first page (a poll, a search's page) only the tweets newer than the newest shown", async () => {
    const { socket, button } = await homeList();
    socket.push({ type: "page", stream: "home", data: { items: [aTweet({ id: "new1", createdAt: minutesAgo(1) }),
      aTweet({ id: "old", createdAt: minutesAgo(5) }), aTweet({ id: "older", createdAt: minutesAgo(9) })], next: null } });
    expect(button.textContent).toBe("Show 1 new tweet");
  });
});

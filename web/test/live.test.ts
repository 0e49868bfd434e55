import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Page, Tweet } from "../src/api";
import {
  FAILURES_BEFORE_POLLING, Live, liveUrl, POLL_MS, retryDelayMs, streamKey, type Follower, type OpenSocket,
  type SocketEvents,
} from "../src/live";
import { aTweet } from "./dom";

/** A fake WebSocket server: each socket the client opens, what it sent, and the events the test makes happen. */
class FakeSockets {
  readonly opened: { url: string; on: SocketEvents; sent: string[]; closed: boolean }[] = [];
  readonly open: OpenSocket = (url, on) => {
    const socket = { url, on, sent: [] as string[], closed: false };
    this.opened.push(socket);
    return { send: (text) => socket.sent.push(text), close: () => (socket.closed = true) };
  };
  get last() {
    return this.opened[this.opened.length - 1];
  }
  accept(): void {
    this.last.on.open();
  }
  refuse(): void {
    this.last.on.close();
  }
  push(message: unknown): void {
    this.last.on.message(JSON.stringify(message));
  }
  sentActions(index = this.opened.length - 1): unknown[] {
    return this.opened[index].sent.map((text) => JSON.parse(text));
  }
}

/** A page's follower that records what it was told; its poll answers `page`. */
function recorder(page: Page<Tweet> = { items: [], next: null }) {
  const seen: string[] = [];
  let polls = 0;
  const follower: Follower = {
    tweet: (t) => seen.push(`tweet ${t.id}`),
    deleted: (id) => seen.push(`delete ${id}`),
    latest: (items) => seen.push(`latest ${items.map((t) => t.id).join(",")}`),
    poll: async () => {
      polls++;
      return page;
    },
  };
  return { follower, seen, polls: () => polls };
}

let sockets: FakeSockets;
beforeEach(() => {
  vi.useFakeTimers();
  sockets = new FakeSockets();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client whose jitter is always the most (so the waits are the schedule's ceilings). */
function client(url = () => "ws://127.0.0.1:3000/live") {
  return new Live(url, sockets.open, () => 1);
}

describe("the reconnect back-off", () => {
  it("doubles from 1 s to at most 30 s, the upper half of each wait random", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => retryDelayMs(n, () => 1)))
      .toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect([1, 2, 6].map((n) => retryDelayMs(n, () => 0))).toEqual([500, 1_000, 15_000]);
    expect(retryDelayMs(3, () => 0.5)).toBe(3_000);
  });

  it("opens the socket again after each wait, and starts over once one opens", async () => {
    const live = client();
    live.start();
    sockets.refuse();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.opened).toHaveLength(2);
    sockets.refuse();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.opened).toHaveLength(3);
    sockets.accept();
    sockets.refuse(); // dropped after it opened: the first wait again
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets.opened).toHaveLength(4);
  });
});

describe("subscriptions", () => {
  it("are sent when the socket opens, and again on the socket that replaces a dropped one", async () => {
    const live = client();
    live.start();
    live.follow("home", recorder().follower);
    expect(sockets.last.sent).toEqual([]); // not open yet
    sockets.accept();
    live.follow("hashtag:java", recorder().follower);
    expect(sockets.sentActions()).toEqual([{ action: "subscribe", stream: "home" },
      { action: "subscribe", stream: "hashtag:java" }]);
    sockets.refuse();
    await vi.advanceTimersByTimeAsync(1_000);
    sockets.accept();
    expect(sockets.sentActions()).toEqual([{ action: "subscribe", stream: "home" },
      { action: "subscribe", stream: "hashtag:java" }]);
  });

  it("catch up on what was pushed while the socket was down, by reading each stream's first page", async () => {
    const live = client();
    const home = recorder({ items: [aTweet({ id: "t9" })], next: null });
    live.start();
    live.follow("home", home.follower);
    sockets.accept();
    expect(home.polls()).toBe(0); // the page has just read it
    sockets.refuse();
    await vi.advanceTimersByTimeAsync(1_000);
    sockets.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(home.seen).toEqual(["latest t9"]);
  });

  it("end when the page unsubscribes: unsubscribe is sent, and the stream's messages go nowhere", () => {
    const live = client();
    const home = recorder();
    live.start();
    const unfollow = live.follow("home", home.follower);
    sockets.accept();
    unfollow();
    unfollow(); // twice is once
    sockets.push({ type: "tweet", stream: "home", data: aTweet({ id: "late" }) });
    expect(sockets.sentActions()).toEqual([{ action: "subscribe", stream: "home" },
      { action: "unsubscribe", stream: "home" }]);
    expect(home.seen).toEqual([]);
  });

  it("move to a new socket with the new token when the session changes", () => {
    let token: string | null = null;
    const live = client(() => liveUrl("", "", "http://127.0.0.1:3000/#/", token));
    live.start();
    live.follow("public", recorder().follower);
    sockets.accept();
    token = "tok/1+";
    live.restart();
    expect(sockets.opened[0].closed).toBe(true);
    expect(sockets.last.url).toBe("ws://127.0.0.1:3000/live?token=tok%2F1%2B");
    sockets.accept();
    expect(sockets.sentActions()).toEqual([{ action: "subscribe", stream: "public" }]);
    sockets.opened[0].on.close(); // the old socket's close brings no reconnect
    expect(sockets.opened).toHaveLength(2);
  });
});

describe("polling instead", () => {
  it("starts after the socket failed three times in a row, every 30 s, and stops once a socket opens", async () => {
    const live = client();
    const home = recorder({ items: [aTweet({ id: "t2" }), aTweet({ id: "t1" })], next: null });
    live.follow("home", home.follower);
    live.start();
    for (let failure = 1; failure < FAILURES_BEFORE_POLLING; failure++) {
      sockets.refuse();
      await vi.advanceTimersByTimeAsync(retryDelayMs(failure, () => 1));
    }
    expect(live.polling).toBe(false);
    sockets.refuse();
    expect(live.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(home.seen).toEqual(["latest t2,t1"]);
    expect(sockets.opened.length).toBeGreaterThan(FAILURES_BEFORE_POLLING); // still retried meanwhile
    sockets.accept();
    const polled = home.polls();
    await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(home.polls()).toBe(polled);
    expect(live.polling).toBe(false);
  });

  it("stops when the session changes: the new token's socket is tried afresh", async () => {
    const live = client();
    const home = recorder();
    live.follow("home", home.follower);
    live.start();
    for (let failure = 1; failure <= FAILURES_BEFORE_POLLING; failure++) {
      sockets.refuse();
      await vi.advanceTimersByTimeAsync(retryDelayMs(failure, () => 1));
    }
    expect(live.polling).toBe(true);
    live.restart();
    expect(live.polling).toBe(false);
    expect(vi.getTimerCount()).toBe(0); // no poll timer left behind (nor a reconnect: the socket is opening)
  });

  it("reads a stream the server refused (an error for it) while the others stay live", async () => {
    const live = client();
    const home = recorder();
    const tag = recorder();
    live.start();
    live.follow("home", home.follower);
    live.follow("hashtag:java", tag.follower);
    sockets.accept();
    sockets.push({ type: "error", stream: "home", data: { message: "home needs a token", status: 401 } });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect([home.polls(), tag.polls()]).toEqual([1, 0]);
  });

  it("subscribes a stream refused for now (429 with retryAfter) again once the wait is over", async () => {
    const live = client();
    const tag = recorder();
    live.start();
    live.follow("hashtag:java", tag.follower);
    sockets.accept();
    sockets.push({
      type: "error", stream: "hashtag:java",
      data: { message: "at most 30 messages per connection in 10 s", status: 429, retryAfter: 4 },
    });
    await vi.advanceTimersByTimeAsync(3_999);
    expect(sockets.sentActions()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.sentActions()).toEqual([
      { action: "subscribe", stream: "hashtag:java" }, { action: "subscribe", stream: "hashtag:java" },
    ]);
    sockets.push({ type: "subscribed", stream: "hashtag:java", data: null });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(tag.polls()).toBe(0);
  });

  it("is quiet when a poll fails: the next one is tried 30 s later", async () => {
    const live = client();
    let polls = 0;
    live.follow("public", { ...recorder().follower, poll: () => Promise.reject(new Error(`down ${++polls}`)) });
    live.start();
    for (let failure = 1; failure <= FAILURES_BEFORE_POLLING; failure++) {
      sockets.refuse();
      await vi.advanceTimersByTimeAsync(retryDelayMs(failure, () => 1));
    }
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(polls).toBe(2);
  });
});

describe("messages", () => {
  it("reach the stream's page: a tweet, a delete, a search's first page", () => {
    const live = client();
    const home = recorder();
    const search = recorder();
    live.start();
    live.follow("home", home.follower);
    live.follow("search:Java  Duke", search.follower);
    sockets.accept();
    sockets.push({ type: "subscribed", stream: "home", data: null });
    sockets.push({ type: "tweet", stream: "home", data: aTweet({ id: "t1" }) });
    sockets.push({ type: "delete", stream: "home", data: { id: "t0" } });
    // the server names the search normalized: its terms sorted, in lower case
    sockets.push({ type: "page", stream: "search:duke java", data: { items: [aTweet({ id: "t3" })], next: null } });
    sockets.push({ type: "tweet", stream: "search:duke java", data: aTweet({ id: "t4" }) });
    expect(home.seen).toEqual(["tweet t1", "delete t0"]);
    expect(search.seen).toEqual(["latest t3", "tweet t4"]);
  });

  it("that are not JSON, not for a stream subscribed, or malformed are ignored", () => {
    const live = client();
    const home = recorder();
    live.start();
    live.follow("home", home.follower);
    sockets.accept();
    sockets.last.on.message("not json");
    sockets.last.on.message("[1]");
    sockets.push({ type: "error", stream: null, data: { message: "bad JSON", status: 400 } });
    sockets.push({ type: "tweet", stream: "mentions", data: aTweet() });
    sockets.push({ type: "tweet", stream: "home", data: { text: "no id" } });
    sockets.push({ type: "delete", stream: "home", data: null });
    sockets.push({ type: "page", stream: "home", data: {} });
    expect(home.seen).toEqual([]);
    expect(live.polling).toBe(false);
  });

  it("name hashtags and searches as the server does, as far as a client can tell", () => {
    expect(streamKey("hashtag:#Java")).toBe("hashtag:java");
    expect(streamKey("search:  Java duke JAVA ")).toBe("search:duke java");
    expect(streamKey("home")).toBe("home");
  });
});

describe("the live URL", () => {
  it("is the deployed site's, else the API's origin with ws(s) and /live; with the token when logged in", () => {
    expect(liveUrl("wss://abc.execute-api.eu-west-1.amazonaws.com/dev", "https://x", "https://site/", "t"))
      .toBe("wss://abc.execute-api.eu-west-1.amazonaws.com/dev?token=t");
    expect(liveUrl("", "", "http://127.0.0.1:3000/#/tag/java", null)).toBe("ws://127.0.0.1:3000/live");
    expect(liveUrl("", "https://api.example.com/prod", "https://site/", null)).toBe("wss://api.example.com/live");
  });
});

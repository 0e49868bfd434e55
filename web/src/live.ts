import type { Page, Tweet } from "./api";

/**
 * Live updates (docs/asyncapi.yaml): one WebSocket per page session, on which each page subscribes to the streams it
 * shows. A dropped socket is opened again after a back-off (1 s doubling to 30 s, with jitter), and the streams are
 * subscribed again; once it failed FAILURES_BEFORE_POLLING times in a row (refused, or no live endpoint at all), the
 * pages' streams are read over HTTP every 30 s instead, quietly, while the socket keeps being retried.
 */

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
export const POLL_MS = 30_000;
export const FAILURES_BEFORE_POLLING = 3;

/** What a page does with its stream's news. */
export interface Follower {
  /** A new tweet on the stream. */
  tweet(tweet: Tweet): void;
  /** A tweet deleted. */
  deleted(id: string): void;
  /** The stream's first page, newest first (a search's `page` reply, or a poll): its tweets newer than shown are new. */
  latest(items: Tweet[]): void;
  /** The stream's first page over HTTP, for polling. */
  poll(): Promise<Page<Tweet>>;
}

/** A message of the server: `{"type", "stream", "data"}`. */
export interface LiveMessage {
  type: string;
  stream: string | null;
  data: unknown;
}

export interface SocketEvents {
  open(): void;
  message(text: string): void;
  close(): void;
}
/** Opens a socket to url, reporting to `on` (the browser's WebSocket, or a fake in tests). */
export type OpenSocket = (url: string, on: SocketEvents) => { send(text: string): void; close(): void };

export const browserSocket: OpenSocket = (url, on) => {
  let socket: WebSocket;
  try {
    socket = new WebSocket(url);
  } catch {
    // a URL the browser refuses: a failure like any other, reported after this call returns
    setTimeout(() => on.close(), 0);
    return { send: () => {}, close: () => {} };
  }
  socket.onopen = () => on.open();
  socket.onmessage = (event) => {
    if (typeof event.data === "string") on.message(event.data);
  };
  socket.onclose = () => on.close();
  return { send: (text) => socket.send(text), close: () => socket.close(1000) };
};

/**
 * The wait before reconnect number `failures` (1, 2, ...): 1 s doubled each time up to 30 s, of which the upper half
 * is random ("equal jitter"), so that the clients a restart dropped do not all come back at the same instant.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** The server's name of a stream, as far as a client can tell: tags and queries ignore case, a query its word order. */
export function streamKey(stream: string): string {
  const [kind, rest] = splitStream(stream);
  if (kind === "hashtag") return `hashtag:${rest.replace(/^#/, "").normalize("NFKC").toLowerCase()}`;
  if (kind === "search") {
    const terms = rest.normalize("NFKC").toLowerCase().split(/\s+/).filter((t) => t !== "");
    return `search:${[...new Set(terms)].sort().join(" ")}`;
  }
  return stream;
}

function splitStream(stream: string): [string, string] {
  const colon = stream.indexOf(":");
  return colon < 0 ? [stream, ""] : [stream.slice(0, colon), stream.slice(colon + 1)];
}

export function parseMessage(text: string): LiveMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const { type, stream, data } = parsed as Record<string, unknown>;
  if (typeof type !== "string") return null;
  return { type, stream: typeof stream === "string" ? stream : null, data };
}

interface Subscription {
  stream: string;
  follower: Follower;
  /** Refused by the server (an `error` for it): read over HTTP even while the socket is open. */
  polled: boolean;
}

export class Live {
  private readonly subscriptions = new Map<string, Subscription>();
  private socket: ReturnType<OpenSocket> | null = null;
  private open = false;
  private everOpened = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly url: () => string,
    private readonly openSocket: OpenSocket = browserSocket,
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether the streams are read over HTTP for want of a socket. */
  get polling(): boolean {
    return this.failures >= FAILURES_BEFORE_POLLING;
  }

  start(): void {
    if (!this.socket && !this.retryTimer) this.connect();
  }

  /** Opens the socket again now (the session changed: the token in the URL did), keeping the subscriptions. */
  restart(): void {
    this.drop();
    this.failures = 0;
    this.updatePolling();
    this.connect();
  }

  stop(): void {
    this.drop();
    this.stopPolling();
  }

  /** Subscribes a page to a stream; the function returned unsubscribes it (call it when the page is left). */
  follow(stream: string, follower: Follower): () => void {
    const key = streamKey(stream);
    const subscription: Subscription = { stream, follower, polled: false };
    this.subscriptions.set(key, subscription);
    if (this.open) this.send("subscribe", stream);
    this.updatePolling();
    return () => {
      if (this.subscriptions.get(key) !== subscription) return;
      this.subscriptions.delete(key);
      if (this.open) this.send("unsubscribe", stream);
      this.updatePolling();
    };
  }

  private connect(): void {
    this.retryTimer = null;
    const socket = this.openSocket(this.url(), {
      open: () => socket === this.socket && this.opened(),
      message: (text) => socket === this.socket && this.received(text),
      close: () => socket === this.socket && this.closed(),
    });
    this.socket = socket;
  }

  /** Closes the socket without the reconnect a drop brings. */
  private drop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.open = false;
    socket?.close();
  }

  private opened(): void {
    const reopened = this.everOpened;
    this.open = true;
    this.everOpened = true;
    this.failures = 0;
    for (const subscription of this.subscriptions.values()) {
      subscription.polled = false;
      this.send("subscribe", subscription.stream);
    }
    this.updatePolling();
    // what was pushed while the socket was down is missed: the first pages tell
    if (reopened) for (const subscription of this.subscriptions.values()) this.poll(subscription);
  }

  private closed(): void {
    this.socket = null;
    this.open = false;
    this.failures++;
    this.updatePolling();
    this.retryTimer = setTimeout(() => this.connect(), retryDelayMs(this.failures, this.random));
  }

  private received(text: string): void {
    const message = parseMessage(text);
    if (!message || message.stream === null) return; // an error about no stream (bad JSON): nothing to show
    const subscription = this.subscriptionOf(message.stream);
    if (!subscription) return;
    const { follower } = subscription;
    switch (message.type) {
      case "tweet":
        if (isTweet(message.data)) follower.tweet(message.data);
        return;
      case "delete": {
        const id = (message.data as { id?: unknown } | null)?.id;
        if (typeof id === "string") follower.deleted(id);
        return;
      }
      case "page": {
        const items = (message.data as { items?: unknown } | null)?.items;
        if (Array.isArray(items)) follower.latest(items.filter(isTweet));
        return;
      }
      case "error": {
        // the stream is refused here (a token gone stale, too many subscriptions): its page reads it over HTTP;
        // refused for now (429, 503 with retryAfter), it is subscribed again once the wait is over
        subscription.polled = true;
        this.updatePolling();
        const retryAfter = (message.data as { retryAfter?: unknown } | null)?.retryAfter;
        if (typeof retryAfter === "number" && retryAfter > 0) this.subscribeAgain(subscription, retryAfter * 1000);
        return;
      }
      case "subscribed":
        subscription.polled = false; // live again after a refusal
        this.updatePolling();
        return;
      default:
      // unsubscribed: an acknowledgement
    }
  }

  /**
   * The subscription a message is about. The server names a stream normalized (its own way: a search by its sorted
   * terms); when the client's guess of that misses, the one subscription of that kind is meant (a page has one).
   */
  private subscriptionOf(stream: string): Subscription | undefined {
    const exact = this.subscriptions.get(streamKey(stream));
    if (exact) return exact;
    const kind = splitStream(stream)[0];
    const sameKind = [...this.subscriptions.values()].filter((s) => splitStream(s.stream)[0] === kind);
    return sameKind.length === 1 ? sameKind[0] : undefined;
  }

  /** Subscribes again after `waitMs`, if the page still follows the stream and the socket is the same one. */
  private subscribeAgain(subscription: Subscription, waitMs: number): void {
    const socket = this.socket;
    setTimeout(() => {
      const current = this.subscriptions.get(streamKey(subscription.stream));
      if (current === subscription && this.open && this.socket === socket) this.send("subscribe", subscription.stream);
    }, waitMs);
  }

  private send(action: "subscribe" | "unsubscribe", stream: string): void {
    this.socket?.send(JSON.stringify({ action, stream }));
  }

  private polled(): Subscription[] {
    return [...this.subscriptions.values()].filter((s) => this.polling || s.polled);
  }

  private updatePolling(): void {
    if (this.polled().length === 0) this.stopPolling();
    else this.pollTimer ??= setInterval(() => this.polled().forEach((s) => this.poll(s)), POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private poll(subscription: Subscription): void {
    subscription.follower.poll().then(
      (page) => {
        if ([...this.subscriptions.values()].includes(subscription)) subscription.follower.latest(page.items);
      },
      () => {}, // the page's own reads report failures; a missed poll is retried in 30 s
    );
  }
}

function isTweet(value: unknown): value is Tweet {
  return !!value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string";
}

/**
 * The live URL: the deployed site's `liveUrl` (config.json), else the API's origin with ws(s) and /live (the local
 * runtime serves the socket beside the API); `?token=` when logged in.
 */
export function liveUrl(configured: string, apiBase: string, pageUrl: string, token: string | null): string {
  let url: URL;
  if (configured) {
    url = new URL(configured);
  } else {
    url = new URL("/live", new URL(apiBase || "/", pageUrl));
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  }
  if (token) url.searchParams.set("token", token);
  return url.toString();
}

/** The page session's connection, set at start-up (main.ts); none in tests of pages. */
export let live: Live | null = null;

export function useLive(connection: Live): void {
  live = connection;
}

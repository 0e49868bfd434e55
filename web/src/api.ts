/** A client of Scaleout's public HTTP API (docs/openapi.yaml), with an injectable fetch for tests. */

export interface UserRef {
  id: string;
  username: string;
}
export interface User extends UserRef {
  displayName?: string | null;
  createdAt: string;
}
export interface Profile extends User {
  followers: number;
  following: number;
  tweets: number;
}
export interface Recommendation extends User {
  mutuals: number;
}
export interface Tweet {
  id: string;
  author: UserRef;
  text: string;
  createdAt: string;
  inReplyTo: string | null;
  hashtags: string[];
  mentions: string[];
  replies: number;
  retweets: number;
  retweetedBy?: UserRef | null;
}
export interface Page<T> {
  items: T[];
  next: string | null;
}
export interface Session {
  token: string;
  expiresAt: string;
  user: User;
}

/** An answer other than 2xx, with the API's message (or a fallback when the body has none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The message of an error body `{"message": ...}`; else a short text naming the status. */
export function errorMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const message = (parsed as { message?: unknown }).message;
      if (typeof message === "string" && message.trim() !== "") return message;
    }
  } catch {
    // not JSON: fall through
  }
  return `Request failed (HTTP ${status})`;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface PageParams {
  limit?: number;
  cursor?: string | null;
}

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

const e = encodeURIComponent;

export class Api {
  constructor(
    private readonly fetchFn: Fetch,
    private readonly baseUrl: string,
    private readonly token: () => string | null,
  ) {}

  async request<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json", ...extraHeaders };
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await this.fetchFn(this.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
    }
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, text));
    return (text ? JSON.parse(text) : undefined) as T;
  }

  register(username: string, password: string, displayName?: string): Promise<User> {
    return this.request("POST", "/users", displayName ? { username, password, displayName } : { username, password });
  }
  login(username: string, password: string): Promise<Session> {
    return this.request("POST", "/sessions", { username, password });
  }
  logout(): Promise<void> {
    return this.request("DELETE", "/sessions/current");
  }
  me(): Promise<Profile> {
    return this.request("GET", "/me");
  }
  user(username: string): Promise<Profile> {
    return this.request("GET", `/users/${e(username)}`);
  }
  recent(): Promise<Page<Tweet>> {
    return this.request("GET", "/tweets/recent?limit=50");
  }
  timeline(page: PageParams = {}): Promise<Page<Tweet>> {
    return this.request("GET", `/timeline${query({ ...page })}`);
  }
  recommendations(): Promise<{ items: Recommendation[] }> {
    return this.request("GET", "/me/recommendations");
  }
  /** With an idempotency key, a resend of the same tweet (after an answer that never came) cannot post it twice. */
  tweet(text: string, inReplyTo?: string, idempotencyKey?: string): Promise<Tweet> {
    return this.request("POST", "/tweets", inReplyTo ? { text, inReplyTo } : { text },
      idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
  }
  getTweet(id: string): Promise<Tweet> {
    return this.request("GET", `/tweets/${e(id)}`);
  }
  replies(id: string, page: PageParams = {}): Promise<Page<Tweet>> {
    return this.request("GET", `/tweets/${e(id)}/replies${query({ ...page })}`);
  }
  retweet(id: string): Promise<unknown> {
    return this.request("POST", `/tweets/${e(id)}/retweets`);
  }
  undoRetweet(id: string): Promise<void> {
    return this.request("DELETE", `/tweets/${e(id)}/retweets`);
  }
  userTweets(username: string, page: PageParams = {}): Promise<Page<Tweet>> {
    return this.request("GET", `/users/${e(username)}/tweets${query({ ...page })}`);
  }
  hashtag(tag: string, page: PageParams = {}): Promise<Page<Tweet>> {
    return this.request("GET", `/hashtags/${e(tag)}/tweets${query({ ...page })}`);
  }
  follow(username: string): Promise<void> {
    return this.request("PUT", `/me/following/${e(username)}`);
  }
  unfollow(username: string): Promise<void> {
    return this.request("DELETE", `/me/following/${e(username)}`);
  }
  followers(username: string, page: PageParams = {}): Promise<Page<User>> {
    return this.request("GET", `/users/${e(username)}/followers${query({ ...page })}`);
  }
  following(username: string, page: PageParams = {}): Promise<Page<User>> {
    return this.request("GET", `/users/${e(username)}/following${query({ ...page })}`);
  }
  search(q: string, page: PageParams = {}): Promise<Page<Tweet>> {
    return this.request("GET", `/search${query({ q, ...page })}`);
  }
}

/**
 * Pages through a list by cursor: each call of next() fetches one page and remembers its `next`; done once the
 * API answers `next: null`. A call while one is in flight returns the same promise (no page fetched twice).
 */
export class Pager<T> {
  private cursor: string | null = null;
  private finished = false;
  private inFlight: Promise<T[]> | null = null;

  constructor(private readonly load: (page: PageParams) => Promise<Page<T>>) {}

  get done(): boolean {
    return this.finished;
  }

  next(): Promise<T[]> {
    if (this.finished) return Promise.resolve([]);
    if (this.inFlight) return this.inFlight;
    this.inFlight = this.load({ cursor: this.cursor })
      .then((page) => {
        this.cursor = page.next ?? null;
        this.finished = this.cursor === null;
        return page.items;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}

/**
 * One Idempotency-Key per compose: every send of the same text reuses it, so a resend after a lost answer replays the
 * first answer instead of posting twice; a changed text or a sent tweet starts a new compose, with a new key.
 */
export class ComposeKey {
  private key: string | null = null;
  private text: string | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  for(text: string): string {
    if (this.key === null || this.text !== text) {
      this.key = this.newKey();
      this.text = text;
    }
    return this.key;
  }

  sent(): void {
    this.key = null;
    this.text = null;
  }
}

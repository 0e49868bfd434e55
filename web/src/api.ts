/** A client of Scaleout's public HTTP API (docs/openapi.yaml), with an injectable fetch for tests. */

export interface UserRef {
  id: string;
  username: string;
}
/** A tweet's author: the display name is the username when none was set (or from an API before issue 23). */
export interface Author extends UserRef {
  displayName?: string | null;
}
export interface User extends UserRef {
  displayName?: string | null;
  createdAt: string;
}
export interface Profile extends User {
  bio?: string | null;
  followers: number;
  following: number;
  tweets: number;
}
export interface Recommendation extends User {
  mutuals: number;
}
/**
 * A tweet view. The fields marked optional came with issue 23 (likes, the caller's own state, whom a reply answers):
 * an older API, or an anonymous caller for the two "ByMe" fields, leaves them out.
 */
export interface Tweet {
  id: string;
  author: Author;
  text: string;
  createdAt: string;
  inReplyTo: string | null;
  inReplyToUsername?: string | null;
  hashtags: string[];
  mentions: string[];
  replies: number;
  retweets: number;
  likes?: number;
  retweetedByMe?: boolean;
  likedByMe?: boolean;
  retweetedBy?: UserRef | null;
}
/** PATCH /me: a field left out stays as it is; null or "" resets it. */
export interface ProfileChange {
  displayName?: string | null;
  bio?: string | null;
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

/** Why one field of a request was refused (the social error body's `errors[]`). */
export interface FieldProblem {
  field: string;
  reason: string;
}

/** An answer other than 2xx, with the API's message (or a fallback when the body has none) and its field reasons. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ErrorBody {
  message: string;
  problems: FieldProblem[];
}

function nonBlank(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The social error body `{"message", "errors": [{"field", "reason"}]}` (docs/openapi.yaml's Error); a problem
 * without a reason but with a `message` is taken too. A body that is not one gives a short text naming the status.
 */
export function errorBody(status: number, body: string): ErrorBody {
  const fallback = { message: `Request failed (HTTP ${status})`, problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return fallback;
  }
  if (!parsed || typeof parsed !== "object") return fallback;
  const { message, errors } = parsed as { message?: unknown; errors?: unknown };
  const problems: FieldProblem[] = [];
  for (const item of Array.isArray(errors) ? errors : []) {
    const { field, reason, message: said } = (item ?? {}) as Record<string, unknown>;
    const why = nonBlank(reason) ? reason : nonBlank(said) ? said : null;
    if (nonBlank(field) && why) problems.push({ field, reason: why });
  }
  return { message: nonBlank(message) ? message : fallback.message, problems };
}

/** The message of an error body `{"message": ...}`; else a short text naming the status. */
export function errorMessage(status: number, body: string): string {
  return errorBody(status, body).message;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
export type Wait = (ms: number) => Promise<void>;

/** "Service busy, retry shortly" (503) and "too many requests" (429): the request was not done, and can be sent again. */
const BUSY = new Set([429, 503]);
/** Sends after the first one, at most: a busy API is asked four times in all, then the user sees its message. */
export const BUSY_RETRIES = 3;
/** The longest the client waits between two sends: a longer Retry-After is left to the user, with the message. */
const MAX_RETRY_WAIT_MS = 10_000;

/**
 * How long to wait before resend number `retry` (1, 2, ...): the answer's Retry-After (seconds or an HTTP date) when it
 * has one, else 0.5 s doubled each time; null when the API asks for more than 10 s (the page would hang: not resent).
 */
export function retryDelayMs(retry: number, retryAfter: string | null, now: number = Date.now()): number | null {
  const backOff = 500 * 2 ** (retry - 1);
  let wanted = backOff;
  if (retryAfter !== null && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) wanted = seconds * 1000;
    else if (!Number.isNaN(date)) wanted = Math.max(0, date - now);
  }
  return wanted <= MAX_RETRY_WAIT_MS ? wanted : null;
}

const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
    private readonly wait: Wait = sleep,
  ) {}

  /**
   * One call of the API. A busy answer (503, 429) is sent again after its Retry-After, up to BUSY_RETRIES times:
   * every write of the API is idempotent or carries an Idempotency-Key, and a busy answer did nothing.
   */
  async request<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json", ...extraHeaders };
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    for (let retry = 1; ; retry++) {
      const response = await this.send(path, init);
      const text = await response.text();
      if (response.ok) return (text ? JSON.parse(text) : undefined) as T;
      const delay = BUSY.has(response.status) && retry <= BUSY_RETRIES
        ? retryDelayMs(retry, response.headers.get("retry-after")) : null;
      if (delay === null) {
        const error = errorBody(response.status, text);
        throw new ApiError(response.status, error.message, error.problems);
      }
      await this.wait(delay);
    }
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchFn(this.baseUrl + path, init);
    } catch {
      throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
    }
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
  /** The answer is the tweet view with its new count (201 retweeted now, 200 already). */
  retweet(id: string): Promise<Tweet> {
    return this.request("POST", `/tweets/${e(id)}/retweets`);
  }
  /** The answer is the tweet view with `likedByMe: true` and its new count. */
  like(id: string): Promise<Tweet> {
    return this.request("PUT", `/tweets/${e(id)}/likes/me`);
  }
  unlike(id: string): Promise<Tweet> {
    return this.request("DELETE", `/tweets/${e(id)}/likes/me`);
  }
  /** The tweets a user liked, newest like first. */
  userLikes(username: string, page: PageParams = {}): Promise<Page<Tweet>> {
    return this.request("GET", `/users/${e(username)}/likes${query({ ...page })}`);
  }
  updateProfile(change: ProfileChange): Promise<Profile> {
    return this.request("PATCH", "/me", change);
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

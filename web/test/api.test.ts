import { describe, expect, it } from "vitest";
import { Api, ApiError, BUSY_RETRIES, ComposeKey, Pager, errorBody, errorMessage, retryDelayMs, type Fetch }
  from "../src/api";

interface Call {
  url: string;
  init?: RequestInit;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

function fakeFetch(answers: Answer[]): { fetch: Fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500, body: { message: "no more answers" } };
    const text = answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body
      : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, { status: answer.status, headers: answer.headers });
  };
  return { fetch, calls };
}

const tweet = (id: string) => ({
  id, author: { id: "u1", username: "ada" }, text: "hi", createdAt: "2026-01-01T00:00:00Z", inReplyTo: null,
  hashtags: [], mentions: [], replies: 0, retweets: 0,
});

describe("errorMessage", () => {
  it("takes the API's message", () => {
    expect(errorMessage(409, '{"message":"username taken","requestId":"r1"}')).toBe("username taken");
  });
  it("falls back to the status when the body has no message", () => {
    expect(errorMessage(502, "<html>Bad gateway</html>")).toBe("Request failed (HTTP 502)");
    expect(errorMessage(400, '{"msg":"x"}')).toBe("Request failed (HTTP 400)");
    expect(errorMessage(400, '{"message":""}')).toBe("Request failed (HTTP 400)");
    expect(errorMessage(500, "")).toBe("Request failed (HTTP 500)");
  });
});

describe("errorBody", () => {
  it("keeps the reason of every refused field, as the social routes send them", () => {
    const body = '{"message":"Invalid request","errors":[{"field":"password","reason":"must have 8 to 128 characters"},'
      + '{"field":"username","reason":"is taken"}],"requestId":"r1"}';
    expect(errorBody(400, body)).toEqual({ message: "Invalid request", problems: [
      { field: "password", reason: "must have 8 to 128 characters" }, { field: "username", reason: "is taken" }] });
  });
  it("takes a problem's message when it has no reason, and skips a problem without either", () => {
    const body = '{"message":"Invalid request","errors":[{"field":"bio","message":"too long"},{"field":"x"},null,7]}';
    expect(errorBody(400, body).problems).toEqual([{ field: "bio", reason: "too long" }]);
  });
  it("has no problems for a body without errors, or one that is not JSON", () => {
    expect(errorBody(404, '{"message":"no such user"}')).toEqual({ message: "no such user", problems: [] });
    expect(errorBody(502, "<html>")).toEqual({ message: "Request failed (HTTP 502)", problems: [] });
  });
});

describe("retryDelayMs", () => {
  it("waits as long as Retry-After says, in seconds or as a date, and not at all beyond 10 s", () => {
    expect(retryDelayMs(1, "2")).toBe(2000);
    expect(retryDelayMs(1, "0")).toBe(0);
    expect(retryDelayMs(1, "10")).toBe(10_000);
    expect(retryDelayMs(1, "11")).toBeNull();
    expect(retryDelayMs(1, "3600")).toBeNull();
    const now = Date.parse("2026-12-03T10:00:00Z");
    expect(retryDelayMs(1, "Thu, 03 Dec 2026 10:00:04 GMT", now)).toBe(4000);
  });
  it("backs off from half a second, doubling, without a usable Retry-After", () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, null))).toEqual([500, 1000, 2000]);
    expect(retryDelayMs(2, "soon")).toBe(1000);
  });
});

describe("Api on a busy service", () => {
  const busy = (retryAfter?: string): Answer => ({ status: 503, body: { message: "Service busy, retry shortly" },
    headers: retryAfter ? { "retry-after": retryAfter } : {} });

  it("sends again after Retry-After until an answer comes", async () => {
    const { fetch, calls } = fakeFetch([busy("1"), { status: 429, body: { message: "slow down" } },
      { status: 200, body: { items: [tweet("1")], next: null } }]);
    const waits: number[] = [];
    const api = new Api(fetch, "", () => "t", async (ms) => void waits.push(ms));
    const page = await api.timeline();
    expect(page.items.map((t) => t.id)).toEqual(["1"]);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it("gives up after a bounded number of sends, with the API's message", async () => {
    const { fetch, calls } = fakeFetch(Array.from({ length: 10 }, () => busy("1")));
    const api = new Api(fetch, "", () => "t", async () => {});
    const error = await api.tweet("hi", undefined, "k").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe("Service busy, retry shortly");
    expect(calls).toHaveLength(1 + BUSY_RETRIES);
    // every send of the tweet carries the same Idempotency-Key: the service cannot post it twice
    expect(new Set(calls.map((c) => (c.init?.headers as Record<string, string>)["idempotency-key"]))).toEqual(
      new Set(["k"]));
  });

  it("leaves a Retry-After beyond 10 s to the user: the message at once, not a page hanging", async () => {
    const { fetch, calls } = fakeFetch([{ status: 429, body: { message: "Too many requests" },
      headers: { "retry-after": "60" } }]);
    await expect(new Api(fetch, "", () => "t", async () => {}).follow("bob")).rejects.toThrow("Too many requests");
    expect(calls).toHaveLength(1);
  });

  it("does not send again after another error", async () => {
    const { fetch, calls } = fakeFetch([{ status: 400, body: { message: "Invalid request" } }]);
    await expect(new Api(fetch, "", () => null, async () => {}).search("x")).rejects.toThrow("Invalid request");
    expect(calls).toHaveLength(1);
  });
});

describe("Api", () => {
  it("throws the field reasons with the message", async () => {
    const { fetch } = fakeFetch([{ status: 400, body: { message: "Invalid request",
      errors: [{ field: "password", reason: "must have 8 to 128 characters" }] } }]);
    const error = await new Api(fetch, "", () => null).register("ada", "short").catch((e: unknown) => e);
    expect((error as ApiError).problems).toEqual([{ field: "password", reason: "must have 8 to 128 characters" }]);
  });

  it("likes, unlikes, lists a user's likes and edits the profile", async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { ...tweet("t 1"), likes: 1, likedByMe: true } },
      { status: 200, body: { ...tweet("t 1"), likes: 0, likedByMe: false } },
      { status: 200, body: { items: [], next: null } }, { status: 200, body: {} }]);
    const api = new Api(fetch, "", () => "t");
    expect((await api.like("t 1")).likedByMe).toBe(true);
    expect((await api.unlike("t 1")).likedByMe).toBe(false);
    await api.userLikes("ada", { cursor: "c" });
    await api.updateProfile({ displayName: "Ada", bio: null });
    expect(calls.map((c) => `${c.init?.method} ${c.url}`)).toEqual(["PUT /tweets/t%201/likes/me",
      "DELETE /tweets/t%201/likes/me", "GET /users/ada/likes?cursor=c", "PATCH /me"]);
    expect(JSON.parse(String(calls[3].init?.body))).toEqual({ displayName: "Ada", bio: null });
  });

  it("sends the bearer token when logged in, and none when not", async () => {
    let token: string | null = "t0k";
    const { fetch, calls } = fakeFetch([{ status: 200, body: { items: [], next: null } }, { status: 200, body: {} }]);
    const api = new Api(fetch, "http://api", () => token);
    await api.timeline();
    token = null;
    await api.user("ada");
    expect((calls[0].init?.headers as Record<string, string>).authorization).toBe("Bearer t0k");
    expect(calls[0].url).toBe("http://api/timeline");
    expect((calls[1].init?.headers as Record<string, string>).authorization).toBeUndefined();
    expect(calls[1].url).toBe("http://api/users/ada");
  });

  it("posts JSON", async () => {
    const { fetch, calls } = fakeFetch([{ status: 201, body: tweet("1") }]);
    const api = new Api(fetch, "", () => "t");
    const created = await api.tweet("hello #x", "9");
    expect(created.id).toBe("1");
    expect(calls[0].init?.method).toBe("POST");
    expect(calls[0].url).toBe("/tweets");
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ text: "hello #x", inReplyTo: "9" });
    expect((calls[0].init?.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });

  it("throws an ApiError with the API's message and status", async () => {
    const { fetch } = fakeFetch([{ status: 401, body: { message: "wrong username or password" } }]);
    const api = new Api(fetch, "", () => null);
    const error = await api.login("ada", "nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe("wrong username or password");
  });

  it("says so when the network fails", async () => {
    const api = new Api(async () => { throw new TypeError("Failed to fetch"); }, "", () => null);
    await expect(api.recent()).rejects.toThrow(/Could not reach the server/);
  });

  it("answers undefined for 204", async () => {
    const { fetch, calls } = fakeFetch([{ status: 204 }]);
    await expect(new Api(fetch, "", () => "t").follow("b b")).resolves.toBeUndefined();
    expect(calls[0].url).toBe("/me/following/b%20b");
    expect(calls[0].init?.method).toBe("PUT");
  });

  it("encodes the search query and cursor", async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { items: [], next: null } }]);
    await new Api(fetch, "", () => null).search("#java & @ada", { cursor: "c/1=" });
    expect(calls[0].url).toBe("/search?q=%23java+%26+%40ada&cursor=c%2F1%3D");
  });
});

describe("Pager", () => {
  it("follows next until null", async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: { items: [tweet("3"), tweet("2")], next: "abc" } },
      { status: 200, body: { items: [tweet("1")], next: null } },
    ]);
    const api = new Api(fetch, "", () => "t");
    const pager = new Pager((p) => api.timeline(p));
    expect((await pager.next()).map((t) => t.id)).toEqual(["3", "2"]);
    expect(pager.done).toBe(false);
    expect((await pager.next()).map((t) => t.id)).toEqual(["1"]);
    expect(pager.done).toBe(true);
    expect(await pager.next()).toEqual([]);
    expect(calls.map((c) => c.url)).toEqual(["/timeline", "/timeline?cursor=abc"]);
  });

  it("does not fetch the same page twice when asked while loading", async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { items: [tweet("1")], next: "n" } }]);
    const pager = new Pager((p) => new Api(fetch, "", () => null).userTweets("ada", p));
    const [a, b] = await Promise.all([pager.next(), pager.next()]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
  });

  it("keeps its cursor after a failed page, so a retry asks for the same page", async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: { items: [tweet("2")], next: "p2" } },
      { status: 500, body: { message: "Internal Server Error" } },
      { status: 200, body: { items: [tweet("1")], next: null } },
    ]);
    const pager = new Pager((p) => new Api(fetch, "", () => null).hashtag("x", p));
    await pager.next();
    await expect(pager.next()).rejects.toThrow("Internal Server Error");
    expect(pager.done).toBe(false);
    await pager.next();
    expect(calls.map((c) => c.url)).toEqual(["/hashtags/x/tweets", "/hashtags/x/tweets?cursor=p2",
      "/hashtags/x/tweets?cursor=p2"]);
  });
});

describe("ComposeKey", () => {
  it("keeps one key for every send of the same text, and a new one for new text or after a sent tweet", () => {
    let made = 0;
    const keys = new ComposeKey(() => `key-${++made}`);
    expect(keys.for("hello")).toBe("key-1");
    expect(keys.for("hello")).toBe("key-1"); // a resend after a lost answer
    expect(keys.for("hello, world")).toBe("key-2"); // edited: another request
    keys.sent();
    expect(keys.for("hello, world")).toBe("key-3"); // the same words again are a new tweet
  });
});

describe("Api.tweet", () => {
  it("sends its Idempotency-Key", async () => {
    const { fetch, calls } = fakeFetch([{ status: 201, body: tweet("t1") }]);
    await new Api(fetch, "", () => "tok").tweet("hi", undefined, "key-1");
    expect((calls[0].init?.headers as Record<string, string>)["idempotency-key"]).toBe("key-1");
  });
});

import { Api, type Fetch, type Tweet } from "../src/api";

/**
 * What the DOM tests share (happy-dom): the page's fixed elements, a logged-in session, and an API answering from a
 * list. Call before importing the UI modules, which find #main and read the session when loaded.
 */
export function setUpPage(loggedInAs: string | null): void {
  document.body.innerHTML = '<header><nav id="nav"></nav></header><main id="main" tabindex="-1"></main>';
  localStorage.clear();
  if (loggedInAs) {
    localStorage.setItem("scaleout.token", "tok");
    localStorage.setItem("scaleout.username", loggedInAs);
  }
}

export interface Answer {
  status: number;
  body?: unknown;
}

/** An Api whose calls are recorded and answered in order; `hold` keeps the next answer until `release()`. */
export function scriptedApi(answers: Answer[]) {
  const calls: string[] = [];
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  const fetchFn: Fetch = async (url, init) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    if (held) await held;
    const answer = answers.shift() ?? { status: 500, body: { message: "no more answers" } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  };
  return {
    api: new Api(fetchFn, "", () => localStorage.getItem("scaleout.token"), async () => {}),
    calls,
    hold: () => {
      held = new Promise((resolve) => (release = () => {
        held = null;
        resolve();
      }));
    },
    release: () => release(),
  };
}

export function aTweet(fields: Partial<Tweet> = {}): Tweet {
  return {
    id: "t1", author: { id: "01JUSERADA", username: "ada", displayName: "Ada Lovelace" }, text: "Hello #java",
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(), inReplyTo: null, hashtags: ["java"], mentions: [],
    replies: 0, retweets: 1, likes: 2, ...fields,
  };
}

/** Lets pending promises (fetch, then the DOM update) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

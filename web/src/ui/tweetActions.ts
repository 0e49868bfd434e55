import { ComposeKey, type Tweet } from "../api";
import { api } from "../client";
import { h } from "../dom";
import { icon, type IconName } from "./icons";
import { showError, type PageParts } from "./page";
import { runPending } from "./pending";
import { countText, replyProblem, shownCount } from "./wording";

export interface TweetActionOptions {
  /** Hears a reply sent from this tweet (the tweet page shows it in the thread at once). */
  onReply?: (reply: Tweet) => void;
}

const NOUNS: Record<IconName, [string, string]> = {
  reply: ["reply", "replies"],
  retweet: ["retweet", "retweets"],
  like: ["like", "likes"],
};
let described = 0;

/** The icon and count of a button or a plain count; screen readers hear "3 likes" (the visible "3" is hidden). */
function countParts(kind: IconName, count: number): { parts: Node[]; set: (count: number) => void; id: string } {
  const id = `count-${++described}`;
  const shown = h("span", { class: "count", "aria-hidden": "true" }, shownCount(count));
  const spoken = h("span", { class: "visually-hidden", id }, countText(count, ...NOUNS[kind]));
  const set = (n: number) => {
    shown.textContent = shownCount(n);
    spoken.textContent = countText(n, ...NOUNS[kind]);
  };
  return { parts: [icon(kind), shown, spoken], set, id };
}

/** A compact icon button with its count: its accessible name is the action ("Like"), its description the count. */
function countButton(kind: IconName, label: string, count: number) {
  const counted = countParts(kind, count);
  const button = h("button", { type: "button", class: `icon-button ${kind}`, "aria-label": label,
    "aria-describedby": counted.id, title: label }, ...counted.parts);
  const show = (newLabel: string, n: number, on: boolean) => {
    button.setAttribute("aria-label", newLabel);
    button.title = newLabel;
    button.classList.toggle("on", on);
    counted.set(n);
  };
  return { button, show };
}

/** The counts alone (logged out): replies, retweets and likes with their icons. */
export function tweetCounts(tweet: Tweet): HTMLElement {
  const item = (kind: IconName, n: number) => h("span", { class: `icon-count ${kind}` }, ...countParts(kind, n).parts);
  return h("p", { class: "counts" }, item("reply", tweet.replies), item("retweet", tweet.retweets),
    item("like", tweet.likes ?? 0));
}

/** Reply (a form that opens below), Retweet/Undo retweet and Like/Unlike, in their state from the tweet view. */
export function tweetActions(tweet: Tweet, parts: PageParts, options: TweetActionOptions = {}): HTMLElement {
  const reply = replyControls(tweet, parts, options);
  const retweet = toggleButton(parts, "retweet", ["Retweet", "Undo retweet"], tweet.retweetedByMe ?? false,
    tweet.retweets, async (on) => {
      // undoing answers 204: no count
      return on ? (await api.retweet(tweet.id)).retweets : api.undoRetweet(tweet.id).then(() => undefined);
    });
  const like = toggleButton(parts, "like", ["Like", "Unlike"], tweet.likedByMe ?? false, tweet.likes ?? 0,
    async (on) => (on ? await api.like(tweet.id) : await api.unlike(tweet.id))?.likes);
  return h("div", { class: "actions" },
    h("div", { class: "row action-row" }, reply.button, retweet, like, reply.status), reply.form);
}

/**
 * A button that switches a state of the caller's (retweeted, liked): its label says what the next click does. The
 * count is the answer's when the API sends one (likes, a retweet's 201), else one more or one less.
 */
function toggleButton(parts: PageParts, kind: IconName, [offLabel, onLabel]: [string, string], initially: boolean,
                      initialCount: number, change: (on: boolean) => Promise<number | undefined>):
    HTMLButtonElement {
  let on = initially;
  let count = initialCount;
  const { button, show } = countButton(kind, on ? onLabel : offLabel, count);
  show(on ? onLabel : offLabel, count, on);
  button.addEventListener("click", () => void runPending(parts, button, async () => {
    const answered = await change(!on);
    on = !on;
    count = typeof answered === "number" ? answered : Math.max(0, count + (on ? 1 : -1));
    show(on ? onLabel : offLabel, count, on);
  }));
  return button;
}

/** The Reply button and the form it opens; a send keeps one Idempotency-Key per reply text (ComposeKey). */
function replyControls(tweet: Tweet, parts: PageParts, options: TweetActionOptions):
    { button: HTMLButtonElement; status: HTMLElement; form: HTMLFormElement } {
  let replies = tweet.replies;
  const fieldId = `reply-${tweet.id}-${Math.random().toString(36).slice(2, 8)}`;
  const textarea = h("textarea", { id: fieldId, rows: 2, required: true });
  const send = h("button", { type: "submit" }, "Send reply");
  const status = h("span", { class: "status", "aria-live": "polite" });
  const form = h(
    "form",
    { class: "reply", hidden: true },
    h("label", { for: fieldId }, `Reply to @${tweet.author.username}`),
    textarea,
    h("div", { class: "row" }, send, h("button", { type: "button", class: "secondary", onclick: () => closeReply() },
      "Cancel")),
  );
  const { button, show } = countButton("reply", "Reply", replies);
  button.setAttribute("aria-expanded", "false");
  const hideForm = () => {
    form.hidden = true;
    button.setAttribute("aria-expanded", "false");
  };
  const closeReply = () => {
    hideForm();
    button.focus();
  };
  button.addEventListener("click", () => {
    form.hidden = false;
    button.setAttribute("aria-expanded", "true");
    status.textContent = "";
    textarea.focus();
  });
  const replyKey = new ComposeKey();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const problem = replyProblem(textarea.value);
    if (problem) {
      showError(parts, new Error(problem));
      return;
    }
    void runPending(parts, send, async () => {
      const sent = await api.tweet(textarea.value, tweet.id, replyKey.for(textarea.value));
      replyKey.sent();
      textarea.value = "";
      show("Reply", ++replies, false);
      hideForm();
      status.textContent = "Reply sent.";
      // an API from before issue 23 does not say whom a reply answers: this one answers the tweet shown
      options.onReply?.({ ...sent, inReplyToUsername: sent.inReplyToUsername ?? tweet.author.username });
    });
  });
  return { button, status, form };
}

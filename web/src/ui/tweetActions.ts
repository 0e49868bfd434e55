import { ComposeKey, type Tweet } from "../api";
import { api } from "../client";
import { h } from "../dom";
import { clearError, showError, type PageParts } from "./page";
import { replyProblem, tweetCounts } from "./wording";

/** A tweet's Reply (a form that opens below it) and Retweet/Undo retweet buttons, which keep its counts current. */
export function tweetActions(tweet: Tweet, parts: PageParts, counts: HTMLElement): HTMLElement {
  let replies = tweet.replies;
  let retweets = tweet.retweets;
  const updateCounts = () => (counts.textContent = tweetCounts(replies, retweets));
  const reply = replyControls(tweet, parts, () => {
    replies++;
    updateCounts();
  });
  const retweet = retweetButton(tweet, parts, (nowRetweeted) => {
    retweets = nowRetweeted ? retweets + 1 : Math.max(0, retweets - 1);
    updateCounts();
  });
  return h("div", { class: "actions" }, h("div", { class: "row" }, reply.button, retweet, reply.status), reply.form);
}

/** The Reply button and the form it opens; a send keeps one Idempotency-Key per reply text (ComposeKey). */
function replyControls(tweet: Tweet, parts: PageParts, onSent: () => void):
    { button: HTMLButtonElement; status: HTMLElement; form: HTMLFormElement } {
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
  const button = h("button", { type: "button", "aria-expanded": "false" }, "Reply");
  const hideForm = () => {
    form.hidden = true;
    button.hidden = false;
    button.setAttribute("aria-expanded", "false");
  };
  const closeReply = () => {
    hideForm();
    button.focus();
  };
  button.addEventListener("click", () => {
    form.hidden = false;
    button.hidden = true;
    button.setAttribute("aria-expanded", "true");
    textarea.focus();
  });
  const replyKey = new ComposeKey();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const problem = replyProblem(textarea.value);
    if (problem) {
      showError(parts, new Error(problem));
      return;
    }
    send.disabled = true;
    try {
      await api.tweet(textarea.value, tweet.id, replyKey.for(textarea.value));
      replyKey.sent();
      clearError(parts);
      textarea.value = "";
      onSent();
      hideForm();
      status.textContent = "Reply sent.";
    } catch (error) {
      showError(parts, error);
    } finally {
      send.disabled = false;
    }
  });
  return { button, status, form };
}

/** Retweet / Undo retweet: the button says which the next click does. */
function retweetButton(tweet: Tweet, parts: PageParts, onChange: (retweeted: boolean) => void): HTMLButtonElement {
  let retweeted = false;
  const button = h("button", { type: "button" }, "Retweet");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (retweeted) await api.undoRetweet(tweet.id);
      else await api.retweet(tweet.id);
      retweeted = !retweeted;
      button.textContent = retweeted ? "Undo retweet" : "Retweet";
      onChange(retweeted);
      clearError(parts);
    } catch (error) {
      showError(parts, error);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

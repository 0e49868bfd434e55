import { ComposeKey, type Tweet } from "../api";
import { api } from "../client";
import { canSend, charactersLeft, counterText } from "../counter";
import { h } from "../dom";
import type { PageParts } from "./page";
import { runPending } from "./pending";

/**
 * "What's happening?": a new tweet, with the characters left as the API counts them. A resend of the same text
 * keeps its Idempotency-Key (ComposeKey), so a lost answer cannot post it twice.
 */
export function composeForm(parts: PageParts, onTweet: (tweet: Tweet) => void): HTMLElement {
  const textarea = h("textarea", { id: "compose", rows: 3, "aria-describedby": "compose-counter" });
  const counter = h("p", { id: "compose-counter", class: "counter", "aria-live": "polite" }, counterText(""));
  const button = h("button", { type: "submit", disabled: true }, "Tweet");
  const composeKey = new ComposeKey();
  const update = () => {
    counter.textContent = counterText(textarea.value);
    counter.classList.toggle("over", charactersLeft(textarea.value) < 0);
    button.disabled = !canSend(textarea.value);
  };
  textarea.addEventListener("input", update);
  const form = h(
    "form",
    { class: "compose" },
    h("label", { for: "compose" }, "What's happening?"),
    textarea,
    h("div", { class: "row" }, counter, button),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!canSend(textarea.value)) return;
    await runPending(parts, button, async () => {
      const tweet = await api.tweet(textarea.value, undefined, composeKey.for(textarea.value));
      composeKey.sent();
      textarea.value = "";
      onTweet(tweet);
    });
    update();
  });
  return form;
}

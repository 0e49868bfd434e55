import { api } from "../client";
import { h } from "../dom";
import type { PageParts } from "./page";
import { runPending } from "./pending";

/**
 * Follow / Unfollow: the button says which the next click does, and looks it (filled to follow, outlined once
 * following); onChange hears the new state.
 */
export function followButton(parts: PageParts, username: string, following: boolean,
                             onChange?: (following: boolean) => void): HTMLButtonElement {
  let state = following;
  const button = h("button", { type: "button" });
  const show = () => {
    button.textContent = state ? "Unfollow" : "Follow";
    button.className = state ? "follow following" : "follow";
  };
  show();
  button.addEventListener("click", () => void runPending(parts, button, async () => {
    if (state) await api.unfollow(username);
    else await api.follow(username);
    state = !state;
    show();
    onChange?.(state);
  }));
  return button;
}

import { api } from "../client";
import { h } from "../dom";
import { clearError, showError, type PageParts } from "./page";

/** Follow / Unfollow: the button says which the next click does; onChange hears the new state. */
export function followButton(parts: PageParts, username: string, following: boolean,
                             onChange?: (following: boolean) => void): HTMLButtonElement {
  let state = following;
  const button = h("button", { type: "button", class: "follow" }, state ? "Unfollow" : "Follow");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (state) await api.unfollow(username);
      else await api.follow(username);
      state = !state;
      button.textContent = state ? "Unfollow" : "Follow";
      clearError(parts);
      onChange?.(state);
    } catch (error) {
      showError(parts, error);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

import type { UserRef } from "../api";
import { h } from "../dom";
import { identiconUrl } from "../identicon";

/** The user's identicon; decorative (the name beside it says who). */
export function avatar(user: UserRef): HTMLImageElement {
  return h("img", { class: "avatar", src: identiconUrl(user.id || user.username), alt: "", width: 40, height: 40 });
}

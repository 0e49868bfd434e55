import type { Profile } from "../api";
import { api } from "../client";
import { h } from "../dom";
import type { PageParts } from "./page";
import { runPending } from "./pending";
import { markInvalidFields } from "./problems";

/** The API's limits (PATCH /me): the form stops typing beyond them; the API trims and says why it refuses. */
const MAX_DISPLAY_NAME = 50;
const MAX_BIO = 160;

/**
 * "Edit profile" on one's own page: a form for the display name and bio (PATCH /me), hidden until asked for;
 * onSaved hears the profile the API answered.
 */
export function profileEditor(parts: PageParts, profile: Profile, onSaved: (profile: Profile) => void): HTMLElement {
  const displayName = h("input", { id: "edit-display-name", name: "displayName", maxlength: MAX_DISPLAY_NAME,
    autocomplete: "name" });
  const bio = h("textarea", { id: "edit-bio", name: "bio", rows: 3, maxlength: MAX_BIO });
  const save = h("button", { type: "submit" }, "Save profile");
  const open = h("button", { type: "button", class: "secondary", "aria-expanded": "false" }, "Edit profile");
  const form = h(
    "form",
    { class: "edit-profile", hidden: true, "aria-label": "Edit profile" },
    h("label", { for: "edit-display-name" }, "Display name"),
    displayName,
    h("label", { for: "edit-bio" }, "Bio"),
    bio,
    h("div", { class: "row" }, save,
      h("button", { type: "button", class: "secondary", onclick: () => show(false) }, "Cancel")),
  );
  let current = profile;
  const show = (editing: boolean) => {
    form.hidden = !editing;
    open.setAttribute("aria-expanded", String(editing));
    if (editing) {
      displayName.value = current.displayName ?? "";
      bio.value = current.bio ?? "";
      displayName.focus();
    } else {
      open.focus();
    }
  };
  open.addEventListener("click", () => show(form.hidden));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // empty resets: the display name becomes the username, the bio none
    const change = { displayName: displayName.value.trim() || null, bio: bio.value.trim() || null };
    void runPending(parts, save, () => markInvalidFields(form, api.updateProfile(change).then((saved) => {
      current = saved;
      onSaved(saved);
      show(false);
    })));
  });
  return h("div", { class: "editor" }, open, form);
}

import { ApiError } from "../api";
import { forgetSession, session } from "../auth";
import { append, h, type Child } from "../dom";
import { fieldLabel } from "./wording";

/** What a page's parts share: where its errors show, and which page it is (see isCurrent). */
export interface PageParts {
  alert: HTMLElement;
  gen: number;
}

export const main = document.getElementById("main")!;
/** Bumped on every page start: work of a page left behind stops touching the DOM. */
let generation = 0;
let leaveActions: (() => void)[] = [];

/** Starts a page: its heading (focused, so screen readers announce the new page) and its alert element. */
export function startPage(title: string, ...intro: Child[]): PageParts {
  for (const leave of leaveActions) leave();
  leaveActions = [];
  const gen = ++generation;
  document.title = `${title} · Scaleout`;
  const heading = h("h1", { tabindex: "-1", id: "page-heading" }, title);
  const alert = h("div", { role: "alert", class: "alert", hidden: true });
  main.replaceChildren(heading, alert);
  append(main, ...intro);
  heading.focus();
  return { alert, gen };
}

/** Whether the page is still the one shown. */
export function isCurrent(parts: PageParts): boolean {
  return parts.gen === generation;
}

/** Runs when the page shown is left for another (e.g. to stop an IntersectionObserver). */
export function whenLeft(leave: () => void): void {
  leaveActions.push(leave);
}

export function showError(parts: PageParts, error: unknown): void {
  if (!isCurrent(parts)) return;
  if (error instanceof ApiError && error.status === 401 && session) {
    // the token expired or was revoked: log out locally and ask to log in again
    forgetSession();
  }
  const problems = error instanceof ApiError ? error.problems : [];
  parts.alert.replaceChildren(error instanceof Error ? error.message : String(error));
  if (problems.length > 0) {
    // the reasons the API gave for each refused field, named as the form labels it
    parts.alert.append(h("ul", { class: "problems" },
      ...problems.map((p) => h("li", {}, `${fieldLabel(p.field)}: ${p.reason}`))));
  }
  parts.alert.hidden = false;
}

export function clearError(parts: PageParts): void {
  if (!isCurrent(parts)) return;
  parts.alert.replaceChildren();
  parts.alert.hidden = true;
}

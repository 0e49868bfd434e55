import { h } from "../dom";
import { navigate } from "../navigation";
import { href } from "../routes";

const input = h("input", { type: "search", id: "search-q", name: "q", maxlength: 200,
  placeholder: "Search words, #tags, @users" });

/** The top bar's search box (label "Search"): on every page, it goes to the search page's results. */
export function mountSearchBox(): void {
  const form = h(
    "form",
    { role: "search", class: "search-box" },
    h("label", { for: "search-q", class: "visually-hidden" }, "Search"),
    input,
    h("button", { type: "submit" }, "Search"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    navigate(href({ name: "search", q: input.value.trim() }));
  });
  document.getElementById("nav")?.before(form);
}

/** Keeps the box showing the query of the results on screen (empty elsewhere than on the search page). */
export function showQuery(q: string): void {
  input.value = q;
}

/** Moving between pages; the router (main.ts) says how a page is shown. */
let renderCurrent: () => void = () => {};

export function renderPagesWith(render: () => void): void {
  renderCurrent = render;
}

/** Shows the current hash's page afresh. */
export function rerender(): void {
  renderCurrent();
}

/** Goes to a hash; going to the hash already shown (no hashchange) shows its page afresh. */
export function navigate(hash: string): void {
  if (location.hash === hash) renderCurrent();
  else location.hash = hash;
}

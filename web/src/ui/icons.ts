/** The tweet buttons' icons: inline SVG outlines (no icon font, nothing fetched), hidden from screen readers. */
const PATHS = {
  reply: "M4 5.5h16v10H10l-4.5 3.5v-3.5H4z",
  retweet: "M6 16V8h10M13 5l3 3-3 3M18 8v8H8M11 19l-3-3 3-3",
  like: "M12 19.5s-7.5-4.6-7.5-10a4 4 0 0 1 7.5-2 4 4 0 0 1 7.5 2c0 5.4-7.5 10-7.5 10z",
} as const;

export type IconName = keyof typeof PATHS;

const SVG = "http://www.w3.org/2000/svg";

export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `icon icon-${name}`);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", PATHS[name]);
  svg.append(path);
  return svg;
}

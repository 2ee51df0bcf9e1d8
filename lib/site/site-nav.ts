// The navigation bar as HTML, for Framework's `header`. On a phone the groups fold behind a Menu button whose script
// ships inline, so without JavaScript the button stays hidden and every link shows.
import {skipEvent, skipWords} from "./skip-link.js";

export interface NavLink {
  name: string;
  path: string;
}

export interface NavGroups {
  training: NavLink[];
  tools: NavLink[];
}

const escape = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Framework names the start page "/index" in the header's context. */
export const cleanPath = (path: string): string => path.replace(/(^|\/)index$/, "$1") || "/";

/** Shared, so the button, the labels and the tests agree. */
export const navIds = {menu: "site-nav-menu", training: "site-nav-training", tools: "site-nav-tools"} as const;

/** Shows the links while CSS folds them (below 760 px); Escape closes the menu. Runs as the header is parsed, so a
 *  phone never paints the unfolded list. */
export const menuScript = `(() => {
  const nav = document.querySelector("nav.site-nav");
  const button = nav && nav.querySelector(".site-nav-toggle");
  if (!button) return;
  const set = (open) => {
    nav.dataset.menu = open ? "open" : "closed";
    button.setAttribute("aria-expanded", String(open));
  };
  set(false);
  button.hidden = false;
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  nav.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    set(false);
    button.focus();
  });
})();`;

/** The skip link moves the focus without changing the address: the walk reads its fragment as the item to show. */
export const skipScript = `(() => {
  const skip = document.querySelector("a.skip-link");
  if (!skip) return;
  skip.addEventListener("click", (event) => {
    event.preventDefault();
    if (!document.dispatchEvent(new CustomEvent("${skipEvent}", {cancelable: true}))) return;
    const main = document.getElementById("observablehq-main");
    if (!main) return;
    main.tabIndex = -1;
    main.focus();
  });
})();`;

function link({name, path}: NavLink, current: string): string {
  const here = path === current ? ' aria-current="page"' : "";
  return `<li><a href=".${path}"${here}>${escape(name)}</a></li>`;
}

function group(id: string, label: string, links: readonly NavLink[], current: string): string {
  return (
    `<div class="site-nav-group" role="group" aria-labelledby="${id}">` +
    `<span class="site-nav-label" id="${id}">${escape(label)}</span>` +
    `<ul>${links.map((entry) => link(entry, current)).join("")}</ul></div>`
  );
}

/** The header's HTML for the page at `path` (Framework's page path, "/index" for the start page). */
export function siteNav({training, tools}: NavGroups, {path}: {path: string}): string {
  const current = cleanPath(path);
  return (
    // First of all: fourteen links of the navigation stand before a page's content.
    `<a class="skip-link" href="#observablehq-main">${skipWords}</a><script>${skipScript}</script>` +
    `<nav class="site-nav" aria-label="Site">` +
    `<div class="site-nav-bar"><a class="site-name" href="./">Rater Notebook</a>` +
    `<button type="button" class="site-nav-toggle" aria-expanded="true" aria-controls="${navIds.menu}" hidden>` +
    `<span class="site-nav-toggle-icon" aria-hidden="true"></span>Menu</button></div>` +
    `<div class="site-nav-menu" id="${navIds.menu}">` +
    group(navIds.training, "Training", training, current) +
    group(navIds.tools, "Tools", tools, current) +
    `</div></nav><script>${menuScript}</script>`
  );
}

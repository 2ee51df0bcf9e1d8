// The link from /authors to the case editor (/authors/case). It carries the authors' page's address query, so the
// editor derives the case under the same candidate; that query changes as the author changes the candidate, so the
// link takes it at the moment it is followed (or pointed at, or focused, for a copied link).
import {el} from "./dom.js";

export function CaseEditorLink(text: string, {location = window.location}: {location?: Location} = {}): HTMLElement {
  const link = el("a", {href: "./authors/case", class: "button secondary"}, text);
  const follow = () => link.setAttribute("href", `./authors/case${location.search}`);
  for (const event of ["pointerenter", "focus", "click"]) link.addEventListener(event, follow, {capture: true});
  return link;
}

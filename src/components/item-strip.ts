// The strip of a part's items above the shown one: one link per item, named by its item ("Example 2", shown "Ex 2"),
// described by its state (not scored, exact ✓, one off ≈, two or more off ✗), in a look of its own, unlike the score
// choices under it. One Tab stop: the arrow keys, Home and End move along it.
import {itemLabel} from "../lib/site/links.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {distanceMarks} from "../lib/trainee/score-distance.js";
import {itemStateLabels, stripLabel, type ItemState} from "../lib/trainee/walk.js";
import {el} from "./dom.js";

const stateMarks: Record<ItemState, string> = {open: "", answered: "●", ...distanceMarks};

/** `onPick` gets the index of a strip link followed with a plain click (a modified click opens it as a link does). */
export function ItemStrip(
  items: readonly Item[],
  {onPick = () => {}}: {onPick?(index: number): void} = {},
): HTMLElement {
  // Named by the item ("Example 2"), shown short ("Ex 2"); its state is its description, said after the name.
  const links = items.map((item) =>
    el(
      "a",
      {"href": `#${item.id}`, "class": "strip-item", "tabindex": -1, "aria-describedby": `strip-state-${item.id}`},
      el("span", {"class": "strip-label", "aria-hidden": "true"}, stripLabel(item)),
      el("span", {class: "visually-hidden"}, itemLabel(item)),
      el("span", {id: `strip-state-${item.id}`, hidden: true}),
    ),
  );
  const strip = el(
    "nav",
    {"class": "item-strip", "aria-label": "Items in this part"},
    el(
      "ol",
      {},
      links.map((link) => el("li", {}, link)),
    ),
  );
  strip.addEventListener("click", (event) => {
    const at = links.indexOf((event.target as Element).closest("a") as HTMLAnchorElement);
    if (at < 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPick(at);
  });
  strip.addEventListener("keydown", (event) => {
    const at = links.indexOf(event.target as HTMLAnchorElement);
    if (at < 0) return;
    const to = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: links.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = links[Math.max(0, Math.min(links.length - 1, to))]!;
    for (const link of links) link.tabIndex = link === next ? 0 : -1;
    next.focus();
  });
  return strip;
}

/**
 * Marks each item's state on a strip built by ItemStrip, and the shown item as the current step and Tab stop. It
 * writes only what changed: it runs on every Next and Check, between the click and its paint, and a rewritten class
 * or text makes the browser restyle and lay out every link again (issue 29, Speed).
 */
export function markStrip(
  strip: HTMLElement,
  items: readonly Item[],
  {states, shown}: {states: readonly ItemState[]; shown: number},
): void {
  const links = strip.querySelectorAll<HTMLAnchorElement>("a.strip-item");
  items.forEach((item, index) => {
    const state = states[index]!;
    const link = links[index]!;
    const className = `strip-item state-${state}`;
    if (link.className !== className) link.className = className;
    const label = link.querySelector(`[id="strip-state-${item.id}"]`)!;
    if (label.textContent !== itemStateLabels[state]) label.textContent = itemStateLabels[state];
    if (link.dataset.mark !== stateMarks[state]) link.dataset.mark = stateMarks[state];
    const current = index === shown;
    if (current) {
      if (link.getAttribute("aria-current") !== "step") link.setAttribute("aria-current", "step");
    } else if (link.hasAttribute("aria-current")) link.removeAttribute("aria-current");
    if (link.tabIndex !== (current ? 0 : -1)) link.tabIndex = current ? 0 : -1;
  });
}

// The region named Ruling in a score card: hidden until Check, then the ruling's first lines, the item's Previous and
// Next, and the rest. While no ruling shows, one built ahead of Check (lib/trainee/ruling-ahead.ts) is laid out in it
// unseen (.is-staged: no height, visibility: hidden, so out of sight, of the pointer, the keyboard and assistive
// technology, and out of the page's text): Check then only reveals it, and the browser's first layout of a ruling
// (the fallback font of its marks, its styles) is done while the trainee works, not between Check and the paint.
import {el} from "./dom.js";

/** What the ruling region shows: its first lines (focused after Check) and the rest. */
export interface RulingParts {
  lead: HTMLElement;
  rest?: HTMLElement | null;
}

export interface RulingSlot {
  node: HTMLElement;
  /** Lays out a ruling built ahead, unseen; nothing while a ruling shows (a retry keeps the last one in view). */
  stage(parts: RulingParts): void;
  /** Shows the ruling, with `nav` after its first lines. */
  show(parts: RulingParts, nav: HTMLElement): void;
  /** Shows no ruling (what is staged stays staged). */
  hide(): void;
}

/** A controller, not a component: the score card places its node and drives it. */
export function rulingSlot(): RulingSlot {
  const node = el("div", {"class": "ruling", "role": "region", "aria-label": "Ruling", "hidden": true});
  let shown = false;
  return {
    node,
    stage({lead, rest}) {
      if (shown) return;
      node.replaceChildren(lead, rest ?? "");
      node.classList.add("is-staged");
      node.hidden = false;
    },
    show({lead, rest}, nav) {
      // The staged ruling is the one to show: only Next goes in, so what is laid out stays laid out.
      if (node.classList.contains("is-staged") && node.firstChild === lead && (rest ?? null) === lead.nextSibling)
        lead.after(nav);
      else node.replaceChildren(lead, nav, rest ?? "");
      node.classList.remove("is-staged");
      node.hidden = false;
      shown = true;
    },
    hide() {
      shown = false;
      node.hidden = !node.classList.contains("is-staged");
    },
  };
}

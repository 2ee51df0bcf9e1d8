// A scored part, one item at a time: the part's header with where the trainee stands, its opening prose and "How to
// score" (said once), each folded to one line beside the other so the item is in the first screen, a strip of the
// part's items with each one's state, the item itself with Previous and Next, the rubric and the guideline's rules
// beside it on a wide screen (on a narrower one, a "Rubric" button opens them as a sheet over the page), and after the
// last item the way on. The address follows the item shown (/rubric#example-3), so a reload, a link or Back returns to
// it. Which item, and what the strip says, is decided in lib/trainee/walk.ts.
import type {Item} from "../lib/authored/schemas/item.js";
import type {Progress} from "../lib/trainee/progress.js";
import {itemLabel} from "../lib/site/links.js";
import {
  shownItem,
  walkCounter,
  type ItemState,
  type WalkPosition,
  itemStateLabels,
  stripLabel,
} from "../lib/trainee/walk.js";
import {el, type Child} from "./dom.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {afterPaint, whenIdle} from "../lib/site/schedule.js";
import type {WalkCard} from "./score-card.js";
import {distanceMarks} from "../lib/trainee/score-distance.js";

export interface WalkItem {
  item: Item;
  /** Builds the item's card, with the Previous / Next controls it places. */
  card(nav: HTMLElement): WalkCard;
}

export interface PartWalkOptions {
  /** "Example", "Edge case": the counter's noun ("Example 3 of 7"). */
  noun: string;
  items: WalkItem[];
  store: ProgressStore;
  /** Each item's state on the strip, from the saved record. */
  stateOf(item: Item, progress: Progress): ItemState;
  /** The part's opening prose (open above the first item, folded after). */
  about?: Child;
  /** How to score, said once, folded. */
  howTo: Child;
  /** The fold's title: "How to score" unless given (Part 2, which scores nothing: "How to read"). */
  howToTitle?: string;
  /** Whether the trainee has answered anything in this part yet. */
  started(progress: Progress): boolean;
  /** Beside the item on a wide screen; behind a button on a phone (`wideOnly`: not on a phone at all). Its body is
   *  built in the frame after the first item shows: the item comes first. */
  panel?: {label: string; body: () => Child; wideOnly?: boolean} | null;
  /** What follows the last item: the way on, and what the part ends with. */
  end(progress: Progress): Child;
}

export function PartWalk(options: PartWalkOptions): HTMLElement {
  const {items, store} = options;
  const ids = items.map((entry) => entry.item.id);
  const cards = new Map<string, WalkCard>();
  const host = el("div", {class: "item-host"});
  const endHost = el("div", {class: "part-end"});

  // ---- The strip, and the counter ("Example 3 of 7") ----
  // A strip link shows its item the way Next does: the address follows, with no history entry per step, so Back
  // leaves the part the same way however the trainee moved through it.
  const strip = ItemStrip(
    items.map(({item}) => item),
    {onPick: (at) => go(ids[at]!, {focus: true})},
  );
  const counter = el("p", {"class": "walk-counter", "aria-live": "polite"});
  const renderStrip = (progress: Progress, position: WalkPosition) => {
    markStrip(
      strip,
      items.map(({item}) => item),
      {states: items.map(({item}) => options.stateOf(item, progress)), shown: position.index},
    );
    const shown = items[position.index]!.item;
    counter.textContent = walkCounter(options.noun, itemLabel(shown), position);
  };

  // ---- The panel beside the item (a wide screen) or a sheet over the page (a narrower one) ----
  const guide = options.panel ? walkPanel(options.panel) : null;

  // ---- Opening prose and how to score ----
  const about = options.about
    ? el(
        "details",
        {class: "part-about"},
        el("summary", {}, "About this part"),
        el("div", {class: "part-intro"}, options.about),
      )
    : null;
  const howTo = el(
    "details",
    {class: "how-to"},
    el("summary", {}, options.howToTitle ?? "How to score"),
    el("div", {class: "how-to-body"}, options.howTo),
  );

  // ---- Showing one item ----
  let position = shownItem(ids, location.hash);
  // An address that names no item of the part shows the first, and says so.
  if (location.hash && location.hash !== `#${position.id}`) history.replaceState(history.state, "", `#${position.id}`);
  const navFor = (index: number): HTMLElement => {
    const here = shownItem(ids, `#${ids[index]}`);
    const next = el(
      "button",
      {type: "button", class: "button next-item", disabled: here.next === null},
      "Next",
      el("span", {class: "nav-noun"}, " item"),
      el("span", {"aria-hidden": "true"}, " →"),
    );
    const previous = el(
      "button",
      {type: "button", class: "button secondary previous-item", disabled: here.previous === null},
      el("span", {"aria-hidden": "true"}, "← "),
      "Previous",
      el("span", {class: "nav-noun"}, " item"),
    );
    next.addEventListener("click", () => here.next && go(here.next, {focus: true}));
    // Until the item is checked, Next is a quiet button: Check is the one to press.
    next.classList.add("secondary");
    previous.addEventListener("click", () => here.previous && go(here.previous, {focus: true}));
    // Next comes first, so it is the next Tab stop after the ruling's first lines; the row shows Previous first.
    return el("div", {class: "item-nav"}, next, previous);
  };
  const cardFor = (index: number): WalkCard => {
    const id = ids[index]!;
    let card = cards.get(id);
    if (!card) {
      card = items[index]!.card(navFor(index));
      cards.set(id, card);
    }
    return card;
  };

  // The next item waits in the page, styled and laid out but not shown (out of the flow, invisible, and so out of
  // reach of the pointer, the keyboard and assistive technology), so Next only swaps it in: the browser did its
  // work on it while the trainee read this one.
  const stage = (index: number) => {
    if (index !== position.index + 1) return;
    const card = cardFor(index);
    for (const other of cards.values()) if (other !== card) setStaged(other, false);
    if (card.node.parentElement !== host) host.append(card.node);
    setStaged(card, true);
    card.node.hidden = false;
  };
  const setStaged = (card: WalkCard, staged: boolean) => {
    if (card.node.classList.contains("is-staged") !== staged) card.node.classList.toggle("is-staged", staged);
  };

  // What follows the last item, under it: when the trainee moves to it or checks it, built once the item or its
  // ruling is painted (they come first).
  let endDue = false;
  const renderEnd = () => {
    endDue = false;
    if (position.next === null) endHost.replaceChildren(el("div", {}, options.end(store.get())));
  };
  const endSoon = () => {
    if (!endDue) afterPaint(renderEnd);
    endDue = true;
  };

  const show = ({focus = false}: {focus?: boolean} = {}) => {
    // Read before the page changes, so the browser lays out once, after the change, not twice.
    const scrolledPast = focus && walk.getBoundingClientRect().top < 0;
    const card = cardFor(position.index);
    for (const other of cards.values()) {
      setStaged(other, false);
      other.node.hidden = other !== card;
    }
    if (card.node.parentElement !== host) host.append(card.node);
    renderStrip(store.get(), position);
    endHost.hidden = position.next !== null;
    if (position.next !== null) endHost.replaceChildren();
    else if (focus) endSoon();
    else renderEnd();
    if (focus) {
      card.focusHeading();
      if (scrolledPast) walk.scrollIntoView({block: "start"});
    }
    // The next item is built and laid out while the trainee reads this one, so moving on paints at once.
    if (position.next !== null) {
      const next = position.index + 1;
      whenIdle(() => stage(next), 2000);
    }
  };
  const go = (id: string, {focus}: {focus: boolean}) => {
    position = shownItem(ids, `#${id}`);
    show({focus});
    // The address follows the item shown, without a history entry for every step, once the item is painted: the
    // browser's history takes a few milliseconds that need not come before it.
    afterPaint(() => {
      if (position.id === id) history.replaceState(history.state, "", `#${id}`);
    });
  };
  window.addEventListener("hashchange", () => {
    const wanted = shownItem(ids, location.hash);
    if (wanted.id === position.id) return;
    position = wanted;
    show({focus: true});
  });
  let started = options.started(store.get());
  store.subscribe((progress) => {
    // "How to score" folds away once the trainee has answered in the part: it has been read.
    if (!started && options.started(progress)) {
      started = true;
      howTo.open = false;
    }
    renderStrip(progress, position);
    if (position.next === null) endSoon();
  });

  // The panel beside everything of the part, from its opening prose down, so the rubric is in view from the start.
  const walk = el(
    "div",
    {class: `walk${guide ? " has-panel" : ""}`},
    el(
      "div",
      {class: "walk-main"},
      el("div", {class: "walk-folds"}, about, howTo),
      el("div", {class: "walk-bar"}, counter, strip, guide?.toggle),
      host,
      endHost,
    ),
    guide?.aside,
    guide?.toggle ? guide.sheet : null,
  );
  show();
  if (guide) requestAnimationFrame(() => guide.panel.append(el("div", {}, options.panel!.body())));
  return walk;
}

// The panel beside a part's item (the rubric and the guideline's rules): in an aside beside the item on a wide screen;
// on a narrower one, behind a button that opens it as a sheet over the page, a modal dialog with a Close button.
// Escape, Close or a tap beside the sheet closes it, and the focus goes back where it was. The walk (part-walk.ts)
// places the pieces and fills the panel.
export interface WalkPanel {
  /** The panel's region, which the walk fills. */
  panel: HTMLElement;
  /** Beside the item: holds the panel on a wide screen. */
  aside: HTMLElement;
  /** The button that opens the sheet; null when the panel is for a wide screen only. */
  toggle: HTMLButtonElement | null;
  /** Holds the panel on a narrower screen. */
  sheet: HTMLDialogElement;
}

/** A controller, not a component: the walk places its pieces apart. */
export function walkPanel({label, wideOnly = false}: {label: string; wideOnly?: boolean}): WalkPanel {
  const panel = el("div", {"class": "guide-panel", "id": "guide-panel", "role": "region", "aria-label": label});
  const aside = el("aside", {class: "walk-aside"});
  const toggle = wideOnly
    ? null
    : el(
        "button",
        {
          "type": "button",
          "class": "button secondary panel-toggle",
          "aria-haspopup": "dialog",
          "aria-expanded": "false",
          "aria-controls": "guide-sheet",
        },
        label,
      );
  const closeSheet = el("button", {type: "button", class: "button secondary sheet-close"}, "Close");
  const sheet = el(
    "dialog",
    {"class": "guide-sheet", "id": "guide-sheet", "aria-label": label},
    el("div", {class: "sheet-bar"}, closeSheet),
  );
  let returnFocus: HTMLElement | null = null;
  closeSheet.addEventListener("click", () => sheet.close());
  sheet.addEventListener("click", (event) => {
    if (event.target === sheet) sheet.close();
  });
  sheet.addEventListener("close", () => {
    toggle?.setAttribute("aria-expanded", "false");
    returnFocus?.focus();
    returnFocus = null;
  });
  const wide = window.matchMedia("(min-width: 1200px)");
  const place = () => {
    if (wide.matches) {
      if (sheet.open) sheet.close();
      aside.append(panel);
    } else sheet.append(panel);
  };
  toggle?.addEventListener("click", () => {
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : toggle;
    sheet.showModal();
    toggle.setAttribute("aria-expanded", "true");
    closeSheet.focus();
  });
  wide.addEventListener("change", place);
  place();
  return {panel, aside, toggle, sheet};
}

// The strip of a part's items above the shown one: one link per item, named by its item ("Example 2", shown "Ex 2"),
// described by its state (not scored, exact ✓, one off ≈, two or more off ✗), in a look of its own, unlike the score
// choices under it. One Tab stop: the arrow keys, Home and End move along it.
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

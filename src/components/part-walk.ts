// A scored part, one item at a time: the part's header with where the trainee stands, its opening prose and "How to
// score" (said once), each folded to one line beside the other so the item is in the first screen, a strip of the
// part's items with each one's state, the item itself with Previous and Next, the rubric and the guideline's rules
// beside it on a wide screen (on a narrower one, a "Rubric" button opens them as a sheet over the page), and after the
// last item the way on. The address follows the item shown (/rubric#example-3), so a reload, a link or Back returns to
// it. Which item, and what the strip says, is decided in lib/trainee/walk.ts.
import type {Item} from "../lib/authored/schemas/item.js";
import type {Progress} from "../lib/trainee/progress.js";
import {itemLabel} from "../lib/site/links.js";
import {shownItem, walkCounter, type ItemState, type WalkPosition} from "../lib/trainee/walk.js";
import {el, type Child} from "./dom.js";
import {ItemStrip, markStrip} from "./item-strip.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {afterPaint, whenIdle} from "../lib/site/schedule.js";
import type {ScoreCard} from "./score-card.js";
import {walkPanel} from "./walk-panel.js";

export interface WalkItem {
  item: Item;
  /** Builds the item's card, with the Previous / Next controls it places. */
  card(nav: HTMLElement): ScoreCard;
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
  const cards = new Map<string, ScoreCard>();
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
  const cardFor = (index: number): ScoreCard => {
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
  const setStaged = (card: ScoreCard, staged: boolean) => {
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

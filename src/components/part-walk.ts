// A scored part, one item at a time: the part's header with where the trainee stands, its opening prose and "How to
// score" (said once), each folded to one line beside the other so the item is in the first screen, a strip of the
// part's items with each one's state, the item itself with Previous and Next, the rubric and the guideline's rules
// beside it on a wide screen (on a narrower one, a "Rubric" button opens them as a sheet over the page), and after the
// last item the way on. The address follows the item shown (/rubric#example-3), so a reload, a link or Back returns to
// it. Which item, and what the strip says, is decided in lib/trainee/walk.ts (the walk's state and its update); this
// builds the walk for a state, and moves the focus, the scroll and the address after a change.
import type {Item} from "../lib/authored/schemas/item.js";
import type {Progress} from "../lib/trainee/progress.js";
import {itemLabel} from "../lib/site/links.js";
import {
  itemStateLabels,
  stripKeyTarget,
  stripLabel,
  walkCounter,
  shownAddress,
  walkStart,
  walkUpdate,
  type ItemState,
  type WalkAction,
  type WalkState,
} from "../lib/trainee/walk.js";
import {el, type Child, live, type Keep, type Live} from "./dom.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {afterPaint, whenIdle} from "../lib/site/schedule.js";
import type {WalkCard} from "./score-card.js";
import {distanceMarks} from "../lib/trainee/score-distance.js";
import {skipEvent} from "../lib/site/skip-link.js";

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
  /** Where a bare address opens the part: the first item in this state ("open", the first still to score, unless
   *  given), else the first item. */
  opensOn?: ItemState;
  /** The part's opening prose, folded beside How to score. */
  about?: Child;
  /** Its fold's title: "About this part" unless given. */
  aboutTitle?: string;
  /** How to score, said once, folded. */
  howTo: Child;
  /** The fold's title: "How to score" unless given (Part 2, which scores nothing: "How to read"). */
  howToTitle?: string;
  /** Whether the trainee has answered anything in this part yet. */
  started(progress: Progress): boolean;
  /** Beside the item on a wide screen; behind a button on a phone, or, with `narrow`, that in its place: what the
   *  panel says, short enough to stand above the item (Part 1's one line). Its body is built in the frame after the
   *  first item shows: the item comes first. */
  panel?: {label: string; body: () => Child; narrow?: () => Child} | null;
  /** What follows the last item: the way on, and what the part ends with (a part of its own is placed with `keep`). */
  end(progress: Progress, keep: Keep): Child;
}

export function PartWalk(options: PartWalkOptions): Live<WalkState, WalkAction> {
  const {items, store, panel} = options;
  const ids = items.map((entry) => entry.item.id);
  // Each item's card, built the first time the walk shows or stages it; the walk places it and leaves it alone.
  const cards = new Map<number, WalkCard>();
  const cardOf = (index: number): WalkCard => {
    let card = cards.get(index);
    if (!card) cards.set(index, (card = items[index]!.card(ItemNav(ids, {index}))));
    return card;
  };
  // The opening prose and how to score, built once: the reader opens and folds them.
  const howTo = el(
    "details",
    {class: "how-to"},
    el("summary", {}, options.howToTitle ?? "How to score"),
    el("div", {class: "how-to-body"}, options.howTo),
  );
  const folds = el(
    "div",
    {class: "walk-folds"},
    options.about
      ? el(
          "details",
          {class: "part-about"},
          el("summary", {}, options.aboutTitle ?? "About this part"),
          el("div", {class: "part-intro"}, options.about),
        )
      : null,
    howTo,
  );
  const wide = window.matchMedia("(min-width: 1200px)");
  // The sheet's opener, given the focus back when the sheet closes.
  let returnFocus: HTMLElement | null = null;
  // Read when the reader asks, before the page changes, so the browser lays out once, after the change.
  const scrolledPast = (): boolean => walk.getBoundingClientRect().top < 0;

  const view = (state: WalkState, keep: Keep): HTMLElement => {
    const shown = items[state.position.index]!.item;
    const panelRegion = panel
      ? el(
          "div",
          {"class": "guide-panel", "id": "guide-panel", "role": "region", "aria-label": panel.label},
          state.panelReady ? keep("panel-body", () => el("div", {}, panel.body())) : null,
        )
      : null;
    const sheeted = !!panel && !panel.narrow;
    const counter = walkCounter(options.noun, itemLabel(shown), state.position);
    return el(
      "div",
      {class: `walk${panel ? " has-panel" : ""}`},
      el(
        "div",
        {class: "walk-main"},
        keep("folds", () => folds),
        // Drawn at every width, as the sheet's button is, and hidden beside the panel by the CSS: the page's first
        // screen, rendered into its HTML at build, holds it too.
        panel?.narrow ? el("div", {class: "panel-narrow"}, panel.narrow()) : null,
        el(
          "div",
          {class: "walk-bar"},
          el("p", {"class": "walk-counter", "aria-live": "polite"}, counter.label, el("span", {}, counter.place)),
          sheeted
            ? el(
                "button",
                {
                  "type": "button",
                  "class": "button secondary panel-toggle",
                  "aria-haspopup": "dialog",
                  "aria-expanded": String(state.sheetOpen),
                  "aria-controls": "guide-sheet",
                  "data-sheet": "open",
                },
                panel.label,
              )
            : null,
          ItemStrip(
            items.map(({item}) => item),
            {
              states: items.map(({item}) => options.stateOf(item, state.progress)),
              shown: state.position.index,
              stop: state.stripStop,
            },
          ),
        ),
        // The next item waits in the page, styled and laid out but not shown (out of the flow, invisible, and so out
        // of reach of the pointer, the keyboard and assistive technology), so Next only swaps it in: the browser did
        // its work on it while the trainee read this one.
        el(
          "div",
          {class: "item-host"},
          state.built.map((index) => {
            const staged = index === state.staged && index !== state.position.index;
            return el(
              "div",
              {class: `item-slot${staged ? " is-staged" : ""}`, hidden: index !== state.position.index && !staged},
              keep(`item-${ids[index]}`, () => cardOf(index).node),
            );
          }),
        ),
        // What follows the last item, once the last item or its ruling is painted (they come first).
        el(
          "div",
          {class: "part-end", hidden: state.position.next !== null},
          state.endShown ? el("div", {}, options.end(state.progress, keep)) : null,
        ),
      ),
      // The panel beside everything of the part, from its opening prose down, so the rubric is in view from the
      // start; on a narrower screen, in a sheet over the page (a modal dialog with a Close button).
      panel ? el("aside", {class: "walk-aside"}, state.wide ? panelRegion : null) : null,
      sheeted
        ? el(
            "dialog",
            {"class": "guide-sheet", "id": "guide-sheet", "aria-label": panel.label},
            el(
              "div",
              {class: "sheet-bar"},
              el("button", {"type": "button", "class": "button secondary sheet-close", "data-sheet": "close"}, "Close"),
            ),
            state.wide ? null : panelRegion,
          )
        : null,
    );
  };

  // The items' states on the strip, for an address that names no item: the walk then shows where the trainee stopped.
  const states = () => {
    const progress = store.get();
    return items.map(({item}) => options.stateOf(item, progress));
  };
  const walk: Live<WalkState, WalkAction> = live<WalkState, WalkAction>(
    walkStart(ids, {
      hash: location.hash,
      progress: store.get(),
      wide: wide.matches,
      states,
      opensOn: options.opensOn,
    }),
    {
      update: walkUpdate,
      view,
      on: {
        click: (event) => {
          const target = event.target as Element;
          // A tap beside the sheet, on its backdrop, closes it.
          if (target.matches("dialog.guide-sheet")) return {kind: "sheet", open: false};
          const sheet = target.closest("[data-sheet]")?.getAttribute("data-sheet");
          if (sheet) return {kind: "sheet", open: sheet === "open"};
          const go = target.closest("[data-go]")?.getAttribute("data-go");
          if (go) return {kind: "go", id: go, scroll: scrolledPast()};
          // A strip link shows its item the way Next does; a modified click opens it as a link does.
          const link = target.closest<HTMLAnchorElement>("a.strip-item");
          if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return undefined;
          event.preventDefault();
          return {kind: "go", id: link.dataset.item!, scroll: scrolledPast()};
        },
        keydown: (event, state) => {
          const link = (event.target as Element).closest?.("a.strip-item");
          if (!link) return undefined;
          const to = stripKeyTarget(event.key, ids.indexOf((link as HTMLElement).dataset.item!), state.ids.length);
          if (to === null) return undefined;
          event.preventDefault();
          return {kind: "strip-stop", index: to};
        },
      },
      effects: (node, {before, after, action}) => {
        switch (action.kind) {
          case "go":
          case "address": {
            cardOf(after.position.index).focusHeading();
            if (action.scroll) node.scrollIntoView({block: "start"});
            if (after.position.next === null) endSoon();
            // The address follows the item shown, a history entry for each item gone to, so Back (a phone's swipe
            // too) goes back to the item before, not out of the part; once the item is painted: the browser's
            // history takes a few milliseconds that need not come before it. An address changed meanwhile (typed,
            // or Back) is the reader's, and its hashchange, maybe still queued, shows it.
            const {id} = after.position;
            const address = location.hash;
            if (action.kind === "go")
              afterPaint(() => {
                if (node.state.position.id === id && location.hash === address && address !== `#${id}`)
                  history.pushState(history.state, "", `#${id}`);
              });
            stageNext(after);
            return;
          }
          case "record":
            // "How to score" folds away once the trainee has answered in the part: it has been read.
            if (!options.started(before.progress) && options.started(after.progress)) howTo.open = false;
            if (after.position.next === null) endSoon();
            return;
          case "strip-stop":
            node.querySelectorAll<HTMLElement>("a.strip-item")[after.stripStop]?.focus();
            return;
          case "sheet":
          case "wide": {
            const sheet = node.querySelector<HTMLDialogElement>("dialog.guide-sheet");
            if (!sheet || before.sheetOpen === after.sheetOpen) return;
            if (after.sheetOpen) {
              returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              sheet.showModal();
              sheet.querySelector<HTMLElement>(".sheet-close")!.focus();
            } else {
              if (sheet.open) sheet.close();
              returnFocus?.focus();
              returnFocus = null;
            }
            return;
          }
        }
      },
    },
  );
  const endSoon = () => afterPaint(() => walk.dispatch({kind: "end"}));
  // The next item is built and laid out while the trainee reads this one, so moving on paints at once.
  const stageNext = (state: WalkState) => {
    if (state.position.next !== null) {
      const next = state.position.index + 1;
      whenIdle(() => walk.dispatch({kind: "stage", index: next}), 2000);
    }
  };

  // The address names the item shown: one that names no item of the part shows where the trainee stopped (or the
  // first), and says so, on opening the part and on a change of address; so does a bare address that resumes past
  // the first.
  const nameShown = () => {
    const address = shownAddress(location.hash, walk.state.position);
    if (address) history.replaceState(history.state, "", address);
  };
  nameShown();
  addEventListener("hashchange", () => {
    walk.dispatch({kind: "address", hash: location.hash, scroll: scrolledPast(), states});
    nameShown();
  });
  // What the record changes here (the strip's marks, the count scored) waits for the frame that paints a Check's
  // ruling, so Check's click does no more than show it.
  store.subscribe((progress) => afterPaint(() => walk.dispatch({kind: "record", progress})));
  wide.addEventListener("change", () => walk.dispatch({kind: "wide", wide: wide.matches}));
  // The skip link lands on the item shown, whose keys then work: the page's own content starts there.
  document.addEventListener(skipEvent, (event) => {
    if (!walk.isConnected) return;
    event.preventDefault();
    const card = cardOf(walk.state.position.index);
    card.focusHeading();
    card.node.scrollIntoView({block: "nearest"});
  });
  // Escape closes the sheet too, and a dialog's close event does not bubble to the walk.
  walk
    .querySelector("dialog.guide-sheet")
    ?.addEventListener("close", () => walk.dispatch({kind: "sheet", open: false}));
  if (walk.state.position.next === null) endSoon();
  stageNext(walk.state);
  if (panel) requestAnimationFrame(() => walk.dispatch({kind: "panel"}));
  return walk;
}

/**
 * An item's Previous and Next, placed by its card: Next first, so it is the next Tab stop after the ruling's first
 * lines; the row shows Previous first. Until the item is checked, Next is a quiet button: Check is the one to press.
 */
function ItemNav(ids: readonly string[], {index}: {index: number}): HTMLElement {
  const previous = ids[index - 1];
  const next = ids[index + 1];
  return el(
    "div",
    {class: "item-nav"},
    el(
      "button",
      {"type": "button", "class": "button secondary next-item", "disabled": !next, "data-go": next ?? null},
      "Next",
      el("span", {class: "nav-noun"}, " item"),
      el("span", {"aria-hidden": "true"}, " →"),
    ),
    el(
      "button",
      {"type": "button", "class": "button secondary previous-item", "disabled": !previous, "data-go": previous ?? null},
      el("span", {"aria-hidden": "true"}, "← "),
      "Previous",
      el("span", {class: "nav-noun"}, " item"),
    ),
  );
}

// The strip of a part's items above the shown one: one link per item, named by its item ("Example 2", shown "Ex 2"),
// described by its state (not scored, exact ✓, one off ≈, two or more off ✗), in a look of its own, unlike the score
// choices under it. One Tab stop: the arrow keys, Home and End move it along (the walk listens).
const stateMarks: Record<ItemState, string> = {open: "", answered: "●", closed: "–", ...distanceMarks};

/** The strip for each item's state, the shown item the current step, and the link holding the Tab stop. */
function ItemStrip(
  items: readonly Item[],
  {states = [], shown = 0, stop = shown}: {states?: readonly ItemState[]; shown?: number; stop?: number} = {},
): HTMLElement {
  return el(
    "nav",
    {"class": "item-strip", "aria-label": "Items in this part"},
    el(
      "ol",
      {},
      items.map((item, index) => {
        const state = states[index] ?? "open";
        return el(
          "li",
          {},
          el(
            "a",
            {
              "href": `#${item.id}`,
              "class": `strip-item state-${state}`,
              "tabindex": index === stop ? 0 : -1,
              "aria-describedby": `strip-state-${item.id}`,
              "aria-current": index === shown ? "step" : null,
              "data-item": item.id,
              "data-mark": stateMarks[state],
            },
            el("span", {"class": "strip-label", "aria-hidden": "true"}, stripLabel(item)),
            el("span", {class: "visually-hidden"}, itemLabel(item)),
            el("span", {id: `strip-state-${item.id}`, hidden: true}, itemStateLabels[state]),
          ),
        );
      }),
    ),
  );
}

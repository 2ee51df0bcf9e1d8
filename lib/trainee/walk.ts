// Walking a part one item at a time: which item is shown (from the address), where Previous and Next lead, what the
// strip of the part's items says of each, and the item's title before and after Check. Pure: the page keeps the
// address and the view in step with what this decides.
import type {Item} from "../authored/schemas/item.js";
import type {Phase} from "../authored/schemas/parts.js";
import type {Score} from "../authored/schemas/verdict.js";
import {fragmentId, itemNumber} from "../site/links.js";
import {compareScores} from "./score-distance.js";
import {beforeClosed, doneIn, firstAttempt, type Answer, type Progress} from "./progress.js";

/** What the strip shows of one item. */
export type ItemState =
  /** Not answered yet. */
  | "open"
  /** Answered, with nothing to compare yet: a "before" score, or a blind self-check answer before the summary. */
  | "answered"
  /** No "before" score to give: the trainee read the example's ruling (Part 4) first (beforeClosed). */
  | "closed"
  | "exact"
  | "one-off"
  | "two-or-more-off";

export interface WalkPosition {
  /** The shown item's index in the part. */
  index: number;
  id: string;
  previous: string | null;
  next: string | null;
  /** "3 of 7". */
  ordinal: string;
}

/**
 * The item an address shows: the one whose id is its fragment ("#edge-4", percent-encoded or not), else the first.
 * An unknown fragment shows the first item, not an empty page.
 */
export function shownItem(ids: readonly string[], hash: string): WalkPosition {
  const found = ids.indexOf(fragmentId(hash));
  return positionAt(ids, found < 0 ? 0 : found);
}

export function positionAt(ids: readonly string[], index: number): WalkPosition {
  const at = Math.min(Math.max(index, 0), ids.length - 1);
  return {
    index: at,
    id: ids[at]!,
    previous: at > 0 ? ids[at - 1]! : null,
    next: at < ids.length - 1 ? ids[at + 1]! : null,
    ordinal: `${at + 1} of ${ids.length}`,
  };
}

/**
 * One item's state on the strip, from its first answer: open; answered (no ruling to compare: the vague line, or the
 * blind run before its summary); else how far the first answer was from the ruled score.
 */
export function itemState(
  first: Pick<Answer, "score"> | undefined,
  ruled: Score,
  {compared}: {compared: boolean},
): ItemState {
  if (!first) return "open";
  if (!compared) return "answered";
  return compareScores(first.score, ruled).distance;
}

/** The words the strip says for a state, after the item's name ("Example 3: not scored yet"). */
export const itemStateLabels: Record<ItemState, string> = {
  "open": "not scored yet",
  "answered": "scored",
  "closed": "no “before” score: you read its ruling first",
  "exact": "exact",
  "one-off": "one off",
  "two-or-more-off": "two or more off",
};

/**
 * An item's state on the strip in the walk, from its first answer in `phase`: under the vague line there is no ruling
 * to compare with, so an answer is only "answered"; with the guideline it is how far it was from the ruled score.
 */
export const walkItemState = (progress: Progress, item: Pick<Item, "id" | "score">, phase: Phase): ItemState =>
  phase === "vague" && beforeClosed(progress, item.id)
    ? "closed"
    : itemState(firstAttempt(progress, item.id, phase), item.score, {compared: phase === "guideline"});

/** Whether the trainee has answered any of a part's items in `phase` ("How to score" folds away once they have). */
export const anyAnswered = (progress: Progress, ids: readonly string[], phase: Phase): boolean =>
  ids.some((id) => firstAttempt(progress, id, phase) !== undefined);

/** Whether the trainee is done with each of a part's items in `phase` (answered, or closed to a "before" score). */
export const allAnswered = (progress: Progress, ids: readonly string[], phase: Phase): boolean =>
  ids.every((id) => doneIn(progress, id, phase));

/**
 * Whether the ruling of `item` is the first the trainee reads with the guideline in the walk (the self-check is not
 * the walk): that ruling says the first answer is the one recorded.
 */
export function firstCheckOfWalk(progress: Progress, item: string): boolean {
  const walk = progress.answers.filter((answer) => answer.phase === "guideline" && !answer.mode);
  return walk.length === 1 && walk[0]!.item === item;
}

/** The strip's short word for a set, before an item's number: the item's label shortened ("Ex 2" for Example 2). */
const stripWords: Record<Item["set"], string> = {
  "examples": "Ex",
  "edge-cases": "Edge",
  "calibration": "Cal",
  "fresh-calibration": "Fresh",
};

/**
 * The strip's visible label of an item: a short word for its set and its number ("Ex 3", "Edge 1a", "Cal D"), a twist
 * marked with a prime, so the strip never reads as a row of scores. Its accessible name is the full label
 * (`itemLabel`: "Example 3").
 */
export function stripLabel(item: Pick<Item, "id" | "set" | "origin" | "order">): string {
  const {number, twist} = itemNumber(item);
  return `${stripWords[item.set]} ${number}${twist ? "′" : ""}`;
}

/**
 * The counter above the item: the part's noun and the place ("Example 3 of 7") where the item's label is just that,
 * else the label before the place ("Edge case 1a · 2 of 14"). The place is apart, so a phone breaks a long counter
 * before it, never inside it.
 */
export const walkCounter = (
  noun: string,
  label: string,
  position: Pick<WalkPosition, "index" | "ordinal">,
): {label: string | null; place: string} =>
  label === `${noun} ${position.index + 1}`
    ? {label: null, place: `${noun} ${position.ordinal}`}
    : {label: `${label} · `, place: position.ordinal};

/** How many cases of the case study a part's items come from: a case's variants and its twist are one case. */
export const casesIn = (items: readonly Pick<Item, "caseStudyNumber">[]): number =>
  new Set(items.map((item) => item.caseStudyNumber)).size;

/**
 * Why a part has more items to score than the case study has cases ("Eleven cases", 14 scored): its variants and its
 * twists, said the same on the home page and in the part. Null where each case is one item.
 */
export function itemsOfCases(items: readonly Pick<Item, "caseStudyNumber" | "twistOf">[]): string | null {
  if (casesIn(items) === items.length) return null;
  const kept = items.filter((item) => !item.twistOf);
  const variants = casesIn(kept) < kept.length;
  const why = [
    variants ? "a case with variants has an item for each (1a, 1b, 1c)" : null,
    kept.length < items.length ? "′ marks a twist on a case" : null,
  ].filter((reason): reason is string => reason !== null);
  // The cases by their numbers, not a count: the part's description counts its own ("Eleven cases", the rubric-writer
  // check among them, which has no item).
  const numbers = [...new Set(items.map((item) => item.caseStudyNumber))];
  const from = numbers.every(Boolean) ? ` from cases ${numbers[0]} to ${numbers.at(-1)}` : "";
  return `You score ${items.length} items${from}: ${why.join(", and ")}.`;
}

/**
 * What a part says of its items beside its description, on the start page and in the part alike: why it has more
 * items than cases (itemsOfCases), and where the edge case for people who write criteria comes (`criteriaCase`, its
 * number, given for the edge cases where the content has it): it has no item, and follows the last. Null when neither.
 */
export function partItemsWords(
  items: readonly Pick<Item, "caseStudyNumber" | "twistOf">[],
  {criteriaCase = null}: {criteriaCase?: string | null} = {},
): string | null {
  const criteria =
    criteriaCase === null ? null : `Case ${criteriaCase}, for people who write criteria, follows the last item.`;
  return [itemsOfCases(items), criteria].filter(Boolean).join(" ") || null;
}

/**
 * A part's walk as it stands: which item is shown, the record the strip is drawn from, which cards are in the page
 * (each built on its first showing, then kept, hidden when another shows), the next card laid out ahead of Next, the
 * strip link holding the Tab stop, and where the panel beside the item is (beside it, or a sheet, open or not).
 */
export interface WalkState {
  ids: readonly string[];
  position: WalkPosition;
  progress: Progress;
  built: readonly number[];
  staged: number | null;
  /** The strip's one Tab stop: the shown item's link until the arrow keys move it. */
  stripStop: number;
  wide: boolean;
  sheetOpen: boolean;
  /** The panel's body comes after the first item is shown: the item first. */
  panelReady: boolean;
  /** What follows the last item is drawn once the last item (or its ruling) is painted, and stays drawn. */
  endShown: boolean;
  /** Where an address naming no item opens the part: its first item in this state (walkStart's `opensOn`). */
  opensOn: ItemState;
}

export type WalkAction =
  /** Previous, Next or a strip link; `scroll`: the walk's top was above the window when the reader asked. */
  | {kind: "go"; id: string; scroll: boolean}
  /**
   * The address's fragment changed (a link, Back, one typed): the item it names, unless that one shows already; one
   * that names no item shows where the trainee stopped, as opening the part with it does (`states`, as walkStart's).
   */
  | {kind: "address"; hash: string; scroll: boolean; states?: () => readonly ItemState[]}
  | {kind: "record"; progress: Progress}
  /** The next item's card, built while the trainee reads this one. */
  | {kind: "stage"; index: number}
  /** The arrow keys, Home or End on the strip (stripKeyTarget): the link that takes the Tab stop, and the focus. */
  | {kind: "strip-stop"; index: number}
  | {kind: "sheet"; open: boolean}
  | {kind: "wide"; wide: boolean}
  | {kind: "panel"}
  /** The last item is painted: what follows it may be drawn. */
  | {kind: "end"};

/**
 * The item an address names; with none, where the trainee stopped: the first item in the state `opensOn` names (still
 * open, unless a part to read names another), else the first.
 */
function addressed(
  ids: readonly string[],
  hash: string,
  states: (() => readonly ItemState[]) | undefined,
  opensOn: ItemState,
): WalkPosition {
  const named = ids.indexOf(fragmentId(hash));
  return positionAt(ids, named >= 0 ? named : Math.max(states?.().indexOf(opensOn) ?? 0, 0));
}

/**
 * What the address becomes once the walk shows `position`: its item's fragment, where the address named another
 * item, none that the part has, or (a bare address) an item past the first; null to leave it as it is.
 */
export const shownAddress = (hash: string, position: WalkPosition): string | null =>
  hash !== `#${position.id}` && (hash !== "" || position.index > 0) ? `#${position.id}` : null;

/**
 * The walk's first state: the item the address names; with none, where the trainee stopped, the first item still
 * open when some are answered (coming back to a part from the start page, or by its address), else the first.
 * `states` gives the items' states on the strip, in order, asked only when the address names no item. A part to read
 * opens instead on its first item in the state `opensOn` names: Part 2 on the first example with a "before" score,
 * the first with a split to read (its first still open is one whose split stays hidden).
 */
export function walkStart(
  ids: readonly string[],
  {
    hash,
    progress,
    wide,
    states,
    opensOn = "open",
  }: {hash: string; progress: Progress; wide: boolean; states?: () => readonly ItemState[]; opensOn?: ItemState},
): WalkState {
  const position = addressed(ids, hash, states, opensOn);
  return {
    ids,
    position,
    progress,
    built: [position.index],
    staged: null,
    stripStop: position.index,
    wide,
    sheetOpen: false,
    panelReady: false,
    endShown: false,
    opensOn,
  };
}

const withBuilt = (built: readonly number[], index: number): readonly number[] =>
  built.includes(index) ? built : [...built, index];

/** Where the arrow keys, Home and End move the strip's Tab stop from link `at` of `count`; null for another key. */
export function stripKeyTarget(key: string, at: number, count: number): number | null {
  const to = {ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: count - 1}[key];
  return to === undefined ? null : Math.max(0, Math.min(count - 1, to));
}

/**
 * The walk after an action. Showing an item, even the one shown, is a new state, as is moving the strip's Tab stop:
 * the page then moves the focus. The card staged ahead is only ever the one after the item shown.
 */
export function walkUpdate(state: WalkState, action: WalkAction): WalkState {
  switch (action.kind) {
    case "go":
    case "address": {
      const position =
        action.kind === "go"
          ? shownItem(state.ids, `#${action.id}`)
          : addressed(state.ids, action.hash, action.states, state.opensOn);
      if (action.kind === "address" && position.id === state.position.id) return state;
      return {
        ...state,
        position,
        built: withBuilt(state.built, position.index),
        staged: null,
        stripStop: position.index,
      };
    }
    case "record":
      return action.progress === state.progress
        ? state
        : {...state, progress: action.progress, stripStop: state.position.index};
    case "stage":
      if (action.index !== state.position.index + 1 || state.staged === action.index) return state;
      return {...state, staged: action.index, built: withBuilt(state.built, action.index)};
    case "strip-stop":
      return {...state, stripStop: Math.max(0, Math.min(state.ids.length - 1, action.index))};
    case "sheet":
      return action.open === state.sheetOpen || (action.open && state.wide)
        ? state
        : {...state, sheetOpen: action.open};
    case "wide":
      return action.wide === state.wide
        ? state
        : {...state, wide: action.wide, sheetOpen: action.wide ? false : state.sheetOpen};
    case "panel":
      return state.panelReady ? state : {...state, panelReady: true};
    case "end":
      return state.endShown || state.position.next !== null ? state : {...state, endShown: true};
  }
}

/** A card at the end of a part: where it leads, its kicker ("Next", "Then"), its title and its line. */
export interface WayOn {
  href: string;
  kicker: string;
  title: string;
  text: string;
}

/** The results, as the end of the walk leads to them. */
export const resultsWay: Omit<WayOn, "kicker"> = {
  href: "./results",
  title: "Your results",
  text: "Your scores against the ruled ones, and what to review.",
};

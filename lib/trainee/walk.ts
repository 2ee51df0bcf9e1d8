// Walking a part one item at a time: which item is shown (from the address), where Previous and Next lead, what the
// strip of the part's items says of each, and the item's title before and after Check. Pure: the page keeps the
// address and the view in step with what this decides.
import type {Item} from "../authored/schemas/item.js";
import type {Phase} from "../authored/schemas/parts.js";
import type {Score} from "../authored/schemas/verdict.js";
import {itemNumber} from "../site/links.js";
import {compareScores} from "./score-distance.js";
import {firstAttempt, type Answer, type Progress} from "./progress.js";

/** What the strip shows of one item. */
export type ItemState =
  /** Not answered yet. */
  | "open"
  /** Answered, with nothing to compare yet: a "before" score, or a blind self-check answer before the summary. */
  | "answered"
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
  let fragment = hash.replace(/^#/, "");
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // A malformed escape: read it as it is.
  }
  const found = ids.indexOf(fragment);
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
  "exact": "exact",
  "one-off": "one off",
  "two-or-more-off": "two or more off",
};

/**
 * An item's state on the strip in the walk, from its first answer in `phase`: under the vague line there is no ruling
 * to compare with, so an answer is only "answered"; with the guideline it is how far it was from the ruled score.
 */
export const walkItemState = (progress: Progress, item: Pick<Item, "id" | "score">, phase: Phase): ItemState =>
  itemState(firstAttempt(progress, item.id, phase), item.score, {compared: phase === "guideline"});

/** Whether the trainee has answered any of a part's items in `phase` ("How to score" folds away once they have). */
export const anyAnswered = (progress: Progress, ids: readonly string[], phase: Phase): boolean =>
  ids.some((id) => firstAttempt(progress, id, phase) !== undefined);

/** Whether the trainee has answered every one of a part's items in `phase`. */
export const allAnswered = (progress: Progress, ids: readonly string[], phase: Phase): boolean =>
  ids.every((id) => firstAttempt(progress, id, phase) !== undefined);

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
 * else the label before the place ("Edge case 1a · 2 of 14").
 */
export const walkCounter = (noun: string, label: string, position: Pick<WalkPosition, "index" | "ordinal">): string =>
  label === `${noun} ${position.index + 1}` ? `${noun} ${position.ordinal}` : `${label} · ${position.ordinal}`;

/** How many cases of the case study a part's items come from: a case's variants and its twist are one case. */
export const casesIn = (items: readonly Pick<Item, "caseStudyNumber">[]): number =>
  new Set(items.map((item) => item.caseStudyNumber)).size;

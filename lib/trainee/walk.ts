// Walking a part one item at a time: which item is shown (from the address), where Previous and Next lead, what the
// strip of the part's items says of each, and the item's title before and after Check. Pure: the page keeps the
// address and the view in step with what this decides.
import type {Score} from "../verdict.js";
import {compareScores} from "./score-distance.js";
import type {Answer} from "./progress.js";

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

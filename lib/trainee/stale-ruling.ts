// Whether the ruling shown on an answer is newer than the answer: it was scored under an earlier guideline version
// whose score for the item differs from today's. The ruling always shows today's score; the note says so.
import type {Score} from "../authored/schemas/verdict.js";
import type {Answer} from "./progress.js";
import {scoreText} from "./words.js";

/** Each guideline version's score for each item (null: that version gives the item no single score). */
export type RulingsByVersion = Readonly<Record<string, Readonly<Record<string, Score | null>>>>;

/**
 * Whether an answer's ruling may have changed: it was scored under an older guideline version, and the caller
 * (who can derive the item under both versions) says the ruling differs. Null when the answer still stands.
 */
export function staleRuling(
  answer: Pick<Answer, "item" | "guideline">,
  currentVersion: string,
  rulingChanged: (item: string, scoredUnder: string) => boolean,
): {scoredUnder: string; current: string} | null {
  if (answer.guideline === currentVersion || !rulingChanged(answer.item, answer.guideline)) return null;
  return {scoredUnder: answer.guideline, current: currentVersion};
}

/** A stale answer's note, in plain words: it was scored under an earlier version whose ruling differs. */
export function staleSentence(then: Score | null | undefined): string {
  const moved =
    then === undefined ? "" : then === null ? ", which gave no single score" : `, which ruled it ${scoreText(then)}`;
  return `You scored this under an earlier version of the guideline${moved}. The ruling shown is today's.`;
}

/**
 * The note the ruling of `answer` carries, or null: the ruling has moved when the version it was scored under gives
 * the item another score than the current version does (a version that never ruled the item counts as moved).
 */
export function staleRulingNote(
  answer: Pick<Answer, "item" | "guideline">,
  currentVersion: string,
  rulings: RulingsByVersion,
): string | null {
  const moved = staleRuling(
    answer,
    currentVersion,
    (item, scoredUnder) => rulings[scoredUnder]?.[item] !== rulings[currentVersion]?.[item],
  );
  return moved ? staleSentence(rulings[moved.scoredUnder]?.[answer.item]) : null;
}

// What a trainee sees on Check, as data: their score against the ruled one, their checklist against the ruled one
// line by line (./checklist-comparison.ts), the rubric row of the ruled score, the score their own checklist implies,
// the flags, the case study's note on their score if it names it as a likely wrong one, what the case teaches, and
// its links.
import type {Derivation, Scoring} from "../engine/derive.js";
import type {Item, ItemFlag, ItemNote} from "../authored/schemas/item.js";
import type {RubricRow, Tally} from "../engine/rubric.js";
import type {Score} from "../authored/schemas/verdict.js";
import {compareChecklist, rulesMisapplied, type ChecklistComparison, type Misapplied} from "./checklist-comparison.js";
import {decidingRule} from "./deciding-rule.js";
import {impliedScore, type ImpliedScore} from "./implied.js";
import type {Answer} from "./progress.js";
import {compareScores, type ScoreComparison} from "./score-distance.js";

export interface Comparison {
  item: string;
  score: ScoreComparison;
  /** The ruled score's rubric row (lib/engine/derive.ts derive). */
  ruled: {score: Score; row: RubricRow | null; tally: Tally | null};
  /** What the trainee's own checklist implies, when they filled in one. */
  implied: ImpliedScore | null;
  /** The trainee's score is not one their own checklist implies. */
  checklistScoreMismatch: boolean;
  checklist: ChecklistComparison | null;
  rulesMisapplied: Misapplied;
  /** The flags the item carries (accuracy, quality, prompt, safety review), each with its source. */
  flags: ItemFlag[];
  /** The case study's notes on the trainee's score, when it names that score as a likely wrong one, each after the
   *  note that answers it (which carries no score of its own); where it has none on that score, those on the score
   *  nearest theirs on the way to the ruled one (lib/trainee/compare.ts notesOnTheWay). */
  likelyWrong: ItemNote[];
  teaches: string | null;
  /** Items to compare with: the one this is a twist of, and the case study's cross-references. */
  links: string[];
}

/**
 * The case's notes on a score (`score`), each after the note that answers it where one does (`answers`): the answer
 * leads, since the note it answers may say only why the case looks like that score.
 */
export function notesOnScore(item: Pick<Item, "notes">, score: Score): ItemNote[] {
  return item.notes
    .filter((note) => note.score !== undefined && note.score === score)
    .flatMap((note) => {
      const answer = item.notes.find((other) => other.answers === note.label);
      return answer ? [answer, note] : [note];
    });
}

/**
 * The notes for a trainee's score: those on it, else those on the nearest score between it and the ruled one, which
 * argue against theirs all the more. Calibration A scored 2 reads "Why not 3" (Frau Berger would not read Viele Grüße
 * as informal), the argument a trainee who took the register as broken needs, where the case study wrote nothing on
 * 2. None for a right score, or past the ruled one.
 */
export function notesOnTheWay(item: Pick<Item, "notes" | "score">, score: Score): ItemNote[] {
  const own = notesOnScore(item, score);
  const ruled = item.score;
  if (own.length || score === ruled || score === "n/a" || ruled === "n/a") return own;
  for (let step = Math.sign(ruled - score), at = score + step; at !== ruled; at += step) {
    const notes = notesOnScore(item, at);
    if (notes.length) return notes;
  }
  return [];
}

/** Everything the Check shows for one answer. Pure: the page renders it. */
export function compareAnswer(
  item: Item,
  derivation: Derivation,
  answer: Pick<Answer, "score" | "checklist">,
  scoring: Scoring,
): Comparison {
  const hasChecklist = !!answer.checklist && answer.checklist.lines.length > 0;
  const implied = hasChecklist ? impliedScore(answer.checklist!, scoring) : null;
  const position = derivation.candidates.indexOf(item.score);
  const links: string[] = [];
  for (const id of [
    ...(item.twistOf ? [item.twistOf] : []),
    ...item.compare,
    ...item.notes.flatMap((note) => note.compare),
  ])
    if (!links.includes(id)) links.push(id);
  return {
    item: item.id,
    score: compareScores(answer.score, item.score),
    ruled: {score: item.score, row: position < 0 ? null : derivation.rows[position]!, tally: derivation.tally},
    implied,
    checklistScoreMismatch: !!implied && implied.ok && !implied.scores.includes(answer.score),
    checklist: hasChecklist ? compareChecklist(item, answer.checklist!) : null,
    rulesMisapplied: rulesMisapplied(item, answer, () => decidingRule(item, derivation, scoring.logic.data).rule),
    flags: item.flags,
    likelyWrong: notesOnTheWay(item, answer.score),
    teaches: item.teaches ?? null,
    links,
  };
}

// Test helpers: the real items, and a trainee's listings built from the words they would select.
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadItems} from "../../../lib/node/load.js";
import {locate, textOf} from "../../../lib/authored/quote.js";
import {
  emptyProgress,
  recordAnswer,
  type Answer,
  type Listing,
  type Progress,
  type TraineeChecklist,
  type TraineeLine,
  type TraineeVerdict,
} from "../../../lib/trainee/progress.js";

export const items = loadItems();

export function item(id: string): Item {
  const found = items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

/** A mark over the first whole-word occurrence of `words` in the request (or in an earlier turn). */
export function mark(of: Item, words: string, where: "request" | `turn-${number}` = "request"): Listing {
  const text = textOf(of, where);
  const span = text === null ? null : locate(text, words);
  if (!span) throw new Error(`"${words}" is not in ${of.id}'s ${where}`);
  return {kind: "mark", in: where, ...span};
}

export const free = (text: string): Listing => ({kind: "free", text});
export const option = (index: number): Listing => ({kind: "option", index});

/** A trainee line: a listing, a verdict, and whether it is the main task. */
export const line = (listing: Listing, verdict?: TraineeVerdict, main = false): TraineeLine => ({
  listing,
  ...(main ? {main: true} : {}),
  ...(verdict ? {verdict} : {}),
});

/**
 * Answers recorded in order (a second apart), each the next attempt at its item, phase and mode; a score under the
 * current guideline unless the answer says otherwise.
 */
export function record(...answers: (Partial<Omit<Answer, "attempt">> & Pick<Answer, "item" | "score">)[]): Progress {
  const at = (second: number): string => `2026-03-01T10:00:${String(second).padStart(2, "0")}.000Z`;
  return answers.reduce(
    (progress, answer, index) =>
      recordAnswer(progress, {phase: "guideline", guideline: "v2", at: at(index), ...answer}),
    emptyProgress(),
  );
}

/**
 * Example 3's checklist as a trainee who takes Viele Grüße for a small flaw lists it: the email (the main task) and
 * "kurze" met, "förmliche" met with a flaw. The case study rules "förmliche" not met: style and register decides.
 */
export function formalMetWithFlaw(): TraineeChecklist {
  const example3 = item("example-3");
  return {
    lines: [
      line(mark(example3, "E-Mail an meine Vermieterin"), "met", true),
      line(mark(example3, "kurze"), "met"),
      line(mark(example3, "förmliche"), "met-flaw"),
    ],
  };
}

// How the engine's verdicts and rubric rows read, on every page and in every command: one wording for each, and
// the shorter forms a table or a list needs, each built beside the full one. Browser-safe (type imports only):
// lib/authored/schemas/verdict.ts and lib/engine/rubric.ts hold the values.
import type {GuidelineParameters} from "../authored/schemas/parameters.js";
import type {RubricRow} from "./rubric.js";
import type {Verdict} from "../authored/schemas/verdict.js";

/** A verdict on a checklist line, as a page states it. */
export const verdictLabels: Record<Verdict, string> = {
  "met": "met",
  "met-flaw": "met, with a small flaw",
  "partly": "partly met",
  "not-met": "not met",
  "cannot-check": "can't be checked",
  "not-instruction": "not an instruction",
  "not-applicable": "not applicable",
};

/**
 * A verdict inside a list that commas already separate ("two others: one met with a small flaw, one partly met"):
 * the same words without the comma, which would read as a break between entries.
 */
export const verdictInListLabels: Record<Verdict, string> = {...verdictLabels, "met-flaw": "met with a small flaw"};

/** A rubric row, as the ruling and the trainee's implied score state it. */
export const rubricRowLabels: Record<RubricRow, string> = {
  "all-met": "every instruction met",
  "one-small-flaw": "every instruction met, one with a small flaw",
  "half-or-more": "main task met or partly met, at least half of the other instructions met",
  "fewer-than-half": "main task met or partly met, fewer than half of the other instructions met",
  "main-partly-capped": "main task only partly done: the score can't go above the cap",
  "main-not-met-engages": "main task not met, but the response engages with the request",
  "does-not-follow": "ignores the request or does a different task",
  "declines-harmless": "declines a harmless request",
  "not-applicable": "a justified refusal: not rated, sent to safety review",
};

/** A rubric row in a table cell, after its score where it has one: "4, one small flaw" (the authors' preview). */
const rubricRowShortLabels: Record<RubricRow, string> = {
  "all-met": "5, every instruction met",
  "one-small-flaw": "4, one small flaw",
  "half-or-more": "3, at least half met",
  "fewer-than-half": "2, fewer than half met",
  "main-partly-capped": "the cap for a partly done main task",
  "main-not-met-engages": "2, engages without doing the task",
  "does-not-follow": "1, does not follow",
  "declines-harmless": "1, declines a harmless request",
  "not-applicable": "not applicable",
};

/** Rows 3 and 2 as each counting rule words them: where exactly half falls is the rule's to say. */
const countedRows: Record<GuidelineParameters["counting"], {three: string; two: string}> = {
  "at-least-half": {three: "3, at least half met", two: "2, fewer than half met"},
  "more-than-half": {three: "3, more than half met", two: "2, half or fewer met"},
  "most-missed": {three: "3, some instructions missed", two: "2, most instructions missed"},
};

/**
 * A rubric row by its number and words, as the version that applies it words it: "row 3, more than half met" under
 * `counting: more-than-half`; the cap names its score ("row 3, the cap for a partly done main task").
 */
export function rubricRowByNumber(
  row: RubricRow,
  {counting, partialMainCap}: Pick<GuidelineParameters, "counting" | "partialMainCap">,
): string {
  if (row === "half-or-more") return `row ${countedRows[counting].three}`;
  if (row === "fewer-than-half") return `row ${countedRows[counting].two}`;
  const words = rubricRowShortLabels[row] ?? row;
  if (row === "main-partly-capped") return `row ${partialMainCap}, ${words}`;
  if (row === "not-applicable") return words;
  return `row ${words}`;
}

// The rubric's completeness in words, one line per shape or finding, for guideline:preview and the authors' page.
import type {Finding} from "./completeness.js";
import {listWords, plural} from "../text/format.js";
import type {Score} from "../authored/schemas/verdict.js";
import {verdictInListLabels} from "../engine/labels.js";
import {otherVerdicts, type MainOutcome, type Shape, type StepChange} from "./checklist-shapes.js";

// The ways a main task is missed that the shapes tell apart, from the engine's summary, not any one rubric's rows.
const mainWords: Record<MainOutcome, string> = {
  "met": `main task ${verdictInListLabels["met"]}`,
  "met-flaw": `main task ${verdictInListLabels["met-flaw"]}`,
  "partly": `main task ${verdictInListLabels["partly"]}`,
  "not-met-engages": `main task ${verdictInListLabels["not-met"]}, but the response engages with the request`,
  "not-met-ignores":
    `main task ${verdictInListLabels["not-met"]}: ` + "the response ignores the request or does a different task",
  "declines-harmless": "declines a harmless request",
  "cannot-check": `main task ${verdictInListLabels["cannot-check"]}`,
  "justified-refusal": "a justified refusal",
};

const countWords = ["no", "one", "two", "three", "four", "five", "six"];
const countWord = (count: number): string => countWords[count] ?? String(count);

/** A shape in plain words: "main task met; two others met with a small flaw". */
export function describeShape({main, others}: Shape): string {
  const groups = otherVerdicts
    .map((verdict) => ({verdict, count: others.filter((other) => other === verdict).length}))
    .filter(({count}) => count > 0);
  const noun = others.length === 1 ? "other" : "others";
  const rest =
    groups.length === 0
      ? "no other instructions"
      : groups.length === 1
        ? `${countWord(others.length)} ${noun} ${verdictInListLabels[groups[0]!.verdict]}`
        : `${countWord(others.length)} ${noun}: ` +
          groups.map(({verdict, count}) => `${countWord(count)} ${verdictInListLabels[verdict]}`).join(", ");
  return `${mainWords[main]}; ${rest}`;
}

const scoreWords = (scores: readonly Score[]): string =>
  scores.length === 0 ? "no score" : scores.map((score) => (score === "n/a" ? "not applicable" : score)).join(" or ");

const changeWords = (change: StepChange): string =>
  change.position === "main"
    ? `the main task goes from "${mainWords[change.from]}" to "${mainWords[change.to]}"`
    : `another instruction goes from ${verdictInListLabels[change.from]} to ${verdictInListLabels[change.to]}`;

/** One line per finding, for a command line or a page's summary. */
export function describeFinding(finding: Finding): string {
  switch (finding.kind) {
    case "gap":
      return (
        `gap: ${plural(finding.count, "shape")} get ${scoreWords(finding.scores)}` +
        (finding.rowNames.length ? `, by ${listWords(finding.rowNames, {conjunction: "or"})}` : "") +
        `; smallest: ${finding.smallest.words}`
      );
    case "non-monotone":
    case "cliff": {
      const {before, after} = finding.smallest;
      const what = finding.kind === "cliff" ? "cliff" : "non-monotone";
      return (
        `${what}: ${plural(finding.count, "step")} where ${changeWords(finding.change)} ` +
        `${finding.kind === "cliff" ? "moves the score two levels or more" : "lowers the score"}; ` +
        `smallest: ${before.words} (${scoreWords(before.scores)}) -> ${after.words} (${scoreWords(after.scores)})`
      );
    }
    case "reading":
      return (
        `reading: ${plural(finding.count, "shape")} meet every instruction, some with a small flaw, yet score ` +
        `${scoreWords(finding.scores)} by a row for missed instructions; smallest: "${finding.smallest.words}" ` +
        `scores ${scoreWords(finding.smallest.scores)} ` +
        `by ${listWords(finding.smallest.rowNames, {conjunction: "or"})}` +
        (finding.alike ? `, as "${finding.alike.words}" does, which misses an instruction` : "")
      );
  }
}

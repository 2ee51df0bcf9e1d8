// The score a trainee's own checklist implies under the rubric, so a checklist and a score that disagree show.
// The trainee has verdicts, not facts: each verdict goes to the real rubric (lib/engine/rubric.ts) as it stands.
//
// The main task needs one more answer when it is not met (or can't be checked): the rubric gives 2 when the
// response still engages with the request, 1 when it ignores it, does a different task or declines a harmless
// request, and "not applicable" for a justified refusal. The trainee says which in `mainNotMet`; until they do,
// both readings are returned (2 or 1) with `undecided: "engages"`, so the page can ask.
import type {Guideline} from "../authored/schemas/guideline.js";
import {scoringOf, type Scoring} from "../engine/derive.js";
import {applyRubric, tally, type RubricRow, type Tally} from "../engine/rubric.js";
import type {RuleOutcome} from "../engine/rules.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";
import type {MainNotMet, TraineeChecklist} from "./progress.js";

export type ImpliedScore =
  | {
      ok: true;
      /** The one score, or null when the checklist leaves more than one (see scores). */
      score: Score | null;
      /** Every score the rubric allows for this checklist, highest first. */
      scores: Score[];
      /** The rubric row behind each score, same order. */
      rows: RubricRow[];
      /** What the rubric counted, when the main task is met or partly met. */
      tally: Tally | null;
      /** What the trainee still has to say to get one score. */
      undecided: "engages" | null;
    }
  | {
      ok: false;
      /** No line is the main task; more than one is; some lines have no verdict yet. */
      reason: "no-main" | "several-mains" | "missing-verdicts";
      /** The trainee's lines at fault, by index. */
      lines: number[];
    };

const notDone = (verdict: Verdict): boolean => verdict === "not-met" || verdict === "cannot-check";

function mainOutcome(verdict: Verdict, notMet: MainNotMet): RuleOutcome {
  if (!notDone(verdict)) return {verdict, clause: "trainee"};
  switch (notMet) {
    case "justified-refusal":
      return {verdict: "not-applicable", clause: "trainee"};
    case "declines-harmless":
      return {verdict, clause: "trainee", engages: false, declinesHarmless: true};
    case "engages":
      return {verdict, clause: "trainee", engages: true};
    case "ignores":
      return {verdict, clause: "trainee", engages: false};
  }
}

const rank = (score: Score): number => (score === "n/a" ? 0 : score);

/** The score the trainee's checklist implies under a guideline version's rubric and parameters. */
export function impliedScore(checklist: TraineeChecklist, {logic, parameters}: Scoring): ImpliedScore {
  const mains = checklist.lines.flatMap((line, index) => (line.main ? [index] : []));
  if (mains.length === 0) return {ok: false, reason: "no-main", lines: []};
  if (mains.length > 1) return {ok: false, reason: "several-mains", lines: mains};
  const unchecked = checklist.lines.flatMap((line, index) => (line.verdict ? [] : [index]));
  if (unchecked.length) return {ok: false, reason: "missing-verdicts", lines: unchecked};

  const main = checklist.lines[mains[0]!]!.verdict!;
  const others = checklist.lines.filter((line) => !line.main).map((line) => line.verdict!);
  const readings: MainNotMet[] = !notDone(main)
    ? ["engages"]
    : checklist.mainNotMet
      ? [checklist.mainNotMet]
      : ["engages", "ignores"];
  const outcomes: {score: Score; row: RubricRow}[] = [];
  for (const reading of readings)
    for (const outcome of applyRubric(logic, mainOutcome(main, reading), others, parameters))
      if (!outcomes.some((seen) => seen.score === outcome.score)) outcomes.push(outcome);
  outcomes.sort((a, b) => rank(b.score) - rank(a.score));
  return {
    ok: true,
    score: outcomes.length === 1 ? outcomes[0]!.score : null,
    scores: outcomes.map((outcome) => outcome.score),
    rows: outcomes.map((outcome) => outcome.row),
    tally: notDone(main) ? null : tally(logic, main, others, parameters),
    undecided: readings.length > 1 ? "engages" : null,
  };
}

// A version's logic compiled once, however often a trainee's checklist changes.
const scorings = new WeakMap<Pick<Guideline, "logic">, Scoring>();

/** The score the trainee's checklist implies under a guideline version's own logic and parameters. */
export function impliedUnder(checklist: TraineeChecklist, guideline: Pick<Guideline, "logic">): ImpliedScore {
  let scoring = scorings.get(guideline);
  if (!scoring) scorings.set(guideline, (scoring = scoringOf(guideline)));
  return impliedScore(checklist, scoring);
}

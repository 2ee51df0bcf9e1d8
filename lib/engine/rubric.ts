import type {GuidelineParameters} from "../authored/schemas/parameters.js";
import type {RuleOutcome} from "./rules.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";

/** Which rubric row applied. Each maps to one score level (or to "not applicable"). */
export type RubricRow =
  | "all-met" // 5: every instruction met
  | "one-small-flaw" // 4: every instruction met, one with a small flaw
  | "half-or-more" // 3: main task met or partly met, at least half of the others met
  | "fewer-than-half" // 2: main task met or partly met, fewer than half of the others met
  | "main-partly-capped" // the cap for a partly done main task lowered the score
  | "main-not-met-engages" // 2: main task not met, but the response engages with the request
  | "does-not-follow" // 1: ignores the request or does a different task
  | "declines-harmless" // 1: declines a harmless request
  | "not-applicable"; // a justified refusal: not rated, sent to safety review

export interface RubricOutcome {
  score: Score;
  row: RubricRow;
}

/** What the rubric counted: the other instructions' total credit out of how many. */
export interface Tally {
  credit: number;
  of: number;
  /** credit / of, or 1 when there are no other instructions (nothing was missed). */
  share: number;
  flaws: number;
  missed: number;
}

const credit = (verdict: Verdict, parameters: GuidelineParameters): number =>
  verdict === "met" || verdict === "met-flaw" ? 1 : verdict === "partly" ? parameters.partlyWeight : 0;

export function tally(main: Verdict, others: readonly Verdict[], parameters: GuidelineParameters): Tally {
  const total = others.reduce((sum, verdict) => sum + credit(verdict, parameters), 0);
  return {
    credit: total,
    of: others.length,
    share: others.length ? total / others.length : 1,
    flaws: [main, ...others].filter((verdict) => verdict === "met-flaw").length,
    missed: others.filter((verdict) => verdict === "not-met" || verdict === "cannot-check").length,
  };
}

/**
 * Reads the score off the rubric. Returns every row that applies: one for a well-formed guideline, more when
 * the rubric cannot tell two scores apart (the first rubric's "most instructions missed" at exactly half).
 */
export function applyRubric(
  main: RuleOutcome,
  others: readonly Verdict[],
  parameters: GuidelineParameters,
  counted?: Tally,
): RubricOutcome[] {
  if (main.verdict === "not-applicable" || others.includes("not-applicable"))
    return [{score: "n/a", row: "not-applicable"}];
  if (main.verdict === "not-met" || main.verdict === "cannot-check" || main.verdict === "not-instruction") {
    if (main.declinesHarmless) return [{score: 1, row: "declines-harmless"}];
    if (!main.engages) return [{score: 1, row: "does-not-follow"}];
    const engaged: RubricOutcome = {score: 2, row: "main-not-met-engages"};
    return parameters.mainNotMet === "engages-clause" ? [engaged] : [engaged, {score: 1, row: "does-not-follow"}];
  }
  const counts = counted ?? tally(main.verdict, others, parameters);
  const allMet = main.verdict !== "partly" && others.every((verdict) => verdict === "met" || verdict === "met-flaw");
  if (allMet && counts.flaws === 0) return [{score: 5, row: "all-met"}];
  if (allMet && counts.flaws === 1) return [{score: 4, row: "one-small-flaw"}];

  let rows: RubricOutcome[];
  if (parameters.counting === "most-missed") {
    // "Most instructions missed" has no counting rule: exactly half missed reads either way.
    const twice = counts.missed * 2;
    rows =
      twice < counts.of || counts.of === 0
        ? [{score: 3, row: "half-or-more"}]
        : twice > counts.of
          ? [{score: 2, row: "fewer-than-half"}]
          : [
              {score: 3, row: "half-or-more"},
              {score: 2, row: "fewer-than-half"},
            ];
  } else {
    const enough = parameters.counting === "at-least-half" ? counts.share >= 0.5 : counts.share > 0.5;
    rows = [enough ? {score: 3, row: "half-or-more"} : {score: 2, row: "fewer-than-half"}];
  }
  if (main.verdict !== "partly") return rows;
  return rows.map((outcome) =>
    typeof outcome.score === "number" && outcome.score > parameters.partialMainCap
      ? {score: parameters.partialMainCap, row: "main-partly-capped"}
      : outcome,
  );
}

import type {Guideline} from "./guideline.js";
import type {ChecklistLine, Flag, Item} from "./item.js";
import type {GuidelineParameters} from "./parameters.js";
import {applyRubric, tally, type RubricRow, type Tally} from "./rubric.js";
import {applyRule, type RuleOutcome} from "./rules.js";
import type {Score, Verdict} from "./verdict.js";

/** The part of a guideline version the engine reads: which rules it has, and its parameters. */
export interface RuleSet {
  version: string;
  ruleIds: ReadonlySet<string>;
  parameters: GuidelineParameters;
}

export function ruleSetOf(guideline: Guideline, overrides: Partial<GuidelineParameters> = {}): RuleSet {
  return {
    version: guideline.version,
    ruleIds: new Set(guideline.rules.map((rule) => rule.id)),
    parameters: {...guideline.parameters, ...overrides},
  };
}

/** One checklist line as the engine decided it. */
export interface TraceLine {
  index: number;
  role: ChecklistLine["role"];
  rule: ChecklistLine["rule"];
  ruled: Verdict;
  /** The derived verdict, or null when this guideline version has no rule to decide the line. */
  derived: Verdict | null;
  /** Which clause of the rule applied (null when undecided). */
  clause: string | null;
  /** Whether the line counts toward the rubric (false for "not an instruction" and the main task). */
  counted: boolean;
}

export interface Derivation {
  id: string;
  version: string;
  /** The one score, or null when the rubric gives more than one (see candidates). */
  score: Score | null;
  /** Every score the rubric allows, highest first; exactly one for a well-formed guideline. */
  candidates: Score[];
  /** The rubric row behind each candidate, same order. */
  rows: RubricRow[];
  tally: Tally | null;
  lines: TraceLine[];
  flags: Flag[];
}

// A line whose rule this version lacks could go either way: the rubric is read for both.
const undecidedOutcomes: RuleOutcome[] = [
  {verdict: "met", clause: "undecided"},
  {verdict: "not-met", clause: "undecided", engages: true},
];

function* combinations(choices: RuleOutcome[][]): Generator<RuleOutcome[]> {
  if (choices.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = choices;
  for (const tail of combinations(rest)) for (const head of first!) yield [head, ...tail];
}

export function derive(item: Item, ruleSet: RuleSet): Derivation {
  const {parameters} = ruleSet;
  const checklist = item.checklist;
  const decided: (RuleOutcome | null)[] = new Array(checklist.length);
  let mainIndex = -1;
  let undecided = false;
  for (let index = 0; index < checklist.length; index++) {
    const line = checklist[index]!;
    if (line.role === "main") mainIndex = index;
    const outcome = ruleSet.ruleIds.has(line.rule) ? applyRule(line, parameters) : null;
    decided[index] = outcome;
    if (!outcome) undecided = true;
  }

  // Usually every line is decided and the rubric is read once; otherwise once per way the undecided lines can go.
  const readings = undecided
    ? [...combinations(decided.map((outcome) => (outcome ? [outcome] : undecidedOutcomes)))]
    : [decided as RuleOutcome[]];
  const counted = undecided
    ? null
    : tally(decided[mainIndex]!.verdict, otherVerdicts(decided as RuleOutcome[], mainIndex), parameters);
  const outcomes: {score: Score; row: RubricRow}[] = [];
  for (const reading of readings) {
    for (const outcome of applyRubric(
      reading[mainIndex]!,
      otherVerdicts(reading, mainIndex),
      parameters,
      counted ?? undefined,
    )) {
      // One row per score; a later reading (the undecided line not met) names the row.
      const same = outcomes.findIndex((seen) => seen.score === outcome.score);
      if (same < 0) outcomes.push(outcome);
      else outcomes[same] = outcome;
    }
  }
  outcomes.sort((a, b) => rank(b.score) - rank(a.score));

  const lines: TraceLine[] = checklist.map((line, index) => {
    const outcome = decided[index] ?? null;
    return {
      index,
      role: line.role,
      rule: line.rule,
      ruled: line.verdict,
      derived: outcome?.verdict ?? null,
      clause: outcome?.clause ?? null,
      counted: index !== mainIndex && outcome !== null && outcome.verdict !== "not-instruction",
    };
  });
  const flags: Flag[] = [];
  for (const outcome of decided) if (outcome?.flag && !flags.includes(outcome.flag)) flags.push(outcome.flag);
  return {
    id: item.id,
    version: ruleSet.version,
    score: outcomes.length === 1 ? outcomes[0]!.score : null,
    candidates: outcomes.map((outcome) => outcome.score),
    rows: outcomes.map((outcome) => outcome.row),
    tally: counted,
    lines,
    flags: flags.sort(),
  };
}

/** The verdicts the rubric counts: every line but the main task, less those ruled "not an instruction". */
function otherVerdicts(outcomes: readonly RuleOutcome[], mainIndex: number): Verdict[] {
  const verdicts: Verdict[] = [];
  for (let index = 0; index < outcomes.length; index++) {
    const verdict = outcomes[index]!.verdict;
    if (index !== mainIndex && verdict !== "not-instruction") verdicts.push(verdict);
  }
  return verdicts;
}

const rank = (score: Score): number => (score === "n/a" ? 0 : score);

export function deriveAll(items: readonly Item[], ruleSet: RuleSet): Derivation[] {
  return items.map((item) => derive(item, ruleSet));
}

import type {Guideline} from "./guideline.js";
import type {ChecklistLine, Flag, Item} from "./item.js";
import type {Parameters} from "./parameters.js";
import {applyRubric, tally, type RubricRow, type Tally} from "./rubric.js";
import {applyRule, type RuleOutcome} from "./rules.js";
import type {Score, Verdict} from "./verdict.js";

/** The part of a guideline version the engine reads: which rules it has, and its parameters. */
export interface RuleSet {
  version: string;
  ruleIds: ReadonlySet<string>;
  parameters: Parameters;
}

export function ruleSetOf(guideline: Guideline, overrides: Partial<Parameters> = {}): RuleSet {
  return {version: guideline.version, ruleIds: new Set(guideline.rules.map((rule) => rule.id)), parameters: {...guideline.parameters, ...overrides}};
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
  const decided = item.checklist.map((line) => (ruleSet.ruleIds.has(line.rule) ? applyRule(line, parameters) : null));
  const choices = decided.map((outcome) => (outcome ? [outcome] : undecidedOutcomes));
  const mainIndex = item.checklist.findIndex((line) => line.role === "main");

  const outcomes = new Map<string, {score: Score; row: RubricRow}>();
  for (const combination of combinations(choices)) {
    const others = combination.filter((_, index) => index !== mainIndex).map((outcome) => outcome.verdict).filter((verdict) => verdict !== "not-instruction");
    for (const outcome of applyRubric(combination[mainIndex]!, others, parameters)) outcomes.set(`${outcome.score}`, outcome);
  }
  const ranked = [...outcomes.values()].sort((a, b) => rank(b.score) - rank(a.score));

  const lines: TraceLine[] = item.checklist.map((line, index) => {
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
  const flags = [...new Set(decided.flatMap((outcome) => (outcome?.flag ? [outcome.flag] : [])))].sort();
  const counted = decided.every((outcome) => outcome !== null)
    ? tally(decided[mainIndex]!.verdict, lines.filter((line) => line.counted).map((line) => line.derived!), parameters)
    : null;
  return {
    id: item.id,
    version: ruleSet.version,
    score: ranked.length === 1 ? ranked[0]!.score : null,
    candidates: ranked.map((outcome) => outcome.score),
    rows: ranked.map((outcome) => outcome.row),
    tally: counted,
    lines,
    flags,
  };
}

const rank = (score: Score): number => (score === "n/a" ? 0 : score);

export function deriveAll(items: readonly Item[], ruleSet: RuleSet): Derivation[] {
  return items.map((item) => derive(item, ruleSet));
}

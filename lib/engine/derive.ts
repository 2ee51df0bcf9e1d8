import type {Guideline} from "../authored/schemas/guideline.js";
import type {ChecklistLine, Flag, Item} from "../authored/schemas/item.js";
import {compileLogic, parameterValues, type CompiledLogic, type ParameterValues} from "./logic.js";
import {applyRubric, tally, type RubricPath, type RubricRow, type Tally} from "./rubric.js";
import {isOpen, ruleReading, type RuleOutcome, type RuleReading} from "./rules.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";

/** The part of a guideline version the engine reads: its compiled logic, which rules it applies, its parameters. */
export interface RuleSet {
  version: string;
  /** The version's logic, compiled (lib/engine/logic.ts): what its rules and rubric decide. */
  logic: CompiledLogic;
  /** Every rule the engine applies under this version: the rules its text states and the author's unwritten ones. */
  ruleIds: ReadonlySet<string>;
  /**
   * The rules the engine applies that the version's text does not state (the author's unwritten rules): a line
   * they decide is scored, but with no rule a trainee could cite. None when left out.
   */
  unwrittenRuleIds?: ReadonlySet<string>;
  /** The parameters' values, keyed by the names its logic declares: the version's (logic.yaml), with any override. */
  parameters: ParameterValues;
}

export function ruleSetOf(guideline: Guideline, overrides: ParameterValues = {}): RuleSet {
  const unwritten = (guideline.unwrittenRules ?? []).map((rule) => rule.id);
  return {
    version: guideline.version,
    logic: compileLogic(guideline.logic),
    ruleIds: new Set([...guideline.rules.map((rule) => rule.id), ...unwritten]),
    unwrittenRuleIds: new Set(unwritten),
    parameters: {...parameterValues(guideline.logic), ...overrides},
  };
}

/** What reading a checklist's score needs: the version's compiled logic and the parameters' values. */
export type Scoring = Pick<RuleSet, "logic" | "parameters">;

/** A version's logic and its own parameter values, for scoring a checklist without deriving a case. */
export const scoringOf = (guideline: Pick<Guideline, "logic">): Scoring => ({
  logic: compileLogic(guideline.logic),
  parameters: parameterValues(guideline.logic),
});

/** One checklist line as the engine decided it. */
export interface TraceLine {
  index: number;
  role: ChecklistLine["role"];
  rule: ChecklistLine["rule"];
  ruled: Verdict;
  /**
   * The derived verdict, or null when the line is undecided: this guideline version has no rule for it, or its rule's
   * wording leaves it open (see verdicts).
   */
  derived: Verdict | null;
  /** Every verdict this version allows for the line, in the order read: one when decided. */
  verdicts: readonly Verdict[];
  /** Which clause of the rule applied (null when the version has no rule for the line, or its readings differ). */
  clause: string | null;
  /** Whether the line counts toward the rubric (false for "not an instruction" and the main task). */
  counted: boolean;
  /**
   * Whether a trainee could cite the rule that decides the line: false when no rule decides it, or when the rule is
   * one the author applied but this version's text does not state.
   */
  citable: boolean;
}

/** Whether the rules allow the line's ruled verdict, as guideline:check asks of a line whose rule the version has. */
export const allowsRuling = (line: Pick<TraceLine, "verdicts" | "ruled">): boolean =>
  line.verdicts.includes(line.ruled);

/**
 * Whether a version rules the line otherwise than its file, as guideline:check fails it: the version has the line's
 * rule (`ruleIds`) and that rule does not allow the ruled verdict. The preview and `--write` ask the same.
 */
export const contradictsRuling = (
  line: Pick<TraceLine, "rule" | "verdicts" | "ruled">,
  ruleIds: ReadonlySet<string>,
): boolean => ruleIds.has(line.rule) && !allowsRuling(line);

export interface Derivation {
  id: string;
  version: string;
  /** The one score, or null when the rubric gives more than one (see candidates). */
  score: Score | null;
  /** Every score the rubric allows, highest first; exactly one for a well-formed guideline. */
  candidates: Score[];
  /** The rubric row behind each candidate, same order. */
  rows: RubricRow[];
  /** What the rubric counted, or null when some line is undecided (the count differs by reading). */
  tally: Tally | null;
  lines: TraceLine[];
  flags: Flag[];
}

// A line whose rule this version lacks could go either way: the rubric is read for both.
const undecidedOutcomes: readonly RuleOutcome[] = [
  {verdict: "met", clause: "undecided"},
  {verdict: "not-met", clause: "undecided", engages: true},
];

function* combinations(choices: readonly (readonly RuleOutcome[])[]): Generator<RuleOutcome[]> {
  if (choices.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = choices;
  for (const tail of combinations(rest)) for (const head of first!) yield [head, ...tail];
}

const sharedClause = (outcomes: readonly RuleOutcome[]): string | null =>
  outcomes.every((outcome) => outcome.clause === outcomes[0]!.clause) ? outcomes[0]!.clause : null;

// Shared and frozen: a decided line's verdicts are one of these, so deriving allocates nothing for them.
const oneVerdictCache = new Map<Verdict, readonly Verdict[]>();
function oneVerdict(verdict: Verdict): readonly Verdict[] {
  let verdicts = oneVerdictCache.get(verdict);
  if (!verdicts) oneVerdictCache.set(verdict, (verdicts = Object.freeze([verdict])));
  return verdicts;
}
const undecidedVerdicts: readonly Verdict[] = Object.freeze(undecidedOutcomes.map((outcome) => outcome.verdict));

function traceLine(
  line: ChecklistLine,
  index: number,
  reading: RuleReading | null,
  mainIndex: number,
  unwritten: ReadonlySet<string> | undefined,
): TraceLine {
  let derived: Verdict | null = null;
  let verdicts = undecidedVerdicts;
  let clause: string | null = null;
  let counted = false;
  let citable = false;
  if (reading !== null) {
    citable = !(unwritten?.has(line.rule) ?? false);
    if (!isOpen(reading)) {
      derived = reading.verdict;
      verdicts = oneVerdict(reading.verdict);
      clause = reading.clause;
      counted = index !== mainIndex && reading.verdict !== "not-instruction";
    } else {
      verdicts = reading.map((outcome) => outcome.verdict);
      clause = sharedClause(reading);
      counted = index !== mainIndex && reading.some((outcome) => outcome.verdict !== "not-instruction");
    }
  }
  return {index, role: line.role, rule: line.rule, ruled: line.verdict, derived, verdicts, clause, counted, citable};
}

/**
 * Derives a case's verdicts and score: only its id and checklist are read (the case editor derives a draft). Given a
 * path, records where the rubric's readings went in it (lib/engine/settings-read.ts reads it).
 */
export function derive(item: Pick<Item, "id" | "checklist">, ruleSet: RuleSet, path?: RubricPath): Derivation {
  const {parameters, logic} = ruleSet;
  const checklist = item.checklist;
  // Each line's reading: one outcome when its rule decides it, more when the rule's wording leaves it open, null
  // when the version has no rule for it.
  const byLine: (RuleReading | null)[] = new Array(checklist.length);
  const firsts: RuleOutcome[] = new Array(checklist.length);
  let mainIndex = -1;
  let undecided = false;
  for (let index = 0; index < checklist.length; index++) {
    const line = checklist[index]!;
    if (line.role === "main") mainIndex = index;
    const reading = ruleSet.ruleIds.has(line.rule) ? ruleReading(logic, line, parameters) : null;
    byLine[index] = reading;
    if (reading === null || isOpen(reading)) undecided = true;
    else firsts[index] = reading;
  }

  // Usually every line is decided and the rubric is read once; otherwise once per way the undecided lines can go.
  const readings = undecided
    ? [
        ...combinations(
          byLine.map((reading) => (reading === null ? undecidedOutcomes : isOpen(reading) ? reading : [reading])),
        ),
      ]
    : [firsts];
  const counted = undecided
    ? null
    : tally(logic, firsts[mainIndex]!.verdict, otherVerdicts(firsts, mainIndex), parameters);
  const outcomes: {score: Score; row: RubricRow}[] = [];
  for (const reading of readings) {
    for (const outcome of applyRubric(
      logic,
      reading[mainIndex]!,
      otherVerdicts(reading, mainIndex),
      parameters,
      counted ?? undefined,
      path,
    )) {
      // One row per score; a later reading (the undecided line not met) names the row.
      const same = outcomes.findIndex((seen) => seen.score === outcome.score);
      if (same < 0) outcomes.push(outcome);
      else outcomes[same] = outcome;
    }
  }
  outcomes.sort((a, b) => rank(b.score) - rank(a.score));

  const lines: TraceLine[] = new Array(checklist.length);
  const flags: Flag[] = [];
  for (let index = 0; index < checklist.length; index++) {
    const reading = byLine[index]!;
    lines[index] = traceLine(checklist[index]!, index, reading, mainIndex, ruleSet.unwrittenRuleIds);
    if (reading === null) continue;
    for (const outcome of isOpen(reading) ? reading : [reading])
      if (outcome.flag && !flags.includes(outcome.flag)) flags.push(outcome.flag);
  }
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

/** @internal Only the tests and the bench derive every item at once. */
export function deriveAll(items: readonly Item[], ruleSet: RuleSet): Derivation[] {
  return items.map((item) => derive(item, ruleSet));
}

// Reads the score off the version's rubric (./logic.ts): its rows in order, each a condition over the checklist's
// summary (summaryTypes) and the parameters, the first that holds giving the score; rows the rubric cannot tell
// apart from it; and a cap that lowers a higher score. Browser-safe.
import type {Score, Verdict} from "../authored/schemas/verdict.js";
import {evaluateCondition} from "./cel.js";
import {celParameter, summaryTypes, type CompiledLogic, type CompiledRow, type ParameterValues} from "./logic.js";
import type {RuleOutcome} from "./rules.js";

/** Which rubric row applied: a row id of the version's rubric, or its cap's id. */
export type RubricRow = string;

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

/** What a line with this verdict counts toward the share met: the rubric's credit, a number or a parameter's value. */
export function creditOf(logic: CompiledLogic, verdict: Verdict, parameters: ParameterValues): number {
  const credit = logic.rubric.credit.get(verdict);
  if (credit === undefined) return 0;
  return typeof credit === "number" ? credit : (parameters[credit.parameter] as number);
}

export function tally(
  logic: CompiledLogic,
  main: Verdict,
  others: readonly Verdict[],
  parameters: ParameterValues,
): Tally {
  const total = others.reduce((sum, verdict) => sum + creditOf(logic, verdict, parameters), 0);
  return {
    credit: total,
    of: others.length,
    share: others.length ? total / others.length : 1,
    flaws: [main, ...others].filter((verdict) => verdict === "met-flaw").length,
    missed: others.filter((verdict) => verdict === "not-met" || verdict === "cannot-check").length,
  };
}

const missedMain = new Set<Verdict>(["not-met", "cannot-check", "not-instruction"]);

/** The checklist's summary less what the parameters decide (the credit, the share): the names of summaryTypes. */
export interface ChecklistSummary {
  main: Verdict;
  mainMissed: boolean;
  engages: boolean;
  declines: boolean;
  anyNotApplicable: boolean;
  allMet: boolean;
  of: number;
  flaws: number;
  missed: number;
}

/** The summary of a checklist: its main task's outcome and the other instructions' verdicts. */
export function checklistSummary(main: RuleOutcome, others: readonly Verdict[]): ChecklistSummary {
  let flaws = main.verdict === "met-flaw" ? 1 : 0;
  let missed = 0;
  let allMet = main.verdict !== "partly";
  let anyNotApplicable = main.verdict === "not-applicable";
  for (const verdict of others) {
    if (verdict === "met-flaw") flaws++;
    else if (verdict === "not-met" || verdict === "cannot-check") missed++;
    else if (verdict === "not-applicable") anyNotApplicable = true;
    if (verdict !== "met" && verdict !== "met-flaw") allMet = false;
  }
  return {
    main: main.verdict,
    mainMissed: missedMain.has(main.verdict),
    engages: main.engages ?? false,
    declines: main.declinesHarmless ?? false,
    anyNotApplicable,
    allMet,
    of: others.length,
    flaws,
    missed,
  };
}

/** A name a row reads beside the checklist's summary: a row's own number, else a parameter. */
function rowOwnName(logic: CompiledLogic, name: string, parameters: ParameterValues): unknown {
  const threshold = logic.thresholds.get(name);
  if (threshold) return threshold.type === "count" ? BigInt(threshold.value) : threshold.value;
  return celParameter(logic, name, parameters);
}

/** The checklist's summary as the rubric's conditions read it, each name computed when first read. */
class SummaryContext extends Map<string, unknown> {
  private counts: Tally | undefined;
  private summary: ChecklistSummary | undefined;
  constructor(
    private readonly logic: CompiledLogic,
    private readonly main: RuleOutcome,
    private readonly others: readonly Verdict[],
    private readonly parameters: ParameterValues,
    counted: Tally | undefined,
  ) {
    super();
    this.counts = counted;
  }
  private tally(): Tally {
    return (this.counts ??= tally(this.logic, this.main.verdict, this.others, this.parameters));
  }
  override get(name: string): unknown {
    if (!summaryTypes.has(name)) return rowOwnName(this.logic, name, this.parameters);
    if (name === "credit" || name === "share") return this.tally()[name];
    const value = (this.summary ??= checklistSummary(this.main, this.others))[name as keyof ChecklistSummary];
    // A count is an integer in CEL (a bigint in cel-js).
    return typeof value === "number" ? BigInt(value) : value;
  }
}

const tallyNames = new Set<string>(["credit", "of", "share", "flaws", "missed"] satisfies (keyof Tally)[]);

/** The tally as a row reads it, each tally name it reads kept; a name of the summary beyond the tally ends the read. */
class TallyContext extends Map<string, unknown> {
  readonly read = new Set<string>();
  constructor(
    private readonly logic: CompiledLogic,
    private readonly counted: Tally,
    private readonly parameters: ParameterValues,
  ) {
    super();
  }
  override get(name: string): unknown {
    if (tallyNames.has(name)) {
      this.read.add(name);
      const value = this.counted[name as keyof Tally];
      return name === "credit" || name === "share" ? value : BigInt(value);
    }
    if (summaryTypes.has(name)) throw new BeyondTally();
    return rowOwnName(this.logic, name, this.parameters);
  }
}

class BeyondTally extends Error {}

/**
 * What of the tally a row reads under these parameters (row 3 reads the share under one counting and the missed
 * instructions under another): the names it reads as it runs, not all it names. Null where it reads more of the
 * checklist's summary than the tally holds (the main task's outcome, say): then its whole condition's names apply.
 */
export function tallyRead(
  logic: CompiledLogic,
  row: RubricRow,
  counted: Tally,
  parameters: ParameterValues,
): ReadonlySet<string> | null {
  const condition = logic.rubric.rowsById.get(row)?.when;
  if (!condition) return null;
  const context = new TallyContext(logic, counted, parameters);
  try {
    evaluateCondition(condition, context, `rubric.rows.${row}.when`);
  } catch (error) {
    if (error instanceof Error && error.cause instanceof BeyondTally) return null;
    throw error;
  }
  return context.read;
}

function holds(condition: CompiledRow["when"], context: SummaryContext, where: string): boolean {
  return evaluateCondition(condition, context, where) === true;
}

function rowOutcome(row: CompiledRow, parameters: ParameterValues): RubricOutcome {
  return {score: "score" in row.score ? row.score.score : (parameters[row.score.parameter] as Score), row: row.id};
}

/**
 * Where readings of the rubric went: the rows whose condition held (before the cap), and whether the cap's held. Which
 * settings a case read follows from it (lib/engine/settings-read.ts): the rubric is first-match.
 */
export interface RubricPath {
  rows: Set<RubricRow>;
  capHeld: boolean;
}

/**
 * Reads the score off the rubric. Returns every row that applies: one for a well-formed guideline, more when
 * the rubric cannot tell two scores apart (the first rubric's "most instructions missed" at exactly half). Given a
 * path, records in it the row that held and whether the cap did.
 */
export function applyRubric(
  logic: CompiledLogic,
  main: RuleOutcome,
  others: readonly Verdict[],
  parameters: ParameterValues,
  counted?: Tally,
  path?: RubricPath,
): RubricOutcome[] {
  const {rubric} = logic;
  const context = new SummaryContext(logic, main, others, parameters, counted);
  const row = rubric.rows.find((candidate) => holds(candidate.when, context, `rubric.rows.${candidate.id}.when`));
  if (!row) throw new Error("rubric: no row holds for this checklist: the last row should hold always");
  path?.rows.add(row.id);
  const outcomes = [rowOutcome(row, parameters)];
  const open = row.open.find((entry) => holds(entry.when, context, `rubric.rows.${row.id}.open`));
  for (const id of open?.rows ?? []) outcomes.push(rowOutcome(rubric.rowsById.get(id)!, parameters));
  const {cap} = rubric;
  if (!cap || !holds(cap.when, context, "rubric.cap.when")) return outcomes;
  if (path) path.capHeld = true;
  const highest = "score" in cap.score ? cap.score.score : (parameters[cap.score.parameter] as number);
  return outcomes.map((outcome) =>
    typeof outcome.score === "number" && outcome.score > highest ? {score: highest as Score, row: cap.id} : outcome,
  );
}

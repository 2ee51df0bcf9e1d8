// What a rule decides for one checklist line, read from the version's logic (./logic.ts): the rule's clauses in
// order, the first whose condition holds over the line's facts and the parameters deciding it. Browser-safe.
import type {ChecklistLine, Flag} from "../authored/schemas/item.js";
import type {Verdict} from "../authored/schemas/verdict.js";
import {evaluateCondition} from "./cel.js";
import {ParameterContext, verdictOf, type CompiledClause, type CompiledLogic, type CompiledRule} from "./logic.js";
import type {ParameterValues} from "./logic.js";

/**
 * What a rule decides for one checklist line: the verdict, the id of the clause of the rule that applied (for the
 * trace; components turn it into words), and a flag the clause raises, if any.
 */
export interface RuleOutcome {
  verdict: Verdict;
  clause: string;
  flag?: Flag;
  /** Only for the main task: whether a response that does not do it still engages with the request. */
  engages?: boolean;
  /** Only for the main task: the response declines a harmless request (the rubric's `declines`). */
  declinesHarmless?: boolean;
}

/**
 * What a rule can return: one outcome when its wording decides the line, or every outcome its wording leaves open
 * (the first rubric's style rule could not tell a small flaw from the register partly kept). The engine reads the
 * rubric once for each.
 */
export type RuleReading = RuleOutcome | readonly [RuleOutcome, RuleOutcome, ...RuleOutcome[]];

type Line = Pick<ChecklistLine, "rule" | "facts">;

/**
 * The names a rule's conditions read for one line: its facts (a fact left out reads as its `absent` or `default`)
 * and the parameters, each looked up only when a condition reads it (so tracking which parameters a derivation
 * read stays exact). A count is an integer, a bigint in CEL.
 */
class LineContext extends ParameterContext {
  constructor(
    logic: CompiledLogic,
    private readonly rule: CompiledRule,
    private readonly facts: Readonly<Record<string, unknown>>,
    parameters: ParameterValues,
  ) {
    super(logic, parameters);
  }
  override get(name: string): unknown {
    const fact = this.rule.facts.get(name);
    if (!fact) return super.get(name);
    const value = this.facts[name] ?? fact.absent ?? fact.default;
    return typeof value === "number" && fact.type === "count" ? BigInt(value) : value;
  }
}

/**
 * The first of a clause's `open` entries whose condition holds (an entry reads parameters only): the verdicts its
 * wording leaves open under them, or undefined where it decides.
 */
export function openEntry(
  clause: CompiledClause,
  context: ParameterContext,
  where: string,
): CompiledClause["open"][number] | undefined {
  return clause.open.find((entry) => evaluateCondition(entry.when, context, `${where}.open`) === true);
}

function outcomeOf(clause: CompiledClause, verdict: Verdict, context: LineContext, where: string): RuleOutcome {
  const outcome: RuleOutcome = {verdict, clause: clause.data.id};
  if (clause.flag) {
    const flag = "id" in clause.flag ? clause.flag.id : evaluateCondition(clause.flag.cel, context, `${where}.flag`);
    if (flag !== "") outcome.flag = flag as Flag;
  }
  if (clause.engages !== undefined)
    outcome.engages =
      typeof clause.engages === "boolean"
        ? clause.engages
        : evaluateCondition(clause.engages, context, `${where}.engages`) === true;
  if (clause.declines) outcome.declinesHarmless = true;
  return outcome;
}

// A line's reading depends only on its rule, its facts and the parameters its rule's clauses read: the same three
// read the same way again (10,000 items share a few hundred lines' facts), so each reading is kept, per compiled logic.
const kept = new WeakMap<CompiledLogic, Map<string, RuleReading>>();
const keptLimit = 50_000;

function keyOf(rule: CompiledRule, line: Line, parameters: ParameterValues): string {
  let key = `${line.rule}\u0000${JSON.stringify(line.facts)}`;
  for (const name of rule.parameterNames) key += `\u0000${String(parameters[name])}`;
  return key;
}

/** What a rule reads from one line: one outcome, or every outcome its wording leaves open (see isOpen). */
export function ruleReading(logic: CompiledLogic, line: Line, parameters: ParameterValues): RuleReading {
  const rule = logic.rules.get(line.rule);
  if (!rule) throw new Error(`the guideline's logic has no rule ${line.rule}`);
  let readings = kept.get(logic);
  if (!readings) kept.set(logic, (readings = new Map()));
  const key = keyOf(rule, line, parameters);
  let reading = readings.get(key);
  if (reading === undefined) {
    if (readings.size >= keptLimit) readings.clear();
    reading = readLine(logic, rule, line, parameters);
    // Kept and shared between derivations: frozen, so no caller can change another's reading.
    if (isOpen(reading)) for (const outcome of reading) Object.freeze(outcome);
    readings.set(key, Object.freeze(reading));
  }
  return reading;
}

function readLine(logic: CompiledLogic, rule: CompiledRule, line: Line, parameters: ParameterValues): RuleReading {
  const context = new LineContext(logic, rule, line.facts as Record<string, unknown>, parameters);
  for (const clause of rule.clauses) {
    const where = `rules.${line.rule}.clauses.${clause.data.id}`;
    if (clause.when && evaluateCondition(clause.when, context, `${where}.when`) !== true) continue;
    const open = openEntry(clause, context, where);
    if (open) {
      const verdicts = [...new Set(open.verdicts.map((source) => verdictOf(source, parameters, where)))];
      if (verdicts.length > 1)
        return verdicts.map((verdict) => outcomeOf(clause, verdict, context, where)) as unknown as RuleReading;
      return outcomeOf(clause, verdicts[0]!, context, where);
    }
    const verdict =
      "cel" in clause.verdict
        ? (evaluateCondition(clause.verdict.cel, context, `${where}.verdict`) as Verdict)
        : verdictOf(clause.verdict, parameters, where);
    return outcomeOf(clause, verdict, context, where);
  }
  throw new Error(`rules.${line.rule}: no clause decides facts ${JSON.stringify(line.facts)}`);
}

/**
 * Every outcome a rule allows for one line: one when its wording decides the line, more when it leaves it open.
 * @internal Only the tests read every rule's outcome for a line.
 */
export function ruleOutcomes(logic: CompiledLogic, line: Line, parameters: ParameterValues): readonly RuleOutcome[] {
  const reading = ruleReading(logic, line, parameters);
  return isOpen(reading) ? reading : [reading];
}

/** Whether a rule left the line open: more than one outcome. */
export const isOpen = (reading: RuleReading): reading is readonly [RuleOutcome, RuleOutcome, ...RuleOutcome[]] =>
  Array.isArray(reading);

/**
 * Decides one line: a rule reads the line's facts only. For a line the rule's wording leaves open under these
 * parameters there is no one outcome: this throws, naming the rule (use ruleOutcomes).
 * @internal Only the tests apply one rule to one line.
 */
export function applyRule(logic: CompiledLogic, line: Line, parameters: ParameterValues): RuleOutcome {
  const reading = ruleReading(logic, line, parameters);
  if (isOpen(reading))
    throw new Error(
      `rule ${line.rule} leaves this line open (${reading.map((outcome) => outcome.verdict).join(" or ")}): ` +
        "use ruleOutcomes for every reading",
    );
  return reading;
}

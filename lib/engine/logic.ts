// A guideline version's logic (lib/authored/schemas/logic.ts), compiled once: every condition parsed and type-checked
// against the names it may read (a rule's facts and the parameters; for the rubric, the checklist's summary and the
// parameters), so a line is decided by calling compiled conditions and nothing is parsed again. The engine names
// nothing of any one guideline: its rules, facts, parameters, clauses, flags and rows are data. Browser-safe.
import type {
  ClauseVerdict,
  GuidelineLogic,
  LogicClause,
  LogicFact,
  LogicParameter,
  LogicRule,
  ParameterValue,
  ParameterValues,
  RowThreshold,
} from "../authored/schemas/logic.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";
import {compileCondition, environmentOf, namesRead, type CelType, type CompiledCondition} from "./cel.js";
import {reference} from "./reference.js";

export type {ParameterValue, ParameterValues};

/** A verdict as data gives it: a verdict word, or a parameter whose value is one. */
export type VerdictSource = {verdict: Verdict} | {parameter: string};

export interface CompiledClause {
  data: LogicClause;
  /** Null: the clause always applies (it is the rule's last word). */
  when: CompiledCondition | null;
  verdict: VerdictSource | {cel: CompiledCondition};
  flag: {id: string} | {cel: CompiledCondition} | null;
  engages: boolean | CompiledCondition | undefined;
  declines: boolean;
  open: {when: CompiledCondition; verdicts: VerdictSource[]}[];
}

export interface CompiledRule {
  data: LogicRule;
  facts: ReadonlyMap<string, LogicFact>;
  clauses: CompiledClause[];
  /** The parameters its clauses read (conditions, $references): what a line's reading depends on besides facts. */
  parameterNames: readonly string[];
}

export interface CompiledRow {
  id: string;
  when: CompiledCondition;
  score: {score: Score} | {parameter: string};
  open: {when: CompiledCondition; rows: string[]}[];
}

export interface CompiledRubric {
  /** The parameters its rows, credit and cap read. */
  parameterNames: readonly string[];
  credit: ReadonlyMap<Verdict, number | {parameter: string}>;
  rows: CompiledRow[];
  rowsById: ReadonlyMap<string, CompiledRow>;
  cap: {id: string; when: CompiledCondition; score: {score: number} | {parameter: string}} | null;
}

export interface CompiledLogic {
  data: GuidelineLogic;
  parameters: ReadonlyMap<string, LogicParameter>;
  /** The rubric rows' thresholds by name: numbers a row declares and its condition reads, as it reads a parameter. */
  thresholds: ReadonlyMap<string, RowThreshold>;
  rules: ReadonlyMap<string, CompiledRule>;
  rubric: CompiledRubric;
}

/**
 * What the rubric reads of a checklist: the engine's vocabulary, the same for any checklist guideline. `main` is the
 * main task's verdict; `mainMissed` it is not met, cannot be checked or is not an instruction; `engages` and `declines`
 * what the main task's clause says; `of` the other instructions counted, `credit` their credit, `share` credit / of
 * (1 when of is 0); `flaws` the lines met with a small flaw, the main task's included; `missed` the others not met or
 * not checkable; `allMet` the main task not partly met and every other met; `anyNotApplicable` a line not applicable.
 */
export const summaryTypes: ReadonlyMap<string, CelType> = new Map<string, CelType>([
  ["main", "string"],
  ["mainMissed", "bool"],
  ["engages", "bool"],
  ["declines", "bool"],
  ["of", "int"],
  ["credit", "double"],
  ["share", "double"],
  ["flaws", "int"],
  ["missed", "int"],
  ["allMet", "bool"],
  ["anyNotApplicable", "bool"],
]);

const parameterType = (parameter: LogicParameter): CelType =>
  (({"yes-no": "bool", "choice": "string", "count": "int", "number": "double"}) as const)[parameter.type];

const factType = (fact: LogicFact): CelType =>
  fact.type === "yes-no" ? "bool" : fact.type === "count" ? (fact.words ? "dyn" : "int") : "string";

/** Each parameter's value in this version, keyed by name. */
export const parameterValues = (logic: GuidelineLogic): ParameterValues =>
  Object.fromEntries(logic.parameters.map((parameter) => [parameter.name, parameter.value]));

const verdictSource = (value: string): VerdictSource => reference(value) ?? {verdict: value as Verdict};

/** Where a name is declared twice for one condition: a fact and a parameter, or a summary name and a parameter. */
function typesOf(where: string, ...groups: [string, ReadonlyMap<string, CelType>][]): Map<string, CelType> {
  const types = new Map<string, CelType>();
  const owner = new Map<string, string>();
  for (const [what, group] of groups)
    for (const [name, type] of group) {
      if (types.has(name))
        throw new Error(`${where}: "${name}" is both a ${owner.get(name)!} and a ${what}: rename one`);
      types.set(name, type);
      owner.set(name, what);
    }
  return types;
}

function compileRule(rule: LogicRule, parameters: ReadonlyMap<string, CelType>): CompiledRule {
  const where = `rules.${rule.id}`;
  const facts = new Map(rule.facts.map((fact) => [fact.name, fact]));
  const factTypes = new Map(rule.facts.map((fact) => [fact.name, factType(fact)]));
  const environment = environmentOf(typesOf(where, ["fact", factTypes], ["parameter", parameters]));
  const clauses = rule.clauses.map((clause): CompiledClause => {
    const at = `${where}.clauses.${clause.id}`;
    const condition = (expression: string, field: string, type: "bool" | "string" = "bool") =>
      compileCondition(environment, expression, `${at}.${field}`, type);
    const {verdict, flag, engages} = clause;
    return {
      data: clause,
      when: clause.when === undefined ? null : condition(clause.when, "when"),
      verdict:
        typeof verdict === "string" ? verdictSource(verdict) : {cel: condition(verdict.cel, "verdict", "string")},
      flag:
        flag === undefined
          ? null
          : typeof flag === "string"
            ? {id: flag}
            : {cel: condition(flag.cel, "flag", "string")},
      engages: typeof engages === "string" ? condition(engages, "engages") : engages,
      declines: clause.declines ?? false,
      open: (clause.open ?? []).map((entry, index) => ({
        when: condition(entry.when, `open[${index}].when`),
        verdicts: entry.verdicts.map(verdictSource),
      })),
    };
  });
  const read = new Set(clauses.flatMap(clauseNames));
  return {data: rule, facts, clauses, parameterNames: [...read].filter((name) => parameters.has(name))};
}

/** Every name a clause reads when it decides a line: its condition, open entries, verdict, flag, engages. */
export function clauseNames(clause: CompiledClause): string[] {
  const read: string[] = [];
  for (const condition of [clause.when, clause.engages, ...clause.open.map((entry) => entry.when)])
    if (condition && typeof condition === "object") read.push(...condition.names);
  for (const source of [clause.verdict, ...clause.open.flatMap((entry) => entry.verdicts)])
    if ("parameter" in source) read.push(source.parameter);
    else if ("cel" in source) read.push(...source.cel.names);
  if (clause.flag && "cel" in clause.flag) read.push(...clause.flag.cel.names);
  return read;
}

/** Every name a rubric row reads when it holds: its condition, its open entries', its score's parameter. */
export function rowNames(row: CompiledRow): string[] {
  const read = [row.when, ...row.open.map((entry) => entry.when)].flatMap((condition) => condition.names);
  if ("parameter" in row.score) read.push(row.score.parameter);
  return read;
}

function compileRubric(logic: GuidelineLogic, parameters: ReadonlyMap<string, CelType>): CompiledRubric {
  const {rubric} = logic;
  const thresholds = new Map(
    rubric.rows.flatMap(({threshold}) =>
      threshold ? [[threshold.name, threshold.type === "count" ? "int" : "double"] as const] : [],
    ),
  );
  const environment = environmentOf(
    typesOf("rubric", ["summary name", summaryTypes], ["parameter", parameters], ["row threshold", thresholds]),
  );
  const condition = (expression: string, where: string) => compileCondition(environment, expression, where, "bool");
  const rows = rubric.rows.map((row): CompiledRow => ({
    id: row.id,
    when: condition(row.when, `rubric.rows.${row.id}.when`),
    score: typeof row.score === "string" && row.score !== "n/a" ? reference(row.score)! : {score: row.score as Score},
    open: (row.open ?? []).map((entry, index) => ({
      when: condition(entry.when, `rubric.rows.${row.id}.open[${index}].when`),
      rows: entry.rows,
    })),
  }));
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows)
    for (const entry of row.open)
      for (const id of entry.rows)
        if (!rowsById.has(id)) throw new Error(`rubric.rows.${row.id}.open: no rubric row "${id}"`);
  const credit = new Map(
    Object.entries(rubric.credit).map(([verdict, value]) => [
      verdict as Verdict,
      typeof value === "number" ? value : reference(value)!,
    ]),
  );
  const {cap} = rubric;
  const read = new Set(rows.flatMap(rowNames));
  for (const value of credit.values()) if (typeof value !== "number") read.add(value.parameter);
  if (cap) {
    for (const name of namesRead(cap.when)) read.add(name);
    const score = reference(String(cap.score));
    if (score) read.add(score.parameter);
  }
  return {
    parameterNames: [...read].filter((name) => parameters.has(name)),
    credit,
    rows,
    rowsById,
    cap: cap
      ? {
          id: cap.id,
          when: condition(cap.when, "rubric.cap.when"),
          score: typeof cap.score === "number" ? {score: cap.score} : reference(cap.score)!,
        }
      : null,
  };
}

const compiled = new WeakMap<GuidelineLogic, CompiledLogic>();

/** Parses and checks every condition of the logic once (the same logic object is compiled once). */
export function compileLogic(logic: GuidelineLogic): CompiledLogic {
  let result = compiled.get(logic);
  if (result) return result;
  const parameterTypes = new Map(logic.parameters.map((parameter) => [parameter.name, parameterType(parameter)]));
  result = {
    data: logic,
    parameters: new Map(logic.parameters.map((parameter) => [parameter.name, parameter])),
    thresholds: new Map(logic.rubric.rows.flatMap(({threshold}) => (threshold ? [[threshold.name, threshold]] : []))),
    rules: new Map(logic.rules.map((rule) => [rule.id, compileRule(rule, parameterTypes)])),
    rubric: compileRubric(logic, parameterTypes),
  };
  compiled.set(logic, result);
  return result;
}

/** A parameter's value as CEL reads it: a count is an integer (a bigint in cel-js). */
export function celParameter(logic: CompiledLogic, name: string, parameters: ParameterValues): unknown {
  const value = parameters[name];
  return logic.parameters.get(name)?.type === "count" && typeof value === "number" ? BigInt(value) : value;
}

/**
 * The parameters as a condition reads them, each looked up only when read: all an `open` entry's condition may read,
 * and what a line's or a checklist's context reads for a name that is not its own.
 */
export class ParameterContext extends Map<string, unknown> {
  constructor(
    protected readonly logic: CompiledLogic,
    protected readonly parameters: ParameterValues,
  ) {
    super();
  }
  override get(name: string): unknown {
    return celParameter(this.logic, name, this.parameters);
  }
}

/** The verdict a source gives under the parameters; throws when a parameter's value is not a verdict. */
export function verdictOf(source: VerdictSource, parameters: ParameterValues, where: string): Verdict {
  if ("verdict" in source) return source.verdict;
  const value = parameters[source.parameter];
  if (typeof value !== "string") throw new Error(`${where}: parameter ${source.parameter} is not a verdict`);
  return value as Verdict;
}

function decided(clause: LogicClause, verdict: ClauseVerdict): LogicClause {
  const {open: _open, ...rest} = clause;
  return {...rest, verdict};
}

/**
 * A clause's verdict changed: a new logic, the rest shared (a changed clause is data, as a parameter is). The verdict
 * set decides the clause: a wording it left open is no longer open. The authors' page and `guideline:preview --set`
 * change one through lib/authoring/rule-changes.ts.
 */
export function withClauseVerdict(
  logic: GuidelineLogic,
  rule: string,
  clause: string,
  verdict: ClauseVerdict,
): GuidelineLogic {
  const found = logic.rules.find((entry) => entry.id === rule)?.clauses.some((entry) => entry.id === clause);
  if (!found) throw new Error(`no clause ${rule}.${clause}`);
  return {
    ...logic,
    rules: logic.rules.map((entry) =>
      entry.id !== rule
        ? entry
        : {
            ...entry,
            clauses: entry.clauses.map((each) => (each.id === clause ? decided(each, verdict) : each)),
          },
    ),
  };
}

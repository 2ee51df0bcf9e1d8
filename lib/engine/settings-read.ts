// Which settings can move a case: the parameters and rules its derivation read, from the conditions' names (their
// syntax trees, ./cel.ts) along the path the derivation took, never by watching it read. A rule and the rubric are
// both first-match: a line a clause decided read the conditions of the clauses before it and all of that clause (its
// condition, open entries, verdict, flag, engages); a score read the conditions of the rubric rows before the row
// that held and all of that row (its open entries, the scores they add), the credit of the verdicts counted, and the
// cap's condition (its score only where that held). A change to a later clause or row cannot make an earlier one stop
// holding, and a change that makes the one that held stop holding changes a name it reads. Browser-safe.
import {derive, type Derivation, type RuleSet} from "./derive.js";
import {clauseNames, rowNames, type CompiledLogic} from "./logic.js";
import type {RubricPath} from "./rubric.js";
import type {Item} from "../authored/schemas/item.js";

/** The settings that can move a case: the parameters and the rules its derivation read. */
export interface SettingsRead {
  parameters: ReadonlySet<string>;
  rules: ReadonlySet<string>;
}

/** Per logic, the parameters read through each clause of each rule, each rubric row, and by the cap's condition. */
interface Through {
  clauses: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  rows: ReadonlyMap<string, readonly string[]>;
  cap: readonly string[];
}

const throughs = new WeakMap<CompiledLogic, Through>();

function throughOf(logic: CompiledLogic): Through {
  let through = throughs.get(logic);
  if (through) return through;
  const parametersOf = (names: Iterable<string>): string[] =>
    [...new Set(names)].filter((name) => logic.parameters.has(name));
  const clauses = new Map<string, Map<string, string[]>>();
  for (const [id, rule] of logic.rules) {
    const before: string[] = [];
    const byClause = new Map<string, string[]>();
    for (const clause of rule.clauses) {
      byClause.set(clause.data.id, parametersOf([...before, ...clauseNames(clause)]));
      if (clause.when) before.push(...clause.when.names);
    }
    clauses.set(id, byClause);
  }
  const {rubric} = logic;
  const rows = new Map<string, string[]>();
  const before: string[] = [];
  for (const row of rubric.rows) {
    const added = row.open.flatMap((entry) => entry.rows.map((id) => rubric.rowsById.get(id)!.score));
    const scores = added.flatMap((score) => ("parameter" in score ? [score.parameter] : []));
    rows.set(row.id, parametersOf([...before, ...rowNames(row), ...scores]));
    before.push(...row.when.names);
  }
  through = {clauses, rows, cap: parametersOf(rubric.cap?.when.names ?? [])};
  throughs.set(logic, through);
  return through;
}

/** The settings a derivation read, from its trace (each line's rule and clause) and the rubric's path. */
export function settingsAlong(derivation: Derivation, ruleSet: RuleSet, path: RubricPath): SettingsRead {
  const {logic} = ruleSet;
  const through = throughOf(logic);
  const parameters = new Set(through.cap);
  const rules = new Set<string>();
  // The rubric counts the credit of every line but the main task (the last line in that role, as derive reads it).
  let main = -1;
  derivation.lines.forEach((line, index) => {
    if (line.role === "main") main = index;
  });
  for (const line of derivation.lines) {
    rules.add(line.rule);
    if (ruleSet.ruleIds.has(line.rule)) {
      const byClause = line.clause === null ? undefined : through.clauses.get(line.rule)?.get(line.clause);
      for (const name of byClause ?? logic.rules.get(line.rule)?.parameterNames ?? []) parameters.add(name);
    }
    if (line.index === main) continue;
    for (const verdict of line.verdicts) {
      const credit = logic.rubric.credit.get(verdict);
      if (credit !== undefined && typeof credit !== "number") parameters.add(credit.parameter);
    }
  }
  for (const row of path.rows) for (const name of through.rows.get(row) ?? []) parameters.add(name);
  const cap = logic.rubric.cap;
  if (path.capHeld && cap && "parameter" in cap.score) parameters.add(cap.score.parameter);
  return {parameters, rules};
}

/** A case's derivation and the settings that can move it: a candidate that agrees on all of them derives it alike. */
export function deriveReading(
  item: Pick<Item, "id" | "checklist">,
  ruleSet: RuleSet,
): {
  derivation: Derivation;
  settings: SettingsRead;
} {
  const path: RubricPath = {rows: new Set(), capHeld: false};
  const derivation = derive(item, ruleSet, path);
  return {derivation, settings: settingsAlong(derivation, ruleSet, path)};
}

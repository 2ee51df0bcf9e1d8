// A change to a guideline's logic in words ("Numbers, a ceiling with none delivered: not met → partly met"), and
// every setting a candidate can change, for `guideline:preview -- --list`.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {GuidelineLogic, LogicClause, LogicParameter} from "../authored/schemas/logic.js";
import type {Verdict} from "../authored/schemas/verdict.js";
import {rubricRowByNumber, ruleNamesInList, verdictInListLabels, verdictLabels} from "../engine/labels.js";
import {compileLogic, parameterValues, ParameterContext, type ParameterValues} from "../engine/logic.js";
import {reference} from "../engine/reference.js";
import {openEntry} from "../engine/rules.js";
import {
  clauseOf,
  clauseVerdicts,
  describeThreshold,
  noFlag,
  rowsReworded,
  rowsWithThreshold,
  thresholdKey,
  type LevelToReword,
  type RuleChange,
} from "./rule-changes.js";
import {listWords} from "../text/format.js";

export interface ChangeContext {
  logic: GuidelineLogic;
  titles: ReadonlyMap<string, string>;
}

/** Its id read as words where the data gives none. */
export const clauseWords = (clause: LogicClause): string => clause.words ?? clause.id.replaceAll("-", " ");

/** "not met", "met or partly met, left open": open is the engine's reading of its compiled `open` entries. */
export function clauseVerdictWords(logic: GuidelineLogic, rule: string, clause: LogicClause): string {
  const parameters = parameterValues(logic);
  const word = (verdict: string): string => {
    const named = reference(verdict);
    return named ? verdictName(parameters[named.parameter], named.parameter) : verdictName(verdict, null);
  };
  // The first entry whose condition holds under these parameters says what it allows.
  const compiled = compileLogic(logic);
  const engine = compiled.rules.get(rule)?.clauses.find((entry) => entry.data.id === clause.id);
  const where = `rules.${rule}.clauses.${clause.id}`;
  const open = engine && openEntry(engine, new ParameterContext(compiled, parameters), where);
  if (open) {
    const options = [
      ...new Set(open.verdicts.map((source) => word("verdict" in source ? source.verdict : `$${source.parameter}`))),
    ];
    if (options.length > 1) return `${options.join(" or ")}, left open`;
  }
  if (typeof clause.verdict !== "string") return "as the line's facts say";
  return word(clause.verdict);
}

function verdictName(value: unknown, parameter: string | null): string {
  const words = typeof value === "string" && value in verdictLabels ? verdictLabels[value as Verdict] : String(value);
  return parameter === null ? words : `${words} (as ${parameter} says)`;
}

const flagWords = (flag: LogicClause["flag"]): string =>
  flag === undefined ? "no flag" : typeof flag === "string" ? `flag ${flag}` : "a flag as the line's facts say";

/** A row's threshold named as a parameter is, its words then its key: "How many small flaws a 4 allows
 *  (rubric.one-small-flaw)". */
export const thresholdTitle = (row: string, title: string): string => `${title} (${thresholdKey(row)})`;

/** A row's threshold changed, as a parameter's change reads: "How many small flaws a 4 allows (rubric.one-small-flaw):
 *  1 → 2"; `keyed: false` leaves the key to a list that names it after. */
const thresholdWords = (row: string, title: string, from: number, to: number, {keyed = true} = {}): string =>
  `${keyed ? thresholdTitle(row, title) : title}: ${from} → ${to}`;

/**
 * A change in words, from the version it is made to: "Numbers, a ceiling with none delivered: not met → partly met";
 * "Conflicting instructions, serving only one: flag prompt → no flag"; "How many small flaws a 4 allows
 * (rubric.one-small-flaw): 1 → 2".
 */
export function ruleChangeWords(change: RuleChange, {logic, titles}: ChangeContext): string {
  if (change.kind === "threshold") {
    const threshold = logic.rubric.rows.find((row) => row.id === change.row)!.threshold!;
    return thresholdWords(change.row, threshold.title, threshold.value, change.value);
  }
  const clause = clauseOf(logic, change.rule, change.clause);
  const head = `${titles.get(change.rule) ?? change.rule}, ${clauseWords(clause)}`;
  if (change.kind === "flag") return `${head}: ${flagWords(clause.flag)} → ${flagWords(change.flag ?? undefined)}`;
  return `${head}: ${clauseVerdictWords(logic, change.rule, clause)} → ${verdictInListLabels[change.verdict]}`;
}

/** A declared parameter's values in words: "at-least-half, more-than-half", "a whole number from 1 to 5". */
function valuesInWords(parameter: LogicParameter): string {
  switch (parameter.type) {
    case "yes-no":
      return "true, false";
    case "choice":
      return parameter.values.join(", ");
    case "count":
      return `a whole number from ${parameter.min} to ${parameter.max}`;
    case "number":
      return `a number from ${parameter.min} to ${parameter.max}`;
  }
}

/**
 * One line per setting a candidate can change, with its values and the version's own: the parameters, each clause's
 * verdict and flag, each rubric row's threshold (`--list`).
 */
export function settingLines(logic: GuidelineLogic, titles: ReadonlyMap<string, string>): string[] {
  const lines: string[] = logic.parameters.map(
    (parameter) =>
      `${parameter.name}: ${valuesInWords(parameter)} (now ${String(parameter.value)}; ${parameter.title})`,
  );
  for (const rule of logic.rules)
    for (const clause of rule.clauses) {
      const key = `${rule.id}.${clause.id}`;
      const about = `${titles.get(rule.id) ?? rule.id}, ${clauseWords(clause)}`;
      lines.push(
        `${key}: ${clauseVerdicts.join(", ")} (now ${clauseVerdictWords(logic, rule.id, clause)}; ${about})`,
        `${key}.flag: ${[...logic.flags, noFlag].join(", ")} (now ${flagWords(clause.flag)})`,
      );
    }
  for (const {id, threshold} of rowsWithThreshold(logic))
    lines.push(`${thresholdKey(id)}: ${describeThreshold(threshold!)} (now ${threshold!.value}; ${threshold!.title})`);
  return lines;
}

/** What a difference's rows now read, after its words and key: "; now row 3, at least 60% met; row 2, …", or "". */
export const nowWords = ({now}: Pick<LogicDifference, "now">): string => (now?.length ? `; now ${now.join("; ")}` : "");

/** A clause or a rubric row whose logic differs between two versions, by its setting's key and in words. */
export interface LogicDifference {
  key: string;
  words: string;
  /** For a row's threshold, the rows whose words it changes, as they now read ("row 3, at least 60% met"). */
  now?: string[];
}

const sameData = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The clauses (verdict, flag) and rubric rows (threshold) whose logic differs from the base to the candidate, in words
 * as a change is said ("Numbers, a ceiling with none delivered: not met → partly met"); each side's verdict under its
 * own parameters. A clause or row in one version only is left to the rules' and rubric's own differences.
 */
export function logicDifferences(
  base: Guideline,
  candidate: Guideline,
  parameters: ParameterValues = candidate.parameters,
): LogicDifference[] {
  const titles = ruleNamesInList(candidate);
  const found: LogicDifference[] = [];
  for (const rule of candidate.logic.rules) {
    const old = base.logic.rules.find((entry) => entry.id === rule.id);
    if (!old || old === rule) continue;
    for (const clause of rule.clauses) {
      const was = old.clauses.find((entry) => entry.id === clause.id);
      if (!was || was === clause) continue;
      const key = `${rule.id}.${clause.id}`;
      const head = `${titles.get(rule.id) ?? rule.id}, ${clauseWords(clause)}`;
      if (!sameData([was.verdict, was.open], [clause.verdict, clause.open]))
        found.push({
          key,
          words:
            `${head}: ${clauseVerdictWords(base.logic, rule.id, was)} → ` +
            clauseVerdictWords(candidate.logic, rule.id, clause),
        });
      if (!sameData(was.flag, clause.flag))
        found.push({key: `${key}.flag`, words: `${head}: ${flagWords(was.flag)} → ${flagWords(clause.flag)}`});
    }
  }
  for (const row of candidate.logic.rubric.rows) {
    const was = base.logic.rubric.rows.find((entry) => entry.id === row.id)?.threshold;
    if (row.threshold && was && was.value !== row.threshold.value)
      found.push({
        key: thresholdKey(row.id),
        words: thresholdWords(row.id, row.threshold.title, was.value, row.threshold.value, {keyed: false}),
        // The rows the change rewords, read back from the base's value: each as the candidate says it.
        now: rowsReworded(candidate.logic, row.id, was.value, parameters).map((id) =>
          rubricRowByNumber(candidate.logic, id, parameters),
        ),
      });
  }
  return found;
}

/**
 * What to reword by hand once a version is saved: the rubric levels whose words follow a setting it changes
 * (`levelsToReword`). Saving rewords rules, not levels. Null when there are none.
 */
export function levelsToRewordWords(levels: readonly LevelToReword[], version: string): string | null {
  if (!levels.length) return null;
  const scores = levels.map((level) => String(level.score));
  const named = `${scores.length === 1 ? "level" : "levels"} ${listWords(scores)}`;
  const settings = [...new Set(levels.flatMap((level) => level.settings))];
  const them = scores.length === 1 ? "it" : "them";
  const reads = levels.map(({score, reads}) => `level ${score} “${reads.join("” or “")}”`);
  return (
    `The rubric's words for ${named} describe ${listWords(settings)}, which this version changes; as its rows now ` +
    `read, ${listWords(reads)}. Reword ${them} in guideline/${version}/guideline.yaml (saving rewords rules, not ` +
    `the rubric).`
  );
}

/** The dialog's line on the rules a candidate rules otherwise, by their names in a list; null when there are none. */
export function rulesToRewordWords(names: readonly string[]): string | null {
  if (!names.length) return null;
  // Set apart by semicolons: a rule's name may hold an "and" ("Style and register").
  if (names.length === 1)
    return (
      `This version rules ${names[0]} otherwise: its text comes first below, with what changed; reword it where it ` +
      `no longer holds.`
    );
  return (
    `This version rules ${names.length} rules otherwise (${names.join("; ")}): their texts come first below, each ` +
    `with what changed; reword each where it no longer holds.`
  );
}

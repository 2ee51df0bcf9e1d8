// What an author may change in the logic besides parameters: a clause's verdict or flag, a row's threshold. One
// "key=value" on the address and the command line alike (`numbers.ceiling-needs-one=partly`). No zod, no file.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {GuidelineLogic, LogicClause, LogicRule, RubricRowData} from "../authored/schemas/logic.js";
import type {Verdict} from "../authored/schemas/verdict.js";
import {AssignmentError, overridesOf, type Assignment} from "../engine/parameters.js";
import {rubricRowByNumber, rubricRowWords, verdictLabels} from "../engine/labels.js";
import type {ParameterValues} from "../engine/logic.js";
import {compileLogic, withClauseVerdict} from "../engine/logic.js";
import {quoteText} from "../text/quote-text.js";

/** In the method's order (as ../engine/labels.ts words it). */
export const clauseVerdicts = Object.keys(verdictLabels) as Verdict[];

export const noFlag = "none";

export const rubricKey = "rubric";

/** One change to the logic: a clause's verdict, a clause's flag (null: none), or a rubric row's threshold. */
export type RuleChange =
  | {kind: "verdict"; rule: string; clause: string; verdict: Verdict}
  | {kind: "flag"; rule: string; clause: string; flag: string | null}
  | {kind: "threshold"; row: string; value: number};

export const isRuleChangeText = (text: string): boolean => {
  const equals = text.indexOf("=");
  return (equals < 0 ? text : text.slice(0, equals)).includes(".");
};

/** A row threshold's setting: `rubric.one-small-flaw`. */
export const thresholdKey = (row: string): string => `${rubricKey}.${row}`;

export function changeKey(change: RuleChange): string {
  switch (change.kind) {
    case "verdict":
      return `${change.rule}.${change.clause}`;
    case "flag":
      return `${change.rule}.${change.clause}.flag`;
    case "threshold":
      return thresholdKey(change.row);
  }
}

/** A change as "key=value": `numbers.ceiling-needs-one=partly`, `conflicting.serves-one.flag=none`. */
export function formatChange(change: RuleChange): string {
  const value =
    change.kind === "verdict" ? change.verdict : change.kind === "flag" ? (change.flag ?? noFlag) : change.value;
  return `${changeKey(change)}=${String(value)}`;
}

const ruleOf = (logic: GuidelineLogic, id: string): LogicRule | undefined => logic.rules.find((rule) => rule.id === id);
export const rowsWithThreshold = (logic: GuidelineLogic): RubricRowData[] =>
  logic.rubric.rows.filter((row) => row.threshold !== undefined);

/** A threshold's range in words: "a whole number from 1 to 3", "a number from 0 to 1". */
export function describeThreshold(threshold: NonNullable<RubricRowData["threshold"]>): string {
  return `${threshold.type === "count" ? "a whole number" : "a number"} from ${threshold.min} to ${threshold.max}`;
}

function parseThreshold(row: RubricRowData, text: string): number {
  const threshold = row.threshold!;
  const pattern = threshold.type === "count" ? /^-?[0-9]+$/ : /^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
  const n = pattern.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || n < threshold.min || n > threshold.max)
    throw new AssignmentError(
      `${thresholdKey(row.id)}: expected ${describeThreshold(threshold)}, got ${quoteText(text)}`,
    );
  return n;
}

/**
 * Reads "rule.clause=verdict", "rule.clause.flag=flag" or "rubric.row=number" against a version's logic, or throws
 * naming what is valid: the rules, the rule's clauses, the verdicts, the flags, the rows with a threshold.
 */
export function parseRuleChange(text: string, logic: GuidelineLogic): RuleChange {
  const equals = text.indexOf("=");
  const rules = logic.rules.map((rule) => rule.id);
  const thresholdRows = rowsWithThreshold(logic).map((row) => row.id);
  if (equals < 0)
    throw new AssignmentError(
      `expected <rule>.<clause>=<verdict> or ${rubricKey}.<row>=<number>, got ${quoteText(text)}`,
    );
  const key = text.slice(0, equals).trim();
  const value = text.slice(equals + 1).trim();
  const [first, second, third, ...rest] = key.split(".");
  if (first === rubricKey) {
    const row = logic.rubric.rows.find((candidate) => candidate.id === second);
    if (!row?.threshold || third !== undefined)
      throw new AssignmentError(
        `unknown rubric row with a threshold ${quoteText(key.slice(rubricKey.length + 1))}: expected one of ` +
          (thresholdRows.length ? thresholdRows.map(thresholdKey).join(", ") : "none (no row has one)"),
      );
    return {kind: "threshold", row: row.id, value: parseThreshold(row, value)};
  }
  const rule = ruleOf(logic, first ?? "");
  if (!rule)
    throw new AssignmentError(
      `unknown rule ${quoteText(first ?? "")}: expected one of ${rules.join(", ")}` +
        (thresholdRows.length ? `, or ${rubricKey}.<row> for a rubric row's threshold` : ""),
    );
  const clause = rule.clauses.find((candidate) => candidate.id === second);
  if (!clause)
    throw new AssignmentError(
      `unknown clause ${quoteText(second ?? "")} of rule ${rule.id}: expected one of ${rule.clauses
        .map((entry) => entry.id)
        .join(", ")}`,
    );
  if (third === "flag" && rest.length === 0) {
    const flags = [...logic.flags, noFlag];
    if (!flags.includes(value))
      throw new AssignmentError(
        `${rule.id}.${clause.id}.flag: expected one of ${flags.join(", ")}, got ${quoteText(value)}`,
      );
    return {kind: "flag", rule: rule.id, clause: clause.id, flag: value === noFlag ? null : value};
  }
  if (third !== undefined)
    throw new AssignmentError(
      `unknown setting ${quoteText(key)}: expected ${rule.id}.${clause.id} (its verdict) or ` +
        `${rule.id}.${clause.id}.flag`,
    );
  if (!(clauseVerdicts as readonly string[]).includes(value))
    throw new AssignmentError(
      `${rule.id}.${clause.id}: expected a verdict, one of ${clauseVerdicts.join(", ")}, got ${quoteText(value)}`,
    );
  return {kind: "verdict", rule: rule.id, clause: clause.id, verdict: value as Verdict};
}

/** Whether the change leaves the version as it is: the clause already has that one verdict, or that flag. */
export function isVersionsOwn(change: RuleChange, logic: GuidelineLogic): boolean {
  switch (change.kind) {
    case "verdict": {
      const clause = clauseOf(logic, change.rule, change.clause);
      return clause.verdict === change.verdict && clause.open === undefined;
    }
    case "flag":
      return (clauseOf(logic, change.rule, change.clause).flag ?? null) === change.flag;
    case "threshold":
      return logic.rubric.rows.find((row) => row.id === change.row)!.threshold!.value === change.value;
  }
}

export function clauseOf(logic: GuidelineLogic, rule: string, clause: string): LogicClause {
  const found = ruleOf(logic, rule)?.clauses.find((entry) => entry.id === clause);
  if (!found) throw new AssignmentError(`unknown clause ${rule}.${clause}`);
  return found;
}

/**
 * The changes with one more: it replaces an earlier change of the same key and goes last; a change back to the
 * version's own value is no change and is dropped.
 */
export function withRuleChange(
  changes: readonly RuleChange[],
  change: RuleChange,
  logic: GuidelineLogic,
): RuleChange[] {
  const others = changes.filter((entry) => changeKey(entry) !== changeKey(change));
  return isVersionsOwn(change, logic) ? others : [...others, change];
}

/**
 * Reads several changes; one key set twice is an error, since only one value can win. One the version already has
 * (`rubric.half-or-more=0.50`) is no change, on the page's address and on the command line alike.
 */
export function parseRuleChanges(texts: readonly string[], logic: GuidelineLogic): RuleChange[] {
  const changes: RuleChange[] = [];
  for (const text of texts) {
    const change = parseRuleChange(text, logic);
    const earlier = changes.find((seen) => changeKey(seen) === changeKey(change));
    if (earlier)
      throw new AssignmentError(
        `${changeKey(change)} is set twice (${quoteText(formatChange(earlier))} and ` +
          `${quoteText(formatChange(change))}): set it once`,
      );
    changes.push(change);
  }
  return changes.filter((change) => !isVersionsOwn(change, logic));
}

/**
 * The logic with the changes made, a copy: the version's own is left as it was, and each rule, and the rubric, that no
 * change touches is shared with it (the preview re-derives only the items whose rules changed). A clause given a
 * verdict decides it, so a wording that left it open no longer does (withClauseVerdict).
 */
export function applyRuleChanges(logic: GuidelineLogic, changes: readonly RuleChange[]): GuidelineLogic {
  let changed = logic;
  for (const change of changes) {
    if (change.kind === "verdict") changed = withClauseVerdict(changed, change.rule, change.clause, change.verdict);
    else if (change.kind === "flag") changed = withClauseFlag(changed, change.rule, change.clause, change.flag);
    else
      changed = {
        ...changed,
        rubric: {
          ...changed.rubric,
          rows: changed.rubric.rows.map((row) =>
            row.id === change.row ? {...row, threshold: {...row.threshold!, value: change.value}} : row,
          ),
        },
      };
  }
  return changed;
}

/** A clause's flag changed (null: none), the rest of the logic shared. */
function withClauseFlag(logic: GuidelineLogic, rule: string, clause: string, flag: string | null): GuidelineLogic {
  const flagged = (entry: LogicClause): LogicClause => {
    const {flag: _flag, ...rest} = entry;
    return flag === null ? rest : {...rest, flag};
  };
  return {
    ...logic,
    rules: logic.rules.map((entry) =>
      entry.id !== rule
        ? entry
        : {...entry, clauses: entry.clauses.map((each) => (each.id === clause ? flagged(each) : each))},
    ),
  };
}

/**
 * The rows whose words, in full or by number, a row's threshold set to `value` rewords under `parameters`: rows 3 and 2
 * for row 3's share where the counting reads a share; none where it counts what is missed ("some instructions missed").
 */
export function rowsReworded(logic: GuidelineLogic, row: string, value: number, parameters: ParameterValues): string[] {
  const set = applyRuleChanges(logic, [{kind: "threshold", row, value}]);
  const said = (version: GuidelineLogic, id: string) =>
    `${rubricRowWords(version, id, parameters)}\n${rubricRowByNumber(version, id, parameters)}`;
  return logic.rubric.rows.map(({id}) => id).filter((id) => said(logic, id) !== said(set, id));
}

/** A rubric level whose words a candidate's settings may make untrue, the settings behind it, and its rows' words. */
export interface LevelToReword {
  score: number;
  /** As the address and `--set` spell them: a parameter ("counting"), a row's threshold ("rubric.half-or-more"). */
  settings: string[];
  /** The level's rows that the settings reword, as the candidate words them. */
  reads: string[];
}

/**
 * The levels whose words the candidate may contradict: a level holding a row whose short words follow a parameter
 * the candidate sets to another value (row 3's "at least half" under `counting`), or that says a threshold the
 * candidate changes, its own or another row's (rows 3 and 2 say row 3's "half"; row 4 its "one small flaw"). Saving a
 * version rewords rules, not levels: the author is told which to reword in the new guideline.yaml, and what their rows
 * now read.
 */
export function levelsToReword(
  logic: GuidelineLogic,
  base: ParameterValues,
  set: readonly Assignment[],
  changes: readonly RuleChange[],
): LevelToReword[] {
  const parameters: ParameterValues = {...base, ...overridesOf(set)};
  // Each threshold changed, with the rows whose words it makes untrue: those it rewords, or, with no wording to say
  // it by, its own row.
  const moved = changes.flatMap((change) => {
    if (change.kind !== "threshold" || isVersionsOwn(change, logic)) return [];
    const threshold = logic.rubric.rows.find((row) => row.id === change.row)?.threshold;
    if (!threshold) return [];
    const rows = threshold.wording ? rowsReworded(logic, change.row, change.value, parameters) : [change.row];
    return [{id: change.row, rows}];
  });
  const candidate = applyRuleChanges(logic, changes);
  const levels = new Map<number, {settings: Set<string>; reads: string[]}>();
  for (const row of logic.rubric.rows) {
    const settings: string[] = [];
    const follows = typeof row.short === "string" ? undefined : row.short.parameter;
    if (follows && parameters[follows] !== base[follows]) settings.push(follows);
    for (const {id, rows} of moved) if (rows.includes(row.id)) settings.push(thresholdKey(id));
    // A row's score may name a parameter ("$refusalScore"): the level is the base's value of it.
    const score = typeof row.score === "string" && row.score.startsWith("$") ? base[row.score.slice(1)] : row.score;
    if (!settings.length || typeof score !== "number") continue;
    const level = levels.get(score) ?? {settings: new Set<string>(), reads: []};
    for (const setting of settings) level.settings.add(setting);
    level.reads.push(rubricRowWords(candidate, row.id, parameters));
    levels.set(score, level);
  }
  return [...levels]
    .sort(([a], [b]) => b - a)
    .map(([score, {settings, reads}]) => ({score, settings: [...settings], reads}));
}

/**
 * A rule whose text a candidate's settings may make untrue, and which settings rule it otherwise: by their place in
 * the candidate's settings, parameters first and then the changes, as a saved version records them.
 */
export interface RuleToReword {
  rule: string;
  settings: number[];
}

/**
 * The rules the version states (guideline.yaml's, in its order) whose text the candidate may contradict: a rule one of
 * whose clauses it changes, or whose conditions read a parameter it sets to another value (the style rule under
 * `slightLapse`). A rule the version applies unstated has no text to reword. Saving a version keeps each rule's text as
 * the author leaves it, so the dialog marks these to reword.
 */
export function rulesToReword(
  {logic, parameters, rules}: Pick<Guideline, "logic" | "parameters" | "rules">,
  set: readonly {name: string; value: unknown}[],
  changes: readonly RuleChange[],
): RuleToReword[] {
  const compiled = compileLogic(logic);
  return rules.flatMap(({id}) => {
    const reads = compiled.rules.get(id)?.parameterNames ?? [];
    const settings = [
      ...set.flatMap(({name, value}, at) => (reads.includes(name) && value !== parameters[name] ? [at] : [])),
      ...changes.flatMap((change, at) => (change.kind !== "threshold" && change.rule === id ? [set.length + at] : [])),
    ];
    return settings.length ? [{rule: id, settings}] : [];
  });
}

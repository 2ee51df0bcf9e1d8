// guideline:check's completeness of a version's logic, by enumerating only the names its conditions read: a rule
// leaving a combination without a clause or a verdict is refused, naming it ("numbers: bound=floor, limit=0,
// delivered=more-than-limit, ceilingNeedsOne=false: no clause applies"); the rubric must give every shape a row.
import type {GuidelineLogic, LogicParameter, LogicRule} from "../authored/schemas/logic.js";
import {fieldPath, type Problem} from "../authored/problems.js";
import {plural} from "../text/format.js";
import {layoutOf, mainRuleOutcomes, otherVerdicts} from "./checklist-shapes.js";
import {describeShape} from "./completeness-words.js";
import {checklistSummary, type ChecklistSummary} from "../engine/rubric.js";
import {
  combinationCount,
  combinationWords,
  combinations,
  parameterDomain,
  ruleDomains,
  type Domain,
  type TriedValue,
} from "./fact-values.js";
import {ruleConditions} from "../engine/rule-conditions.js";
import {compiler, namesRead, ruleScope, rowThresholds, rubricScope, verdictWords} from "./logic-scope.js";

const contextOf = (domains: readonly Domain[], at: readonly number[], into: Record<string, unknown>) => {
  domains.forEach((domain, index) => (into[domain.name] = domain.values[at[index]!]!.cel));
  return into;
};

export interface CompletenessCount {
  combinations: number;
  shapes: number;
}

export interface LogicCompleteness {
  problems: Problem[];
  tried: CompletenessCount;
}

/** The first combination with no clause, and the first where a condition fails or gives no verdict. */
function ruleProblems(logic: GuidelineLogic, rule: LogicRule, ruleIndex: number, file: string) {
  const scope = ruleScope(logic, rule);
  const compile = compiler(scope);
  const read = new Set<string>();
  for (const condition of ruleConditions(rule)) for (const name of namesRead(compile(condition).ast)) read.add(name);
  const domains = ruleDomains(logic, rule, read);
  const problems: Problem[] = [];
  let uncovered = 0;
  let first: string | null = null;
  let failed: Problem | null = null;
  const context: Record<string, unknown> = {};
  for (const at of combinations(domains)) {
    contextOf(domains, at, context);
    const where = (field: PropertyKey[], message: string): Problem => ({
      file,
      field: fieldPath(["rules", ruleIndex, ...field]),
      message: `${rule.id}: ${combinationWords(domains, at) || "any line"}: ${message}`,
    });
    try {
      const index = rule.clauses.findIndex(
        (clause) => clause.when === undefined || compile(clause.when)(context) === true,
      );
      if (index < 0) {
        uncovered++;
        first ??= combinationWords(domains, at);
        continue;
      }
      const clause = rule.clauses[index]!;
      if (typeof clause.verdict === "object") {
        const verdict = compile(clause.verdict.cel)(context);
        if (!verdictWords.includes(verdict as string) && !failed)
          failed = where(
            ["clauses", index, "verdict"],
            `clause ${clause.id} gives ${JSON.stringify(verdict)}, not a verdict: ` +
              `give one of ${verdictWords.join(", ")}`,
          );
      }
    } catch (error) {
      failed ??= where(
        ["clauses"],
        `a condition fails (${(error as {summary?: string}).summary ?? String(error)}): make every clause's ` +
          "conditions hold or fail for every value of what they read",
      );
    }
  }
  if (first !== null)
    problems.push({
      file,
      field: fieldPath(["rules", ruleIndex, "clauses"]),
      message:
        `${rule.id}: ${first || "any line"}: no clause applies` +
        (uncovered > 1 ? ` (nor in ${plural(uncovered - 1, "other combination")})` : "") +
        ": add a clause whose when holds there, or end the rule with a clause that has no when",
    });
  if (failed) problems.push(failed);
  return {problems, tried: combinationCount(domains)};
}

/** The credit each verdict of another instruction earns, from the rubric's credit and the parameters' values. */
function creditOf(logic: GuidelineLogic, values: ReadonlyMap<string, unknown>): number[] {
  return otherVerdicts.map((verdict) => {
    const credit = logic.rubric.credit[verdict];
    if (credit === undefined) return 0;
    return typeof credit === "number" ? credit : Number(values.get(credit.slice(1)) ?? 0);
  });
}

const ownValue = ({type, value}: LogicParameter): TriedValue =>
  type === "count"
    ? {value: value as number, cel: BigInt(value as number)}
    : {value: value as number, cel: value as number};

/** A checklist shape as the rubric's summary holds it (lib/engine/rubric.ts), with its other verdicts counted. */
interface ShapeSummary extends ChecklistSummary {
  /** The other instructions' verdicts as counts, in otherVerdicts order. */
  counts: readonly number[];
}

const summaries = new Map<number, ShapeSummary[]>();
function shapeSummaries(maxOthers: number): ShapeSummary[] {
  let found = summaries.get(maxOthers);
  if (found) return found;
  found = layoutOf(maxOthers).shapes.map(({main, counts, others}) => ({
    ...checklistSummary(mainRuleOutcomes[main], others),
    counts,
  }));
  summaries.set(maxOthers, found);
  return found;
}

// The summary's names a shape's key is made of (credit and share apart: they follow the parameters), each as a
// small whole number: its key is the same for two shapes exactly when the rows read the same values in both.
const keyed: readonly (keyof ShapeSummary)[] = [
  "main",
  "mainMissed",
  "engages",
  "declines",
  "of",
  "flaws",
  "missed",
  "allMet",
  "anyNotApplicable",
];
const codeOf = (value: unknown): number =>
  typeof value === "boolean" ? Number(value) : typeof value === "number" ? value : verdictWords.indexOf(String(value));

/** The rubric: every checklist shape with up to `maxOthers` others reaches a row, under every parameter value read. */
function rubricProblems(logic: GuidelineLogic, file: string, maxOthers: number) {
  const scope = rubricScope(logic);
  const compile = compiler(scope);
  const rows = logic.rubric.rows.map((row) => compile(row.when));
  const read = new Set(rows.flatMap((row) => [...namesRead(row.ast)]));
  const readByRows = new Set(read);
  for (const credit of Object.values(logic.rubric.credit)) if (typeof credit === "string") read.add(credit.slice(1));
  // A row's own number (its threshold) at this version's value: a version with another is checked when written.
  const thresholds = rowThresholds(logic)
    .filter((threshold) => read.has(threshold.name))
    .map((threshold) => ({...parameterDomain(threshold), values: [ownValue(threshold)]}));
  const domains = [
    ...logic.parameters.filter((parameter) => read.has(parameter.name)).map(parameterDomain),
    ...thresholds,
  ];
  const shapes = layoutOf(maxOthers).shapes;
  const all = shapeSummaries(maxOthers);
  // What the rows read of each shape, as one number; the share is the credit over `of`, so reading it reads both.
  const byCredit = read.has("credit") || read.has("share");
  const names = keyed.filter((name) => read.has(name) || (name === "of" && read.has("share")));
  const base = Math.max(maxOthers + 2, verdictWords.length);
  const fixed = all.map((shape) => names.reduce((key, name) => key * base + codeOf(shape[name]), 0));
  const problems: Problem[] = [];
  let tried = 0;
  const answeredBy = new Map<string, Map<number, boolean>>();
  const refuse = (position: number, at: readonly number[], message: string) => {
    const where = domains.length ? `, ${combinationWords(domains, at)}` : "";
    const shape = describeShape(shapes[position]!);
    problems.push({file, field: "rubric.rows", message: `rubric: ${shape}${where}: ${message}`});
    return {problems, tried};
  };
  for (const at of combinations(domains)) {
    const values = new Map(domains.map((domain, index) => [domain.name, domain.values[at[index]!]!.cel]));
    const credits = creditOf(logic, values);
    const context: Record<string, unknown> = Object.fromEntries(values);
    // Shapes alike in all the rows read get the same row: each distinct one is read once, and again only under
    // another value of a parameter the rows read themselves (one the credit reads is in the key, through the credit).
    const rowValues = domains.flatMap((domain, index) => (readByRows.has(domain.name) ? [at[index]] : [])).join();
    let answered = answeredBy.get(rowValues);
    if (!answered) answeredBy.set(rowValues, (answered = new Map<number, boolean>()));
    for (let position = 0; position < all.length; position++) {
      tried++;
      const shape = all[position]!;
      const {counts} = shape;
      let credit = 0;
      for (let index = 0; index < counts.length; index++) credit += counts[index]! * credits[index]!;
      const key = byCredit ? fixed[position]! * 1e5 + Math.round(credit * 1000) : fixed[position]!;
      let reached = answered.get(key);
      if (reached !== undefined) {
        if (reached) continue;
        return refuse(
          position,
          at,
          "no row applies: add a row for it, or end the rubric with a row whose when is true",
        );
      }
      context.main = shape.main;
      context.mainMissed = shape.mainMissed;
      context.engages = shape.engages;
      context.declines = shape.declines;
      context.of = BigInt(shape.of);
      context.credit = credit;
      context.share = shape.of ? credit / shape.of : 1;
      context.flaws = BigInt(shape.flaws);
      context.missed = BigInt(shape.missed);
      context.allMet = shape.allMet;
      context.anyNotApplicable = shape.anyNotApplicable;
      try {
        reached = rows.some((row) => row(context) === true);
      } catch (error) {
        const said = (error as {summary?: string}).summary ?? String(error);
        return refuse(position, at, `a row's condition fails (${said}): make it hold or fail for every shape`);
      }
      answered.set(key, reached);
      if (!reached)
        return refuse(
          position,
          at,
          "no row applies: add a row for it, or end the rubric with a row whose when is true",
        );
    }
  }
  return {problems, tried};
}

/** `maxOthers`: six, as the rubric's findings use. */
export function logicCompleteness(
  logic: GuidelineLogic,
  {file, maxOthers = 6}: {file: string; maxOthers?: number},
): LogicCompleteness {
  const problems: Problem[] = [];
  let combinationsTried = 0;
  logic.rules.forEach((rule, index) => {
    const found = ruleProblems(logic, rule, index, file);
    problems.push(...found.problems);
    combinationsTried += found.tried;
  });
  const rubric = rubricProblems(logic, file, maxOthers);
  problems.push(...rubric.problems);
  return {problems, tried: {combinations: combinationsTried, shapes: rubric.tried}};
}

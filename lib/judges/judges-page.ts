// The /judges page as data: every recorded judge run as a rater, side by side and case by case. What a model wrote
// stays text; a rule id the guideline lacks is kept as written and called unknown.
import type {ChecklistRuleId} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {itemLabel} from "../site/links.js";
import type {DistanceCounts, RuleCount, ScoreMatrix} from "../trainee/results.js";
import type {ScoreComparison} from "../trainee/score-distance.js";
import {describeLean, noRuleMisappliedWords, scoreText} from "../trainee/words.js";
import {judgeResults, type JudgeResults, type UnansweredCase} from "./figures.js";
import type {JudgesPageData} from "./page-data.node.js";
import type {JudgeAnswer} from "./answer.js";
import type {CaseRecord} from "./schema.node.js";
import {ownChecklist, type OwnChecklist} from "./own-checklist.js";

export type {JudgesPageData};

export type JudgeRuleName = {known: true; id: string; title: string} | {known: false; text: string};

export function judgeRuleName(rules: readonly {id: string; title: string}[], text: string): JudgeRuleName {
  const rule = rules.find((candidate) => candidate.id === text);
  return rule ? {known: true, id: rule.id, title: rule.title} : {known: false, text};
}

export const statusWords: Record<Exclude<CaseRecord["status"], "answered">, string> = {
  unparsed: "not JSON",
  invalid: "JSON of the wrong shape",
  truncated: "cut off",
  oversized: "too large",
};

export interface RunView {
  key: string;
  file: string;
  model: string;
  servedAs: string[];
  prompt: string;
  guideline: string;
  /** "2026-01-02" ("2026-01-02 14:05 UTC" where another run of the same model, prompt and version shares the day),
   *  and the moment itself. */
  date: string;
  startedAt: string;
  complete: boolean;
  /** "complete", or "stopped after 3 of 5". */
  state: string;
  stopped: string | null;
  /** "model · prompt · guideline · date", with "(stopped after 3 of 5)" after an incomplete run's date. */
  label: string;
  /** The label around its date, so a page can keep the date whole: label = before + date + after. */
  labelParts: {before: string; after: string};
  /** The label on a chart's two lines: the model, with where it stopped, then the prompt, version and date (on one
   *  line the date ran past a phone's chart, and a stopped run's state past it on the second). */
  lines: [string, string];
  /** The label with only what tells this run from the page's others (a stacked case card names each run's score by
   *  it, where the whole label took three lines a run). */
  shortLabel: string;
  asked: number;
  figures: DistanceCounts;
  leanWords: string;
  /** What the rules table says when it has no row: that every answer agrees, or that there is none to compare. */
  noRuleMisapplied: string;
  matrix: ScoreMatrix;
  rulesMisapplied: {id: ChecklistRuleId; title: string; cases: string[]}[];
  unknownRules: {text: string; cases: string[]}[];
  unanswered: (UnansweredCase & {words: string})[];
  ownChecklist: OwnChecklist;
  missing: string[];
  unknownCases: string[];
  rulingChanged: {case: string; recorded: Score; now: Score}[];
}

/**
 * The rules a run misapplies, as /judges and `judge:score` both give them: the guideline's, from the same checklist
 * diff a trainee sees, most often first, each by its title (from the latest version that has it); then each rule id
 * the guideline lacks, as the model wrote it, with the cases whose checklist names it.
 */
export function judgeRulesMisapplied(
  misapplied: readonly Pick<RuleCount, "rule" | "items">[],
  answers: readonly {case: string; answer: JudgeAnswer | null}[],
  rules: readonly {id: string; title: string}[],
): {known: {id: ChecklistRuleId; title: string; cases: string[]}[]; unknown: {text: string; cases: string[]}[]} {
  const unknown = new Map<string, string[]>();
  for (const record of answers)
    for (const line of record.answer?.checklist ?? []) {
      if (judgeRuleName(rules, line.rule).known) continue;
      const cases = unknown.get(line.rule) ?? [];
      if (!cases.includes(record.case)) cases.push(record.case);
      unknown.set(line.rule, cases);
    }
  return {
    known: misapplied.map((entry) => ({
      id: entry.rule,
      title: rules.find((rule) => rule.id === entry.rule)?.title ?? entry.rule,
      cases: [...entry.items],
    })),
    unknown: [...unknown].map(([text, cases]) => ({text, cases})),
  };
}

/**
 * A run's start as its label gives it: the day, and the time (UTC) where another run of the page has the same model,
 * prompt, version and day, to the minute or the second, so that no two runs read the same.
 */
function runDate(runs: JudgesPageData["runs"], index: number): string {
  const run = runs[index]!;
  const same = (length: number) =>
    runs.some(
      (other, at) =>
        at !== index &&
        other.model === run.model &&
        other.prompt === run.prompt &&
        other.guideline === run.guideline &&
        other.startedAt.slice(0, length) === run.startedAt.slice(0, length),
    );
  const day = run.startedAt.slice(0, 10);
  if (!same(10)) return day;
  return `${day} ${run.startedAt.slice(11, same(16) ? 19 : 16)} UTC`;
}

/**
 * A run's label with only what tells it from the page's other runs: its model; its prompt where another run of the
 * model has another; its version where another of the model and prompt has another; its date where another shares
 * all three. Two runs whose whole labels differ keep short labels that differ.
 */
function shortLabel(runs: JudgesPageData["runs"], index: number, date: string, after: string): string {
  const run = runs[index]!;
  const others = runs.filter((other, at) => at !== index && other.model === run.model);
  const samePrompt = others.filter((other) => other.prompt === run.prompt);
  const parts = [
    run.model,
    others.some((other) => other.prompt !== run.prompt) ? run.prompt : null,
    samePrompt.some((other) => other.guideline !== run.guideline) ? run.guideline : null,
    samePrompt.some((other) => other.guideline === run.guideline) ? date : null,
  ];
  return `${parts.filter((part) => part !== null).join(" · ")}${after}`;
}

function runView(data: JudgesPageData, index: number, results: JudgeResults): RunView {
  const run = data.runs[index]!;
  const {group} = results;
  const served = [...new Set(run.answers.flatMap((record) => (record.servedBy ? [record.servedBy] : [])))];
  const date = runDate(data.runs, index);
  const state = run.complete ? "complete" : `stopped after ${run.answers.length} of ${run.cases.length}`;
  const before = `${run.model} · ${run.prompt} · ${run.guideline} · `;
  const after = run.complete ? "" : ` (${state})`;
  const misapplied = judgeRulesMisapplied(group.rulesMisapplied, run.answers, data.rules);
  return {
    key: `run-${index + 1}`,
    file: data.files[index] ?? "",
    model: run.model,
    servedAs: served.filter((model) => model !== run.model),
    prompt: run.prompt,
    guideline: run.guideline,
    date,
    startedAt: run.startedAt,
    complete: run.complete,
    state,
    stopped: run.stopped,
    label: `${before}${date}${after}`,
    labelParts: {before, after},
    lines: [`${run.model}${after}`, `${run.prompt} · ${run.guideline} · ${date}`],
    shortLabel: shortLabel(data.runs, index, date, after),
    asked: results.asked,
    figures: {
      answered: group.answered,
      exact: group.exact,
      oneOff: group.oneOff,
      twoOrMoreOff: group.twoOrMoreOff,
      lenient: group.lenient,
      harsh: group.harsh,
      meanSignedDifference: group.meanSignedDifference,
      signed: group.signed,
    },
    leanWords: describeLean(group, "it"),
    noRuleMisapplied: noRuleMisappliedWords(group.answered),
    matrix: group.matrix,
    rulesMisapplied: misapplied.known,
    unknownRules: misapplied.unknown,
    unanswered: results.unanswered.map((entry) => ({...entry, words: statusWords[entry.status]})),
    ownChecklist: ownChecklist(run.answers, data.items, data.guideline, data.flagsAsked.includes(run.prompt)),
    missing: results.missing,
    unknownCases: results.unknownCases,
    rulingChanged: results.rulingChanged,
  };
}

/**
 * A row per run, in the runs' order, and a column per figure: however many runs there are, the table grows down, not
 * across, and on a phone each run stacks as one card with its figures named. The lean, a sentence, comes last.
 */
function sideBySide(runs: readonly RunView[]): {figures: string[]; rows: string[][]} {
  return {
    figures: ["Exact", "One off", "Two or more off", "Answered of asked", "Lean"],
    rows: runs.map(({figures, leanWords, asked}) => [
      String(figures.exact),
      String(figures.oneOff),
      String(figures.twoOrMoreOff),
      `${figures.answered} of ${asked}`,
      leanWords,
    ]),
  };
}

/** One run's cell in the case-by-case table. */
export type CaseCell =
  | {kind: "answered"; score: ScoreComparison; text: string}
  | {kind: "unanswered"; status: UnansweredCase["status"]; text: string}
  /** Asked, no record yet; or not asked at all. */
  | {kind: "missing" | "not-asked"; text: string};

export interface CaseRow {
  id: string;
  title: string;
  label: string;
  ruled: string;
  cells: CaseCell[];
}

/** Every case any run asked, in the site's order, with each run's score and its distance from today's ruling. */
function caseRows(data: JudgesPageData, results: readonly JudgeResults[]): CaseRow[] {
  const asked = new Set(data.runs.flatMap((run) => run.cases));
  return data.items
    .filter((item) => asked.has(item.id))
    .map((item) => ({
      id: item.id,
      title: item.title,
      label: itemLabel(item),
      ruled: scoreText(item.score),
      cells: results.map((result, index): CaseCell => {
        const row = result.group.rows.find((entry) => entry.id === item.id);
        if (row) return {kind: "answered", score: row.score, text: scoreText(row.trainee)};
        const failed = result.unanswered.find((entry) => entry.case === item.id);
        if (failed) return {kind: "unanswered", status: failed.status, text: statusWords[failed.status]};
        return data.runs[index]!.cases.includes(item.id)
          ? {kind: "missing", text: "not reached"}
          : {kind: "not-asked", text: "not asked"};
      }),
    }));
}

export interface JudgesView {
  runs: RunView[];
  sideBySide: ReturnType<typeof sideBySide>;
  cases: CaseRow[];
}

/** The page's view of every run: each as a rater, side by side, and case by case. */
export function judgesView(data: JudgesPageData): JudgesView {
  const results = data.runs.map((run) => judgeResults(run, data.items, data.guideline));
  const runs = results.map((result, index) => runView(data, index, result));
  return {runs, sideBySide: sideBySide(runs), cases: caseRows(data, results)};
}

// What `judge:score` says of one run: every figure worked out again from the run file against today's rulings.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import type {Lean} from "../trainee/lean.js";
import {scoreLevels} from "../trainee/results.js";
import {describeLean, noRuleMisappliedWords, scoreText} from "../trainee/words.js";
import {plural} from "../text/format.js";
import {escapeUnsafe} from "../text/quote-text.js";
import {judgeResults, type JudgeResults} from "./figures.js";
import {judgeRulesMisapplied} from "./judges-page.js";
import {ownChecklist, ownChecklistWords, type OwnChecklist} from "./own-checklist.js";
import type {JudgeRun} from "./schema.node.js";

export interface JudgeScore {
  file: string;
  model: string;
  /** Null unless every answered case names the same model. */
  servedBy: string | null;
  prompt: string;
  guideline: string;
  against: string;
  startedAt: string;
  complete: boolean;
  asked: number;
  answered: number;
  unanswered: JudgeResults["unanswered"];
  missing: string[];
  exact: number;
  oneOff: number;
  twoOrMoreOff: number;
  lean: Lean;
  leanWords: string;
  /** Judge's score in rows, ruled score in columns; levels 1-5 then not applicable. */
  matrix: {levels: string[]; counts: number[][]};
  rulesMisapplied: {rule: string; title: string; cases: string[]}[];
  /** Rule ids the guideline lacks, as the model wrote them, with the cases that name them. */
  unknownRules: {text: string; cases: string[]}[];
  rulingChanged: JudgeResults["rulingChanged"];
  unknownCases: string[];
  ownChecklist: OwnChecklist;
}

/** Each title from the latest version that has the rule. */
export function ruleTitles(guidelines: readonly Guideline[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const guideline of [...guidelines].reverse())
    for (const rule of guideline.rules) if (!titles.has(rule.id)) titles.set(rule.id, rule.title);
  return titles;
}

export function judgeScore(
  file: string,
  run: JudgeRun,
  items: readonly Item[],
  guidelines: readonly Guideline[],
  flagsAsked: boolean,
): JudgeScore {
  const current = guidelines.at(-1)!;
  const results = judgeResults(run, items, current);
  const {group} = results;
  const titles = ruleTitles(guidelines);
  const served = [...new Set(run.answers.flatMap((record) => (record.servedBy ? [record.servedBy] : [])))];
  const rules = [...titles].map(([id, title]) => ({id, title}));
  const misapplied = judgeRulesMisapplied(group.rulesMisapplied, run.answers, rules);
  return {
    file,
    model: run.model,
    servedBy: served.length === 1 ? served[0]! : null,
    prompt: run.prompt,
    guideline: run.guideline,
    against: current.version,
    startedAt: run.startedAt,
    complete: run.complete,
    asked: results.asked,
    answered: group.answered,
    unanswered: results.unanswered,
    missing: results.missing,
    exact: group.exact,
    oneOff: group.oneOff,
    twoOrMoreOff: group.twoOrMoreOff,
    lean: results.lean,
    leanWords: describeLean(group, "it"),
    matrix: {
      levels: scoreLevels.map(scoreText),
      counts: group.matrix.cells.map((row) => row.map((cell) => cell.items.length)),
    },
    rulesMisapplied: misapplied.known.map(({id, title, cases}) => ({rule: id, title, cases})),
    unknownRules: misapplied.unknown,
    rulingChanged: results.rulingChanged,
    unknownCases: results.unknownCases,
    ownChecklist: ownChecklist(run.answers, items, current, flagsAsked),
  };
}

function matrixLines({levels, counts}: JudgeScore["matrix"]): string[] {
  const short = levels.map((level) => (level === "not applicable" ? "n/a" : level));
  const width = 5;
  const cell = (text: string) => text.padStart(width);
  return [
    `${"judge \\ ruled".padEnd(14)}${short.map(cell).join("")}`,
    ...counts.map((row, index) => `${short[index]!.padEnd(14)}${row.map((n) => cell(n ? String(n) : ".")).join("")}`),
  ];
}

/** The report as lines of text, for the terminal. */
export function formatJudgeScore(score: JudgeScore): string[] {
  const lines: string[] = [];
  const served = score.servedBy && score.servedBy !== score.model ? ` (served as ${score.servedBy})` : "";
  lines.push(
    `${score.file}: ${score.model}${served}, prompt ${score.prompt}, guideline ${score.guideline}, ` +
      `started ${score.startedAt}${score.complete ? "" : ", incomplete"}`,
  );
  lines.push(`Against today's rulings (guideline ${score.against}):`);
  const notAnswered = score.unanswered.length + score.missing.length;
  lines.push(`  ${score.asked} asked, ${score.answered} answered, ${notAnswered} not answered`);
  for (const entry of score.unanswered)
    lines.push(`    ${entry.case}: ${entry.status}${entry.problem ? ` (${entry.problem})` : ""}`);
  for (const id of score.missing) lines.push(`    ${id}: not asked yet (the run stopped before it)`);
  lines.push(
    `  ${score.exact} exact, ${score.oneOff} one off, ${score.twoOrMoreOff} two or more off, of ` +
      `${plural(score.answered, "answered case")}`,
  );
  lines.push(`  Lean: ${score.leanWords}`);
  lines.push("  Score matrix (the judge's score down, the ruled score across):");
  for (const line of matrixLines(score.matrix)) lines.push(`    ${line}`);
  for (const line of ownChecklistWords(score.ownChecklist, score.prompt, (id) => id)) lines.push(`  ${line}`);
  if (!score.rulesMisapplied.length && !score.unknownRules.length)
    lines.push(`  ${noRuleMisappliedWords(score.answered)}`);
  else {
    lines.push("  Rules misapplied:");
    const cases = (ids: readonly string[]) => `${plural(ids.length, "case")}, ${ids.join(", ")}`;
    for (const entry of score.rulesMisapplied) lines.push(`    ${entry.title} (${entry.rule}): ${cases(entry.cases)}`);
    for (const entry of score.unknownRules)
      lines.push(`    unknown rule id ${escapeUnsafe(entry.text)}: ${cases(entry.cases)}`);
  }
  if (score.rulingChanged.length) {
    lines.push("  Rulings changed since the run:");
    for (const entry of score.rulingChanged)
      lines.push(
        `    ${entry.case}: ruled ${scoreText(entry.recorded)} then, ${scoreText(entry.now)} now (the figures use now)`,
      );
  }
  if (score.unknownCases.length) lines.push(`  Cases this site does not have: ${score.unknownCases.join(", ")}`);
  return lines;
}

// One judge's answer against its ruling, line by line, by the comparison a trainee's Check uses (compareAnswer, on
// the answer read by ./as-checklist.ts), with the rule the judge named: by title, or as written where it is unknown.
import type {ChecklistRuleId, Item} from "../authored/schemas/item.js";
import {derive, ruleSetOf, scoringOf} from "../engine/derive.js";
import {verdictLabels} from "../engine/labels.js";
import {isOpen, ruleReading, type RuleReading} from "../engine/rules.js";
import {compareAnswer} from "../trainee/compare.js";
import {citation, type RuleCitation} from "../trainee/feedback.js";
import type {ScoreComparison} from "../trainee/score-distance.js";
import {describeDistance, scoreText} from "../trainee/words.js";
import type {JudgeAnswer, JudgeFlag} from "./answer.js";
import {judgeAsAnswer} from "./as-checklist.js";
import {judgeRuleName, statusWords, type JudgeRuleName, type JudgesPageData} from "./judges-page.js";
import type {PublishedRun} from "./published.js";
import {caseFlags, type CaseFlags} from "./own-checklist.js";

export interface LineView {
  ruled: {text: string; main: boolean; verdict: string; inferred: boolean} | null;
  judge: {instruction: string; main: boolean; verdict: string; rule: JudgeRuleName} | null;
  status:
    | "agree"
    | "unknown-rule"
    | "verdict-differs"
    | "missing"
    | "not-checked"
    | "candidate"
    | "not-on-checklist"
    | "repeat";
  words: string;
  /** None where the line agrees or only repeats. */
  decidedBy: RuleCitation | null;
}

export type AnswerView =
  | {kind: "unanswered"; status: string; problem: string | null; excerpt: string}
  | {
      kind: "answered";
      score: ScoreComparison;
      scoreWords: string;
      impliedOtherwise: string | null;
      mainDiffers: {judgeMain: string | null; ruledMain: string; rule: RuleCitation} | null;
      lines: LineView[];
      flags: CaseFlags | null;
      /** Of the ruled lines shown, those shown missing included. */
      matching: number;
      ruledLines: number;
    };

const lineWords: Record<LineView["status"], string> = {
  "agree": "agrees",
  "unknown-rule": "same verdict, but by a rule the guideline lacks",
  "verdict-differs": "another verdict",
  "missing": "not listed",
  "not-checked": "listed, no verdict",
  "candidate": "not an instruction here",
  "not-on-checklist": "not on the ruled checklist",
  "repeat": "repeats a line",
};

/** The flag a line's reading raises (any of its readings, where its rule leaves the line open), if any. */
const flagRaised = (reading: RuleReading) =>
  (isOpen(reading) ? reading.find((outcome) => outcome.flag) : reading)?.flag;

function answeredView(data: JudgesPageData, item: Item, answer: JudgeAnswer, run: PublishedRun): AnswerView {
  const ruleSet = ruleSetOf(data.guideline);
  const derivation = derive(item, ruleSet);
  const asAnswer = judgeAsAnswer(item, answer, {guideline: run.guideline, at: run.startedAt});
  const comparison = compareAnswer(item, derivation, asAnswer, scoringOf(data.guideline));
  const checklist = comparison.checklist;
  // Flags count only where the run's prompt asked for them (./prompt.ts asksForFlags), whatever the answer added.
  const flagsAsked = data.flagsAsked.includes(run.prompt);
  const cite = (index: number, rule: ChecklistRuleId = item.checklist[index]!.rule) =>
    citation(
      data.guideline,
      rule,
      rule === item.checklist[index]!.rule ? (derivation.lines[index]?.clause ?? null) : null,
      item.checklist[index],
    );
  const judgeLine = (index: number): LineView["judge"] => {
    const line = answer.checklist[index]!;
    return {
      instruction: line.instruction,
      main: line.main,
      verdict: verdictLabels[line.verdict],
      rule: judgeRuleName(data.rules, line.rule),
    };
  };
  const lines: LineView[] = [];
  for (const line of checklist?.lines ?? []) {
    const judge = line.trainee ? judgeLine(line.trainee.line) : null;
    // A line decided by a rule the guideline lacks never agrees, whatever its verdict.
    const status = line.status === "agree" && judge && !judge.rule.known ? "unknown-rule" : line.status;
    lines.push({
      ruled: {
        text: line.text,
        main: line.role === "main",
        verdict: verdictLabels[line.ruled],
        inferred: line.source === "inferred",
      },
      judge,
      status,
      words: lineWords[status],
      decidedBy:
        line.status === "verdict-differs"
          ? cite(line.index)
          : line.status === "missing"
            ? cite(line.index, line.listRule!)
            : null,
    });
  }
  // A line the ruling keeps off the checklist is rightly left out of the answer, unless it holds a problem the
  // ruling flags (Example 5's wrong answer, an accuracy flag): an answer that neither lists it nor raises that flag
  // missed it. Any other (Example 1's "exactly two examples", a preference the request never states) is what the
  // guideline says not to list: left out, it agrees, and is not shown.
  const listed = new Set((checklist?.extras ?? []).flatMap((extra) => (extra.of === null ? [] : [extra.of])));
  let missingOffChecklist = 0;
  item.checklist.forEach((line, index) => {
    if (line.role !== "candidate" || listed.has(index)) return;
    const flag = ruleSet.ruleIds.has(line.rule)
      ? flagRaised(ruleReading(ruleSet.logic, line, ruleSet.parameters))
      : null;
    if (!flag || (flagsAsked && answer.flags?.includes(flag as JudgeFlag))) return;
    missingOffChecklist += 1;
    lines.push({
      ruled: {text: line.text, main: false, verdict: verdictLabels[line.verdict], inferred: line.source === "inferred"},
      judge: null,
      status: "missing",
      words: lineWords.missing,
      decidedBy: cite(index),
    });
  });
  for (const extra of checklist?.extras ?? [])
    lines.push({
      ruled: null,
      judge: judgeLine(extra.line),
      status: extra.status,
      words: lineWords[extra.status],
      decidedBy:
        extra.status === "repeat"
          ? null
          : extra.of === null
            ? citation(data.guideline, extra.rule, null)
            : cite(extra.of, extra.rule),
    });
  const ruledMain = item.checklist.find((line) => line.role === "main");
  const differs = checklist?.mainDiffers;
  const implied = comparison.implied;
  return {
    kind: "answered",
    score: comparison.score,
    scoreWords: describeDistance(comparison.score, "it"),
    impliedOtherwise:
      comparison.checklistScoreMismatch && implied?.ok ? implied.scores.map(scoreText).join(" or ") : null,
    mainDiffers:
      differs && ruledMain
        ? {
            judgeMain: differs.line === null ? null : answer.checklist[differs.line]!.instruction,
            ruledMain: ruledMain.text,
            rule: citation(data.guideline, "main-task", null),
          }
        : null,
    lines,
    flags: caseFlags(item, answer, flagsAsked),
    matching: lines.filter((line) => line.status === "agree").length,
    ruledLines:
      (checklist?.lines.length ?? item.checklist.filter((line) => line.role !== "candidate").length) +
      missingOffChecklist,
  };
}

export function answerView(data: JudgesPageData, runIndex: number, caseId: string): AnswerView | null {
  const run = data.runs[runIndex];
  const record = run?.answers.find((entry) => entry.case === caseId);
  const item = data.items.find((entry) => entry.id === caseId);
  if (!run || !record || !item) return null;
  if (record.status !== "answered" || !record.answer) {
    const status = record.status === "answered" ? "answered, but no answer recorded" : statusWords[record.status];
    return {
      kind: "unanswered",
      status,
      // Said once: under "the reply was not JSON", why is "the reply is not a JSON object", not "not JSON: …" again.
      problem: record.problem?.startsWith(`${status}: `) ? record.problem.slice(status.length + 2) : record.problem,
      excerpt: record.excerpt ?? "",
    };
  }
  return answeredView(data, item, record.answer, run);
}

/** The answer open below the cases' table: a run's, by its place among the runs, to a case. */
export interface OpenAnswer {
  run: number;
  case: string;
}

export type AnswerAction = ({kind: "open"} & OpenAnswer) | {kind: "close"};

/** One answer open at a time; opening the one open brings it to the reader again (a fresh state, so effects run). */
export function openAnswer(open: OpenAnswer | null, action: AnswerAction): OpenAnswer | null {
  if (action.kind === "close") return null;
  return {run: action.run, case: action.case};
}

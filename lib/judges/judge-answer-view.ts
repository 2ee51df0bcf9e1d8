// One judge's answer to one case against its ruling, line by line, for the /judges page: the same comparison a
// trainee's Check uses (lib/trainee/compare.ts compareAnswer, on the answer read as a trainee's by
// ./as-checklist.ts), each difference with the rule that decides it, and beside each line the rule the judge named,
// by title or, where the guideline lacks it, as the judge wrote it. Pure and browser-safe.
import type {ChecklistRuleId, Item} from "../authored/schemas/item.js";
import {derive, ruleSetOf, scoringOf} from "../engine/derive.js";
import {verdictLabels} from "../engine/labels.js";
import {compareAnswer} from "../trainee/compare.js";
import {citation, type RuleCitation} from "../trainee/feedback.js";
import type {ScoreComparison} from "../trainee/score-distance.js";
import {describeDistance, scoreText} from "../trainee/words.js";
import type {JudgeAnswer} from "./answer.js";
import {judgeAsAnswer} from "./as-checklist.js";
import {judgeRuleName, statusWords, type JudgeRuleName, type JudgesPageData} from "./judges-page.js";
import type {PublishedRun} from "./published.js";
import {caseFlags, type CaseFlags} from "./own-checklist.js";

/** How one line of the ruled checklist, or one extra line of the judge's, stands against the other. */
export interface LineView {
  /** The ruled line: its words, main task or not, its verdict, whether the site reads it in. */
  ruled: {text: string; main: boolean; verdict: string; inferred: boolean} | null;
  /** The judge's line for it, as it wrote it, with the rule it named. */
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
  /** The rule that decides the difference (none where the line agrees or only repeats). */
  decidedBy: RuleCitation | null;
}

export type AnswerView =
  | {kind: "unanswered"; status: string; problem: string | null; excerpt: string}
  | {
      kind: "answered";
      score: ScoreComparison;
      scoreWords: string;
      /** The score its own checklist implies, where that is not the score it gave. */
      impliedOtherwise: string | null;
      /** It took another line (or none) as the main task. */
      mainDiffers: {judgeMain: string | null; ruledMain: string; rule: RuleCitation} | null;
      lines: LineView[];
      /** The ruling's flags against those it raised, where its prompt asked for flags and the ruling has some. */
      flags: CaseFlags | null;
      /** Ruled lines it listed and judged the same way, of the ruled lines shown (those shown missing included). */
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

function answeredView(data: JudgesPageData, item: Item, answer: JudgeAnswer, run: PublishedRun): AnswerView {
  const derivation = derive(item, ruleSetOf(data.guideline));
  const asAnswer = judgeAsAnswer(item, answer, {guideline: run.guideline, at: run.startedAt});
  const comparison = compareAnswer(item, derivation, asAnswer, scoringOf(data.guideline));
  const checklist = comparison.checklist;
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
  // A ruled line off the checklist (what is not rated, say) that the answer has no line for is in the comparison
  // too, as missing: the ruling has it, the model's answer does not.
  const listed = new Set((checklist?.extras ?? []).flatMap((extra) => (extra.of === null ? [] : [extra.of])));
  let missingOffChecklist = 0;
  item.checklist.forEach((line, index) => {
    if (line.role !== "candidate" || listed.has(index)) return;
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
    flags: caseFlags(item, answer),
    matching: lines.filter((line) => line.status === "agree").length,
    // The ruled lines shown: the checklist's, and those off it shown as missing (the model had no line for them).
    ruledLines:
      (checklist?.lines.length ?? item.checklist.filter((line) => line.role !== "candidate").length) +
      missingOffChecklist,
  };
}

/** One run's answer to one case against the ruling; null when the run holds no record of it or the site lacks it. */
export function answerView(data: JudgesPageData, runIndex: number, caseId: string): AnswerView | null {
  const run = data.runs[runIndex];
  const record = run?.answers.find((entry) => entry.case === caseId);
  const item = data.items.find((entry) => entry.id === caseId);
  if (!run || !record || !item) return null;
  if (record.status !== "answered" || !record.answer)
    return {
      kind: "unanswered",
      status: record.status === "answered" ? "answered, but no answer recorded" : statusWords[record.status],
      problem: record.problem,
      excerpt: record.excerpt ?? "",
    };
  return answeredView(data, item, record.answer, run);
}

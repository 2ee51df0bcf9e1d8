// One judge's answer to one case on /judges, against the ruling: its score beside the ruled one, then its checklist
// beside the ruled checklist line by line, each line with the rule the judge named (by title, or "unknown rule id"
// and what it wrote) and, where the two differ, the rule that decides it (RuleRef, as the trainee's ruling cites
// it). A reply that is not an answer shows its status, the problem and the reply's start, as text.
import type {AnswerView, LineView} from "../lib/judges/judge-answer-view.js";
import type {CaseRow, JudgeRuleName, RunView} from "../lib/judges/judges-page.js";
import {caseFlagsText} from "../lib/judges/own-checklist.js";
import {ruleHref} from "../lib/site/links.js";
import {scoreText} from "../lib/trainee/words.js";
import {DistanceMark} from "./distance-mark.js";
import {el, type Child} from "./dom.js";
import {RuleRef} from "./rule-ref.js";
import {Table, TableRow} from "./table.js";

const quoted = (words: string) => `“${words}”`;

function JudgeRule(rule: JudgeRuleName): HTMLElement {
  return rule.known
    ? el("a", {href: ruleHref(rule.id)}, rule.title)
    : el("span", {class: "unknown-rule"}, "unknown rule id ", el("code", {}, rule.text));
}

/** A line's words: a block whose width is capped, so a model's 1,000 characters wrap in it and leave the other
 *  columns their room (a table gives each column a share of the width by its longest line). */
const lineText = (main: boolean, text: string) =>
  el("span", {class: "judge-line-text"}, main ? el("strong", {}, "Main task: ") : null, text);

function LineRow(line: LineView): HTMLTableRowElement {
  const agrees = line.status === "agree";
  const row = TableRow(
    [
      line.ruled ? lineText(line.ruled.main, line.ruled.text) : "—",
      line.ruled ? line.ruled.verdict : "—",
      line.judge ? lineText(line.judge.main, line.judge.instruction) : "—",
      line.judge ? line.judge.verdict : "—",
      line.judge ? JudgeRule(line.judge.rule) : "—",
      el(
        "span",
        {class: "judge-line-status"},
        DistanceMark(agrees ? "exact" : "two-or-more-off"),
        line.words,
        line.decidedBy ? [": ", RuleRef(line.decidedBy)] : null,
      ),
    ],
    {rowHeader: true},
  );
  row.className = `judge-line is-${line.status}`;
  return row;
}

function Answered(answer: Extract<AnswerView, {kind: "answered"}>): Child[] {
  return [
    el(
      "p",
      {class: `judge-answer-score distance-${answer.score.distance}`},
      DistanceMark(answer.score.distance),
      `Its score ${scoreText(answer.score.trainee)}, ruled ${scoreText(answer.score.ruled)}: ${answer.scoreWords}.`,
    ),
    answer.impliedOtherwise
      ? el(
          "p",
          {},
          `Its own checklist implies ${answer.impliedOtherwise}, but it scored ${scoreText(answer.score.trainee)}.`,
        )
      : null,
    answer.mainDiffers
      ? el(
          "p",
          {class: "judge-main-differs"},
          answer.mainDiffers.judgeMain === null
            ? "It took no line as the main task. "
            : ["It took ", quoted(answer.mainDiffers.judgeMain), " as the main task. "],
          "The main task is ",
          el("strong", {}, answer.mainDiffers.ruledMain),
          ". ",
          RuleRef(answer.mainDiffers.rule),
        )
      : null,
    Table(
      {
        head: ["Ruled line", "Ruled", "Its line", "Its verdict", "Its rule", "Against the ruling"],
        rows: answer.lines.map(LineRow),
      },
      {caption: "Its checklist beside the ruled one, line by line", stack: true, className: "judge-lines"},
    ),
    el(
      "p",
      {class: "matching"},
      `${answer.matching} of ${answer.ruledLines} ruled ` +
        `${answer.ruledLines === 1 ? "line matches" : "lines match"} its own.`,
    ),
    answer.flags ? el("p", {class: "judge-flags"}, caseFlagsText(answer.flags)) : null,
  ];
}

function Unanswered(answer: Extract<AnswerView, {kind: "unanswered"}>): Child[] {
  return [
    el("p", {class: "judge-failed"}, el("strong", {}, "No answer: "), `the reply was ${answer.status}.`),
    answer.problem ? el("p", {}, "Why: ", el("code", {}, answer.problem)) : null,
    el("p", {class: "muted"}, "The reply's first 2,000 characters, as received:"),
    el("pre", {class: "judge-reply", tabindex: 0}, answer.excerpt),
  ];
}

export function JudgeAnswerPanel(
  {answer, run, row}: {answer: AnswerView; run: RunView; row: CaseRow},
  {onClose}: {onClose?: () => void} = {},
): HTMLElement {
  return el(
    "article",
    {"class": "judge-answer", "aria-labelledby": "judge-answer-title"},
    el(
      "div",
      {class: "judge-answer-head"},
      el("h3", {id: "judge-answer-title", tabindex: -1}, `${row.label}: ${row.title}`),
      onClose && el("button", {type: "button", class: "judge-answer-close", onclick: onClose}, "Close"),
    ),
    el("p", {class: "judge-answer-run"}, run.label),
    answer.kind === "answered" ? Answered(answer) : Unanswered(answer),
  );
}

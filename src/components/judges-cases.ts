// The cases one by one on /judges: a row per case any run asked, the ruled score, and each run's score with its
// distance from the ruling (✓ ≈ ✗, as the trainee's strip marks it). Each score opens that run's answer to the case
// below the table, against the ruling line by line (judges-answer.ts); one answer is open at a time.
import {answerView} from "../lib/judges/judge-answer-view.js";
import type {CaseCell, CaseRow, JudgesPageData, JudgesView, RunView} from "../lib/judges/judges-page.js";
import {describeDistance} from "../lib/trainee/words.js";
import {DistanceMark} from "./distance-mark.js";
import {el, type Child} from "./dom.js";
import {JudgeAnswerPanel} from "./judges-answer.js";
import {Table} from "./table.js";

const slotId = "judge-answer";

function cellWords(cell: CaseCell): string {
  if (cell.kind === "answered") return `${cell.text}, ${describeDistance(cell.score, "it")}`;
  return cell.text;
}

export function JudgeCases({view, data}: {view: JudgesView; data: JudgesPageData}): HTMLElement {
  const slot = el("div", {"id": slotId, "class": "judge-answer-slot", "aria-live": "polite"});
  const buttons: HTMLButtonElement[] = [];
  const open = (button: HTMLButtonElement, run: RunView, runIndex: number, row: CaseRow) => {
    const answer = answerView(data, runIndex, row.id);
    if (!answer) return;
    for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
    slot.replaceChildren(JudgeAnswerPanel({answer, run, row}, {onClose: () => closeAnswer(button)}));
    slot.querySelector<HTMLElement>("h3")?.focus();
  };
  const closeAnswer = (button: HTMLButtonElement) => {
    slot.replaceChildren();
    button.setAttribute("aria-pressed", "false");
    button.focus();
  };
  const cell = (row: CaseRow, runIndex: number): Child => {
    const entry = row.cells[runIndex]!;
    const run = view.runs[runIndex]!;
    if (entry.kind === "missing" || entry.kind === "not-asked") return el("span", {class: "muted"}, entry.text);
    const distance = entry.kind === "answered" ? entry.score.distance : null;
    const button = el(
      "button",
      {
        "type": "button",
        "class": `judge-score${distance ? ` distance-${distance}` : " is-unanswered"}`,
        "aria-pressed": "false",
        "aria-controls": slotId,
        "aria-label": `${run.model}'s answer to ${row.label}: ${cellWords(entry)}`,
      },
      distance ? [entry.text, " ", DistanceMark(distance)] : entry.text,
    );
    button.addEventListener("click", () => open(button, run, runIndex, row));
    buttons.push(button);
    return button;
  };
  return el(
    "section",
    {"class": "judges-section judge-cases", "aria-labelledby": "judge-cases-title"},
    el("h2", {id: "judge-cases-title"}, "Case by case"),
    el(
      "p",
      {class: "judges-lead"},
      "Open a score to see that answer against the ruling: its checklist beside the ruled one, line by line, with " +
        "the rule that decides each difference.",
    ),
    Table(
      {
        head: ["Case", "Ruled", ...view.runs.map((run) => run.label)],
        rows: view.cases.map((row) => [
          [el("span", {class: "judge-case-label"}, row.label), el("span", {class: "judge-case-title"}, row.title)],
          row.ruled,
          ...view.runs.map((_run, index) => cell(row, index)),
        ]),
      },
      {
        caption: "Each case: the ruled score and each run's score",
        rowHeaders: true,
        stack: true,
        scroll: "Case by case, every run",
        className: "judge-cases-table",
      },
    ),
    slot,
  );
}

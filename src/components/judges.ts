// The /judges page: every recorded judge run as a rater. First the runs side by side (exact, one off, two or more
// off, lean, answered of asked) and the chart of them with the visitor's own row ("You", from their saved record,
// drawn again when it changes), then each run with the trainee's figures, then the cases one by one,
// where any answer opens against its ruling. With no run recorded, how to record one. Every figure
// and word comes from lib/judges/judges-page.ts; everything a model wrote is put in as text, never as HTML.
import {
  judgesView,
  type JudgesPageData,
  type JudgesView,
  type CaseRow,
  type JudgeRuleName,
  type RunView,
  type CaseCell,
} from "../lib/judges/judges-page.js";
import {
  visitorChartRow,
  nextVisitorRow,
  distanceKinds,
  noVisitorRowWords,
  runChartRows,
  type DistanceKind,
  type RunChartRow,
} from "../lib/judges/run-chart.js";
import {defaultKeyVariable} from "../lib/probes/request.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {el, type Child, live, type Live} from "./dom.js";
import {Table, TableRow} from "./table.js";
import {
  type AnswerAction,
  type AnswerView,
  type LineView,
  type OpenAnswer,
  answerView,
  openAnswer,
} from "../lib/judges/judge-answer-view.js";
import {caseFlagsText, ownChecklistWords} from "../lib/judges/own-checklist.js";
import {labelList, labelOrId, ruleHref} from "../lib/site/links.js";
import {scoreText, describeDistance} from "../lib/trainee/words.js";
import {DistanceMark} from "./distance-mark.js";
import {RuleRef} from "./rule-ref.js";
import {stack} from "d3-shape";
import {select} from "d3-selection";
import {chartScales} from "../lib/site/chart-scales.js";
import {phoneChartWidth} from "../lib/site/chart-width.js";
import {ChartFrame} from "./d3-frame.js";
import {DistanceKey} from "./results-charts.js";
import {plural} from "../lib/text/format.js";
import {MatrixChart} from "./matrix-chart.js";
import {DistanceFigures} from "./results-group.js";

const recordCommand = "npm run judge:run -- --model <slug> --cases calibration";

/** With no run recorded: how to record one, and where it goes. */
function NoRuns(data: JudgesPageData): HTMLElement {
  return el(
    "section",
    {"class": "judges-empty", "aria-labelledby": "judges-empty-title"},
    el("h2", {id: "judges-empty-title"}, "No judge run is recorded yet"),
    el("p", {}, "Record one from the command line, with an OpenAI-compatible endpoint (OpenRouter by default):"),
    el(
      "ol",
      {class: "judges-steps"},
      el("li", {}, "Put your API key in the ", el("code", {}, defaultKeyVariable), " environment variable."),
      el(
        "li",
        {},
        "Run ",
        el("code", {class: "judges-command"}, recordCommand),
        ". ",
        el("code", {}, "--cases"),
        " also takes ",
        el("code", {}, "edge-cases"),
        ", ",
        el("code", {}, "examples"),
        ", ",
        el("code", {}, "fresh"),
        ", ",
        el("code", {}, "all"),
        " or case ids; ",
        el("code", {}, "--base-url"),
        " points it at another endpoint",
        data.promptNames.length
          ? [
              "; ",
              el("code", {}, "--prompt"),
              " picks the prompt (",
              data.promptNames.map((name, index) => [index ? ", " : "", el("code", {}, name)]),
              ")",
            ]
          : null,
        ".",
      ),
      el(
        "li",
        {},
        "The run is written to ",
        el("code", {}, "data/judges/runs/"),
        ", one file per run, named by when it started and the model. ",
        el("code", {}, "npm run judges:check"),
        " checks it; the next build shows it here.",
      ),
    ),
    el("p", {class: "muted"}, "The key is never written to the run file, and a run that holds it fails the build."),
  );
}

/** The chart, with the visitor's own row from their saved record, drawn again when its figures change. */
function ChartWithYou(view: JudgesView, data: JudgesPageData, store: ProgressStore): HTMLElement {
  const you = () => visitorChartRow(store.get(), data);
  const node = live<RunChartRow | null, RunChartRow | null>(you(), {
    update: nextVisitorRow,
    view: (row) => el("div", {class: "judges-chart-holder"}, JudgesChart(view, {you: row})),
  });
  store.subscribe(() => node.dispatch(you()));
  return node;
}

/**
 * A run's label as a head (its row's side by side, its column's case by case): its date ("2026-11-21") kept whole,
 * where the browser breaks after a hyphen.
 */
const RunHead = ({labelParts: {before, after}, date}: RunView): Child[] => [
  before,
  el("span", {class: "run-date"}, date),
  after,
];

/** The runs side by side: a row per run, a column per figure. */
function SideBySide(view: JudgesView, data: JudgesPageData, store: ProgressStore): HTMLElement {
  const {figures, rows} = view.sideBySide;
  return el(
    "section",
    {"class": "judges-section", "aria-labelledby": "judges-side-title"},
    el("h2", {id: "judges-side-title"}, "Side by side"),
    el(
      "p",
      {class: "judges-lead"},
      "Each run's first answers against today's ruled scores, of the cases it answered. A reply that is not an " +
        "answer is counted apart, never scored.",
    ),
    Table(
      {head: ["Run", ...figures], rows: view.runs.map((run, index) => [RunHead(run), ...rows[index]!])},
      {
        caption: "Each run: its figures against today's ruled scores",
        rowHeaders: true,
        stack: true,
        // Should a window make it wider than the page, it scrolls in its own box, which a keyboard reaches by name.
        scroll: "Side by side, every run",
        className: "judges-side",
      },
    ),
    ChartWithYou(view, data, store),
  );
}

/** The page; `store` is the saved progress (this browser's by default), for the visitor's own row in the chart. */
export function JudgesPage(data: JudgesPageData, {store}: {store?: ProgressStore} = {}): HTMLElement {
  if (!data.runs.length) return el("div", {class: "judges-page"}, NoRuns(data));
  const view = judgesView(data);
  return el(
    "div",
    {class: "judges-page"},
    SideBySide(view, data, store ?? openProgressStore()),
    view.runs.map((run) => JudgeRunSection({run, data})),
    JudgeCases({view, data}),
  );
}

// One judge's answer to one case on /judges, against the ruling: its score beside the ruled one, then its checklist
// beside the ruled checklist line by line, each line with the rule the judge named (by title, or "unknown rule id"
// and what it wrote) and, where the two differ, the rule that decides it (RuleRef, as the trainee's ruling cites
// it). A reply that is not an answer shows its status, the problem and the reply's start, as text.
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

function JudgeAnswerPanel({answer, run, row}: {answer: AnswerView; run: RunView; row: CaseRow}): HTMLElement {
  return el(
    "article",
    {"class": "judge-answer", "aria-labelledby": "judge-answer-title"},
    el(
      "div",
      {class: "judge-answer-head"},
      el("h3", {id: "judge-answer-title", tabindex: -1}, `${row.label}: ${row.title}`),
      el("button", {"type": "button", "class": "judge-answer-close", "data-close": ""}, "Close"),
    ),
    el("p", {class: "judge-answer-run"}, run.label),
    answer.kind === "answered" ? Answered(answer) : Unanswered(answer),
  );
}

// The cases one by one on /judges: a row per case any run asked, the ruled score, and each run's score with its
// distance from the ruling (✓ ≈ ✗, as the trainee's strip marks it). Each score opens that run's answer to the case
// below the table, against the ruling line by line; one answer is open at a time.
const slotId = "judge-answer";

function cellWords(cell: CaseCell): string {
  if (cell.kind === "answered") return `${cell.text}, ${describeDistance(cell.score, "it")}`;
  return cell.text;
}

export function JudgeCases({
  view,
  data,
}: {
  view: JudgesView;
  data: JudgesPageData;
}): Live<OpenAnswer | null, AnswerAction> {
  const cell = (row: CaseRow, runIndex: number, open: OpenAnswer | null): Child => {
    const entry = row.cells[runIndex]!;
    const run = view.runs[runIndex]!;
    if (entry.kind === "missing" || entry.kind === "not-asked") return el("span", {class: "muted"}, entry.text);
    const distance = entry.kind === "answered" ? entry.score.distance : null;
    return el(
      "button",
      {
        "type": "button",
        "class": `judge-score${distance ? ` distance-${distance}` : " is-unanswered"}`,
        "aria-pressed": String(open?.run === runIndex && open.case === row.id),
        "aria-controls": slotId,
        "aria-label": `Answer to ${row.label} by ${run.shortLabel}: ${cellWords(entry)}`,
        "data-run": runIndex,
        "data-case": row.id,
      },
      distance ? [entry.text, " ", DistanceMark(distance)] : entry.text,
    );
  };
  const opened = (open: OpenAnswer | null): Child => {
    const answer = open && answerView(data, open.run, open.case);
    const row = open && view.cases.find((entry) => entry.id === open.case);
    return answer && row ? JudgeAnswerPanel({answer, run: view.runs[open.run]!, row}) : null;
  };
  const button = (node: HTMLElement, {run, case: id}: OpenAnswer) =>
    node.querySelector<HTMLElement>(`[data-run="${run}"][data-case="${CSS.escape(id)}"]`);
  return live<OpenAnswer | null, AnswerAction>(null, {
    update: openAnswer,
    view: (open) =>
      el(
        "section",
        {"class": "judges-section judge-cases", "aria-labelledby": "judge-cases-title"},
        el("h2", {id: "judge-cases-title"}, "Case by case"),
        el(
          "p",
          {class: "judges-lead"},
          "Open a score to see that answer against the ruling: its checklist beside the ruled one, line by line, " +
            "with the rule that decides each difference.",
        ),
        Table(
          {
            head: ["Case", "Ruled", ...view.runs.map((run) => ({head: RunHead(run), label: run.shortLabel}))],
            rows: view.cases.map((row) => [
              [el("span", {class: "judge-case-label"}, row.label), el("span", {class: "judge-case-title"}, row.title)],
              row.ruled,
              ...view.runs.map((_run, index) => cell(row, index, open)),
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
        el("div", {"id": slotId, "class": "judge-answer-slot", "aria-live": "polite"}, opened(open)),
      ),
    on: {
      click: (event) => {
        const target = event.target as Element;
        if (target.closest("[data-close]")) return {kind: "close"};
        const score = target.closest<HTMLElement>("[data-run][data-case]");
        if (!score) return undefined;
        const [run, id] = [Number(score.dataset.run), score.dataset.case!];
        // A reply the page has no record of opens nothing.
        return answerView(data, run, id) ? {kind: "open", run, case: id} : undefined;
      },
    },
    effects: (node, {before, after}) => {
      if (after) node.querySelector<HTMLElement>(`#${slotId} h3`)?.focus();
      else if (before) button(node, before)?.focus();
    },
  });
}

// The /judges chart: each run as a rater against the ruled scores, a bar per run split into the share of the cases it
// answered that it scored exactly, one off and two or more off, drawn with d3's own modules (scale, axis, shape's
// stack, selection) from node_modules, with its figures as a table under it. Rows from lib/judges/run-chart.ts.
const kindWords: Record<DistanceKind, string> = {
  "exact": "exact",
  "one-off": "one off",
  "two-or-more-off": "two or more off",
};
const share = (value: number) => `${Math.round(value * 100)}%`;

function RunsSvg(rows: readonly RunChartRow[], id: string): SVGSVGElement {
  // A row: its label's lines (lib/judges/run-chart.ts), then its bar.
  const scales = chartScales({keys: rows.map((row) => row.key), domain: [0, 1], width: phoneChartWidth, rowHeight: 58});
  const {x, y} = scales;
  const node = ChartFrame({scales, id}, {format: share});
  const chart = select(node);
  const series = stack<RunChartRow, DistanceKind>()
    .keys(distanceKinds)
    .value((row, kind) => row.shares[kind])(rows);
  for (const row of rows) {
    const label = chart
      .append("text")
      .attr("class", "row-label")
      .attr("y", y(row.key)! + 12);
    for (const [index, line] of row.lines.entries())
      label
        .append("tspan")
        .attr("x", x(0))
        .attr("dy", index ? 14 : 0)
        .text(line);
  }
  for (const layer of series)
    for (const [index, [from, to]] of layer.entries()) {
      const row = rows[index]!;
      chart
        .append("rect")
        .attr("class", `bar distance-${layer.key}`)
        .attr("x", x(from))
        .attr("y", y(row.key)! + 32)
        .attr("width", Math.max(0, x(to) - x(from)))
        .attr("height", 14);
    }
  return node;
}

/**
 * Each run as a rater against the ruled scores, and the visitor's own row ("You") when they have answers to the runs'
 * cases, else a line on how to get one; the figures as a table under it.
 */
export function JudgesChart(
  view: JudgesView,
  {id = "judges-chart", you = null}: {id?: string; you?: RunChartRow | null} = {},
): HTMLElement {
  const rows = [...runChartRows(view.runs), ...(you ? [you] : [])];
  return el(
    "figure",
    {"class": "d3-figure", "id": id, "data-chart": "runs"},
    el("h3", {id: `${id}-title`}, "Each run against the ruled scores"),
    DistanceKey(),
    RunsSvg(rows, id),
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each bar is a run, as a rater: of the cases it answered, the share it scored exactly as ruled, one off and " +
        "two or more off." +
        (you ? " The last bar is you: your first answers in the six parts to the same cases." : ""),
    ),
    you ? null : el("p", {class: "judges-no-you", id: `${id}-no-you`}, noVisitorRowWords),
    Table(
      {
        head: ["Run", "Answered", ...distanceKinds.map((kind) => kindWords[kind])],
        rows: rows.map((row) => [
          row.label,
          String(row.answered),
          ...distanceKinds.map((kind) => `${row.counts[kind]} (${share(row.shares[kind])})`),
        ]),
      },
      {caption: "The chart's figures", rowHeaders: true, stack: true, className: "d3-chart-table"},
    ),
  );
}

// One judge run on /judges, as the results page shows a trainee: what it is (model as asked and as served, prompt,
// guideline version, when, complete or stopped), exact / one off / two or more off with the lean, the rules it
// misapplies (and the rule ids it invented, as it wrote them), the score-by-score grid, and the cases it did not
// answer with why. Figures and words from lib/judges/judges-page.ts.
type Items = Map<string, JudgesPageData["items"][number]>;

const caseList = (ids: readonly string[], items: Items): string => labelList(ids.map((id) => labelOrId(id, items)));

/** What the run is: a short list of its facts. */
function RunFacts(run: RunView): HTMLElement {
  const fact = (term: string, ...value: Child[]) => el("div", {}, el("dt", {}, term), el("dd", {}, value));
  return el(
    "dl",
    {class: "judge-facts"},
    fact("Model", el("code", {}, run.model), run.servedAs.length ? ` (served as ${run.servedAs.join(", ")})` : ""),
    fact("Prompt", el("code", {}, run.prompt)),
    fact("Guideline", run.guideline),
    fact("Started", el("time", {datetime: run.startedAt}, run.date)),
    fact(
      "Run",
      el("span", {class: run.complete ? "" : "judge-stopped"}, run.state),
      run.stopped ? `: ${run.stopped}` : "",
    ),
    fact("File", el("code", {}, run.file)),
  );
}

function RulesMisapplied(run: RunView, items: Items): HTMLElement {
  const rows: Child[][] = [
    ...run.rulesMisapplied.map((rule) => [
      el("a", {href: ruleHref(rule.id)}, rule.title),
      String(rule.cases.length),
      caseList(rule.cases, items),
    ]),
    ...run.unknownRules.map((rule) => [
      el("span", {class: "unknown-rule"}, "unknown rule id ", el("code", {}, rule.text)),
      String(rule.cases.length),
      caseList(rule.cases, items),
    ]),
  ];
  if (!rows.length) return el("p", {}, run.noRuleMisapplied);
  return Table(
    {head: ["Rule", "Times", "Cases"], rows},
    {caption: `Rules ${run.model} misapplies, most often first`, rowHeaders: true, stack: true},
  );
}

/** The cases it scored against its own checklist, the score slips among them, and the ruled flags it raised. */
function OwnChecklist(run: RunView, items: Items): Child {
  const [against, slips, flags] = ownChecklistWords(run.ownChecklist, run.prompt, (id) => labelOrId(id, items));
  return el(
    "ul",
    {class: "judge-own-checklist"},
    el("li", {}, against),
    el("li", {}, slips),
    el("li", run.ownChecklist.flags ? {} : {class: "muted"}, flags),
  );
}

function NotAnswered(run: RunView, items: Items): Child {
  const entries: Child[] = [
    ...run.unanswered.map((entry) =>
      el(
        "li",
        {},
        el("strong", {}, labelOrId(entry.case, items)),
        // The runner's problem says what the reply was, and why; the status's words where it recorded none.
        `: ${entry.problem ?? entry.words}`,
      ),
    ),
    run.missing.length ? el("li", {}, `Not reached before it stopped: ${caseList(run.missing, items)}`) : null,
    run.unknownCases.length
      ? el("li", {}, "Cases this site does not have, not counted: ", run.unknownCases.join(", "))
      : null,
    ...run.rulingChanged.map((change) =>
      el(
        "li",
        {},
        `${labelOrId(change.case, items)}: ruled ${scoreText(change.recorded)} when the run was made, ` +
          `${scoreText(change.now)} now; the figures here are against today's.`,
      ),
    ),
  ].filter(Boolean);
  if (!entries.length) return null;
  return [el("h3", {}, "Not counted, and why"), el("ul", {class: "judge-unanswered"}, entries)];
}

export function JudgeRunSection({run, data}: {run: RunView; data: JudgesPageData}): HTMLElement {
  const items: Items = new Map(data.items.map((item) => [item.id, item]));
  const title = `${run.key}-title`;
  return el(
    "section",
    {"class": "judges-section judge-run", "id": run.key, "aria-labelledby": title},
    el("h2", {id: title}, run.model, el("span", {class: "judge-run-date"}, ` · ${run.date}`)),
    RunFacts(run),
    el(
      "p",
      {class: "judges-lead"},
      `${run.figures.answered} of ${plural(run.asked, "case")} answered, against today's ruled scores.`,
    ),
    DistanceFigures(run.figures, {id: run.key, rater: "it"}),
    OwnChecklist(run, items),
    el("h3", {}, "The rules it misapplies"),
    el("p", {class: "muted"}, "From its checklist against the ruled one, line by line, as a trainee's is read."),
    RulesMisapplied(run, items),
    el(
      "details",
      {class: "matrix-detail"},
      el("summary", {}, "Score by score: its score against the ruled score"),
      MatrixChart({matrix: run.matrix, itemsById: items}, {id: `${run.key}-matrix`, rater: "it"}),
    ),
    NotAnswered(run, items),
  );
}

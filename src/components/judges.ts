// The /judges page: every recorded judge run as a rater. First the runs side by side (exact, one off, two or more
// off, lean, answered of asked) and the chart of them with the visitor's own row ("You", from their saved record,
// drawn again when it changes), then each run with the trainee's figures (judges-run.ts), then the cases one by one,
// where any answer opens against its ruling (judges-cases.ts). With no run recorded, how to record one. Every figure
// and word comes from lib/judges/judges-page.ts; everything a model wrote is put in as text, never as HTML.
import {judgesView, type JudgesPageData, type JudgesView} from "../lib/judges/judges-page.js";
import {visitorChartRow} from "../lib/judges/run-chart.js";
import {defaultKeyVariable} from "../lib/probes/request.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {el} from "./dom.js";
import {JudgeCases} from "./judges-cases.js";
import {JudgesChart} from "./judges-chart.js";
import {JudgeRunSection} from "./judges-run.js";
import {Table} from "./table.js";

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

/** The chart, with the visitor's own row from their saved record, drawn again when the record changes. */
function ChartWithYou(view: JudgesView, data: JudgesPageData, store: ProgressStore): HTMLElement {
  const holder = el("div", {class: "judges-chart-holder"});
  const render = () => holder.replaceChildren(JudgesChart(view, {you: visitorChartRow(store.get(), data)}));
  render();
  store.subscribe(render);
  return holder;
}

/** The runs side by side: a row per figure, a column per run. */
function SideBySide(view: JudgesView, data: JudgesPageData, store: ProgressStore): HTMLElement {
  const {head, rows} = view.sideBySide;
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
      {head: ["Figure", ...head], rows: rows.map((row) => [row.figure, ...row.cells])},
      {
        caption: "Every recorded run, by figure",
        rowHeaders: true,
        stack: true,
        // Many runs make it wider than the page: it scrolls in its own box, which a keyboard reaches by name.
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

// The coordinator's cohort page: drop in trainees' files and judges' run files (or a ratings CSV), read here in the
// browser, and see the cohort's agreement before the guideline (the vague phase) and after it: the headline alpha
// with its bootstrap interval, every figure per phase, each item's spread beside the case study's split, each rater
// against the ruled scores, the items and rules with the most disagreement, and the tables as CSV downloads. Names
// from files are text.
// The files are read and the figures computed in a worker (lib/agreement/cohort-worker-client.ts), and a cohort of
// 10,000 raters shows its raters fifty at a time, so the page stays responsive whatever the cohort's size. What the
// files come to (kept, cancelled, replaced, set aside) is lib/agreement/cohort-files.ts's decision; this renders it
// and runs the jobs it asks for. The report and its parts (the headline, each phase, the raters, the charts, the
// figures in text) follow it.
import {ruleTitle, type CohortItem} from "../lib/agreement/cohort-item.js";
import type {ComputedReport} from "../lib/agreement/cohort-compute.js";
import {workerCsvReader, workerReportMaker} from "../lib/agreement/cohort-worker-client.js";
import {
  canClear,
  canRemove,
  intakeShownAfter,
  intakeShownStart,
  inputKindNames,
  intakeStatus,
  listedFiles,
  readCohortFiles,
  reportShownAfter,
  type FileResult,
  type IntakeAction,
  type IntakeEvent,
  type IntakeShown,
  type ReportShown,
} from "../lib/agreement/cohort-files.js";
import {columnsLength} from "../lib/agreement/rating-columns.js";
import {formatInputProblem} from "../lib/agreement/ratings.js";
import {itemHref, ruleHref, type ItemPages} from "../lib/site/links.js";
import {plural, thousands} from "../lib/text/format.js";
import {el, type Child, live, type Live} from "./dom.js";
import type {CohortReport, PhaseReport} from "../lib/agreement/cohort-report.js";
import type {Figure} from "../lib/agreement/figure.js";
import type {CsvTable} from "../lib/agreement/report-csv.js";
import {Table, type LabelledHead} from "./table.js";
import type {WithInterval} from "../lib/agreement/bootstrap.js";
import {
  alikeNamesWords,
  reasonBeside,
  besideGuides,
  coefficientAdvice,
  differWords,
  figureMeanings,
  fixed,
  guidesText,
  headlineResamplesWords,
  headlineReading,
  headlineSentence,
  mostDisagreementShown,
  percent,
  resamplesUsed,
  signed,
  writtenChange,
} from "../lib/agreement/cohort-words.js";
import type {ItemSpread} from "../lib/agreement/item-spread.js";
import type {RaterAgreement} from "../lib/agreement/rater-agreement.js";
import type {Phase} from "../lib/authored/schemas/parts.js";
import {
  chooseRaters,
  raterOrders,
  raterControls,
  raterPage,
  raterRows,
  ratersPerPage,
  type RaterAction,
  type RaterChoice,
  type RaterOrder,
  type RowSource,
} from "../lib/agreement/packed-report.js";
import {line} from "d3-shape";
import {
  alphaChartRows,
  alphaDomain,
  disagreementRows,
  guideLines,
  guidesWords,
  type AlphaChartRow,
} from "../lib/agreement/cohort-charts.js";
import {select} from "d3-selection";
import {chartScales} from "../lib/site/chart-scales.js";
import {phoneChartWidth} from "../lib/site/chart-width.js";
import {ChartFrame} from "./d3-frame.js";

function FileList(results: readonly FileResult[], {removable = false}: {removable?: boolean} = {}): HTMLElement {
  return el(
    "ul",
    {class: "cohort-files"},
    results.map((result) => {
      const kind = inputKindNames[result.kind];
      const status = result.cancelled
        ? "cancelled, not counted"
        : result.problems.length
          ? `left out: ${plural(result.problems.length + result.more, "problem")}`
          : columnsLength(result.ratings)
            ? `${plural(columnsLength(result.ratings), "rating")} counted`
            : "holds no ratings";
      return el(
        "li",
        {"class": result.problems.length ? "file-bad" : "file-good", "data-file": result.name},
        el("span", {class: "file-name"}, result.name),
        ` (${kind}): ${status}`,
        removable && !result.cancelled
          ? [
              " ",
              el(
                "button",
                {
                  "type": "button",
                  "class": "button secondary file-remove",
                  "data-remove": result.name,
                  "aria-label": `Remove ${result.name}`,
                },
                "Remove",
              ),
            ]
          : null,
        result.problems.length
          ? el(
              "ul",
              {class: "file-problems"},
              result.problems.map((problem) => el("li", {}, formatInputProblem(problem))),
              result.more ? el("li", {}, `... and ${plural(result.more, "more problem")}`) : null,
            )
          : null,
      );
    }),
  );
}

export function CohortPage({
  items,
  itemPages,
  ruleTitles = {},
  workerUrl,
}: {
  items: readonly CohortItem[];
  itemPages: ItemPages;
  ruleTitles?: Readonly<Record<string, string>>;
  /** The worker's script (src/workers/cohort-worker.ts), which reads each CSV and computes the report. */
  workerUrl: string;
}): Live<IntakeShown<ComputedReport>, IntakeAction<ComputedReport>> {
  const readCsv = workerCsvReader(workerUrl);
  const makeReport = workerReportMaker(workerUrl);
  const itemIds = items.map((item) => item.id);
  // The chosen files are the browser's, never a state's: the patch leaves the input, and a job's end empties it.
  const input = el("input", {
    "id": "cohort-files",
    "type": "file",
    "multiple": true,
    "accept": ".json,.csv,application/json,text/csv",
    "aria-describedby": "cohort-files-about",
  });
  let controller: AbortController | null = null;
  // The report on show: one part of the page, told of each change and drawn again only for another report.
  const report = ReportPart({itemPages, ruleTitles});

  const files = ({intake}: IntakeShown<ComputedReport>): HTMLElement => {
    const listed = listedFiles(intake);
    return el(
      "div",
      {},
      listed.length ? [el("h2", {}, "Files read"), FileList(listed, {removable: canRemove(intake)})] : null,
      canClear(intake)
        ? el(
            "button",
            // While files are read or the figures computed, Cancel comes first.
            {"type": "button", "class": "button secondary", "disabled": intake.job !== null, "data-clear": ""},
            "Clear the files",
          )
        : null,
    );
  };

  const node = live<IntakeShown<ComputedReport>, IntakeAction<ComputedReport>>(intakeShownStart(), {
    update: intakeShownAfter,
    view: (shown, keep) => {
      const {job} = shown.intake;
      return el(
        "div",
        {class: "cohort"},
        el(
          "div",
          {class: shown.dragging ? "cohort-drop dragging" : "cohort-drop"},
          el(
            "label",
            {for: "cohort-files"},
            "Trainees' files or judges' run files (.json), or a ratings CSV (rater, item, phase, score)",
          ),
          keep("files", () => input),
          el(
            "p",
            {id: "cohort-files-about", class: "muted"},
            "Choose files, or drop them here. They are read in this browser and never uploaded. A file that cannot " +
              "be read is listed with its problems and left out; the others still count.",
          ),
        ),
        el(
          "div",
          {class: "cohort-progress", hidden: job === null},
          // Computing has no share to show: the bar says "busy".
          el("progress", {
            "max": 1,
            "value": job?.stage === "compute" ? null : (shown.reading?.share ?? 0),
            "aria-label": job?.stage === "compute" ? "Computing the figures" : "Reading",
          }),
          el("button", {"type": "button", "class": "button secondary", "data-cancel": ""}, "Cancel"),
        ),
        el("p", {"class": "cohort-status", "role": "status", "aria-live": "polite"}, intakeStatus(shown)),
        files(shown),
        keep("report", () => report),
      );
    },
    on: {
      change: (event) => {
        if (event.target === input) void take([...(input.files ?? [])]);
        return undefined;
      },
      click: (event) => {
        const target = event.target as Element;
        if (target.closest("[data-cancel]")) controller?.abort();
        const remove = target.closest<HTMLElement>("[data-remove]");
        if (remove) {
          void removeFile(remove.dataset.remove!);
          return undefined;
        }
        return target.closest("[data-clear]") ? {type: "clear"} : undefined;
      },
      dragover: (event) => {
        if (!(event.target as Element).closest(".cohort-drop")) return undefined;
        event.preventDefault();
        return {type: "drag", over: true};
      },
      dragleave: (event) =>
        (event.target as Element).closest(".cohort-drop") ? {type: "drag", over: false} : undefined,
      drop: (event) => {
        if (!(event.target as Element).closest(".cohort-drop")) return undefined;
        event.preventDefault();
        void take([...(event.dataTransfer?.files ?? [])]);
        return {type: "drag", over: false};
      },
    },
    effects: (_node, {after}) => report.dispatch(after),
  });

  const failed = (error: unknown): IntakeEvent<ComputedReport> => ({
    type: "failed",
    message: error instanceof Error ? error.message : String(error),
  });

  /** Reads a drop's files, checked against the kept files it does not replace. */
  const read = async (dropped: File[], signal: AbortSignal, others: readonly FileResult[]) => {
    try {
      const results = await readCohortFiles(dropped, {
        itemIds,
        signal,
        readCsv,
        kept: others,
        onProgress: (file, share) => node.dispatch({type: "progress", file: file.name, share}),
      });
      return {type: "read", results, aborted: signal.aborted} as const;
    } catch (error) {
      return failed(error);
    }
  };

  const compute = async (counted: readonly FileResult[], signal: AbortSignal) => {
    try {
      // A turn for the page to paint the busy bar before the ratings are copied to the worker.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const computed = await makeReport(
        counted.map((file) => file.ratings),
        items,
        signal,
      );
      return {type: "computed", report: computed} as const;
    } catch (error) {
      return failed(error);
    }
  };

  /** Takes a file out, and computes the figures again when what counts changed. */
  const removeFile = async (name: string) => {
    const before = node.state;
    node.dispatch({type: "remove", name});
    if (node.state === before) return;
    const computing = node.state.intake.job;
    if (computing?.stage !== "compute") return;
    const job = (controller = new AbortController());
    try {
      node.dispatch(await compute(computing.counted, job.signal));
    } finally {
      controller = null;
    }
  };

  const take = async (dropped: File[]) => {
    // Nothing dropped, or a job running: the drop is ignored.
    const before = node.state;
    node.dispatch({type: "drop", names: dropped.map((file) => file.name)});
    if (node.state === before) return;
    const job = (controller = new AbortController());
    try {
      const reading = node.state.intake.job;
      if (reading?.stage === "read") node.dispatch(await read(dropped, job.signal, reading.others));
      const computing = node.state.intake.job;
      if (computing?.stage === "compute") node.dispatch(await compute(computing.counted, job.signal));
    } finally {
      controller = null;
      input.value = "";
    }
  };

  return node;
}

/**
 * The report on show, or nothing before the first: a part of its own that the page tells of each change, so only one
 * report is held at a time. Each report is built once, as the part's own element (keyed by its number, so the patch
 * puts it in place of the last rather than reshaping the last one), and its downloads' addresses are let go once
 * another report shows.
 */
function ReportPart({
  itemPages,
  ruleTitles,
}: {
  itemPages: ItemPages;
  ruleTitles: Readonly<Record<string, string>>;
}): Live<ReportShown<ComputedReport>, IntakeShown<ComputedReport>> {
  let urls: string[] = [];
  let replaced: string[] = [];
  return live<ReportShown<ComputedReport>, IntakeShown<ComputedReport>>(
    // The page's first state: no report yet.
    {number: 0, report: null},
    {
      update: reportShownAfter,
      view: ({number, report}) => {
        replaced.push(...urls);
        urls = [];
        return el(
          "div",
          {},
          report ? CohortReportView({...report, urls, itemPages, ruleTitles}, {id: `cohort-report-${number}`}) : null,
        );
      },
      effects: () => {
        for (const url of replaced) URL.revokeObjectURL(url);
        replaced = [];
      },
    },
  );
}

// The cohort's report as the page shows it: the headline (ordinal alpha before and after the guideline, with the
// change and their intervals), the tables as CSV downloads, every figure per phase, and each phase's tables
// (cohort-phase.ts), added a frame after the rest.
/** The figures table's rows: a label, and how to read the figure from a phase (and show it). */
const figureRows: {label: string; key: string; get: (phase: PhaseReport) => Figure; show?: (n: number) => string}[] = [
  {label: "Krippendorff's alpha, interval", key: "alpha-interval", get: (p) => p.alpha.interval},
  {label: "Krippendorff's alpha, nominal (n/a a category)", key: "alpha-nominal", get: (p) => p.alpha.nominal},
  {label: "Gwet's AC2, ordinal weights", key: "ac2-ordinal", get: (p) => p.ac2.ordinal},
  {label: "Gwet's AC2, quadratic weights", key: "ac2-quadratic", get: (p) => p.ac2.quadratic},
  {label: "Gwet's AC1 (n/a a category)", key: "ac1", get: (p) => p.ac1},
  {label: "Fleiss' kappa (n/a a category)", key: "fleiss", get: (p) => p.fleiss},
  {label: "Pairs of raters who agree exactly", key: "exact", get: (p) => p.agreement.exact, show: percent},
  {label: "Pairs of raters within one point", key: "within-one", get: (p) => p.agreement.withinOne, show: percent},
];

function FiguresTable(report: CohortReport): HTMLElement {
  const phases = [report.vague, report.guideline];
  const row = (label: Child, cell: (phase: PhaseReport) => Child) => [label, ...phases.map(cell)];
  const ordinal = "Krippendorff's alpha, ordinal";
  const table = Table(
    {
      head: ["Figure", ...phases.map((phase) => phaseNames[phase.phase])],
      rows: [
        row(
          "Raters, items, ratings",
          (p) => `${p.raters}, ${p.items}, ${p.ratings}${p.notApplicable ? ` (${p.notApplicable} n/a)` : ""}`,
        ),
        row(ordinal, (p) => [
          FigureText(p.alpha.ordinal, {show: besideGuides, name: `${p.phase}-alpha-ordinal`}),
          IntervalText(p.alpha.ordinal),
        ]),
        ...figureRows.map(({label, key, get, show}) =>
          row(label, (p) => FigureText(get(p), {show, name: `${p.phase}-${key}`})),
        ),
      ],
    },
    {caption: "Agreement among the raters, each phase", rowHeaders: true, scroll: true, className: "cohort-figures"},
  );
  const named = (label: string, phase: PhaseReport) => `${label}, ${phaseNames[phase.phase].toLowerCase()}`;
  return el(
    "div",
    {},
    table,
    NotComputable(
      phases.flatMap((phase) => [
        {label: named(ordinal, phase), figure: phase.alpha.ordinal},
        ...figureRows.map(({label, get}) => ({label: named(label, phase), figure: get(phase)})),
      ]),
    ),
  );
}

/** Every table the worker writes, in the order of their buttons. */
const tableNames: Record<CsvTable, string> = {
  summary: "Figures",
  items: "Items",
  raters: "Raters",
  rules: "Rules",
};

function Downloads(csv: Record<CsvTable, Blob>, {urls}: {urls: string[]}): HTMLElement {
  return el(
    "div",
    {"class": "cohort-downloads", "role": "group", "aria-label": "Download the tables as CSV"},
    (Object.keys(tableNames) as CsvTable[]).map((name) => {
      const url = URL.createObjectURL(csv[name]);
      urls.push(url);
      return el(
        "a",
        {class: "button secondary", href: url, download: `cohort-${name}.csv`},
        `Download ${tableNames[name].toLowerCase()} CSV`,
      );
    }),
  );
}

/**
 * The report as the worker sends it; `urls` collects the downloads' object URLs, to revoke with the view. The
 * phases' tables (a thousand elements or more) are added a frame later, so the headline paints first and neither
 * frame holds the page for long; `data-complete` marks the view once they are in.
 */
function CohortReportView(
  {
    packed,
    csv,
    urls,
    itemPages,
    ruleTitles,
  }: ComputedReport & {
    urls: string[];
    itemPages: ItemPages;
    ruleTitles: Readonly<Record<string, string>>;
  },
  {id}: {id: string},
): HTMLElement {
  const report: CohortReport = packed.report;
  const view = el(
    "div",
    {class: "cohort-report", id},
    Headline({report, itemPages}),
    AlphaChart(report),
    Downloads(csv, {urls}),
    DisagreementChart(report),
    el("h2", {}, "Every figure, each phase, over every item it rated"),
    FiguresTable(report),
    el(
      "details",
      {class: "figure-meanings"},
      el("summary", {}, "What each figure measures"),
      el(
        "dl",
        {},
        figureMeanings.flatMap(({figure, meaning}) => [el("dt", {}, figure), el("dd", {}, meaning)]),
      ),
    ),
    el(
      "p",
      {class: "cohort-note"},
      "How n/a (not applicable) counts: it is a category of its own for alpha nominal, AC1, Fleiss' kappa and exact " +
        "and within-one agreement (n/a agrees only with n/a), and a missing rating for alpha ordinal and interval, " +
        "AC2 and Cohen's weighted kappa, which need a distance between scores that n/a does not have. " +
        "Alpha and kappa read low when one score dominates; a guideline that works makes one score dominate each " +
        "item, so read Gwet's AC2 beside alpha.",
    ),
  );
  requestAnimationFrame(() =>
    setTimeout(() => {
      view.append(
        PhaseSection({phase: report.vague, raters: raterRows(packed, "vague"), itemPages, ruleTitles}),
        PhaseSection({phase: report.guideline, raters: raterRows(packed, "guideline"), itemPages, ruleTitles}),
      );
      view.dataset.complete = "";
    }, 0),
  );
  return view;
}

// The cohort page's headline: the one sentence a manager reads, then ordinal alpha before and after the guideline on
// the items rated both times, the change, the items compared and those rated in one phase only (apart, with their
// alpha), the published guides for alpha and which coefficient to report. Words from lib/agreement/cohort-words.ts.
const itemLinks = (items: readonly string[], pages: ItemPages): Child[] =>
  items.map((item, index) => [index ? ", " : "", el("a", {href: itemHref(item, pages)}, item)]);

function OnePhaseOnly(report: CohortReport, pages: ItemPages): HTMLElement {
  const {only} = report.headline;
  return el(
    "ul",
    {class: "headline-apart"},
    (["vague", "guideline"] as const).map((phase) => {
      const when = phase === "vague" ? "before" : "after";
      const {items, alpha} = only[phase];
      return el(
        "li",
        {"data-only": phase},
        items.length
          ? [
              `Rated ${when} the guideline only, apart from the headline: ${plural(items.length, "item")} (`,
              itemLinks(items, pages),
              "), ordinal alpha ",
              FigureText(alpha, {show: besideGuides, name: `only-${phase}`}),
              alpha.value === null ? ` (not computable: ${alpha.reason})` : IntervalText(alpha),
              ".",
            ]
          : `Rated ${when} the guideline only: no item.`,
      );
    }),
  );
}

function Headline({report, itemPages}: {report: CohortReport; itemPages: ItemPages}): HTMLElement {
  const {headline} = report;
  const {before, after, change} = headline;
  const sentence = headlineSentence(headline);
  const notComputable = (which: "before" | "after" | "change", lead: string) => {
    const reason = reasonBeside(headline, which, sentence);
    return reason === null ? lead : `${lead}: ${reason}`;
  };
  const side = (label: string, f: WithInterval<Figure>, which: "before" | "after") =>
    el(
      "div",
      {class: "headline-side"},
      el("div", {class: "headline-label"}, label),
      el("div", {class: "headline-value"}, FigureText(f, {show: besideGuides, name: `headline-${which}`})),
      el(
        "div",
        {class: "headline-interval"},
        f.value === null ? notComputable(which, "Not computable") : IntervalText(f),
      ),
    );
  const compared = headline.items.length;
  const alike = alikeNamesWords(report.alikeNames);
  const reading = headlineReading(headline);
  return el(
    "section",
    {"class": "cohort-headline", "aria-labelledby": "cohort-headline-title"},
    el(
      "h2",
      {id: "cohort-headline-title"},
      // The same raters where two or more rated both times (lib/agreement/cohort-report.ts); else every rater, and
      // the sentence says the figures are different people's.
      "Krippendorff's alpha (ordinal), before and after the guideline, on the items rated both times" +
        (headline.raters.both >= 2 ? ", by the same raters" : ""),
    ),
    // Before any figure is read, as the text report says it: two spellings of one person move every figure.
    alike === null ? null : el("p", {class: "cohort-alike", role: "note"}, alike),
    el("p", {id: "cohort-headline-sentence", class: "headline-sentence"}, sentence),
    reading ? el("p", {class: "headline-reading"}, reading) : null,
    el(
      "div",
      {class: "headline-pair"},
      side("Before (vague phase)", before, "before"),
      el("div", {"class": "headline-arrow", "aria-hidden": "true"}, "→"),
      side("After (guideline phase)", after, "after"),
    ),
    el(
      "p",
      {},
      "Change: ",
      FigureText(change, {show: () => writtenChange(headline), name: "headline-change"}),
      IntervalText(change, signed),
      change.value === null ? ` (${notComputable("change", "not computable")})` : null,
      ".",
      // None compared: the sentence says so.
      compared
        ? [
            ` Compared: the ${plural(compared, "item")} rated both before and after the guideline (`,
            itemLinks(headline.items, itemPages),
            ").",
          ]
        : null,
    ),
    OnePhaseOnly(report, itemPages),
    el("p", {class: "headline-guides"}, guidesText),
    el("p", {class: "headline-advice"}, coefficientAdvice),
    el(
      "p",
      {class: "cohort-note"},
      `${plural(report.raters, "rater")}, ${plural(report.items, "item")}, ${plural(report.ratings, "rating")}. ` +
        `Intervals: ${thousands(report.bootstrap.replicates)} bootstrap resamples, seed ${report.bootstrap.seed} ` +
        `(the same figures on every run): the headline's of the items rated both times, ${headlineResamplesWords}. ` +
        "A resample whose alpha cannot be computed is not used.",
    ),
  );
}

// One phase of the cohort's report: each item's scores beside the case study's split, each rater against the ruled
// scores (cohort-raters.ts), and the items and rules with the most disagreement, linked to where a trainee meets them.
const scoreKeys = ["1", "2", "3", "4", "5", "n/a"] as const;

/** Each item's scores: stacked into one labelled block per item below 640 px, so it fits a phone's width. */
function SpreadTable(phase: PhaseReport): HTMLElement {
  return Table(
    {
      head: [
        "Item",
        "Ruled",
        ...scoreKeys.map((key) => (key === "n/a" ? "n/a" : `Gave ${key}`)),
        "The case study's split",
        "Pairs who differ",
      ],
      rows: phase.spread.map((entry: ItemSpread) => [
        entry.title ? `${entry.item}: ${entry.title}` : entry.item,
        String(entry.ruled),
        ...scoreKeys.map((key) => String(entry.counts[key])),
        entry.caseStudySplit ? entry.caseStudySplit.join(" vs ") : "–",
        FigureText(entry.disagreement, {show: percent}),
      ]),
    },
    {
      caption: `Each item's scores, ${phaseNames[phase.phase].toLowerCase()}`,
      rowHeaders: true,
      stack: true,
      className: "cohort-items",
    },
  );
}

function MostDisagreement(phase: PhaseReport, pages: ItemPages, titles: Readonly<Record<string, string>>): HTMLElement {
  const named = (rule: string) => ruleTitle(titles, rule);
  const {items, itemsNote, rules, rulesNote} = mostDisagreementShown(phase, {every: "the table above"});
  const note = (words: string | null) => (words ? el("p", {class: "muted"}, words) : null);
  return el(
    "div",
    {class: "cohort-most"},
    el("h4", {}, "Items with the most disagreement"),
    note(itemsNote),
    items.length
      ? el(
          "ol",
          {},
          items.map((entry) =>
            el(
              "li",
              {},
              el("a", {href: itemHref(entry.item, pages)}, entry.item),
              `: ${differWords(entry)}; ruled ${entry.ruled}; the rules its ruled checklist cites: ` +
                entry.rules.map(named).join(", "),
            ),
          ),
        )
      : el("p", {}, "No item has any disagreement."),
    el("h4", {}, "Rules whose items disagree most"),
    el("p", {class: "muted"}, "A rule's items are those whose ruled checklist cites it; its figure is their mean."),
    note(rulesNote),
    rules.length
      ? el(
          "ol",
          {},
          rules.map((rule) =>
            el(
              "li",
              {},
              el("a", {href: ruleHref(rule.rule)}, named(rule.rule)),
              `: ${percent(rule.disagreement.value!)} of pairs differ, over ${plural(rule.items.length, "item")}`,
            ),
          ),
        )
      : el("p", {}, "No rule's items disagree."),
  );
}

function PhaseSection({
  phase,
  raters,
  itemPages,
  ruleTitles,
}: {
  phase: PhaseReport;
  raters: RowSource<RaterAgreement>;
  itemPages: ItemPages;
  ruleTitles: Readonly<Record<string, string>>;
}): HTMLElement {
  const id = `cohort-${phase.phase}`;
  return el(
    "section",
    {"class": "cohort-phase", "aria-labelledby": `${id}-title`, "data-phase": phase.phase},
    el("h3", {id: `${id}-title`}, `${phaseNames[phase.phase]} (${phase.phase} phase)`),
    phase.ratings
      ? [
          SpreadTable(phase),
          RaterTable({rows: raters, phase: phase.phase}),
          MostDisagreement(phase, itemPages, ruleTitles),
        ]
      : el("p", {}, "No ratings in this phase."),
  );
}

// Each rater against the ruled scores, as the cohort page shows a phase's raters: fifty at a time, with a search by
// name that pages through the raters it finds.
const raterCells = (rater: RaterAgreement): Child[] => [
  rater.rater,
  String(rater.scored),
  FigureText(rater.exact, {show: percent}),
  FigureText(rater.withinOne, {show: percent}),
  FigureText(rater.kappa.linear),
  FigureText(rater.kappa.quadratic),
];

/** The raters table's columns, each with the name a phone's card gives it where the heading is too long for one. */
const raterColumns: (string | LabelledHead)[] = [
  "Rater",
  "Scored",
  {head: "Exactly the ruled score", label: "Exact"},
  "Within one",
  {head: "Cohen's kappa, linear", label: "Kappa, linear"},
  {head: "Cohen's kappa, quadratic", label: "Kappa, quadratic"},
];

/**
 * Each rater against the ruled scores, a page of raters at a time: ten thousand rows would freeze the page for
 * seconds and nobody reads them on screen (the raters CSV holds every one), and a page replaced rather than rows
 * added keeps each turn of the page as quick as the first. Fifty rows lay out in a frame or two on a slow laptop.
 * A search by name pages through the raters it finds, for the coordinator looking for one among thousands, in the
 * order chosen: by name, or the lowest share of exact scores first.
 */
function RaterTable({rows, phase}: {rows: RowSource<RaterAgreement>; phase: Phase}): HTMLElement {
  const table = (raters: readonly RaterAgreement[]) =>
    Table(
      {
        head: raterColumns,
        rows: raters.map(raterCells),
      },
      {
        caption: `Each rater against the ruled scores, ${phaseNames[phase].toLowerCase()}`,
        rowHeaders: true,
        scroll: true,
        stack: true,
        className: "cohort-raters",
      },
    );
  const controls = raterControls(rows.length);
  if (!controls.find) return table(rows.rows(0, ratersPerPage));
  // The raters a search finds, in the order chosen, kept for the next turn of the page: a search through thousands
  // is not done twice.
  let found = {query: "", order: "name" as RaterOrder, places: rows.find("")};
  const placesOf = (query: string, order: RaterOrder) => {
    if (found.query !== query || found.order !== order) found = {query, order, places: rows.find(query, order)};
    return found.places;
  };
  const searchId = `cohort-${phase}-find`;
  const orderId = `cohort-${phase}-order`;
  const shownId = `cohort-${phase}-shown`;
  return live<RaterChoice, RaterAction>(
    {typed: "", order: "name", first: 0},
    {
      update: chooseRaters,
      view: ({typed, order, first}) => {
        const query = typed.trim();
        const places = placesOf(query, order);
        const page = raterPage({total: rows.length, found: places.length, first, query});
        const turn = (to: number | null, text: string) =>
          el(
            "button",
            {
              "type": "button",
              "class": "button secondary",
              "disabled": to === null,
              "hidden": !controls.pager,
              "data-first": to,
            },
            text,
          );
        return el(
          "div",
          {"class": "cohort-paged", "data-phase": phase},
          el(
            "div",
            {class: "cohort-find"},
            el("label", {for: searchId}, "Find a rater"),
            el("input", {
              "type": "search",
              "id": searchId,
              "autocomplete": "off",
              "spellcheck": "false",
              "aria-describedby": shownId,
              "value": typed,
            }),
            el("label", {for: orderId}, "Order the raters"),
            el(
              "select",
              {"id": orderId, "data-order": ""},
              raterOrders.map((option) =>
                el("option", {value: option.order, selected: option.order === order}, option.words),
              ),
            ),
          ),
          table(rows.rowsAt(places.slice(page.first, page.last))),
          el(
            "div",
            {"class": "cohort-pager", "role": "group", "aria-label": "Raters shown"},
            el("p", {"class": "cohort-shown", "id": shownId, "aria-live": "polite"}, page.shown),
            turn(page.previous, "Previous raters"),
            turn(page.next, "Next raters"),
          ),
        );
      },
      on: {
        input: (event) =>
          event.target instanceof HTMLInputElement ? {kind: "find", typed: event.target.value} : undefined,
        change: (event) =>
          event.target instanceof HTMLSelectElement && event.target.hasAttribute("data-order")
            ? {kind: "order", order: event.target.value as RaterOrder}
            : undefined,
        click: (event) => {
          const to = (event.target as Element).closest("[data-first]")?.getAttribute("data-first");
          return to ? {kind: "page", first: Number(to)} : undefined;
        },
      },
      // A button disabled under the keyboard's focus would drop it: it moves to the other one.
      effects: (node, {before, action}) => {
        if (action.kind !== "page") return;
        const [previous, next] = node.querySelectorAll<HTMLButtonElement>(".cohort-pager button");
        const pressed = action.first < before.first ? previous! : next!;
        if (pressed.disabled) (pressed === previous ? next! : previous!).focus();
      },
    },
  );
}

// The cohort page's two charts, drawn with d3's own modules (scale, axis, shape, selection) from node_modules, each
// with its figures as a table under it: agreement before and after on the items rated both times, each with its
// interval, against the published guides for alpha; and the items with the most disagreement after the guideline,
// each beside its share before it. What they show is lib/agreement/cohort-charts.ts's; only the cohort page loads this.
/** The alpha chart's top holds the guides' two labels; the bars' chart needs none. */
const margin = {top: 38, bottom: 34};
const barsMargin = {top: 6, bottom: 34};
const rowHeight = 46;
const segment = line<[number, number]>();

function AlphaSvg(rows: readonly AlphaChartRow[], id: string): SVGSVGElement {
  const scales = chartScales({
    keys: rows.map((row) => row.key),
    domain: alphaDomain(rows),
    margin,
    rowHeight,
    width: phoneChartWidth,
    // Its axis starts below zero when an alpha or an interval does: half of "−0.4" needs more room than the default.
    left: 18,
  });
  const {x, y, height, left} = scales;
  const node = ChartFrame({scales, id});
  const chart = select(node);
  const guides = chart.append("g").attr("class", "guides");
  guideLines.forEach((guide, index) => {
    guides
      .append("path")
      .attr("class", `guide guide-${index}`)
      .attr(
        "d",
        segment([
          [x(guide.value), margin.top - 6],
          [x(guide.value), height - margin.bottom],
        ]),
      );
    guides
      .append("text")
      .attr("class", "guide-label")
      .attr("x", x(guide.value))
      .attr("y", margin.top - 10 - index * 14)
      .attr("text-anchor", "end")
      .text(guide.label);
  });
  for (const row of rows) {
    const top = y(row.key)!;
    const mid = top + 30;
    const group = chart.append("g").attr("class", `alpha-row alpha-${row.key}`);
    group
      .append("text")
      .attr("class", "row-label")
      .attr("x", left)
      .attr("y", top + 12)
      .text(row.label);
    const {alpha} = row;
    if (alpha.value === null) {
      group
        .append("text")
        .attr("class", "row-none")
        .attr("x", left)
        .attr("y", mid + 4)
        .text("not computable");
      continue;
    }
    if (alpha.interval) {
      const ends: [number, number][] = [
        [x(alpha.interval.low), mid],
        [x(alpha.interval.high), mid],
      ];
      group.append("path").attr("class", "interval").attr("d", segment(ends));
    }
    group.append("circle").attr("class", "point").attr("cx", x(alpha.value)).attr("cy", mid).attr("r", 6);
  }
  return node;
}

/** Agreement before and after on the items rated both times, with each interval and the two guide lines. */
function AlphaChart(report: CohortReport, {id = "cohort-alpha-chart"}: {id?: string} = {}): HTMLElement {
  const rows = alphaChartRows(report);
  return el(
    "figure",
    {"class": "d3-figure", "id": id, "data-chart": "alpha"},
    el("h3", {id: `${id}-title`}, "Agreement before and after, with the published guides"),
    AlphaSvg(rows, id),
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each dot is ordinal alpha, each line its 95% interval; the upright lines are the published guides for alpha " +
        `(${guidesWords}). ` +
        "The items rated in one phase only are drawn apart: the headline does not compare them.",
    ),
    Table(
      {
        head: ["Items", "Ordinal alpha", "Interval, low", "Interval, high"],
        rows: rows.map((row) => [
          row.label,
          FigureText(row.alpha, {show: besideGuides}),
          row.alpha.interval ? besideGuides(row.alpha.interval.low) : "–",
          row.alpha.interval ? besideGuides(row.alpha.interval.high) : "–",
        ]),
      },
      {caption: "The chart's figures", rowHeaders: true, stack: true, className: "d3-chart-table"},
    ),
  );
}

/** The items with the most disagreement after the guideline, each beside its share before it. */
function DisagreementChart(
  report: CohortReport,
  {
    id = "cohort-disagreement-chart",
    label = (item: string) => item,
  }: {id?: string; label?: (item: string) => string} = {},
): HTMLElement | null {
  const rows = disagreementRows(report);
  if (!rows.length) return null;
  const scales = chartScales({
    keys: rows.map((row) => row.item),
    domain: [0, 1],
    margin: barsMargin,
    rowHeight,
    width: phoneChartWidth,
  });
  const {x, y, left} = scales;
  const node = ChartFrame({scales, id}, {format: (value) => `${Math.round(value * 100)}%`});
  const chart = select(node);
  for (const row of rows) {
    const top = y(row.item)!;
    const group = chart.append("g").attr("class", "disagreement-row");
    group
      .append("text")
      .attr("class", "row-label")
      .attr("x", left)
      .attr("y", top + 12)
      // What the bars rest on: one pair's 100% is not thirty's.
      .text(`${label(row.item)} (${plural(row.pairs.after, "pair")} after)`);
    const bar = (f: Figure | null, offset: number, kind: string) => {
      if (f === null || f.value === null) return;
      group
        .append("rect")
        .attr("class", `bar bar-${kind}`)
        .attr("x", left)
        .attr("y", top + offset)
        .attr("width", Math.max(1, x(f.value) - left))
        .attr("height", 10);
    };
    bar(row.before, 18, "before");
    bar(row.after, 30, "after");
  }
  const share = (f: Figure | null, pairs: number | null) =>
    f === null || pairs === null ? "not rated" : differWords({disagreement: f, pairs});
  return el(
    "figure",
    {"class": "d3-figure", "id": id, "data-chart": "disagreement"},
    el("h3", {id: `${id}-title`}, "The items with the most disagreement after the guideline"),
    el(
      "p",
      {"class": "chart-key", "aria-hidden": "true"},
      el("span", {class: "key-before"}, "before the guideline"),
      el("span", {class: "key-after"}, "after it"),
    ),
    node,
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each bar is the share of pairs of raters who gave the item different scores: the upper before the " +
        "guideline, the lower after it.",
    ),
    Table(
      {
        head: ["Item", "Pairs who differ, before", "Pairs who differ, after"],
        rows: rows.map((row) => [
          label(row.item),
          share(row.before, row.pairs.before),
          share(row.after, row.pairs.after),
        ]),
      },
      {caption: "The chart's figures", rowHeaders: true, stack: true, className: "d3-chart-table"},
    ),
  );
}

// The cohort page's figures in text: a figure in a cell (its value, or a dash with the reason for a screen reader),
// a figure's bootstrap interval, and under a table each reason a figure in it is not computable. Shared by the
// headline, the figures table and the phases' tables.
/** Each phase as the page names it. */
const phaseNames = {vague: "Before the guideline", guideline: "After the guideline"} as const;

/**
 * A figure in a cell: its value, or a dash, with the reason in text for screen readers (and, for a sighted reader,
 * in the notes under its table: NotComputable).
 */
function FigureText(
  f: Figure,
  {show = fixed, name}: {show?: (value: number) => string; name?: string} = {},
): HTMLElement {
  if (f.value === null)
    return el(
      "span",
      {"class": "figure-none", "data-figure": name},
      "–",
      el("span", {class: "visually-hidden"}, ` (not computable: ${f.reason})`),
    );
  return el("span", {"data-figure": name, "data-value": String(f.value)}, show(f.value));
}

/**
 * An ordinal alpha's interval and the resamples it rests on, or why it has none, its ends written as the figure is
 * (read against the guides; `show`: a change's with their signs, as in the text).
 */
function IntervalText(f: WithInterval<Figure>, show: (value: number) => string = besideGuides): HTMLElement | null {
  if (f.value === null) return null;
  const i = f.interval;
  return el(
    "span",
    {class: "figure-interval"},
    i
      ? ` (${Math.round(i.level * 100)}% CI ${show(i.low)} to ${show(i.high)}, ${resamplesUsed(i)})`
      : ` (no interval: ${f.intervalReason})`,
  );
}

/** Under a table: each reason a figure in it is not computable, once, with the figures it holds for. */
function NotComputable(figures: readonly {label: string; figure: Figure}[]): HTMLElement | null {
  const byReason = new Map<string, string[]>();
  for (const {label, figure} of figures)
    if (figure.value === null) byReason.set(figure.reason, [...(byReason.get(figure.reason) ?? []), label]);
  if (!byReason.size) return null;
  return el(
    "ul",
    {class: "figure-reasons"},
    [...byReason].map(([reason, labels]) => el("li", {}, `– ${labels.join("; ")}: not computable: ${reason}`)),
  );
}

// The coordinator's cohort page: drop in trainees' files (or a ratings CSV), read here in the browser, and see the
// cohort's agreement before the guideline (the vague phase) and after it: the headline alpha with its bootstrap
// interval, every figure per phase, each item's spread beside the seed's split, each rater against the ruled scores,
// the items and rules with the most disagreement, and the tables as CSV downloads. Names from files are text.
// The files are read and the figures computed in a worker (cohort-worker-client.ts), and a cohort of 10,000 raters
// shows its raters fifty at a time, so the page stays responsive whatever the cohort's size.
import type {CohortItem, CohortReport, ItemSpread, PhaseReport, RaterAgreement} from "../lib/agreement/cohort.js";
import type {WithInterval} from "../lib/agreement/bootstrap.js";
import type {Figure} from "../lib/agreement/figure.js";
import {raterRows, type RowSource} from "../lib/agreement/packed-report.js";
import {columnsLength, emptyColumns} from "../lib/agreement/rating-columns.js";
import {formatInputProblem} from "../lib/agreement/ratings.js";
import {csvTables, fixed, percent, resamplesUsed, signed, type CsvTable} from "../lib/agreement/report-format.js";
import {plural, thousands} from "../lib/numbers.js";
import {quoteText} from "../lib/quote-text.js";
import {reportOnMainThread, type ComputedReport, type ReportMaker} from "./cohort-compute.js";
import {readCohortFiles, type FileResult, type ReadOptions} from "./cohort-files.js";
import {el, type Child} from "./dom.js";
import {itemHref, ruleHref, type ItemPages} from "../lib/links.js";
import {Table, tableOf, tableRows} from "./table.js";

export interface CohortPageOptions {
  /** Reads a CSV off the main thread (a worker); the main-thread stream when absent. */
  readCsv?: ReadOptions["readCsv"];
  /** Computes the report off the main thread (a worker); on the main thread when absent. */
  makeReport?: ReportMaker;
}

/**
 * A figure in a cell: its value, or a dash, with the reason in text for screen readers (and, for a sighted reader,
 * in the notes under its table: NotComputable).
 */
function FigureText(f: Figure, show: (value: number) => string = fixed, name?: string): HTMLElement {
  if (f.value === null)
    return el(
      "span",
      {"class": "figure-none", "data-figure": name},
      "–",
      el("span", {class: "visually-hidden"}, ` (not computable: ${f.reason})`),
    );
  return el("span", {"data-figure": name, "data-value": String(f.value)}, show(f.value));
}

/** A figure's interval and the resamples it rests on, or why it has none. */
function IntervalText(f: WithInterval<Figure>): Child {
  if (f.value === null) return null;
  const i = f.interval;
  return el(
    "span",
    {class: "figure-interval"},
    i
      ? ` (${Math.round(i.level * 100)}% CI ${fixed(i.low)} to ${fixed(i.high)}, ${resamplesUsed(i)})`
      : ` (no interval: ${f.intervalReason})`,
  );
}

/** Under a table: each reason a figure in it is not computable, once, with the figures it holds for. */
function NotComputable(figures: readonly {label: string; figure: Figure}[]): Child {
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

const phaseNames = {vague: "Before the guideline", guideline: "After the guideline"} as const;

function Headline(report: CohortReport): HTMLElement {
  const {before, after, change} = report.headline;
  const side = (label: string, f: WithInterval<Figure>, name: string) =>
    el(
      "div",
      {class: "headline-side"},
      el("div", {class: "headline-label"}, label),
      el("div", {class: "headline-value"}, FigureText(f, fixed, name)),
      el("div", {class: "headline-interval"}, f.value === null ? `Not computable: ${f.reason}` : IntervalText(f)),
    );
  return el(
    "section",
    {"class": "cohort-headline", "aria-labelledby": "cohort-headline-title"},
    el("h2", {id: "cohort-headline-title"}, "Krippendorff's alpha (ordinal), before and after the guideline"),
    el(
      "div",
      {class: "headline-pair"},
      side("Before (vague phase)", before, "headline-before"),
      el("div", {"class": "headline-arrow", "aria-hidden": "true"}, "→"),
      side("After (guideline phase)", after, "headline-after"),
    ),
    el(
      "p",
      {},
      "Change: ",
      FigureText(change, signed, "headline-change"),
      IntervalText(change),
      change.value === null ? ` (not computable: ${change.reason})` : null,
      `. ${plural(report.raters, "rater")}, ${plural(report.items, "item")}, ${plural(report.ratings, "rating")}. ` +
        `Intervals: ${thousands(report.bootstrap.replicates)} bootstrap resamples, seed ${report.bootstrap.seed} ` +
        "(the same figures on every run): each phase's of its items rated by two or more raters, the change's of " +
        "the items of both phases together. A resample whose alpha cannot be computed is not used.",
    ),
  );
}

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
          FigureText(p.alpha.ordinal, fixed, `${p.phase}-alpha-ordinal`),
          IntervalText(p.alpha.ordinal),
        ]),
        ...figureRows.map(({label, key, get, show}) =>
          row(label, (p) => FigureText(get(p), show, `${p.phase}-${key}`)),
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

const scoreKeys = ["1", "2", "3", "4", "5", "n/a"] as const;

function SpreadTable(phase: PhaseReport): HTMLElement {
  return Table(
    {
      head: [
        "Item",
        "Ruled",
        ...scoreKeys.map((key) => (key === "n/a" ? "n/a" : `Gave ${key}`)),
        "The seed's split",
        "Pairs who differ",
      ],
      rows: phase.spread.map((entry: ItemSpread) => [
        entry.title ? `${entry.item}: ${entry.title}` : entry.item,
        String(entry.ruled),
        ...scoreKeys.map((key) => String(entry.counts[key])),
        entry.seedSplit ? entry.seedSplit.join(" vs ") : "–",
        FigureText(entry.disagreement, percent),
      ]),
    },
    {caption: `Each item's scores, ${phaseNames[phase.phase].toLowerCase()}`, rowHeaders: true, scroll: true},
  );
}

/** How many raters a table shows at a time. */
export const ratersPerPage = 50;

const raterCells = (rater: RaterAgreement): Child[] => [
  rater.rater,
  String(rater.scored),
  FigureText(rater.exact, percent),
  FigureText(rater.withinOne, percent),
  FigureText(rater.kappa.linear),
  FigureText(rater.kappa.quadratic),
];

/**
 * Each rater against the ruled scores, a page of raters at a time: ten thousand rows would freeze the page for
 * seconds and nobody reads them on screen (the raters CSV holds every one), and a page replaced rather than rows
 * added keeps each turn of the page as quick as the first. Fifty rows lay out in a frame or two on a slow laptop.
 * A search by name pages through the raters it finds, for the coordinator looking for one among thousands.
 */
function RaterTable(phase: PhaseReport, rows: RowSource<RaterAgreement>): HTMLElement {
  const box = Table(
    {
      head: [
        "Rater",
        "Scored",
        "Exactly the ruled score",
        "Within one",
        "Cohen's kappa, linear",
        "Cohen's kappa, quadratic",
      ],
      rows: rows.rows(0, ratersPerPage).map(raterCells),
    },
    {
      caption: `Each rater against the ruled scores, ${phaseNames[phase.phase].toLowerCase()}`,
      rowHeaders: true,
      scroll: true,
      className: "cohort-raters",
    },
  );
  if (rows.length <= ratersPerPage) return box;
  const body = tableOf(box).tBodies[0]!;
  // The raters shown page by page: every rater, or those whose name holds what the coordinator typed.
  let places = rows.find("");
  let query = "";
  let first = 0;
  const search = el("input", {
    "type": "search",
    "id": `cohort-${phase.phase}-find`,
    "autocomplete": "off",
    "spellcheck": "false",
    "aria-describedby": `cohort-${phase.phase}-shown`,
  });
  const shown = el("p", {"class": "cohort-shown", "id": `cohort-${phase.phase}-shown`, "aria-live": "polite"});
  const previous = el("button", {type: "button", class: "button secondary"}, "Previous raters");
  const next = el("button", {type: "button", class: "button secondary"}, "Next raters");
  const describe = () => {
    const last = Math.min(places.length, first + ratersPerPage);
    shown.textContent = !query
      ? `Raters ${thousands(first + 1)}–${thousands(last)} of ${thousands(rows.length)}; ` +
        "the raters CSV holds them all."
      : places.length
        ? `Raters ${thousands(first + 1)}–${thousands(last)} of the ${thousands(places.length)} whose name holds ` +
          `${quoteText(query)} (${thousands(rows.length)} in all).`
        : `No rater's name holds ${quoteText(query)} (${thousands(rows.length)} in all).`;
    previous.disabled = first === 0;
    next.disabled = last >= places.length;
  };
  const show = (at: number) => {
    first = at;
    const page = rows.rowsAt(places.slice(first, first + ratersPerPage)).map(raterCells);
    body.replaceChildren(...tableRows(page, {rowHeaders: true}));
    describe();
  };
  search.addEventListener("input", () => {
    query = search.value.trim();
    places = rows.find(query);
    show(0);
  });
  // A button disabled under the keyboard's focus would drop it: it moves to the other one.
  previous.addEventListener("click", () => {
    show(Math.max(0, first - ratersPerPage));
    if (previous.disabled) next.focus();
  });
  next.addEventListener("click", () => {
    show(first + ratersPerPage);
    if (next.disabled) previous.focus();
  });
  describe();
  return el(
    "div",
    {"class": "cohort-paged", "data-phase": phase.phase},
    el("div", {class: "cohort-find"}, el("label", {for: search.id}, "Find a rater"), search),
    box,
    el("div", {"class": "cohort-pager", "role": "group", "aria-label": "Raters shown"}, shown, previous, next),
  );
}

function MostDisagreement(phase: PhaseReport, pages: ItemPages): HTMLElement {
  const items = phase.mostDisagreement.items;
  const rules = phase.mostDisagreement.rules.filter((rule) => (rule.disagreement.value ?? 0) > 0).slice(0, 5);
  return el(
    "div",
    {class: "cohort-most"},
    el("h4", {}, "Items with the most disagreement"),
    items.length
      ? el(
          "ol",
          {},
          items.map((entry) =>
            el(
              "li",
              {},
              el("a", {href: itemHref(entry.item, pages)}, entry.item),
              `: ${entry.disagreement.value === null ? "–" : percent(entry.disagreement.value)} of pairs differ; ` +
                `ruled ${entry.ruled}; rules ${entry.rules.join(", ")}`,
            ),
          ),
        )
      : el("p", {}, "No item has any disagreement."),
    el("h4", {}, "Rules whose items disagree most"),
    rules.length
      ? el(
          "ol",
          {},
          rules.map((rule) =>
            el(
              "li",
              {},
              el("a", {href: ruleHref(rule.rule)}, rule.rule),
              `: ${percent(rule.disagreement.value!)} of pairs differ, over ${plural(rule.items.length, "item")}`,
            ),
          ),
        )
      : el("p", {}, "No rule's items disagree."),
  );
}

function PhaseSection(phase: PhaseReport, raters: RowSource<RaterAgreement>, pages: ItemPages): HTMLElement {
  const id = `cohort-${phase.phase}`;
  return el(
    "section",
    {"class": "cohort-phase", "aria-labelledby": `${id}-title`, "data-phase": phase.phase},
    el("h3", {id: `${id}-title`}, `${phaseNames[phase.phase]} (${phase.phase} phase)`),
    phase.ratings
      ? [SpreadTable(phase), RaterTable(phase, raters), MostDisagreement(phase, pages)]
      : el("p", {}, "No ratings in this phase."),
  );
}

const tableNames: Record<CsvTable, string> = {
  summary: "Figures",
  items: "Items",
  raters: "Raters",
  rules: "Rules",
};

function Downloads(csv: Record<CsvTable, Blob>, urls: string[]): HTMLElement {
  return el(
    "div",
    {"class": "cohort-downloads", "role": "group", "aria-label": "Download the tables as CSV"},
    csvTables.map((name) => {
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
export function CohortReportView({packed, csv}: ComputedReport, urls: string[], pages: ItemPages): HTMLElement {
  const report: CohortReport = packed.report;
  const view = el(
    "div",
    {class: "cohort-report"},
    Headline(report),
    Downloads(csv, urls),
    el("h2", {}, "Every figure, each phase"),
    FiguresTable(report),
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
        PhaseSection(report.vague, raterRows(packed, "vague"), pages),
        PhaseSection(report.guideline, raterRows(packed, "guideline"), pages),
      );
      view.dataset.complete = "";
    }, 0),
  );
  return view;
}

function FileList(results: readonly FileResult[]): HTMLElement {
  return el(
    "ul",
    {class: "cohort-files"},
    results.map((result) => {
      const kind = result.kind === "csv" ? "CSV" : "trainee's record";
      const status = result.cancelled
        ? "cancelled, not counted"
        : result.problems.length
          ? `left out: ${plural(result.problems.length + result.more, "problem")}`
          : `${plural(columnsLength(result.ratings), "rating")} counted`;
      return el(
        "li",
        {"class": result.problems.length ? "file-bad" : "file-good", "data-file": result.name},
        el("span", {class: "file-name"}, result.name),
        ` (${kind}): ${status}`,
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

/** The files whose ratings count, in order. */
const countedFiles = (files: readonly FileResult[]): FileResult[] =>
  files.filter((file) => columnsLength(file.ratings) > 0);

const sameFiles = (a: readonly FileResult[], b: readonly FileResult[]): boolean =>
  a.length === b.length && a.every((file, index) => file === b[index]);

export function CohortPage(
  {items, itemPages}: {items: readonly CohortItem[]; itemPages: ItemPages},
  {readCsv, makeReport = reportOnMainThread}: CohortPageOptions = {},
): HTMLElement {
  const itemIds = items.map((item) => item.id);
  const input = el("input", {
    "id": "cohort-files",
    "type": "file",
    "multiple": true,
    "accept": ".json,.csv,application/json,text/csv",
    "aria-describedby": "cohort-files-about",
  });
  const zone = el(
    "div",
    {class: "cohort-drop"},
    el("label", {for: "cohort-files"}, "Trainees' files (.json) or a ratings CSV (rater, item, phase, score)"),
    input,
    el(
      "p",
      {id: "cohort-files-about", class: "muted"},
      "Choose files, or drop them here. They are read in this browser and never uploaded. A file that cannot be read " +
        "is listed with its problems and left out; the others still count.",
    ),
  );
  const progress = el("progress", {"max": 1, "value": 0, "aria-label": "Reading"});
  const cancel = el("button", {type: "button", class: "button secondary"}, "Cancel");
  const progressBox = el("div", {class: "cohort-progress", hidden: true}, progress, cancel);
  const status = el("p", {"class": "cohort-status", "role": "status", "aria-live": "polite"});
  const fileList = el("div", {});
  const report = el("div", {});
  let urls: string[] = [];
  let controller: AbortController | null = null;
  /** The files listed (counted, or left out with their problems), and the report over those counted. */
  let kept: FileResult[] = [];
  let shown: ComputedReport | null = null;
  /** The last drop's files when it was cancelled: listed as not counted until the next drop. */
  let cancelled: FileResult[] = [];

  cancel.addEventListener("click", () => controller?.abort());

  const showReport = () => {
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    report.replaceChildren(shown ? CohortReportView(shown, urls, itemPages) : "");
  };

  const clear = () => {
    kept = [];
    cancelled = [];
    shown = null;
    showFiles();
    showReport();
    status.textContent = "The files are cleared.";
  };

  const showFiles = () => {
    const listed = [...kept, ...cancelled];
    fileList.replaceChildren(
      listed.length ? el("h2", {}, "Files read") : "",
      listed.length ? FileList(listed) : "",
      countedFiles(kept).length
        ? el(
            "button",
            // While files are read or the figures computed, Cancel comes first.
            {type: "button", class: "button secondary", disabled: controller !== null, onclick: clear},
            "Clear the files",
          )
        : "",
    );
  };

  /** A cancelled drop: nothing from it counts, and the files and report shown before stay. */
  const dropCancelled = (results: readonly FileResult[], message: string) => {
    cancelled = results.map((result) => ({
      ...result,
      ratings: emptyColumns(),
      places: new Int32Array(0),
      problems: [],
      more: 0,
      cancelled: true,
    }));
    status.textContent = message + (shown ? " The report still shows the files before." : "");
  };

  const take = async (files: File[]) => {
    if (!files.length || controller) return;
    const job = (controller = new AbortController());
    // A file dropped again replaces the one of the same name.
    const names = new Set(files.map((file) => file.name));
    const others = kept.filter((file) => !names.has(file.name));
    let doing = "read the files";
    showFiles();
    progress.value = 0;
    progress.setAttribute("aria-label", "Reading");
    progressBox.hidden = false;
    status.textContent = `Reading ${plural(files.length, "file")}…`;
    try {
      const results = await readCohortFiles(files, {
        itemIds,
        signal: job.signal,
        readCsv,
        kept: others,
        onProgress: (file, share) => {
          progress.value = share;
          status.textContent = `Reading ${file.name}: ${Math.round(share * 100)}%`;
        },
      });
      if (job.signal.aborted) return dropCancelled(results, "Reading cancelled: nothing from these files is counted.");
      const next = [...others, ...results];
      const counted = countedFiles(next);
      let computed = shown;
      // Dropping only files that are left out changes no figure: the report stays as it is.
      if (!sameFiles(counted, countedFiles(kept))) {
        computed = null;
        if (counted.length) {
          doing = "compute the figures";
          progress.removeAttribute("value"); // no share to show: the bar says "busy"
          progress.setAttribute("aria-label", "Computing the figures");
          status.textContent = "Computing the figures…";
          // A turn for the page to paint that before the ratings are copied to the worker.
          await new Promise((resolve) => setTimeout(resolve, 0));
          computed = await makeReport(
            counted.map((file) => file.ratings),
            items,
            job.signal,
          );
          if (computed === null)
            return dropCancelled(results, "Computing cancelled: nothing from these files is counted.");
        }
      }
      kept = next;
      cancelled = [];
      if (computed !== shown) {
        shown = computed;
        showReport();
      }
      const bad = kept.filter((file) => file.problems.length).length;
      status.textContent =
        `${plural(counted.length, "file")} counted` +
        (bad ? `, ${plural(bad, "file")} left out (see the list)` : "") +
        ".";
    } catch (error) {
      status.textContent = `Could not ${doing}: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      controller = null;
      progressBox.hidden = true;
      input.value = "";
      showFiles();
    }
  };

  input.addEventListener("change", () => void take([...(input.files ?? [])]));
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("dragging");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("dragging");
    void take([...(event.dataTransfer?.files ?? [])]);
  });

  return el("div", {class: "cohort"}, zone, progressBox, status, fileList, report);
}

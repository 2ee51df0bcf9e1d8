// The cohort's report as the page shows it: the headline (ordinal alpha before and after the guideline, with the
// change and their intervals), the tables as CSV downloads, every figure per phase, and each phase's tables
// (cohort-phase.ts), added a frame after the rest.
import type {ComputedReport} from "../lib/agreement/cohort-compute.js";
import type {CohortReport, PhaseReport} from "../lib/agreement/cohort-report.js";
import type {Figure} from "../lib/agreement/figure.js";
import {raterRows} from "../lib/agreement/packed-report.js";
import {percent} from "../lib/agreement/figure-text.js";
import {csvTables, type CsvTable} from "../lib/agreement/report-csv.js";
import type {ItemPages} from "../lib/site/links.js";
import {AlphaChart, DisagreementChart} from "./cohort-charts.js";
import {FigureText, IntervalText, NotComputable, phaseNames} from "./cohort-figures.js";
import {Headline} from "./cohort-headline.js";
import {PhaseSection} from "./cohort-phase.js";
import {el, type Child} from "./dom.js";
import {Table} from "./table.js";

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
          FigureText(p.alpha.ordinal, {name: `${p.phase}-alpha-ordinal`}),
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
export function CohortReportView({
  packed,
  csv,
  urls,
  itemPages,
  ruleTitles,
}: ComputedReport & {
  urls: string[];
  itemPages: ItemPages;
  ruleTitles: Readonly<Record<string, string>>;
}): HTMLElement {
  const report: CohortReport = packed.report;
  const view = el(
    "div",
    {class: "cohort-report"},
    Headline({report, itemPages}),
    AlphaChart(report),
    Downloads(csv, {urls}),
    DisagreementChart(report),
    el("h2", {}, "Every figure, each phase, over every item it rated"),
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
        PhaseSection({phase: report.vague, raters: raterRows(packed, "vague"), itemPages, ruleTitles}),
        PhaseSection({phase: report.guideline, raters: raterRows(packed, "guideline"), itemPages, ruleTitles}),
      );
      view.dataset.complete = "";
    }, 0),
  );
  return view;
}

// The cohort report as a spreadsheet takes it: CSV tables (summary, items, raters, rules), both phases in each with a
// `phase` column. Pure; the CLI prints one (`--csv`), the cohort page offers each as a download. Names (raters, items)
// are written as given: they are text, kept as text in a spreadsheet too (csvChunks).
import Papa from "papaparse";
import type {WithInterval} from "./bootstrap.js";
import type {CohortReport, PhaseReport} from "./cohort-report.js";
import type {Figure} from "./figure.js";

export type Cell = string | number | null;

const rowsPerChunk = 4096;

/**
 * A table as CSV in chunks of rows, each line ended by CRLF (RFC 4180), written by Papa Parse. A text cell that a
 * spreadsheet would run as a formula (one starting with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe and quotes, so a rater named "=HYPERLINK(...)" stays text; a number that is not finite is an empty cell.
 */
export function* csvChunks(columns: readonly string[], rows: Iterable<readonly Cell[]>): Generator<string> {
  const lines = (cells: readonly (readonly Cell[])[]) =>
    Papa.unparse(
      cells.map((row) => row.map((cell) => (typeof cell === "number" && !Number.isFinite(cell) ? null : cell))),
      {newline: "\r\n", escapeFormulae: true},
    ) + "\r\n";
  let chunk: (readonly Cell[])[] = [columns];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === rowsPerChunk) {
      yield lines(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) yield lines(chunk);
}

export const csvTables = ["summary", "items", "raters", "rules"] as const;
export type CsvTable = (typeof csvTables)[number];

const value = (f: Figure): Cell => f.value;
const reason = (f: Figure): Cell => f.reason;

/**
 * The summary: every figure of each phase over every item it rated; the headline's, on the items rated in both phases
 * (`matched vague`, `matched guideline` and the `change`); and the items rated in one phase only (`vague only`,
 * `guideline only`). Each with its interval, why one is missing, and how many items and raters it is over.
 */
function* summaryRows(report: CohortReport): Generator<Cell[]> {
  const row = (
    phase: string,
    figureName: string,
    f: Figure | WithInterval<Figure>,
    {items, raters}: {items: number; raters: number},
  ): Cell[] => {
    const i = "interval" in f ? f.interval : null;
    const missing = "interval" in f && f.value !== null && !i ? f.intervalReason : null;
    return [
      phase,
      figureName,
      value(f),
      i?.low ?? null,
      i?.high ?? null,
      reason(f),
      i?.replicates ?? null,
      i ? report.bootstrap.seed : null,
      i?.used ?? null,
      missing,
      items,
      raters,
    ];
  };
  for (const phase of [report.vague, report.guideline]) {
    const over = (figureName: string, f: Figure | WithInterval<Figure>) => row(phase.phase, figureName, f, phase);
    for (const metric of ["nominal", "ordinal", "interval", "ratio"] as const)
      yield over(`alpha ${metric}`, phase.alpha[metric]);
    yield over("ac1", phase.ac1);
    for (const weights of ["linear", "quadratic", "ordinal"] as const) yield over(`ac2 ${weights}`, phase.ac2[weights]);
    yield over("fleiss kappa", phase.fleiss);
    yield over("exact agreement", phase.agreement.exact);
    yield over("within-one agreement", phase.agreement.withinOne);
  }
  const {headline} = report;
  const {ratersOver: over} = headline;
  const alpha = `alpha ${headline.metric}`;
  const items = headline.items.length;
  yield row("matched vague", alpha, headline.before, {items, raters: over.before});
  yield row("matched guideline", alpha, headline.after, {items, raters: over.after});
  yield row("change", alpha, headline.change, {items, raters: over.change});
  for (const phase of ["vague", "guideline"] as const) {
    const only = headline.only[phase];
    yield row(`${phase} only`, alpha, only.alpha, {items: only.items.length, raters: over.only[phase]});
  }
}

/** A table with a row per entry of each phase (`entries` picks them), the phase's name first. */
function* perPhase<T>(
  report: CohortReport,
  entries: (phase: PhaseReport) => Iterable<T>,
  cells: (entry: T) => Cell[],
): Generator<Cell[]> {
  for (const phase of [report.vague, report.guideline])
    for (const entry of entries(phase)) yield [phase.phase, ...cells(entry)];
}

/** Whether the headline compares an item: "both" phases, or "vague only" or "guideline only". */
function ratedIn(report: CohortReport, item: string): string {
  const {only} = report.headline;
  return only.vague.items.includes(item)
    ? "vague only"
    : only.guideline.items.includes(item)
      ? "guideline only"
      : "both";
}

const itemRows = (report: CohortReport) =>
  perPhase(
    report,
    (phase) => phase.spread,
    (entry) => [
      entry.item,
      entry.ruled,
      entry.ratings,
      ...(["1", "2", "3", "4", "5", "n/a"] as const).map((score) => entry.counts[score]),
      entry.caseStudySplit ? entry.caseStudySplit.join(" ") : null,
      value(entry.disagreement),
      value(entry.meanDistance),
      entry.rules.join(" "),
      ratedIn(report, entry.item),
    ],
  );

const raterRows = (report: CohortReport) =>
  perPhase(
    report,
    (phase) => phase.raterAgreement,
    (rater) => [
      rater.rater,
      rater.scored,
      value(rater.exact),
      value(rater.withinOne),
      value(rater.kappa.none),
      value(rater.kappa.linear),
      value(rater.kappa.quadratic),
    ],
  );

const ruleRows = (report: CohortReport) =>
  perPhase(
    report,
    (phase) => phase.mostDisagreement.rules,
    (rule) => [rule.rule, rule.items.length, value(rule.disagreement)],
  );

const csvLayouts: Record<CsvTable, {columns: readonly string[]; rows: (report: CohortReport) => Iterable<Cell[]>}> = {
  summary: {
    columns: [
      "phase",
      "figure",
      "value",
      "ci_low",
      "ci_high",
      "reason",
      "ci_resamples",
      "ci_seed",
      "ci_used",
      "ci_reason",
      "items",
      "raters",
    ],
    rows: summaryRows,
  },
  items: {
    columns: [
      "phase",
      "item",
      "ruled",
      "ratings",
      "score_1",
      "score_2",
      "score_3",
      "score_4",
      "score_5",
      "score_na",
      "case_study_split",
      "disagreement",
      "mean_distance",
      "rules",
      "rated_in",
    ],
    rows: itemRows,
  },
  raters: {
    columns: ["phase", "rater", "scored", "exact", "within_one", "kappa", "kappa_linear", "kappa_quadratic"],
    rows: raterRows,
  },
  rules: {columns: ["phase", "rule", "items", "disagreement"], rows: ruleRows},
};

/**
 * One of the report's tables as CSV in chunks of rows, both phases in one table (a `phase` column): a million raters'
 * rows are more than one string may hold, so a file or a download is written chunk by chunk.
 */
export function cohortCsvChunks(report: CohortReport, name: CsvTable): Iterable<string> {
  const {columns, rows} = csvLayouts[name];
  return csvChunks(columns, rows(report));
}

/**
 * One of the report's tables as CSV, whole.
 * @internal Only the tests compare the page's downloads with the report.
 */
export function cohortCsv(report: CohortReport, name: CsvTable): string {
  let text = "";
  for (const chunk of cohortCsvChunks(report, name)) text += chunk;
  return text;
}

// The cohort report as a person reads it (lines of text) and as a spreadsheet takes it (CSV tables). Pure; the CLI
// prints these, a page may offer the CSV as downloads. Names (raters, items) are written as given: they are text.
import type {WithInterval} from "./bootstrap.js";
import type {CohortReport, PhaseReport} from "./cohort-report.js";
import type {ItemSpread} from "./item-spread.js";
import {csvChunks, type Cell} from "./csv.js";
import type {Figure} from "./figure.js";
import {plural, thousands} from "../text/format.js";

/** A figure to three decimals (never "-0.000"). */
export const fixed = (value: number, digits = 3): string => {
  const text = value.toFixed(digits);
  // A value just below zero rounds to "-0.000": it reads as zero.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};
/** A change, signed: "+0.120". */
export const signed = (value: number): string => `${value > 0 ? "+" : ""}${fixed(value)}`;
export const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;

/** What an interval rests on, "from 957 of 1,000 resamples": a resample whose figure is not computable is not used. */
export const resamplesUsed = ({used, replicates}: {used: number; replicates: number}): string =>
  `from ${thousands(used)} of ${thousands(replicates)} resamples`;

/** A figure inline: its value, or "not computable" and why. */
export function describeFigure(f: Figure, show: (value: number) => string = fixed): string {
  return f.value === null ? `not computable (${f.reason})` : show(f.value);
}

function withInterval(f: WithInterval<Figure>, show: (value: number) => string = fixed): string {
  if (f.value === null) return describeFigure(f);
  const i = f.interval;
  if (!i) return `${show(f.value)} (no interval: ${f.intervalReason})`;
  return `${show(f.value)} [${Math.round(i.level * 100)}% CI ${show(i.low)} to ${show(i.high)}, ${resamplesUsed(i)}]`;
}

const phaseTitle = {vague: "Before the guideline (vague phase)", guideline: "After the guideline (guideline phase)"};

/** Table cells: a value or "–", with each reason for a "–" listed once under the table. */
class Footnotes {
  readonly reasons = new Map<string, string>();
  cell(f: Figure, what: string, show: (value: number) => string = fixed): string {
    if (f.value !== null) return show(f.value);
    if (!this.reasons.has(f.reason)) this.reasons.set(f.reason, what);
    return "–";
  }
  lines(indent: string): string[] {
    return [...this.reasons].map(([reason, what]) => `${indent}– ${what}: not computable: ${reason}`);
  }
}

/** A cell's width in characters (code points): its length, unless it holds a surrogate pair. */
const width = (text: string): number => (/[\uD800-\uDBFF]/.test(text) ? [...text].length : text.length);

/** Rows in aligned columns. A loop, not Math.max(...rows): a cohort's raters are more than a call's arguments. */
function table(rows: readonly (readonly string[])[], indent: string, right: readonly boolean[]): string[] {
  const widths = rows[0]!.map(() => 0);
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column]!, width(cell))));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, column) => {
          const pad = " ".repeat(widths[column]! - width(cell));
          return right[column] ? pad + cell : cell + pad;
        })
        .join("  ")
        .trimEnd(),
  );
}

const countsText = (entry: ItemSpread): string =>
  Object.entries(entry.counts)
    .map(([score, count]) => `${score}:${count}`)
    .join(" ");

function phaseLines(phase: PhaseReport, top: number): string[] {
  const lines = [
    `${phaseTitle[phase.phase]}: ${plural(phase.raters, "rater")}, ${plural(phase.items, "item")}, ` +
      plural(phase.ratings, "rating") +
      (phase.notApplicable ? ` (${phase.notApplicable} n/a)` : ""),
  ];
  if (!phase.ratings) return [...lines, "  no ratings in this phase"];
  const {alpha, ac2} = phase;
  lines.push(
    `  Krippendorff's alpha  ordinal ${withInterval(alpha.ordinal)}`,
    `                        interval ${describeFigure(alpha.interval)}  ratio ${describeFigure(alpha.ratio)}  ` +
      `nominal ${describeFigure(alpha.nominal)}`,
    `  Gwet's AC2            linear ${describeFigure(ac2.linear)}  quadratic ${describeFigure(ac2.quadratic)}  ` +
      `ordinal ${describeFigure(ac2.ordinal)}`,
    `  Gwet's AC1 ${describeFigure(phase.ac1)}   Fleiss' kappa ${describeFigure(phase.fleiss)}`,
    `  Raters agree: exactly ${describeFigure(phase.agreement.exact, percent)}, ` +
      `within one point ${describeFigure(phase.agreement.withinOne, percent)}`,
  );
  const worst = phase.mostDisagreement.items.slice(0, top);
  if (worst.length) {
    lines.push("  Items with the most disagreement (share of pairs of raters who differ; scores given):");
    for (const entry of worst) {
      const split = entry.caseStudySplit ? `; the case study's split ${entry.caseStudySplit.join(" vs ")}` : "";
      lines.push(
        `    ${entry.item}  ${describeFigure(entry.disagreement)}  ` +
          `(${countsText(entry)}; ruled ${entry.ruled}${split})`,
        `      rules cited: ${entry.rules.join(", ")}`,
      );
    }
  }
  const rules = phase.mostDisagreement.rules.filter((rule) => (rule.disagreement.value ?? 0) > 0).slice(0, top);
  if (rules.length)
    lines.push(
      "  Rules whose items disagree most (the mean over the items citing the rule):",
      ...rules.map(
        (rule) => `    ${rule.rule}  ${describeFigure(rule.disagreement)}  ` + `(${plural(rule.items.length, "item")})`,
      ),
    );
  if (phase.raterAgreement.length) {
    const notes = new Footnotes();
    const rows = phase.raterAgreement.map((rater) => [
      rater.rater,
      String(rater.scored),
      notes.cell(rater.exact, "exact", percent),
      notes.cell(rater.withinOne, "within one", percent),
      notes.cell(rater.kappa.linear, "kappa"),
      notes.cell(rater.kappa.quadratic, "kappa"),
    ]);
    rows.unshift(["rater", "scored", "exact", "within one", "kappa lin", "kappa quad"]);
    lines.push("  Each rater against the ruled scores (Cohen's kappa over scores 1-5, linear and quadratic weights):");
    // One line at a time: push(...rows) would pass every rater as an argument, past the stack's limit.
    for (const line of table(rows, "    ", [false, true, true, true, true, true])) lines.push(line);
    for (const line of notes.lines("    ")) lines.push(line);
  }
  return lines;
}

/** The report as lines of text. */
export function cohortLines(report: CohortReport, {top = 5}: {top?: number} = {}): string[] {
  const {headline} = report;
  const lines = [
    `Cohort: ${plural(report.raters, "rater")}, ${plural(report.items, "item")}, ${plural(report.ratings, "rating")}`,
    "",
    `Headline, ${headline.metric} alpha: before the guideline ${withInterval(headline.before)}`,
    `                       after the guideline ${withInterval(headline.after)}`,
    `                       change ${withInterval(headline.change, signed)}`,
    "",
  ];
  for (const line of phaseLines(report.vague, top)) lines.push(line);
  lines.push("");
  for (const line of phaseLines(report.guideline, top)) lines.push(line);
  lines.push(
    "",
    ...report.notes,
    `Bootstrap: ${report.bootstrap.replicates} resamples of the items, seed ${report.bootstrap.seed}.`,
  );
  return lines;
}

export const csvTables = ["summary", "items", "raters", "rules"] as const;
export type CsvTable = (typeof csvTables)[number];

const value = (f: Figure): Cell => f.value;
const reason = (f: Figure): Cell => f.reason;

/** The summary: every figure of each phase, and the change, with its interval and why one is missing. */
function* summaryRows(report: CohortReport): Generator<Cell[]> {
  const row = (phase: string, figureName: string, f: Figure | WithInterval<Figure>): Cell[] => {
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
      i?.used ?? null,
      missing,
    ];
  };
  for (const phase of [report.vague, report.guideline]) {
    for (const metric of ["nominal", "ordinal", "interval", "ratio"] as const)
      yield row(phase.phase, `alpha ${metric}`, phase.alpha[metric]);
    yield row(phase.phase, "ac1", phase.ac1);
    for (const weights of ["linear", "quadratic", "ordinal"] as const)
      yield row(phase.phase, `ac2 ${weights}`, phase.ac2[weights]);
    yield row(phase.phase, "fleiss kappa", phase.fleiss);
    yield row(phase.phase, "exact agreement", phase.agreement.exact);
    yield row(phase.phase, "within-one agreement", phase.agreement.withinOne);
  }
  yield row("change", `alpha ${report.headline.metric}`, report.headline.change);
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
    columns: ["phase", "figure", "value", "ci_low", "ci_high", "reason", "ci_resamples", "ci_used", "ci_reason"],
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

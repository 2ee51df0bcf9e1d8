// The cohort page's figures from the files kept: the library's report (the CLI's too) over every file's ratings, packed
// for the page (the raters' rows as text, parsed as shown) with the tables as CSV files. Only the page's worker runs
// this (src/workers/cohort-worker.ts): the page imports its types alone.
import type {CohortItem} from "./cohort-item.js";
import {cohortReportOfColumns} from "./cohort-report.js";
import {packReport, type PackedReport} from "./packed-report.js";
import {joinColumns, type RatingColumns} from "./rating-columns.js";
import {cohortCsvChunks, csvTables, type CsvTable} from "./report-csv.js";

export interface ComputedReport {
  packed: PackedReport;
  /** Every table whole, as CSV (UTF-8 with a byte order mark), for the downloads. */
  csv: Record<CsvTable, Blob>;
}

/** Computes the report; null when cancelled (the report shown before stays). */
export type ReportMaker = (
  files: readonly RatingColumns[],
  items: readonly CohortItem[],
  signal?: AbortSignal,
) => Promise<ComputedReport | null>;

export function computeReport(files: readonly RatingColumns[], items: readonly CohortItem[]): ComputedReport {
  const report = cohortReportOfColumns(joinColumns(files), items);
  const csv = Object.fromEntries(
    // In chunks: a large cohort's raters table is more than one string may hold. With a byte order mark first, as a
    // spreadsheet's "CSV UTF-8" is saved: without it Excel reads the file as the system's code page ("BjÃ¸rn").
    csvTables.map((name) => [name, new Blob(["\ufeff", ...cohortCsvChunks(report, name)], {type: "text/csv"})]),
  ) as Record<CsvTable, Blob>;
  return {packed: packReport(report), csv};
}

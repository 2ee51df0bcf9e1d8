// The cohort page's figures from the files kept, packed for the page, with the tables as CSV. The worker runs this.
import type {CohortItem} from "./cohort-item.js";
import {cohortReportOfColumns} from "./cohort-report.js";
import {packReport, type PackedReport} from "./packed-report.js";
import {joinColumns, type RatingColumns} from "./rating-columns.js";
import {cohortCsvChunks, csvTables, type CsvTable} from "./report-csv.js";

export interface ComputedReport {
  packed: PackedReport;
  csv: Record<CsvTable, Blob>;
}

/** Null when cancelled (the report shown before stays). */
export type ReportMaker = (
  files: readonly RatingColumns[],
  items: readonly CohortItem[],
  signal?: AbortSignal,
) => Promise<ComputedReport | null>;

export function computeReport(files: readonly RatingColumns[], items: readonly CohortItem[]): ComputedReport {
  const report = cohortReportOfColumns(joinColumns(files), items);
  const csv = Object.fromEntries(
    // In chunks: a large cohort's raters table is more than one string may hold.
    csvTables.map((name) => [name, new Blob([...cohortCsvChunks(report, name)], {type: "text/csv"})]),
  ) as Record<CsvTable, Blob>;
  return {packed: packReport(report), csv};
}

/** The page freezes while it computes, and Cancel is heard only before. */
export const reportOnMainThread: ReportMaker = async (files, items, signal) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return signal?.aborted ? null : computeReport(files, items);
};

// The /judges chart: each run as a rater against the ruled scores, and the visitor's own row ("You") from their first
// answers in the walk, worked out as a run's are. With no such answer, no row, and a line that says how to get one.
import {derivedDecidingRules} from "../trainee/derived-deciding-rules.js";
import type {Progress} from "../trainee/progress.js";
import {resultGroup, type DistanceCounts} from "../trainee/results.js";
import type {JudgesPageData, RunView} from "./judges-page.js";

export const distanceKinds = ["exact", "one-off", "two-or-more-off"] as const;
export type DistanceKind = (typeof distanceKinds)[number];

export interface RunChartRow {
  key: string;
  label: string;
  /** Its label on the chart's lines: a phone's column holds no more than one of them on a line. */
  lines: [string] | [string, string];
  answered: number;
  counts: Record<DistanceKind, number>;
  /** 0 with none answered. */
  shares: Record<DistanceKind, number>;
}

export const visitorKey = "you";
export const visitorLabel = "You";

export const noVisitorRowWords =
  "To see yourself here as a row of your own, score these cases in the walk: your first answers are set against " +
  "the ruled scores as the runs' are.";

function chartRow(
  key: string,
  label: string,
  figures: Pick<DistanceCounts, "answered" | "exact" | "oneOff" | "twoOrMoreOff">,
  lines: RunChartRow["lines"] = [label],
): RunChartRow {
  const counts = {"exact": figures.exact, "one-off": figures.oneOff, "two-or-more-off": figures.twoOrMoreOff};
  const share = (count: number) => (figures.answered ? count / figures.answered : 0);
  return {
    key,
    label,
    lines,
    answered: figures.answered,
    counts,
    shares: {
      "exact": share(counts.exact),
      "one-off": share(counts["one-off"]),
      "two-or-more-off": share(counts["two-or-more-off"]),
    },
  };
}

/** Each run's row, its label on the two lines the run's view gives (lib/judges/judges-page.ts). */
export function runChartRows(runs: readonly Pick<RunView, "key" | "label" | "lines" | "figures">[]): RunChartRow[] {
  return runs.map((run) => chartRow(run.key, run.label, run.figures, run.lines));
}

/** Their first walk answers (scored with the guideline) to the cases any run was asked; null with none. */
export function visitorChartRow(
  progress: Progress,
  data: Pick<JudgesPageData, "runs" | "items" | "guideline">,
): RunChartRow | null {
  const asked = new Set(data.runs.flatMap((run) => run.cases));
  const items = data.items.filter((item) => asked.has(item.id));
  const group = resultGroup(progress, items, "walk", derivedDecidingRules(data.guideline));
  return group.answered ? chartRow(visitorKey, visitorLabel, group) : null;
}

/** The visitor's row once their record is saved again: the row shown when its figures are the same, so no redraw. */
export function nextVisitorRow(shown: RunChartRow | null, next: RunChartRow | null): RunChartRow | null {
  if (shown === null || next === null) return next === shown ? shown : next;
  const same =
    shown.answered === next.answered && distanceKinds.every((kind) => shown.counts[kind] === next.counts[kind]);
  return same ? shown : next;
}

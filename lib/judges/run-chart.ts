// What the /judges chart shows (drawn by src/components/judges.ts): each run as a rater against the ruled
// scores, the share of the cases it answered that it scored exactly, one off and two or more off, and beside the
// runs the visitor's own row ("You"): their first answers in the walk to the cases the runs were asked, worked out as
// a run's are (lib/trainee/results.ts resultGroup, the walk, against today's rulings). With no such answer, no row,
// and a line that says how to get one. Pure and browser-safe; the runs' figures are their own (judges-page.ts).
import {derivedDecidingRules} from "../trainee/derived-deciding-rules.js";
import type {Progress} from "../trainee/progress.js";
import {resultGroup, type DistanceCounts} from "../trainee/results.js";
import type {JudgesPageData, RunView} from "./judges-page.js";

export const distanceKinds = ["exact", "one-off", "two-or-more-off"] as const;
export type DistanceKind = (typeof distanceKinds)[number];

export interface RunChartRow {
  key: string;
  label: string;
  answered: number;
  counts: Record<DistanceKind, number>;
  /** Each count as a share of the cases answered (0 with none answered). */
  shares: Record<DistanceKind, number>;
}

/** The visitor's row: its key and label. */
export const visitorKey = "you";
export const visitorLabel = "You";

/** Under the chart when the visitor has no answer to the runs' cases: how to get a row of their own. */
export const noVisitorRowWords =
  "To see yourself here as a row of your own, score these cases in the walk: your first answers are set against " +
  "the ruled scores as the runs' are.";

function chartRow(
  key: string,
  label: string,
  figures: Pick<DistanceCounts, "answered" | "exact" | "oneOff" | "twoOrMoreOff">,
): RunChartRow {
  const counts = {"exact": figures.exact, "one-off": figures.oneOff, "two-or-more-off": figures.twoOrMoreOff};
  const share = (count: number) => (figures.answered ? count / figures.answered : 0);
  return {
    key,
    label,
    answered: figures.answered,
    counts,
    shares: {
      "exact": share(counts.exact),
      "one-off": share(counts["one-off"]),
      "two-or-more-off": share(counts["two-or-more-off"]),
    },
  };
}

export function runChartRows(runs: readonly Pick<RunView, "key" | "label" | "figures">[]): RunChartRow[] {
  return runs.map(({key, label, figures}) => chartRow(key, label, figures));
}

/**
 * The visitor's row: their first answers in the walk (scored with the guideline) to the cases any run was asked,
 * against today's rulings; null when they have none.
 */
export function visitorChartRow(
  progress: Progress,
  data: Pick<JudgesPageData, "runs" | "items" | "guideline">,
): RunChartRow | null {
  const asked = new Set(data.runs.flatMap((run) => run.cases));
  const items = data.items.filter((item) => asked.has(item.id));
  const group = resultGroup(progress, items, "walk", derivedDecidingRules(data.guideline));
  return group.answered ? chartRow(visitorKey, visitorLabel, group) : null;
}

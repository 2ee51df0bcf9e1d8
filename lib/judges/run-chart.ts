// What the /judges chart shows (drawn by src/components/judges-chart.ts): each run as a rater against the ruled
// scores, the share of the cases it answered that it scored exactly, one off and two or more off. Pure and
// browser-safe; the figures are the runs' own (judges-page.ts), nothing is worked out again.
import type {RunView} from "./judges-page.js";

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

export function runChartRows(runs: readonly Pick<RunView, "key" | "label" | "figures">[]): RunChartRow[] {
  return runs.map(({key, label, figures}) => {
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
  });
}

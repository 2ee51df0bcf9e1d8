// The /judges chart: each run as a rater against the ruled scores, a bar per run split into the share of the cases it
// answered that it scored exactly, one off and two or more off, drawn with d3's own modules (scale, axis, shape's
// stack, selection) from node_modules, with its figures as a table under it. Rows from lib/judges/run-chart.ts.
import {stack} from "d3-shape";
import {
  distanceKinds,
  noVisitorRowWords,
  runChartRows,
  type DistanceKind,
  type RunChartRow,
} from "../lib/judges/run-chart.js";
import type {JudgesView} from "../lib/judges/judges-page.js";
import {chartFrame} from "./d3-frame.js";
import {el} from "./dom.js";
import {DistanceKey} from "./results-charts.js";
import {Table} from "./table.js";

const kindWords: Record<DistanceKind, string> = {
  "exact": "exact",
  "one-off": "one off",
  "two-or-more-off": "two or more off",
};
const share = (value: number) => `${Math.round(value * 100)}%`;

function RunsSvg(rows: readonly RunChartRow[], id: string): SVGSVGElement {
  const {node, chart, x, y} = chartFrame({id, keys: rows.map((row) => row.key), domain: [0, 1], format: share});
  const series = stack<RunChartRow, DistanceKind>()
    .keys(distanceKinds)
    .value((row, kind) => row.shares[kind])(rows);
  for (const row of rows)
    chart
      .append("text")
      .attr("class", "row-label")
      .attr("x", x(0))
      .attr("y", y(row.key)! + 12)
      .text(row.label);
  for (const layer of series)
    for (const [index, [from, to]] of layer.entries()) {
      const row = rows[index]!;
      chart
        .append("rect")
        .attr("class", `bar distance-${layer.key}`)
        .attr("x", x(from))
        .attr("y", y(row.key)! + 18)
        .attr("width", Math.max(0, x(to) - x(from)))
        .attr("height", 14);
    }
  return node;
}

/**
 * Each run as a rater against the ruled scores, and the visitor's own row ("You") when they have answers to the runs'
 * cases, else a line on how to get one; the figures as a table under it.
 */
export function JudgesChart(
  view: JudgesView,
  {id = "judges-chart", you = null}: {id?: string; you?: RunChartRow | null} = {},
): HTMLElement {
  const rows = [...runChartRows(view.runs), ...(you ? [you] : [])];
  return el(
    "figure",
    {"class": "d3-figure", "id": id, "data-chart": "runs"},
    el("h3", {id: `${id}-title`}, "Each run against the ruled scores"),
    DistanceKey(),
    RunsSvg(rows, id),
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each bar is a run, as a rater: of the cases it answered, the share it scored exactly as ruled, one off and " +
        "two or more off." +
        (you ? " The last bar is you: your first answers in the walk to the same cases." : ""),
    ),
    you ? null : el("p", {class: "judges-no-you", id: `${id}-no-you`}, noVisitorRowWords),
    Table(
      {
        head: ["Run", "Answered", ...distanceKinds.map((kind) => kindWords[kind])],
        rows: rows.map((row) => [
          row.label,
          String(row.answered),
          ...distanceKinds.map((kind) => `${row.counts[kind]} (${share(row.shares[kind])})`),
        ]),
      },
      {caption: "The chart's figures", rowHeaders: true, stack: true, className: "d3-chart-table"},
    ),
  );
}

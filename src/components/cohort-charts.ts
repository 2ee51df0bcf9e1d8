// The cohort page's two charts, drawn with d3's own modules (scale, axis, shape, selection) from node_modules, each
// with its figures as a table under it: agreement before and after on the items rated both times, each with its
// interval, against the published guides for alpha; and the items with the most disagreement after the guideline,
// each beside its share before it. What they show is lib/agreement/cohort-charts.ts's; only the cohort page loads this.
import {line} from "d3-shape";
import {
  alphaChartRows,
  alphaDomain,
  disagreementRows,
  guideLines,
  type AlphaChartRow,
} from "../lib/agreement/cohort-charts.js";
import type {CohortReport} from "../lib/agreement/cohort-report.js";
import type {Figure} from "../lib/agreement/figure.js";
import {fixed, percent} from "../lib/agreement/figure-text.js";
import {chartFrame} from "./d3-frame.js";
import {el} from "./dom.js";
import {FigureText} from "./cohort-figures.js";
import {Table} from "./table.js";

const margin = {top: 34, bottom: 34};
const rowHeight = 46;
const segment = line<[number, number]>();

function AlphaSvg(rows: readonly AlphaChartRow[], id: string): SVGSVGElement {
  const {node, chart, x, y, height, left} = chartFrame({
    id,
    keys: rows.map((row) => row.key),
    domain: alphaDomain(rows),
    margin,
    rowHeight,
  });
  const guides = chart.append("g").attr("class", "guides");
  guideLines.forEach((guide, index) => {
    guides
      .append("path")
      .attr("class", `guide guide-${index}`)
      .attr(
        "d",
        segment([
          [x(guide.value), margin.top - 6],
          [x(guide.value), height - margin.bottom],
        ]),
      );
    guides
      .append("text")
      .attr("class", "guide-label")
      .attr("x", x(guide.value))
      .attr("y", margin.top - 10 - index * 12)
      .attr("text-anchor", "end")
      .text(guide.label);
  });
  for (const row of rows) {
    const top = y(row.key)!;
    const mid = top + 30;
    const group = chart.append("g").attr("class", `alpha-row alpha-${row.key}`);
    group
      .append("text")
      .attr("class", "row-label")
      .attr("x", left)
      .attr("y", top + 12)
      .text(row.label);
    const {alpha} = row;
    if (alpha.value === null) {
      group
        .append("text")
        .attr("class", "row-none")
        .attr("x", left)
        .attr("y", mid + 4)
        .text("not computable");
      continue;
    }
    if (alpha.interval) {
      const ends: [number, number][] = [
        [x(alpha.interval.low), mid],
        [x(alpha.interval.high), mid],
      ];
      group.append("path").attr("class", "interval").attr("d", segment(ends));
    }
    group.append("circle").attr("class", "point").attr("cx", x(alpha.value)).attr("cy", mid).attr("r", 6);
  }
  return node;
}

/** Agreement before and after on the items rated both times, with each interval and the two guide lines. */
export function AlphaChart(report: CohortReport, {id = "cohort-alpha-chart"}: {id?: string} = {}): HTMLElement {
  const rows = alphaChartRows(report);
  return el(
    "figure",
    {"class": "d3-figure", "id": id, "data-chart": "alpha"},
    el("h3", {id: `${id}-title`}, "Agreement before and after, with the published guides"),
    AlphaSvg(rows, id),
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each dot is ordinal alpha, each line its 95% interval; the upright lines are the published guides for alpha. " +
        "The items rated in one phase only are drawn apart: the headline does not compare them.",
    ),
    Table(
      {
        head: ["Items", "Ordinal alpha", "Interval, low", "Interval, high"],
        rows: rows.map((row) => [
          row.label,
          FigureText(row.alpha),
          row.alpha.interval ? fixed(row.alpha.interval.low) : "–",
          row.alpha.interval ? fixed(row.alpha.interval.high) : "–",
        ]),
      },
      {caption: "The chart's figures", rowHeaders: true, stack: true, className: "d3-chart-table"},
    ),
  );
}

/** The items with the most disagreement after the guideline, each beside its share before it. */
export function DisagreementChart(
  report: CohortReport,
  {
    id = "cohort-disagreement-chart",
    label = (item: string) => item,
  }: {id?: string; label?: (item: string) => string} = {},
): HTMLElement | null {
  const rows = disagreementRows(report);
  if (!rows.length) return null;
  const {node, chart, x, y, left} = chartFrame({
    id,
    keys: rows.map((row) => row.item),
    domain: [0, 1],
    format: (value) => `${Math.round(value * 100)}%`,
    margin,
    rowHeight,
  });
  for (const row of rows) {
    const top = y(row.item)!;
    const group = chart.append("g").attr("class", "disagreement-row");
    group
      .append("text")
      .attr("class", "row-label")
      .attr("x", left)
      .attr("y", top + 12)
      .text(label(row.item));
    const bar = (f: Figure | null, offset: number, kind: string) => {
      if (f === null || f.value === null) return;
      group
        .append("rect")
        .attr("class", `bar bar-${kind}`)
        .attr("x", left)
        .attr("y", top + offset)
        .attr("width", Math.max(1, x(f.value) - left))
        .attr("height", 10);
    };
    bar(row.before, 18, "before");
    bar(row.after, 30, "after");
  }
  const share = (f: Figure | null) => (f === null ? "not rated" : FigureText(f, {show: percent}));
  return el(
    "figure",
    {"class": "d3-figure", "id": id, "data-chart": "disagreement"},
    el("h3", {id: `${id}-title`}, "The items with the most disagreement after the guideline"),
    el(
      "p",
      {"class": "chart-key", "aria-hidden": "true"},
      el("span", {class: "key-before"}, "before the guideline"),
      el("span", {class: "key-after"}, "after it"),
    ),
    node,
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each bar is the share of pairs of raters who gave the item different scores: the upper before the " +
        "guideline, the lower after it.",
    ),
    Table(
      {
        head: ["Item", "Pairs who differ, before", "Pairs who differ, after"],
        rows: rows.map((row) => [label(row.item), share(row.before), share(row.after)]),
      },
      {caption: "The chart's figures", rowHeaders: true, stack: true, className: "d3-chart-table"},
    ),
  );
}

// The frame every d3 chart of the tools' pages draws in (src/components/cohort-page.ts, judges.ts): an SVG in a
// viewBox that fits a phone (lib/site/chart-scales.ts places its rows and values), labelled by its figure's title and
// caption, with its axis at the foot. Only the cohort and judges pages load it, and d3 with it.
import {axisBottom} from "d3-axis";
import {select} from "d3-selection";
import type {ChartScales} from "../lib/site/chart-scales.js";
import {phoneChartWidth} from "../lib/site/chart-width.js";
import {svg} from "./dom.js";

/**
 * A chart's frame, labelled by `id`'s title and caption; `format` for the axis's ticks (d3's own when absent). One
 * drawn in a phone's column (phoneChartWidth) is `is-phone-width`: src/components/d3-charts.css keeps it that narrow.
 */
export function ChartFrame(
  {scales, id}: {scales: ChartScales; id: string},
  {format}: {format?: (value: number) => string} = {},
): SVGSVGElement {
  const {width, x, height, bottom} = scales;
  const node = svg("svg", {
    "class": width === phoneChartWidth ? "d3-chart is-phone-width" : "d3-chart",
    "viewBox": `0 0 ${width} ${height}`,
    "role": "img",
    "aria-labelledby": `${id}-title`,
    "aria-describedby": `${id}-caption`,
  });
  const axis = axisBottom(x).ticks(5);
  if (format) axis.tickFormat((value) => format(Number(value)));
  select(node)
    .append("g")
    .attr("class", "axis")
    .attr("transform", `translate(0,${height - bottom})`)
    .call(axis);
  return node;
}

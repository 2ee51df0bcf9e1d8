// The frame every d3 chart of the tools' pages draws in (src/components/cohort-charts.ts, judges.ts): an SVG
// in a viewBox that fits a phone, labelled by its figure's title and caption, a row band per entry, a linear scale
// across with its axis at the foot. Only the cohort and judges pages load it, and d3 with it.
import {axisBottom} from "d3-axis";
import {scaleBand, scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";
import {select, type Selection} from "d3-selection";
import {svg} from "./dom.js";

export const chartWidth = 480;

export interface ChartFrame {
  node: SVGSVGElement;
  chart: Selection<SVGSVGElement, unknown, null, undefined>;
  x: ScaleLinear<number, number>;
  y: ScaleBand<string>;
  height: number;
  left: number;
}

/** A chart's frame: `keys` a row each, `domain` across, `format` for the axis's ticks (d3's own when absent). */
export function chartFrame({
  id,
  keys,
  domain,
  format,
  margin = {top: 8, bottom: 30},
  rowHeight = 44,
}: {
  id: string;
  keys: readonly string[];
  domain: [number, number];
  format?: (value: number) => string;
  margin?: {top: number; bottom: number};
  rowHeight?: number;
}): ChartFrame {
  const [left, right] = [12, 16];
  const height = margin.top + keys.length * rowHeight + margin.bottom;
  const node = svg("svg", {
    "class": "d3-chart",
    "viewBox": `0 0 ${chartWidth} ${height}`,
    "role": "img",
    "aria-labelledby": `${id}-title`,
    "aria-describedby": `${id}-caption`,
  });
  const x = scaleLinear()
    .domain(domain)
    .range([left, chartWidth - right]);
  const y = scaleBand<string>()
    .domain(keys)
    .range([margin.top, height - margin.bottom]);
  const chart = select(node);
  const axis = axisBottom(x).ticks(5);
  if (format) axis.tickFormat((value) => format(Number(value)));
  chart
    .append("g")
    .attr("class", "axis")
    .attr("transform", `translate(0,${height - margin.bottom})`)
    .call(axis);
  return {node, chart, x, y, height, left};
}

// Where a d3 chart of the tools' pages (the cohort page, the judges page) places its rows and values: a viewBox that
// fits a phone, a row band per entry, a linear scale across. src/components/d3-frame.ts draws the frame from them.
import {scaleBand, scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";

export const chartWidth = 480;

export interface ChartScales {
  x: ScaleLinear<number, number>;
  y: ScaleBand<string>;
  height: number;
  /** Where the axis sits, up from the foot. */
  bottom: number;
  left: number;
}

/** A chart's scales: `keys` a row each, `domain` across. */
export function chartScales({
  keys,
  domain,
  margin = {top: 8, bottom: 30},
  rowHeight = 44,
}: {
  keys: readonly string[];
  domain: [number, number];
  margin?: {top: number; bottom: number};
  rowHeight?: number;
}): ChartScales {
  const [left, right] = [12, 16];
  const height = margin.top + keys.length * rowHeight + margin.bottom;
  const x = scaleLinear()
    .domain(domain)
    .range([left, chartWidth - right]);
  const y = scaleBand<string>()
    .domain(keys)
    .range([margin.top, height - margin.bottom]);
  return {x, y, height, bottom: margin.bottom, left};
}

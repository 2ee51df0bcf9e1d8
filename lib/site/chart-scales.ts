// Where a d3 chart of the tools' pages (the cohort page, the judges page) places its rows and values: a viewBox that
// fits a phone, a row band per entry, a linear scale across. src/components/d3-frame.ts draws the frame from them.
import {scaleBand, scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";

export const chartWidth = 480;

export interface ChartScales {
  x: ScaleLinear<number, number>;
  /** The viewBox's. */
  width: number;
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
  width = chartWidth,
}: {
  keys: readonly string[];
  domain: [number, number];
  margin?: {top: number; bottom: number};
  rowHeight?: number;
  width?: number;
}): ChartScales {
  // The last tick's label ("100%", 12 units wide a character or so) is centred on the scale's end: half of it must fit.
  const [left, right] = [12, 24];
  const height = margin.top + keys.length * rowHeight + margin.bottom;
  const x = scaleLinear()
    .domain(domain)
    .range([left, width - right]);
  const y = scaleBand<string>()
    .domain(keys)
    .range([margin.top, height - margin.bottom]);
  return {x, width, y, height, bottom: margin.bottom, left};
}

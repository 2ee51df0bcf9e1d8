// Where a d3 chart of the tools' pages (the cohort page, the judges page) places its rows and values: a viewBox that
// fits a phone, a row band per entry, a linear scale across. src/components/d3-frame.ts draws the frame from them.
import {scaleBand, scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";

export const chartWidth = 480;

export interface ChartScales {
  /** The viewBox's width. */
  width: number;
  x: ScaleLinear<number, number>;
  y: ScaleBand<string>;
  height: number;
  /** Where the axis sits, up from the foot. */
  bottom: number;
  left: number;
}

/**
 * A chart's scales: `keys` a row each, `domain` across, in a viewBox `width` wide (a page whose chart must read at its
 * own size on a phone gives about a phone's column, as /authors does: lib/site/chart-width.ts phoneChartWidth).
 */
export function chartScales({
  keys,
  domain,
  margin = {top: 8, bottom: 30},
  rowHeight = 44,
  width = chartWidth,
  left = 12,
  // The last tick's label ("100%") is centred on the scale's end: half of it must fit.
  right = 24,
}: {
  keys: readonly string[];
  domain: [number, number];
  margin?: {top: number; bottom: number};
  rowHeight?: number;
  width?: number;
  /** Room beside the axis's ends, for half their ticks' labels ("−0.4" needs more than "0.0", "100%" than "1.0"). */
  left?: number;
  right?: number;
}): ChartScales {
  const height = margin.top + keys.length * rowHeight + margin.bottom;
  const x = scaleLinear()
    .domain(domain)
    .range([left, width - right]);
  const y = scaleBand<string>()
    .domain(keys)
    .range([margin.top, height - margin.bottom]);
  return {width, x, y, height, bottom: margin.bottom, left};
}

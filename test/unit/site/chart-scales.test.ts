// Where the tools' d3 charts place their rows and values, worked by hand: 480 wide, 12 in from the left and 16 from
// the right, unless a chart gives its own; each row its band of the height between the margins.
import {describe, expect, it} from "vitest";
import {chartScales, chartWidth} from "../../../lib/site/chart-scales.js";

describe("chartScales", () => {
  it("gives each key a band of the row height, between the margins, and spreads the domain across the width", () => {
    const {x, y, height, bottom, left} = chartScales({keys: ["a", "b"], domain: [0, 1]});
    // 8 above, two rows of 44, 30 below.
    expect(height).toBe(8 + 2 * 44 + 30);
    expect(bottom).toBe(30);
    expect([y("a"), y("b"), y.bandwidth()]).toEqual([8, 52, 44]);
    expect([x(0), x(0.5), x(1), left]).toEqual([12, 238, chartWidth - 16, 12]);
  });

  it("takes a chart's own margins and row height", () => {
    const {y, height} = chartScales({keys: ["x"], domain: [-1, 1], margin: {top: 34, bottom: 34}, rowHeight: 46});
    expect(height).toBe(34 + 46 + 34);
    expect(y("x")).toBe(34);
  });

  it("takes a chart's own width and room beside the axis's ends: a phone's column for /cohort", () => {
    // 320 wide, 18 in from the left and 22 from the right: the domain spreads from 18 to 298.
    const {x, width, left} = chartScales({keys: ["x"], domain: [0, 1], width: 320, left: 18, right: 22});
    expect([width, left, x(0), x(0.5), x(1)]).toEqual([320, 18, 18, 158, 298]);
    expect(chartScales({keys: ["x"], domain: [0, 1]}).width).toBe(chartWidth);
  });
});

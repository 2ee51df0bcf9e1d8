// Where the tools' d3 charts place their rows and values, worked by hand: 480 wide, 12 in from the left and 24 from
// the right (room for half of "100%"), unless a chart gives its own; each row its band of the height between the
// margins.
import {describe, expect, it} from "vitest";
import {chartScales, chartWidth} from "../../../lib/site/chart-scales.js";

describe("chartScales", () => {
  it("gives each key a band of the row height, between the margins, and spreads the domain across the width", () => {
    const {x, y, height, bottom, left} = chartScales({keys: ["a", "b"], domain: [0, 1]});
    // 8 above, two rows of 44, 30 below.
    expect(height).toBe(8 + 2 * 44 + 30);
    expect(bottom).toBe(30);
    expect([y("a"), y("b"), y.bandwidth()]).toEqual([8, 52, 44]);
    expect([x(0), x(0.5), x(1), left]).toEqual([12, 234, chartWidth - 24, 12]);
  });

  it("leaves room at the right for half the last tick's label, 100%, in a chart's own width", () => {
    // 12px text: "100%" is about 30 units wide, centred on x(1); 320 - 24 = 296, so 15 of the 24 units hold its half.
    const {x, width} = chartScales({keys: ["a"], domain: [0, 1], width: 320});
    expect([width, x(0), x(0.5), x(1)]).toEqual([320, 12, 154, 296]);
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

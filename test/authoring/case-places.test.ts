import {describe, expect, it} from "vitest";
import {orderAfterLast, orderTaken} from "../../lib/authoring/case-places.js";

describe("orderAfterLast", () => {
  const cases = [
    {set: "examples", order: 7},
    {set: "edge-cases", order: 14},
    {set: "edge-cases", order: 2.5},
    {set: "calibration", order: 4.5},
  ];
  it("one past the highest whole order of the set, 1 in an empty set", () => {
    expect(orderAfterLast(cases, "edge-cases")).toBe(15);
    expect(orderAfterLast(cases, "calibration")).toBe(5);
    expect(orderAfterLast(cases, "fresh-calibration")).toBe(1);
  });
});

describe("orderTaken", () => {
  const cases = [{id: "fresh-4", set: "fresh-calibration", order: 4}];
  it("is another case's order in the same set; a case's own order, or another set's, is free", () => {
    expect(orderTaken(cases, {id: "fresh-9", set: "fresh-calibration", order: 4})).toBe(true);
    expect(orderTaken(cases, {id: "fresh-4", set: "fresh-calibration", order: 4})).toBe(false);
    expect(orderTaken(cases, {id: "fresh-9", set: "examples", order: 4})).toBe(false);
    expect(orderTaken(cases, {id: "fresh-9", set: "fresh-calibration", order: 5})).toBe(false);
  });
});

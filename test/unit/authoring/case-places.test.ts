import {describe, expect, it} from "vitest";
import {orderAfterLast, orderTaken, placeClashes, type PlacedCase} from "../../../lib/authoring/case-places.js";

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

describe("placeClashes", () => {
  /** Each clash as "id field: first words", in the cases' order. */
  const clashes = (cases: PlacedCase[]): string[] =>
    [...placeClashes(cases)].flatMap(([item, found]) =>
      found.map(({field, message}) => `${item.id} ${field}: ${message.split(":")[0]}`),
    );
  const at = (id: string, order: number, caseStudyNumber?: string, twistOf?: string): PlacedCase => ({
    id,
    set: "edge-cases",
    order,
    ...(caseStudyNumber ? {caseStudyNumber} : {}),
    ...(twistOf ? {twistOf} : {}),
  });

  it("lets lettered parts of one number share it: the same stem and digits, one letter each, different letters", () => {
    expect(clashes([at("edge-1a", 1, "1"), at("edge-1b", 2, "1"), at("edge-1c", 3, "1")])).toEqual([]);
    expect(clashes([at("edge-1a", 1, "1"), at("edge-1a2", 2, "1")])).toEqual([
      'edge-1a2 caseStudyNumber: caseStudyNumber "1" is also edge-1a\'s in set edge-cases',
    ]);
    expect(clashes([at("edge-1", 1, "1"), at("edge-1b", 2, "1")])).toHaveLength(1);
    expect(clashes([at("edge-1a", 1, "1"), at("bridge-1b", 2, "1")])).toHaveLength(1);
    expect(clashes([at("edge-1a", 1, "1"), at("edge-11b", 2, "1")])).toHaveLength(1);
  });
  it("lets a case's one twist share its number, whichever comes first; a second twist is a copy", () => {
    expect(clashes([at("edge-10-twist", 14, "10", "edge-10"), at("edge-10", 13, "10")])).toEqual([]);
    expect(
      clashes([
        at("edge-10", 13, "10"),
        at("edge-10-twist", 14, "10", "edge-10"),
        at("edge-10-b", 15, "10", "edge-10"),
      ]),
    ).toEqual(['edge-10-b caseStudyNumber: caseStudyNumber "10" is also edge-10\'s in set edge-cases']);
    // A twist of a case with another number shares nothing with this one.
    expect(clashes([at("edge-9", 12, "10"), at("edge-10-twist", 14, "10", "edge-10")])).toHaveLength(1);
  });
  it("refuses a second case at an order, and no order is no clash", () => {
    expect(clashes([at("fresh-4", 4), at("fresh-9", 4)])).toEqual([
      "fresh-9 order: order 4 is also fresh-4's in set edge-cases",
    ]);
    expect(
      clashes([
        {id: "a", set: "edge-cases"},
        {id: "b", set: "edge-cases"},
      ]),
    ).toEqual([]);
  });
});

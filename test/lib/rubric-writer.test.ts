import {describe, expect, it} from "vitest";
import {loadRubricWriter} from "../../lib/load.js";
import {countRange, relate, type CountRange} from "../../lib/rubric-writer.js";

describe("the seed's rubric-writer table", () => {
  const check = loadRubricWriter();
  const request = countRange(check.request.constraint);

  it("reads the request's constraint as counts 0 to 2", () => {
    expect(request).toEqual([0, 2]);
  });
  it.each(check.rows.map((row) => [row.criterion, row] as const))("classifies %s as the seed does", (_name, row) => {
    expect(relate(request, row.range)).toBe(row.relation);
  });
});

describe("countRange", () => {
  it("reads each kind of constraint", () => {
    expect(countRange({kind: "at-most", n: 4})).toEqual([0, 4]);
    expect(countRange({kind: "at-least", n: 3})).toEqual([3, null]);
    expect(countRange({kind: "exactly", n: 2})).toEqual([2, 2]);
    expect(countRange({kind: "between", min: 1, max: 3})).toEqual([1, 3]);
  });
});

describe("relate", () => {
  const at = (min: number, max: number | null): CountRange => [min, max];
  it("compares open-ended ranges", () => {
    expect(relate(at(3, null), at(3, null))).toBe("same");
    expect(relate(at(3, null), at(5, null))).toBe("narrower");
    expect(relate(at(3, null), at(1, null))).toBe("broader");
    expect(relate(at(3, null), at(0, 4))).toBe("partial-overlap");
    expect(relate(at(3, null), at(0, 2))).toBe("no-overlap");
  });
  it("treats ranges that touch at one count as overlapping", () => {
    expect(relate(at(0, 2), at(2, 5))).toBe("partial-overlap");
    expect(relate(at(2, 2), at(2, 2))).toBe("same");
  });
  it("reads a ceiling that needs one (the raters' rule) as making 'between one and three' broader", () => {
    // Why the table counts "at most" from 0: with [1, 2] the seed's partial-overlap row would not hold.
    expect(relate(at(1, 2), at(1, 3))).toBe("broader");
  });
});

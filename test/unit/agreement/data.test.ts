import {describe, expect, it} from "vitest";
import {
  countTable,
  countTableFromCounts,
  domainOf,
  fromRaterRows,
  fromRatings,
  fromUnitRows,
  MISSING,
  unitTotals,
  withoutValues,
} from "../../../lib/agreement/data.js";

describe("reliability data", () => {
  it("orders a domain: numbers ascending, then labels; missing values are not values", () => {
    expect(domainOf([3, "n/a", 1, null, undefined, NaN, 2, "b", 1])).toEqual([1, 2, 3, "b", "n/a"]);
  });

  it("rows of raters and rows of units give the same cells", () => {
    const byRater = fromRaterRows([
      [1, 2, null],
      [1, 3, 3],
    ]);
    const byUnit = fromUnitRows([
      [1, 1],
      [2, 3],
      [null, 3],
    ]);
    expect(byRater).toEqual(byUnit);
    expect(byRater.values).toEqual([1, 2, 3]);
    expect([...byRater.codes]).toEqual([0, 0, 1, 2, MISSING, 2]);
  });

  it("from ratings one by one, with the units and raters in the order given", () => {
    const data = fromRatings(
      [
        {rater: "b", unit: "x", value: 2},
        {rater: "a", unit: "y", value: "n/a"},
        {rater: "a", unit: "x", value: null},
      ],
      {values: [1, 2, "n/a"], units: ["x", "y"], raters: ["a", "b"]},
    );
    expect(data.unitIds).toEqual(["x", "y"]);
    expect([...data.codes]).toEqual([MISSING, 1, 2, MISSING]);
    expect(() => fromRatings([{rater: "a", unit: "x", value: 7}], {values: [1, 2]})).toThrow(/not in the domain/);
    expect(() =>
      fromRatings([
        {rater: "a", unit: "x", value: 1},
        {rater: "a", unit: "x", value: 2},
      ]),
    ).toThrow(/twice/);
    // A name is quoted as lib/text/quote-text.ts quotes what someone typed: the override escaped, never raw.
    expect(() =>
      fromRatings([
        {rater: "ann\u202Eeve", unit: "x", value: 1},
        {rater: "ann\u202Eeve", unit: "x", value: 2},
      ]),
    ).toThrow(new RangeError('"ann\\u{202E}eve" rated "x" twice'));
  });

  it("counts values per unit, and leaves values out as if missing", () => {
    const table = countTable(
      fromUnitRows(
        [
          [1, 1, "n/a"],
          [2, null, 3],
        ],
        {values: [1, 2, 3, "n/a"]},
      ),
    );
    expect([...table.counts]).toEqual([2, 0, 0, 1, 0, 1, 1, 0]);
    expect([...unitTotals(table)]).toEqual([3, 2]);
    const ordered = withoutValues(table, ["n/a"]);
    expect(ordered.values).toEqual([1, 2, 3]);
    expect([...ordered.counts]).toEqual([2, 0, 0, 0, 1, 1]);
  });

  it("a count table given as counts is checked", () => {
    expect([...countTableFromCounts([[1, 2]], ["a", "b"]).counts]).toEqual([1, 2]);
    expect(() => countTableFromCounts([[1, 2], [1]])).toThrow(/1 counts/);
    expect(() => countTableFromCounts([[1.5, 2]])).toThrow(/whole number/);
  });

  it("takes a table of 200,000 raters (more rows than a call may have arguments)", () => {
    const rows = Array.from({length: 200_000}, (_, rater) => [1 + (rater % 5)]);
    const data = fromRaterRows(rows);
    expect([data.raters, data.units]).toEqual([200_000, 1]);
    expect(fromUnitRows(rows)).toMatchObject({raters: 1, units: 200_000});
  });

  it("more than 255 distinct values do not fit the compact form", () => {
    expect(() => fromUnitRows([Array.from({length: 300}, (_, i) => i)])).toThrow(/at most 255/);
  });
});

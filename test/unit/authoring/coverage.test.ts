import {describe, expect, it} from "vitest";
import {checkGuideline} from "../../../lib/authoring/check.node.js";
import {coverage} from "../../../lib/authoring/coverage.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";

describe("coverage", () => {
  it("places each case by the engine's derived score, not its authored ruling", () => {
    const rows = coverage([
      {id: "example-1", title: "a", set: "examples", origin: "case-study", order: 1, score: 3},
      {id: "example-2", title: "b", set: "examples", origin: "case-study", order: 2, score: null},
    ]);
    expect(rows.map((row) => [row.score, row.items.map((item) => item.id)])).toEqual([
      [5, []],
      [4, []],
      [3, ["example-1"]],
      [2, []],
      [1, []],
      ["n/a", []],
    ]);
  });

  it("gives every level 1-5 a worked example under guideline v2", () => {
    const items = loadItems();
    const report = checkGuideline(loadGuideline("v2"), items);
    const scores = new Map(report.results.map((result) => [result.id, result.derivedScore]));
    const rows = coverage(items.map((item) => ({...item, score: scores.get(item.id) ?? null})));
    for (const row of rows.slice(0, 5)) expect(row.items.length, `score ${row.score}`).toBeGreaterThan(0);
  });
});

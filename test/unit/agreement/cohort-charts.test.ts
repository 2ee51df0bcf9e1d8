import {describe, expect, it} from "vitest";
import {
  alphaChartRows,
  alphaDomain,
  disagreementRows,
  type AlphaChartRow,
} from "../../../lib/agreement/cohort-charts.js";
import {cohortReport} from "../../../lib/agreement/cohort-report.js";
import {differWords} from "../../../lib/agreement/cohort-words.js";
import type {CohortRating, ScaleScore} from "../../../lib/agreement/ratings.js";
import type {Phase} from "../../../lib/authored/schemas/parts.js";
import {loadItems} from "../../../lib/node/load.js";

const items = loadItems();
const titleOf = (id: string) => items.find((item) => item.id === id)!.title;

/** Alice, Bob and Carol's scores of each item in a phase. */
const ratingsOf = (phase: Phase, scores: Record<string, readonly ScaleScore[]>): CohortRating[] =>
  Object.entries(scores).flatMap(([item, given]) =>
    ["alice", "bob", "carol"].map((rater, i) => ({rater, item, phase, score: given[i]!, file: "test"})),
  );

// Two items rated before and after the guideline, one before only (edge-5b), one after only (example-3).
const report = cohortReport(
  [
    ...ratingsOf("vague", {"example-1": [5, 3, 3], "example-2": [2, 4, 3], "edge-5b": ["n/a", 1, "n/a"]}),
    ...ratingsOf("guideline", {"example-1": [5, 5, 5], "example-2": [3, 3, 4], "example-3": [4, 2, 1]}),
  ],
  items,
  {bootstrap: {replicates: 50}},
);

describe("the cohort page's alpha chart", () => {
  it("has a bar before and after on the items rated both times, then one for each phase's items rated in it alone", () => {
    const rows = alphaChartRows(report);
    expect(rows.map(({key, label, items}) => ({key, label, items}))).toEqual([
      {key: "before", label: "Before, the 2 items rated both times", items: 2},
      {key: "after", label: "After, the 2 items rated both times", items: 2},
      {key: "before-only", label: "Before only, 1 other item", items: 1},
      {key: "after-only", label: "After only, 1 other item", items: 1},
    ]);
    // Each bar draws the report's own figure, interval and all.
    expect(rows.map((row) => row.alpha)).toEqual([
      report.headline.before,
      report.headline.after,
      report.headline.only.vague.alpha,
      report.headline.only.guideline.alpha,
    ]);
  });

  it("has no bar for a phase with no items of its own", () => {
    const both = cohortReport(
      [...ratingsOf("vague", {"example-1": [5, 3, 3]}), ...ratingsOf("guideline", {"example-1": [5, 5, 4]})],
      items,
      {bootstrap: {replicates: 50}},
    );
    expect(alphaChartRows(both).map((row) => row.key)).toEqual(["before", "after"]);
  });

  it("spans 0 to 1, reaching down to the tenth below the lowest value or interval end under 0", () => {
    const row = (value: number | null, low: number | null): AlphaChartRow =>
      ({
        key: "before",
        label: "",
        items: 2,
        alpha: {value, interval: low === null ? null : {low, high: 1}},
      }) as AlphaChartRow;
    expect(alphaDomain([row(0.4, 0.1), row(0.9, 0.7)])).toEqual([0, 1]);
    // -0.35 rounds down to -0.4; a bar with no value (not computable) and no interval moves nothing.
    expect(alphaDomain([row(0.2, -0.35), row(null, null)])).toEqual([-0.4, 1]);
    expect(alphaDomain([row(-0.12, null)])).toEqual([-0.2, 1]);
  });
});

describe("the cohort page's items with the most disagreement", () => {
  // By hand, the share of pairs of raters who differ: 4, 2, 1 after the guideline: every pair, 1; 3, 3, 4: two pairs
  // of three, 2/3; 5, 5, 5: none, so example-1 is left out. Before it, 2, 4, 3: every pair, 1; example-3 unrated.
  it("lists the items that still split raters after the guideline, most first, each with its share before it", () => {
    expect(
      disagreementRows(report).map(({item, title, before, after}) => ({
        item,
        title,
        before: before?.value ?? null,
        after: after.value,
      })),
    ).toEqual([
      {item: "example-3", title: titleOf("example-3"), before: null, after: 1},
      {item: "example-2", title: titleOf("example-2"), before: 1, after: expect.closeTo(2 / 3, 12)},
    ]);
    expect(disagreementRows(report, 1).map((row) => row.item)).toEqual(["example-3"]);
  });

  it("ranks an item whose share rests on too few pairs after the well-supported ones, and says what each rests on", () => {
    // By hand: after the guideline example-1 is scored 3, 3, 4 by three raters: 2 of 3 pairs differ (66.7%);
    // example-2 by two raters only, 2 and 5: its one pair differs (100.0%), which ranks it last, not first.
    const thin = cohortReport(
      [
        ...ratingsOf("guideline", {"example-1": [3, 3, 4]}),
        {rater: "alice", item: "example-2", phase: "guideline", score: 2, file: "test"},
        {rater: "bob", item: "example-2", phase: "guideline", score: 5, file: "test"},
      ],
      items,
      {bootstrap: {replicates: 50}},
    );
    const rows = disagreementRows(thin);
    expect(rows.map(({item, after, pairs, tooFewPairs}) => ({item, after: after.value, pairs, tooFewPairs}))).toEqual([
      {item: "example-1", after: expect.closeTo(2 / 3, 12), pairs: {before: null, after: 3}, tooFewPairs: false},
      {item: "example-2", after: 1, pairs: {before: null, after: 1}, tooFewPairs: true},
    ]);
    expect(thin.guideline.mostDisagreement.items.map((entry) => differWords(entry))).toEqual([
      "66.7% of 3 pairs differ",
      "100.0% of 1 pair differs (too few pairs to rank with the others)",
    ]);
  });
});

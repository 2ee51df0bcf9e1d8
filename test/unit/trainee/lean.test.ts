// The lean rule (issue 15, item 9): a lean is stated only when it is clear, |mean signed difference| >= 0.3 AND more
// of the misses on that side than on the other. Each case below is built from real score comparisons and tallied as
// the results page tallies them, so the inputs are the ones the page sees.
import {describe, expect, it} from "vitest";
import {compareScores} from "../../../lib/trainee/score-distance.js";
import {leanOf, leanThreshold} from "../../../lib/trainee/lean.js";
import {countDistances} from "../../../lib/trainee/results.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";

/** The lean of answers given as [trainee, ruled] pairs. */
const leanOfPairs = (...pairs: [Score, Score][]) =>
  leanOf(countDistances(pairs.map(([trainee, ruled]) => compareScores(trainee, ruled))));
const exact = (count: number): [Score, Score][] => Array.from({length: count}, () => [3, 3]);
const above = (count: number, by = 1): [Score, Score][] => Array.from({length: count}, () => [(2 + by) as Score, 2]);
const below = (count: number, by = 1): [Score, Score][] => Array.from({length: count}, () => [2, (2 + by) as Score]);

describe("the lean rule", () => {
  it("is 0.3 of a point", () => {
    expect(leanThreshold).toBe(0.3);
  });

  it("names a lean at exactly 0.3 with every miss on that side, either way", () => {
    // 3 above by one, 7 exact: +3/10 = +0.3.
    expect(leanOfPairs(...above(3), ...exact(7))).toEqual({kind: "higher", mean: 0.3, above: 3, below: 0});
    expect(leanOfPairs(...below(3), ...exact(7))).toEqual({kind: "lower", mean: -0.3, above: 0, below: 3});
  });

  it("names none just under 0.3, even with every miss on one side", () => {
    // 2 above by one, 5 exact: +2/7 = +0.29.
    expect(leanOfPairs(...above(2), ...exact(5))).toMatchObject({kind: "unclear", reason: "small", above: 2, below: 0});
    expect(leanOfPairs(...below(2), ...exact(5))).toMatchObject({kind: "unclear", reason: "small", below: 2});
  });

  it("names a lean with a majority, not only with every miss, on that side", () => {
    // 5 above by one, 2 below by one, 3 exact: +3/10 = +0.3.
    expect(leanOfPairs(...above(5), ...below(2), ...exact(3))).toEqual({
      kind: "higher",
      mean: 0.3,
      above: 5,
      below: 2,
    });
  });

  it("names none for a tie, however large the average (the issue's -0.09 with 4 above and 4 below, and +1.0)", () => {
    // 4 above by one, 4 below (three by one, one by two), 3 exact: -1/11 = -0.09.
    const issue = leanOfPairs(...above(4), ...below(3), ...below(1, 2), ...exact(3));
    expect(issue).toMatchObject({kind: "unclear", reason: "even", above: 4, below: 4});
    expect((issue as {mean: number}).mean).toBeCloseTo(-0.09, 2);
    // One above by three, one below by one: +1.0, and still a tie.
    expect(leanOfPairs(...above(1, 3), ...below(1))).toMatchObject({kind: "unclear", reason: "even", mean: 1});
  });

  it("names none when the average leans one way only because of a far miss and more misses lie the other way", () => {
    // One above by three, two below by one: +1/3, but two of three misses are below.
    expect(leanOfPairs(...above(1, 3), ...below(2))).toMatchObject({
      kind: "unclear",
      reason: "mixed",
      above: 1,
      below: 2,
    });
  });

  it("has no misses to read when every answer is exact", () => {
    expect(leanOfPairs(...exact(5))).toEqual({kind: "no-misses"});
    expect(leanOfPairs(["n/a", "n/a"], [4, 4])).toEqual({kind: "no-misses"});
  });

  it("leaves 'not applicable' answers out of both the average and the sides", () => {
    // Only "not applicable" on one side or the other: nothing can be above or below.
    expect(leanOfPairs(["n/a", 3], [2, "n/a"])).toEqual({kind: "nothing-to-compare"});
    expect(leanOf({meanSignedDifference: null, lenient: 0, harsh: 0})).toEqual({kind: "nothing-to-compare"});
    // Two "not applicable" misses beside one miss above and one exact: +1/2 over the two scored 1-5, 1 of 1 above.
    expect(leanOfPairs(["n/a", 3], [2, "n/a"], ...above(1), ...exact(1))).toEqual({
      kind: "higher",
      mean: 0.5,
      above: 1,
      below: 0,
    });
  });
});

// Ratings as columns (what the cohort page keeps and posts to its worker) and the report computed from them: the
// same report as from rating records, however the ratings are split into files and in whatever order they come.
import {describe, expect, it} from "vitest";
import {cohenKappa} from "../../../lib/agreement/cohen.js";
import {cohortReport, cohortReportOfColumns} from "../../../lib/agreement/cohort-report.js";
import {
  columnRatings,
  columnsLength,
  emptyColumns,
  joinColumns,
  phaseOfCode,
  ratingCode,
  ratingColumns,
  scoreOfCode,
} from "../../../lib/agreement/rating-columns.js";
import {seededRandom} from "../../../lib/agreement/bootstrap.js";
import {phases, scores, type CohortRating, type ScaleScore} from "../../../lib/agreement/ratings.js";
import {loadItems} from "../../../lib/node/load.js";

const items = loadItems();
const itemIds = items.map((item) => item.id);

/** Seeded ratings: each rater scores most items in each phase; names that sort alike with numbers in them. */
function cohort(seed: number, raters: readonly string[]): CohortRating[] {
  const random = seededRandom(seed);
  const ratings: CohortRating[] = [];
  for (const rater of raters)
    for (const phase of phases)
      for (const item of items) {
        if (random() < 0.3) continue;
        const score = scores[Math.floor(random() * scores.length)]!;
        ratings.push({rater, item: item.id, phase, score, file: "seeded"});
      }
  // Shuffled, so no code relies on the readers' order.
  for (let i = ratings.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ratings[i], ratings[j]] = [ratings[j]!, ratings[i]!];
  }
  return ratings;
}

const names = ["rater10", "rater2", "rater01", "rater1", "Ann", "ann", "Zoë", "b c", "<b>bold</b>"];

describe("rating columns", () => {
  it("code a phase and a score as one number, and back", () => {
    const codes = phases.flatMap((phase) => scores.map((score) => ratingCode(phase, score)));
    expect(codes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(codes.map((code) => [phaseOfCode(code), scoreOfCode(code)])).toEqual(
      phases.flatMap((phase) => scores.map((score) => [phase, score])),
    );
  });

  it("hold the ratings, each rater's name once, numbered as first seen", () => {
    const ratings = cohort(1, names);
    const columns = ratingColumns(ratings, itemIds);
    expect(columnsLength(columns)).toBe(ratings.length);
    expect(columns.raters).toEqual([...new Set(ratings.map((rating) => rating.rater))]);
    expect(columnRatings(columns, itemIds, "seeded")).toEqual(ratings);
  });

  it("refuse a rating of an item not in the list", () => {
    const stray: CohortRating = {rater: "a", item: "nope", phase: "vague", score: 3, file: "x"};
    expect(() => ratingColumns([stray], itemIds)).toThrow(/unknown item "nope"/);
  });

  it("join several files' columns, one rater for one name", () => {
    const ratings = cohort(2, names);
    const parts = [ratings.slice(0, 50), ratings.slice(50, 51), [], ratings.slice(51)];
    const joined = joinColumns(parts.map((part) => ratingColumns(part, itemIds)));
    expect(joined.raters).toEqual([...new Set(ratings.map((rating) => rating.rater))]);
    expect(columnRatings(joined, itemIds, "seeded")).toEqual(ratings);
    expect(columnsLength(joinColumns([emptyColumns(), emptyColumns()]))).toBe(0);
  });
});

describe("the report from columns", () => {
  it("is the report from the records, whatever the split into files", () => {
    for (const seed of [3, 4, 5]) {
      const ratings = cohort(seed, names);
      const expected = cohortReport(ratings, items, {bootstrap: {replicates: 100}});
      const cut = Math.floor(ratings.length / 3);
      const parts = [ratings.slice(0, cut), ratings.slice(cut)].map((part) => ratingColumns(part, itemIds));
      expect(cohortReportOfColumns(joinColumns(parts), items, {bootstrap: {replicates: 100}})).toEqual(expected);
    }
  });

  it("lists raters in name order (rater2 before rater10), a tie in the order first seen", () => {
    const report = cohortReport(cohort(6, names), items, {bootstrap: {replicates: 10}});
    const order = report.vague.raterAgreement.map((rater) => rater.rater);
    const byName = new Intl.Collator("en", {numeric: true});
    expect(order).toEqual(
      [...new Set(cohort(6, names).map((rating) => rating.rater))].sort((a, b) => byName.compare(a, b)),
    );
    expect(order.indexOf("rater2")).toBeLessThan(order.indexOf("rater10"));
  });

  it("gives each rater's kappa against the ruled scores as two raters' kappa does", () => {
    const ratings = cohort(7, names);
    const report = cohortReport(ratings, items, {bootstrap: {replicates: 10}});
    for (const phase of [report.vague, report.guideline])
      for (const row of phase.raterAgreement) {
        const own = ratings.filter((rating) => rating.rater === row.rater && rating.phase === phase.phase);
        const numeric = own.filter(
          (rating) => rating.score !== "n/a" && items.find((i) => i.id === rating.item)!.score !== "n/a",
        );
        const ruled = numeric.map((rating) => items.find((item) => item.id === rating.item)!.score as number);
        const given = numeric.map((rating) => rating.score as number);
        expect(row.scored).toBe(own.length);
        for (const weights of ["none", "linear", "quadratic"] as const) {
          const kappa = cohenKappa(given, ruled, {weights, categories: [1, 2, 3, 4, 5]});
          expect(row.kappa[weights].value, `${row.rater} ${weights}`).toBe(kappa.value);
        }
      }
  });

  it("refuses columns that name no rater or no item, or a second score for a rater's item in a phase", () => {
    const columns = ratingColumns(cohort(8, ["a", "b"]), itemIds);
    expect(() => cohortReportOfColumns({...columns, raters: ["a"]}, items)).toThrow(/unnamed rater/);
    expect(() => cohortReportOfColumns(columns, items.slice(0, 3))).toThrow(/unknown item/);
    const once: CohortRating = {rater: "a", item: "example-1", phase: "guideline", score: 4 as ScaleScore, file: "x"};
    const twice = joinColumns([ratingColumns([once], itemIds), ratingColumns([{...once, score: 2}], itemIds)]);
    expect(() => cohortReportOfColumns(twice, items)).toThrow(/"a" scored example-1 twice in the guideline phase/);
  });
});

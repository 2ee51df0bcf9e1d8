import {describe, expect, it} from "vitest";
import {alikeNames, cohortReport, type CohortReport} from "../../../lib/agreement/cohort-report.js";
import {readRatingsCsv} from "../../../lib/agreement/ratings-csv.js";
import type {CohortRating, ScaleScore} from "../../../lib/agreement/ratings.js";
import {
  alikeNamesWords,
  fixed,
  mostDisagreementShown,
  mostShownWords,
  signed,
} from "../../../lib/agreement/cohort-words.js";
import {cohortCsv} from "../../../lib/agreement/report-csv.js";
import {cohortLines} from "../../../lib/agreement/report-format.js";
import {loadItems} from "../../../lib/node/load.js";
import type {Phase} from "../../../lib/authored/schemas/parts.js";
import {largeCohortCsv} from "./helpers.js";

const items = loadItems();

const rating = (rater: string, item: string, phase: Phase, score: ScaleScore): CohortRating => ({
  rater,
  item,
  phase,
  score,
  file: "test",
});

/** Three raters, three items (ruled 5, 3 and n/a), both phases. */
const small: CohortRating[] = [
  ...(
    [
      ["example-1", [5, 3, 3]],
      ["example-2", [2, 4, 3]],
      ["edge-5b", ["n/a", 1, "n/a"]],
    ] as const
  ).flatMap(([item, scores]) => ["alice", "bob", "carol"].map((rater, i) => rating(rater, item, "vague", scores[i]!))),
  ...(
    [
      ["example-1", [5, 5, 5]],
      ["example-2", [3, 3, 4]],
      ["edge-5b", ["n/a", "n/a", "n/a"]],
    ] as const
  ).flatMap(([item, scores]) =>
    ["alice", "bob", "carol"].map((rater, i) => rating(rater, item, "guideline", scores[i]!)),
  ),
];

/** Every number in the report is finite: no NaN or Infinity anywhere, however deep. */
function finiteThroughout(value: unknown, path = "report"): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((entry, i) => finiteThroughout(entry, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, entry]) => finiteThroughout(entry, `${path}.${key}`));
  return [];
}

/** Every figure (an object with value and reason) is a number with no reason, or null with one. */
function figuresExplained(value: unknown, path = "report"): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, i) => figuresExplained(entry, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const own =
    "value" in value && "reason" in value
      ? (value.value === null) === (typeof value.reason === "string" && value.reason.length > 0)
        ? []
        : [path]
      : [];
  return [...own, ...Object.entries(value).flatMap(([key, entry]) => figuresExplained(entry, `${path}.${key}`))];
}

describe("a cohort's report", () => {
  const report = cohortReport(small, items, {bootstrap: {replicates: 200}});

  it("counts raters, items and ratings per phase", () => {
    expect([report.raters, report.items, report.ratings]).toEqual([3, 3, 18]);
    expect(report.vague).toMatchObject({phase: "vague", raters: 3, items: 3, ratings: 9, notApplicable: 2});
    expect(report.guideline).toMatchObject({phase: "guideline", raters: 3, items: 3, ratings: 9, notApplicable: 3});
  });

  it("the measured split of each item beside the case study's illustrative one", () => {
    const [first, second, refusal] = report.vague.spread;
    expect(first).toMatchObject({
      item: "example-1",
      ruled: 5,
      ratings: 3,
      counts: {"1": 0, "2": 0, "3": 2, "4": 0, "5": 1, "n/a": 0},
      caseStudySplit: [5, 3],
      rules: ["main-task", "numbers", "list-stated-only"],
    });
    // Pairs that differ: 4 of 6 ordered pairs; mean distance 8 / 6 (two pairs 2 apart, each counted both ways).
    expect(first!.disagreement.value).toBeCloseTo(2 / 3, 12);
    expect(first!.meanDistance.value).toBeCloseTo(4 / 3, 12);
    expect(second!.disagreement.value).toBe(1);
    expect(refusal).toMatchObject({item: "edge-5b", ruled: "n/a", caseStudySplit: null});
    expect(refusal!.disagreement.value).toBeCloseTo(2 / 3, 12);
    expect(refusal!.meanDistance).toEqual({
      value: null,
      reason: "fewer than two raters gave this item a score from 1 to 5",
    });
  });

  it("the items and rules with the most disagreement", () => {
    expect(report.vague.mostDisagreement.items.map((entry) => entry.item)).toEqual([
      "example-2",
      "example-1",
      "edge-5b",
    ]);
    expect(report.guideline.mostDisagreement.items.map((entry) => entry.item)).toEqual(["example-2"]);
    const rules = report.vague.mostDisagreement.rules;
    expect(rules[0]).toMatchObject({rule: "stated-constraints", items: ["example-2"], disagreement: {value: 1}});
    const numbers = rules.find((rule) => rule.rule === "numbers")!;
    expect(numbers.items).toEqual(["example-1", "example-2"]);
    expect(numbers.disagreement.value).toBeCloseTo((2 / 3 + 1) / 2, 12);
  });

  it("of rules alike, lists the one over more items first, and says how many a cut list shows of how many", () => {
    // Every pair differs on examples 1 and 2 (5, 3, 1 and 2, 4, 3): each rule their ruled checklists cite is at 100%.
    // Example 1 cites main-task, numbers and list-stated-only; example 2 main-task, numbers and stated-constraints.
    /** Alice's, Bob's and Carol's scores of each item before the guideline. */
    const before = (rows: readonly (readonly [string, readonly ScaleScore[]])[]) =>
      cohortReport(
        rows.flatMap(([item, scores]) =>
          ["alice", "bob", "carol"].map((rater, i) => rating(rater, item, "vague", scores[i]!)),
        ),
        items,
        {bootstrap: {replicates: 10}},
      );
    const tied = before([
      ["example-1", [5, 3, 1]],
      ["example-2", [2, 4, 3]],
    ]);
    const of = mostDisagreementShown(tied.vague, {every: "the table above"});
    expect(of.items.map((entry) => entry.item)).toEqual(["example-1", "example-2"]);
    expect([of.itemsNote, of.rulesNote]).toEqual([null, null]);
    expect(of.rules.map((rule) => [rule.rule, rule.items.length])).toEqual([
      ["main-task", 2],
      ["numbers", 2],
      ["list-stated-only", 1],
      ["stated-constraints", 1],
    ]);
    expect(mostShownWords(2, 2, {items: "the table above"})).toBeNull();
    expect(mostShownWords(5, 6, {items: "the table above"})).toBe(
      "5 of the 6 items whose raters differ, the most first; the table above has every item.",
    );
    expect(mostShownWords(5, 9, "rules")).toBe(
      "5 of the 9 rules whose items differ, the most first; of two alike, the one over more items.",
    );
    // The command line says it under its heading too, with a list cut at 2 of its 2 items and 4 rules, where every
    // item is: in its items CSV (it prints no table of them).
    const cut = before([
      ["example-1", [5, 3, 1]],
      ["example-2", [2, 4, 3]],
      ["example-3", [1, 2, 3]],
    ]);
    // The report keeps every item whose raters differ; the list is cut where it is shown, once.
    expect(cut.vague.mostDisagreement.items).toHaveLength(3);
    expect(mostDisagreementShown(cut.vague, {top: 2, every: "x"}).items).toHaveLength(2);
    expect(cohortLines(cut, {top: 2})).toContain(
      "    2 of the 3 items whose raters differ, the most first; `--csv items` has every item.",
    );
    const lines = cohortLines(tied, {top: 2});
    expect(lines).toContain(
      "    2 of the 4 rules whose items differ, the most first; of two alike, the one over more items.",
    );
  });

  it("each rater against the ruled scores: exact, within one, kappa", () => {
    const byRater = Object.fromEntries(report.vague.raterAgreement.map((entry) => [entry.rater, entry]));
    expect([byRater.alice!.exact.value, byRater.alice!.withinOne.value]).toEqual([2 / 3, 1]);
    expect([byRater.bob!.exact.value, byRater.bob!.withinOne.value]).toEqual([0, 1 / 3]);
    expect([byRater.carol!.exact.value, byRater.carol!.withinOne.value]).toEqual([2 / 3, 2 / 3]);
    // Kappa leaves "n/a" out: alice's scores 5 and 2 against the ruled 5 and 3.
    expect(byRater.alice!.kappa.none.pairs).toBe(2);
    const guideline = report.guideline.raterAgreement.find((entry) => entry.rater === "alice")!;
    expect(guideline.exact.value).toBe(1);
    expect(guideline.kappa.quadratic.value).toBe(1);
  });

  it("simple agreement: n/a agrees with n/a", () => {
    expect(report.vague.agreement.exact.value).toBeCloseTo(2 / 9, 12);
    expect(report.guideline.agreement.exact.value).toBeCloseTo(7 / 9, 12);
    // Within one: example-1 pairs (3,3) agree, (5,3) do not; example-2 (2,3), (3,4) agree, (2,4) not; edge-5b n/a-n/a.
    expect(report.vague.agreement.withinOne.value).toBeCloseTo((1 / 3 + 2 / 3 + 1 / 3) / 3, 12);
  });

  it("n/a is a category for the nominal figures and missing for the ordered ones", () => {
    // After the guideline, edge-5b is n/a throughout: it is an agreeing unit for alpha nominal, absent for ordinal.
    expect(report.guideline.alpha.nominal.pairable).toBe(9);
    expect(report.guideline.alpha.ordinal.pairable).toBe(6);
    expect(report.guideline.ac2.quadratic.units).toBe(2);
    expect(report.guideline.fleiss.units).toBe(3);
  });

  it("the headline: ordinal alpha before and after, the change, and seeded intervals", () => {
    const {headline} = report;
    expect(headline.metric).toBe("ordinal");
    expect(headline.before.value).toBe(report.vague.alpha.ordinal.value);
    expect(headline.after.value).toBe(report.guideline.alpha.ordinal.value);
    expect(headline.change.value).toBeCloseTo(headline.after.value! - headline.before.value!, 12);
    expect(headline.before.interval).toMatchObject({replicates: 200, seed: 1, level: 0.95});
    expect(cohortReport(small, items, {bootstrap: {replicates: 200}}).headline).toEqual(headline);
    expect(cohortReport(small, items, {bootstrap: {replicates: 200, seed: 2}}).headline.change.interval).not.toEqual(
      headline.change.interval,
    );
  });

  it("no NaN anywhere, and every missing figure says why", () => {
    expect(finiteThroughout(report)).toEqual([]);
    expect(figuresExplained(report)).toEqual([]);
  });
});

describe("edge cases: a number or a reason, never NaN", () => {
  const check = (report: CohortReport) => {
    expect(finiteThroughout(report)).toEqual([]);
    expect(figuresExplained(report)).toEqual([]);
    expect(JSON.stringify(report)).not.toMatch(/NaN|Infinity/);
  };

  it("no ratings at all (an empty file)", () => {
    const report = cohortReport([], items);
    check(report);
    expect(report.vague.alpha.ordinal.reason).toMatch(/two or more raters/);
    expect(report.headline.change.reason).toMatch(/^no item was rated both before and after the guideline/);
    expect(report.vague.spread).toEqual([]);
    expect(cohortLines(report)).toContain("Before the guideline (vague phase): 0 raters, 0 items, 0 ratings");
  });

  it("a single rater", () => {
    const report = cohortReport(
      small.filter((entry) => entry.rater === "alice"),
      items,
    );
    check(report);
    expect(report.vague.alpha.ordinal.value).toBeNull();
    expect(report.vague.ac1.reason).toMatch(/two or more raters/);
    expect(report.vague.raterAgreement[0]!.exact.value).toBeCloseTo(2 / 3, 12);
  });

  it("one item", () => {
    const report = cohortReport(
      small.filter((entry) => entry.item === "example-2"),
      items,
    );
    check(report);
    expect(report.vague.alpha.ordinal.value).not.toBeNull();
    expect(report.vague.alpha.ordinal.intervalReason).toMatch(/one item/);
  });

  it("every score identical", () => {
    const same = small.map((entry) => ({...entry, score: 3 as const}));
    const report = cohortReport(same, items);
    check(report);
    expect(report.vague.alpha.ordinal.reason).toMatch(/no variation/);
    expect(report.vague.fleiss.reason).toMatch(/chance agreement is 1/);
    expect(report.vague.ac1.value).toBe(1);
    expect(report.vague.agreement.exact.value).toBe(1);
  });

  it("a phase where every rating is n/a: the ordered figures say so, rather than that nobody rated", () => {
    const report = cohortReport(
      small.map((entry) => (entry.phase === "vague" ? {...entry, score: "n/a" as const} : entry)),
      items,
      {bootstrap: {replicates: 50}},
    );
    check(report);
    const reason = "every rating in this phase is n/a, which the ordered figures count as missing";
    const {alpha, ac2} = report.vague;
    for (const f of [alpha.ordinal, alpha.interval, alpha.ratio, ac2.linear, ac2.quadratic, ac2.ordinal])
      expect(f).toMatchObject({value: null, reason});
    expect(alpha.ordinal.intervalReason).toBe(reason);
    // The headline, on the items rated both times, says so of those items.
    const matched = reason.replace("in this phase", "of the items rated both times, in this phase,");
    expect(report.headline.before.reason).toBe(matched);
    expect(report.headline.change.reason).toBe(`before: ${matched}`);
    // The nominal figures count n/a as a category: every rater agrees.
    expect(report.vague.ac1.value).toBe(1);
    expect(report.vague.agreement.exact.value).toBe(1);
    // Each rater against the ruled scores: kappa counts n/a as missing too.
    const kappaReason =
      "none of the items has a score from 1 to 5 from both this rater and the ruling: kappa counts n/a as missing";
    for (const rater of report.vague.raterAgreement)
      for (const kappa of [rater.kappa.none, rater.kappa.linear, rater.kappa.quadratic])
        expect(kappa).toMatchObject({value: null, reason: kappaReason});
    expect(cohortLines(report).join("\n")).toContain(`ordinal not computable (${reason})`);
  });

  it("scores from 1 to 5 but never two on one item: the ordered figures say n/a counts as missing", () => {
    // Each item has one score and otherwise n/a: pairs for the nominal figures, none for the ordered ones.
    const ratings = ["example-1", "example-2"].flatMap((item, i) => [
      rating("alice", item, "vague", i ? 2 : 4),
      rating("bob", item, "vague", "n/a"),
    ]);
    const report = cohortReport(ratings, items, {bootstrap: {replicates: 50}});
    check(report);
    const reason = "no item has scores from 1 to 5 from two or more raters: the ordered figures count n/a as missing";
    expect(report.vague.alpha.ordinal).toMatchObject({value: null, reason});
    expect(report.vague.ac2.quadratic).toMatchObject({value: null, reason});
    expect(report.vague.alpha.nominal.value).not.toBeNull();
  });

  it("a rating of an item the site does not know, or a second one, is a caller's mistake", () => {
    expect(() => cohortReport([rating("a", "nope", "vague", 3)], items)).toThrow(/unknown item/);
    const twice = [rating("a", "example-1", "vague", 3), rating("a", "example-1", "vague", 4)];
    expect(() => cohortReport(twice, items)).toThrow(/"a" scored example-1 twice in the vague phase/);
  });
});

describe("the bootstrap in the report: how many resamples each interval rests on, and why one is missing", () => {
  // Before the guideline only example-1 is scored by two or more raters; after it, all three items are.
  const ratings = [
    ...small.filter((entry) => entry.phase === "guideline"),
    ...small.filter((entry) => entry.phase === "vague" && entry.item === "example-1"),
    rating("alice", "example-2", "vague", 2),
  ];
  const report = cohortReport(ratings, items, {bootstrap: {replicates: 200}});

  it("a phase with one pairable item has no interval, and says why, whatever the other phase has", () => {
    expect(report.vague.alpha.ordinal.value).not.toBeNull();
    expect(report.vague.alpha.ordinal.interval).toBeNull();
    expect(report.vague.alpha.ordinal.intervalReason).toMatch(/^only one item is rated by two or more raters/);
    expect(report.guideline.alpha.ordinal.interval).toMatchObject({replicates: 200});
    expect(report.headline.change.interval).toBeNull();
    expect(report.headline.change.intervalReason).toMatch(/^before: only one item/);
  });

  it("text: each interval with the resamples it rests on; a missing one with its reason", () => {
    const text = cohortLines(report).join("\n");
    const used = report.guideline.alpha.ordinal.interval!.used;
    expect(text).toMatch(
      new RegExp(
        `after the guideline -?\\d\\.\\d{3} \\[95% CI -?\\d\\.\\d{3} to -?\\d\\.\\d{3}, from ${used} of 200 resamples\\]`,
      ),
    );
    expect(text).toContain("before the guideline ");
    expect(text).toMatch(/\(no interval: only one item is rated by two or more raters: over one item alpha is 0/);
  });

  it("CSV summary: the resamples drawn and used, the seed they were drawn with, and the reason an interval is missing", () => {
    const lines = cohortCsv(report, "summary").split("\r\n");
    expect(lines[0]).toBe(
      "phase,figure,value,ci_low,ci_high,reason,ci_resamples,ci_seed,ci_used,ci_reason,items,raters",
    );
    const row = (prefix: string) => lines.find((line) => line.startsWith(prefix))!;
    expect(row("vague,alpha ordinal,")).toMatch(
      /^vague,alpha ordinal,-?[\d.]+,,,,,,,only one item is rated by two or more raters: over one item alpha is 0/,
    );
    const interval = report.guideline.alpha.ordinal.interval!;
    expect(row("guideline,alpha ordinal,")).toBe(
      `guideline,alpha ordinal,${report.guideline.alpha.ordinal.value},${interval.low},${interval.high},,200,` +
        `${report.bootstrap.seed},${interval.used},,3,3`,
    );
    expect(row("change,alpha ordinal,")).toMatch(/,,,,before: only one item is rated by two or more raters/);
    expect(row("vague,ac1,")).toMatch(/^vague,ac1,[\d.-]+,,,,,,,,2,3$/);
  });

  it("CSV summary: how many raters each figure is over, the headline's of both phases where it leaves others out", () => {
    // alice and bob rate example-1 and -2 in both phases; carol example-1 before only; dave edge-5b after only. The
    // headline compares example-1 and -2 by alice and bob (carol left out); edge-5b is rated after the guideline only.
    const cohort = cohortReport(
      [
        ...[
          ["alice", 3, 4, 4, 4],
          ["bob", 2, 3, 4, 5],
        ].flatMap(([rater, v1, v2, g1, g2]) => [
          rating(rater as string, "example-1", "vague", v1 as ScaleScore),
          rating(rater as string, "example-2", "vague", v2 as ScaleScore),
          rating(rater as string, "example-1", "guideline", g1 as ScaleScore),
          rating(rater as string, "example-2", "guideline", g2 as ScaleScore),
        ]),
        rating("carol", "example-1", "vague", 5),
        rating("dave", "edge-5b", "guideline", 3),
      ],
      items,
      {bootstrap: {replicates: 20}},
    );
    const last = (prefix: string) =>
      cohortCsv(cohort, "summary")
        .split("\r\n")
        .find((line) => line.startsWith(prefix))!
        .split(",")
        .slice(-2)
        .join(",");
    // items, raters
    expect(last("vague,fleiss kappa,")).toBe("2,3");
    expect(last("guideline,fleiss kappa,")).toBe("3,3");
    expect(last("matched vague,")).toBe("2,2");
    expect(last("matched guideline,")).toBe("2,2");
    expect(last("change,")).toBe("2,2");
    expect(last("vague only,")).toBe("0,0");
    expect(last("guideline only,")).toBe("1,1");
    expect(cohort.headline.raters).toMatchObject({both: 2, only: {vague: {count: 1, names: ["carol"]}}});

    // erin rates example-1 before and edge-5b after, whose only rating before is carol's: she is of both phases, her
    // example-1 in the figure before; edge-5b drops out of the comparison with carol left out. She was named as
    // left out (over the items compared alone, she rated before only) while her rating was in the figure.
    const withErin = cohortReport(
      [
        ...["alice", "bob"].flatMap((rater) =>
          ["example-1", "example-2"].flatMap((item) => [
            rating(rater, item, "vague", 3),
            rating(rater, item, "guideline", rater === "bob" && item === "example-2" ? 5 : 4),
          ]),
        ),
        rating("carol", "edge-5b", "vague", 2),
        rating("erin", "example-1", "vague", 2),
        rating("erin", "edge-5b", "guideline", 4),
      ],
      items,
      {bootstrap: {replicates: 20}},
    );
    expect(withErin.headline.items).toEqual(["example-1", "example-2"]);
    expect(withErin.headline.ratersOver).toEqual({before: 3, after: 2, change: 3, only: {vague: 0, guideline: 0}});
    expect(withErin.headline.raters).toEqual({
      both: 3,
      only: {vague: {count: 1, names: ["carol"]}, guideline: {count: 0, names: []}},
    });
  });
});

describe("a large cohort as text and as CSV", () => {
  it("130,000 raters: every rater's line and row is written (no argument list as long as the cohort)", () => {
    const ids = items.map((item) => item.id);
    const ratings = readRatingsCsv(largeCohortCsv(130_000, items, 5), "large.csv", ids).result();
    const report = cohortReport(ratings, items, {bootstrap: {replicates: 20}});
    expect(report.raters).toBe(130_000);
    const lines = cohortLines(report);
    const raterLine = /^ {4}rater\d+ +\d+ +[\d.]+% +[\d.]+% +(–|-?\d\.\d{3}) +(–|-?\d\.\d{3})$/;
    expect(lines.filter((line) => raterLine.test(line))).toHaveLength(report.vague.raters + report.guideline.raters);
    expect(report.vague.raters + report.guideline.raters).toBe(130_000 + Math.floor(130_000 / 3));
    const rows = cohortCsv(report, "raters").split("\r\n");
    // The header, a row per rater and phase, and the empty string after the last line's CRLF.
    expect(rows).toHaveLength(1 + report.vague.raters + report.guideline.raters + 1);
  });
});

describe("the report as text and as CSV", () => {
  const ratings = readRatingsCsv(
    [
      "rater,item,phase,score",
      "<script>alert(1)</script>,example-1,vague,5",
      "=cmd|' /C calc'!A0,example-1,vague,3",
      "<script>alert(1)</script>,example-1,guideline,5",
      "=cmd|' /C calc'!A0,example-1,guideline,5",
    ].join("\n"),
    "hostile.csv",
    items.map((item) => item.id),
  ).result();
  const report = cohortReport(ratings, items, {bootstrap: {replicates: 50}});

  it("text: the headline first, then each phase; names stay as written", () => {
    const lines = cohortLines(report);
    expect(lines[0]).toBe("Cohort: 2 raters, 1 item, 4 ratings");
    expect(lines[2]).toMatch(/^No comparison of before and after: only 1 item was rated both before and after/);
    // With no headline, no "Headline:" line follows the sentence that says why.
    expect(lines[4]).toBe("Rated before the guideline only: no item");
    expect(lines.some((line) => line.includes("<script>alert(1)</script>"))).toBe(true);
    expect(lines.join("\n")).not.toMatch(/NaN/);
  });

  it("CSV: formula-like names are kept as text, markup stays as written", () => {
    const raters = cohortCsv(report, "raters").split("\r\n");
    expect(raters[0]).toBe("phase,rater,scored,exact,within_one,kappa,kappa_linear,kappa_quadratic");
    expect(raters).toContain("vague,<script>alert(1)</script>,1,1,1,,,");
    expect(raters).toContain(`vague,"'=cmd|' /C calc'!A0",1,0,0,0,0,0`);
    const summary = cohortCsv(report, "summary").split("\r\n");
    expect(summary[0]).toBe(
      "phase,figure,value,ci_low,ci_high,reason,ci_resamples,ci_seed,ci_used,ci_reason,items,raters",
    );
    expect(summary.filter((line) => line.startsWith("vague,"))).toHaveLength(11);
    const itemsTable = cohortCsv(report, "items").split("\r\n");
    expect(itemsTable[1]).toBe("vague,example-1,5,2,0,0,1,0,1,0,5 3,1,2,main-task numbers list-stated-only,both");
    expect(cohortCsv(report, "rules").split("\r\n")[0]).toBe("phase,rule,items,disagreement");
  });
});

describe("figures as the report writes them", () => {
  it("writes a value just below zero as zero, never -0.000", () => {
    expect(fixed(-1e-9)).toBe("0.000");
    expect(fixed(-0)).toBe("0.000");
    expect(fixed(-0.0004)).toBe("0.000");
    expect(fixed(-0.0005)).toBe("-0.001");
    expect(signed(-1e-9)).toBe("0.000");
    expect(signed(0.12)).toBe("+0.120");
  });
});

describe("rater names alike but for capitals", () => {
  it("are counted apart and said where the report begins, with the fix", () => {
    // "Dev" and "dev" rate the same two examples: counted as two raters (4 in all), and the report says so.
    const ratings = [
      ...small,
      rating("Dev", "example-1", "guideline", 5),
      rating("dev", "example-1", "guideline", 5),
      rating("Dev", "example-2", "guideline", 3),
      rating("dev", "example-2", "guideline", 3),
    ];
    const report = cohortReport(ratings, items, {bootstrap: {replicates: 20}});
    expect(report.alikeNames).toEqual([["Dev", "dev"]]);
    const lines = cohortLines(report);
    expect(lines[1]).toBe(
      'Names that differ only in capitals count as different raters: "Dev" and "dev". If one person is meant, write ' +
        "the name one way in every file.",
    );
    // None alike: no such line.
    const plain = cohortReport(small, items, {bootstrap: {replicates: 20}});
    expect(plain.alikeNames).toEqual([]);
    expect(cohortLines(plain)[1]).toBe("");
  });

  it("groups every spelling of a name, a few named and the rest counted", () => {
    expect(alikeNames(["Ana", "ben", "ANA", "Ben", "cai", "ana"])).toEqual([
      ["Ana", "ANA", "ana"],
      ["ben", "Ben"],
    ]);
    const groups = ["a", "b", "c", "d", "e"].map((name) => [name, name.toUpperCase()]);
    expect(alikeNamesWords(groups)).toBe(
      'Names that differ only in capitals count as different raters: "a" and "A"; "b" and "B"; "c" and "C"; and 2 ' +
        "more. If one person is meant, write the name one way in every file.",
    );
    expect(alikeNamesWords([])).toBeNull();
  });
});

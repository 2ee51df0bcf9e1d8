// The headline compares agreement before and after the guideline on the same items: hand-worked cohorts with items
// rated before only, after only, and in both phases. Alpha's expected values come from the npm `krippendorff`
// package (a direct transcription of the definition) over the matrices written out here, never from our own code;
// the paired interval and the sentence are worked by hand.
import {alpha as referenceAlpha} from "krippendorff";
import {describe, expect, it} from "vitest";
import {ordinalMetric} from "../../../bench/cohort-data.js";
import {cohortReport} from "../../../lib/agreement/cohort-report.js";
import {
  besideGuides,
  headlineReading,
  headlineSentence,
  reasonBeside,
  signed,
  writtenChange,
} from "../../../lib/agreement/cohort-words.js";
import type {MatchedComparison, MatchedRaters} from "../../../lib/agreement/matched.js";
import type {CohortRating, ScaleScore} from "../../../lib/agreement/ratings.js";
import {cohortCsv} from "../../../lib/agreement/report-csv.js";
import {cohortLines} from "../../../lib/agreement/report-format.js";
import type {Phase} from "../../../lib/authored/schemas/parts.js";
import {loadItems} from "../../../lib/node/load.js";

const items = loadItems();
const raters = ["ana", "ben", "cai"];

/** Each item's scores by ana, ben and cai in one phase. */
const phaseOf = (phase: Phase, rows: Record<string, readonly ScaleScore[]>): CohortRating[] =>
  Object.entries(rows).flatMap(([item, scores]) =>
    scores.map((score, i) => ({rater: raters[i]!, item, phase, score, file: "test"})),
  );

/** Ordinal alpha by the reference package, over the items given (a row per rater, as it takes them). */
function reference(rows: Record<string, readonly ScaleScore[]>, ids: readonly string[]): number {
  const matrix = raters.map((_, rater) => ids.map((id) => rows[id]![rater] as number));
  return referenceAlpha(matrix, ordinalMetric(matrix));
}

const before = {"example-1": [5, 3, 4], "example-2": [2, 4, 3], "example-3": [3, 3, 1]} as const;
const after = {"example-1": [5, 5, 4], "example-2": [2, 3, 3], "example-3": [1, 1, 2]} as const;
/** Rated after the guideline only: two edge cases the raters disagree on. */
const edges = {"edge-2": [4, 2, 5], "edge-3": [1, 3, 5]} as const;
const examples = ["example-1", "example-2", "example-3"];

describe("why a headline figure is missing, said once", () => {
  it("is left to the sentence where it says it: beside no figure with no item compared, beside the change not computable", () => {
    // The review's disjoint cohort: the examples before only, the edge cases after only. The sentence says why;
    // it read four times (the sentence, under each figure, and after the change).
    const disjoint = cohortReport([...phaseOf("vague", before), ...phaseOf("guideline", edges)], items).headline;
    expect(headlineSentence(disjoint)).toBe(`No comparison of before and after: ${disjoint.change.reason}.`);
    expect((["before", "after", "change"] as const).map((which) => reasonBeside(disjoint, which))).toEqual([
      null,
      null,
      null,
    ]);
    // Every score alike before, and after the guideline one rater alone: the sentence gives the reason before (the
    // change's), so only the reason after, which it does not give, is said beside its figure.
    const alike = {"example-1": [3, 3, 3], "example-2": [3, 3, 3], "example-3": [3, 3, 3]} as const;
    const alone = phaseOf("guideline", after).filter((rating) => rating.rater === "ana");
    const flat = cohortReport([...phaseOf("vague", alike), ...alone], items).headline;
    expect([flat.before.value, flat.after.value]).toEqual([null, null]);
    expect(headlineSentence(flat)).toContain(`: before: ${flat.before.reason}.`);
    expect(flat.after.reason).not.toBe(flat.before.reason);
    expect(["before", "after", "change"].map((which) => reasonBeside(flat, which as "before"))).toEqual([
      null,
      flat.after.reason,
      null,
    ]);
  });
});

describe("the headline compares the items rated in both phases", () => {
  it("items rated after only: left out of the headline, named, and their alpha given apart", () => {
    const report = cohortReport([...phaseOf("vague", before), ...phaseOf("guideline", {...after, ...edges})], items, {
      bootstrap: {replicates: 200},
    });
    const {headline} = report;
    expect(headline.items).toEqual(examples);
    expect(headline.before.value).toBeCloseTo(reference(before, examples), 12);
    expect(headline.after.value).toBeCloseTo(reference(after, examples), 12);
    expect(headline.change.value).toBeCloseTo(reference(after, examples) - reference(before, examples), 12);
    expect(headline.only.guideline.items).toEqual(["edge-2", "edge-3"]);
    expect(headline.only.guideline.alpha.value).toBeCloseTo(reference(edges, ["edge-2", "edge-3"]), 12);
    expect(headline.only.vague.items).toEqual([]);
    // The phase's own figure is over all five items it rated: not the headline's.
    const all = [...examples, "edge-2", "edge-3"];
    expect(report.guideline.alpha.ordinal.value).toBeCloseTo(reference({...after, ...edges}, all), 12);
    expect(report.guideline.alpha.ordinal.value).not.toBeCloseTo(headline.after.value!, 3);
  });

  it("items rated before only: left out of the headline, named, and their alpha given apart", () => {
    const dropped = {"example-4": [2, 4, 5]} as const;
    const report = cohortReport([...phaseOf("vague", {...before, ...dropped}), ...phaseOf("guideline", after)], items, {
      bootstrap: {replicates: 200},
    });
    const {headline} = report;
    expect(headline.items).toEqual(examples);
    expect(headline.before.value).toBeCloseTo(reference(before, examples), 12);
    expect(headline.after.value).toBeCloseTo(reference(after, examples), 12);
    expect(headline.only.vague.items).toEqual(["example-4"]);
    // One item cannot show how far alpha varies: its alpha, no interval.
    expect(headline.only.vague.alpha.value).toBeCloseTo(reference(dropped, ["example-4"]), 12);
    expect(headline.only.vague.alpha.interval).toBeNull();
    expect(headline.only.guideline.items).toEqual([]);
    expect(report.vague.alpha.ordinal.value).toBeCloseTo(
      reference({...before, ...dropped}, [...examples, "example-4"]),
      12,
    );
  });

  it("items rated in both phases only: the headline is each phase's own figure", () => {
    const report = cohortReport([...phaseOf("vague", before), ...phaseOf("guideline", after)], items, {
      bootstrap: {replicates: 200},
    });
    const {headline} = report;
    expect(headline.items).toEqual(examples);
    expect(headline.before.value).toBe(report.vague.alpha.ordinal.value);
    expect(headline.after.value).toBe(report.guideline.alpha.ordinal.value);
    expect([headline.only.vague.items, headline.only.guideline.items]).toEqual([[], []]);
  });

  it("the change's interval is paired: the same scores before and after on the same items change by exactly 0", () => {
    // After the guideline the examples are scored as before; only the edge cases, rated after alone, differ. Every
    // resample draws the same items for both phases, so every resampled change is 0, and so is the interval.
    const report = cohortReport([...phaseOf("vague", before), ...phaseOf("guideline", {...before, ...edges})], items, {
      bootstrap: {replicates: 300},
    });
    const {change} = report.headline;
    expect(change.value).toBe(0);
    expect(change.interval).toMatchObject({low: 0, high: 0, replicates: 300, used: 300});
    // The phases' own figures, over different items, differ.
    expect(report.guideline.alpha.ordinal.value).not.toBeCloseTo(report.vague.alpha.ordinal.value!, 3);
  });

  it("fewer than two items rated in both phases: no headline, and why", () => {
    const report = cohortReport(
      [
        ...phaseOf("vague", {"example-1": before["example-1"], "example-2": before["example-2"]}),
        ...phaseOf("guideline", {"example-1": after["example-1"], "example-3": after["example-3"]}),
      ],
      items,
      {bootstrap: {replicates: 50}},
    );
    const {headline} = report;
    const reason =
      "only 1 item was rated both before and after the guideline: the headline compares agreement on the same " +
      "items, and needs two or more";
    expect(headline.items).toEqual(["example-1"]);
    expect(headline.change).toMatchObject({value: null, reason, interval: null, intervalReason: reason});
    // Each phase's figure says in a line why it is not computed; the sentence says what to do.
    const short = "fewer than two items were rated both before and after the guideline";
    for (const f of [headline.before, headline.after])
      expect(f).toMatchObject({value: null, reason: short, interval: null, intervalReason: short});
    expect(headline.only.vague.items).toEqual(["example-2"]);
    expect(headline.only.guideline.items).toEqual(["example-3"]);
    expect(headlineSentence(headline)).toBe(`No comparison of before and after: ${reason}.`);
    expect(cohortLines(report)).toContain(`No comparison of before and after: ${reason}.`);
    // No headline: no "Headline: … on the 1 item rated both …" line left dangling under the sentence.
    expect(cohortLines(report).filter((line) => line.startsWith("Headline:"))).toEqual([]);
    // One phase alone: which to add (stop 72; a coordinator who dropped one round's files saw only "no item was rated
    // both …").
    const afterOnly = cohortReport(phaseOf("guideline", after), items, {bootstrap: {replicates: 50}});
    expect(afterOnly.headline.change.reason).toBe(
      "every rating here is from after the guideline: add those from before it (the vague phase) to compare " +
        "agreement on the items rated both times",
    );
    const beforeOnly = cohortReport(phaseOf("vague", before), items, {bootstrap: {replicates: 50}});
    expect(headlineSentence(beforeOnly.headline)).toBe(
      "No comparison of before and after: every rating here is from before the guideline: add those from after it " +
        "(the guideline phase) to compare agreement on the items rated both times.",
    );
  });
});

describe("who rated the items compared", () => {
  it("counts the raters of both phases, and names those of one phase only", () => {
    // ana, ben and cai rate the three examples both times; dan before only, eve after only, on example-1; fay after
    // only on edge-2, which is not compared.
    const report = cohortReport(
      [
        ...phaseOf("vague", before),
        ...phaseOf("guideline", after),
        {rater: "dan", item: "example-1", phase: "vague", score: 2, file: "test"},
        {rater: "eve", item: "example-1", phase: "guideline", score: 5, file: "test"},
        {rater: "fay", item: "edge-2", phase: "guideline", score: 5, file: "test"},
      ],
      items,
      {bootstrap: {replicates: 50}},
    );
    expect(report.headline.raters).toEqual({
      both: 3,
      only: {vague: {count: 1, names: ["dan"]}, guideline: {count: 1, names: ["eve"]}},
    });
    // (stop 78, a coordinator's walk: 8 raters before and 8 after, 2 the same, read as a rise) the headline compares
    // the raters of both phases alone, as it compares the items rated both times: each figure is the reference's
    // over ana, ben and cai, dan's and eve's scores left out (they count in their phase's own figures).
    expect(report.headline.before.value).toBeCloseTo(reference(before, examples), 12);
    expect(report.headline.after.value).toBeCloseTo(reference(after, examples), 12);
    // The phase's own figure still counts dan; the items rated after only stay as every rater gave them (fay's edge-2).
    expect(report.vague.alpha.ordinal.value).not.toBeCloseTo(report.headline.before.value!, 3);
    expect(report.headline.items).toEqual(examples);
    expect(report.headline.only.guideline.items).toEqual(["edge-2"]);
    // A rater of both phases, though one of them on an item not compared, counts as one phase's rater here: gil rates
    // example-1 before and edge-2 after, and is left out of the figures (named before only), as the sentence says.
    const withGil = cohortReport(
      [
        ...phaseOf("vague", before),
        ...phaseOf("guideline", after),
        {rater: "gil", item: "example-1", phase: "vague", score: 1, file: "test"},
        {rater: "gil", item: "edge-2", phase: "guideline", score: 5, file: "test"},
      ],
      items,
      {bootstrap: {replicates: 50}},
    );
    expect(withGil.headline.raters.only.vague.names).toEqual(["gil"]);
    expect(withGil.headline.before.value).toBeCloseTo(reference(before, examples), 12);
  });
});

describe("the text report, --csv summary and --json say the same", () => {
  const report = cohortReport([...phaseOf("vague", before), ...phaseOf("guideline", {...after, ...edges})], items, {
    bootstrap: {replicates: 200},
  });
  const {headline} = report;

  it("text: the sentence, the items compared, and the items rated after only apart", () => {
    const lines = cohortLines(report);
    // The sentence, then where alpha after stands against the guides, in one paragraph.
    expect(lines[2]).toBe(`${headlineSentence(headline)} ${headlineReading(headline)}`);
    expect(headlineReading(headline)).toBe(
      `After the guideline, alpha is ${headline.after.value!.toFixed(3)}: ` +
        (headline.after.value! >= 0.8
          ? "at least 0.800, the guide for reliable conclusions."
          : headline.after.value! >= 0.667
            ? "between 0.667 and 0.800, enough for tentative conclusions only."
            : "below 0.667, the lowest guide for tentative conclusions."),
    );
    expect(lines[4]).toBe(
      "Headline: ordinal alpha on the 3 items rated both before and after the guideline (example-1, example-2, " +
        "example-3)",
    );
    expect(lines[5]).toMatch(new RegExp(`^  before the guideline ${headline.before.value!.toFixed(3)} \\[95% CI `));
    expect(lines).toContain("Rated before the guideline only: no item");
    expect(
      lines.find((line) => line.startsWith("Rated after the guideline only, apart from the headline: 2 items")),
    ).toMatch(/^Rated after the guideline only, apart from the headline: 2 items \(edge-2, edge-3\), ordinal alpha /);
    expect(lines.join("\n")).toContain("0.667 the lowest for tentative ones (Klaus Krippendorff, Content Analysis");
  });

  it("text: every ordinal alpha and its interval's ends read against the guides, as the sentence does", () => {
    // 0.7996 and 0.6669 would round to the guides 0.800 and 0.667, which they are below.
    const interval = {...headline.after.interval!, low: 0.6669, high: 0.7996};
    const near = {...headline.after, value: 0.7996, reason: null, interval};
    const phase = {...report.guideline, alpha: {...report.guideline.alpha, ordinal: near}};
    const lines = cohortLines({...report, headline: {...headline, after: near}, guideline: phase});
    const used = `from ${interval.used} of ${interval.replicates} resamples`;
    expect(lines[2]).toContain(" 0.799 after (ordinal alpha on the 3 items rated both times, ");
    expect(lines[2]).toContain(
      "After the guideline, alpha is 0.799: between 0.667 and 0.800, enough for tentative conclusions only.",
    );
    expect(lines[6]).toBe(`  after the guideline 0.799 [95% CI 0.666 to 0.799, ${used}]`);
    expect(lines).toContain(`  Krippendorff's alpha  ordinal 0.799 [95% CI 0.666 to 0.799, ${used}]`);
  });

  it("text: the change is the difference of the two figures as written, and the CSV keeps every digit", () => {
    // A coordinator's walk: 0.3526 and 0.8054 are written 0.353 and 0.805; their change, 0.4528, rounds to 0.453,
    // where one who subtracts what is written gets 0.452.
    const [before, after] = [
      {...headline.before, value: 0.3526, reason: null},
      {...headline.after, value: 0.8054, reason: null},
    ];
    const change = {...headline.change, value: 0.8054 - 0.3526, reason: null};
    const moved = {...headline, before, after, change};
    const lines = cohortLines({...report, headline: moved});
    expect(lines[7]).toMatch(/^ {2}change \+0\.452 \[95% CI /);
    expect(writtenChange(moved)).toBe("+0.452");
    // The sentence, where the interval includes zero, says the same change.
    const across = {...moved, change: {...change, interval: {...change.interval!, low: -0.1, high: 0.9}}};
    expect(headlineSentence(across)).toContain("Agreement was 0.353 before and 0.805 after (");
    expect(headlineSentence(across)).toContain("; a change of +0.452, within what chance gives: ");
    // Against a guide a figure is written below it (0.7996 is 0.799), and the change is the difference of those.
    expect(writtenChange({...moved, after: {...after, value: 0.7996}})).toBe("+0.446");
    // A figure not computable: the change has no written pair to subtract, and is written from its own value.
    expect(writtenChange({...moved, before: {...before, value: null, reason: "only 1 rater"}})).toBe("+0.453");
    // Two figures written alike, with an interval above zero: the difference (0.000) would sit outside the interval
    // written beside it, so the change is written from its own value.
    const close = {
      ...moved,
      before: {...before, value: 0.3531},
      after: {...after, value: 0.3534},
      change: {...change, value: 0.0003, interval: {...change.interval!, low: 0.0001, high: 0.0006}},
    };
    expect(writtenChange(close)).toBe("+0.0003");
    // A fall, written from the figures as a rise is: 0.805 → 0.353.
    expect(
      writtenChange({
        ...moved,
        before: after,
        after: before,
        change: {...change, value: -0.4528, interval: {...change.interval!, low: -0.9, high: -0.1}},
      }),
    ).toBe("-0.452");
    expect(cohortCsv({...report, headline: moved}, "summary")).toContain(String(0.8054 - 0.3526));
  });

  it("CSV summary: the headline's rows over the items compared, and the items rated in one phase only", () => {
    const rows = cohortCsv(report, "summary").split("\r\n");
    expect(rows[0]).toBe(
      "phase,figure,value,ci_low,ci_high,reason,ci_resamples,ci_seed,ci_used,ci_reason,items,raters",
    );
    const row = (prefix: string) => rows.find((line) => line.startsWith(prefix))!.split(",");
    expect(row("matched vague,alpha ordinal,").slice(2, 3)).toEqual([String(headline.before.value)]);
    expect(row("matched guideline,alpha ordinal,")[2]).toBe(String(headline.after.value));
    expect(row("change,alpha ordinal,")[2]).toBe(String(headline.change.value));
    expect(row("change,alpha ordinal,")[10]).toBe("3");
    expect(row("guideline only,alpha ordinal,")[10]).toBe("2");
    expect(row("guideline,alpha ordinal,")[10]).toBe("5");
    const itemRows = cohortCsv(report, "items").split("\r\n");
    expect(itemRows[0]!.split(",").at(-1)).toBe("rated_in");
    expect(
      itemRows
        .find((line) => line.startsWith("guideline,edge-2,"))!
        .split(",")
        .at(-1),
    ).toBe("guideline only");
    expect(
      itemRows
        .find((line) => line.startsWith("guideline,example-1,"))!
        .split(",")
        .at(-1),
    ).toBe("both");
  });

  it("JSON: the headline names the items it compares and those it leaves apart", () => {
    const json = JSON.parse(JSON.stringify(report)) as typeof report;
    expect(json.headline.items).toEqual(examples);
    expect(json.headline.only.guideline.items).toEqual(["edge-2", "edge-3"]);
  });
});

describe("the manager's sentence", () => {
  const interval = {level: 0.95, replicates: 1000, used: 1000, seed: 1};
  const alpha = (value: number) => ({
    value,
    reason: null,
    metric: "ordinal" as const,
    pairable: 21,
    observed: 0,
    expected: 0,
    interval: null,
    intervalReason: "not asked",
  });
  const nobody = {count: 0, names: []};
  const comparison = (
    change: {low: number; high: number},
    {
      after = 0.836,
      raters = {both: 7, only: {vague: nobody, guideline: nobody}},
    }: {after?: number; raters?: MatchedRaters} = {},
  ): MatchedComparison => ({
    metric: "ordinal",
    items: Array.from({length: 7}, (_, i) => `example-${i + 1}`),
    before: alpha(0.302),
    after: alpha(after),
    change: {value: after - 0.302, reason: null, interval: {...interval, ...change}, intervalReason: null},
    only: {vague: {items: [], alpha: alpha(0.5)}, guideline: {items: [], alpha: alpha(0.5)}},
    raters,
    ratersOver: {before: 7, after: 7, change: 7, only: {vague: 0, guideline: 0}},
  });

  it("is the issue's sentence, worked by hand: rose, both ends of the interval, and whether it includes zero", () => {
    expect(headlineSentence(comparison({low: 0.204, high: 0.859}))).toBe(
      "Agreement rose from 0.302 to 0.836 (ordinal alpha on the 7 items rated both times, 7 raters rating both " +
        "times); the 95% interval of the change, +0.204 to +0.859, does not include zero.",
    );
    // An interval across zero: no "rose", the change is within what chance gives.
    expect(headlineSentence(comparison({low: -0.135, high: 0.757}))).toBe(
      "Agreement was 0.302 before and 0.836 after (ordinal alpha on the 7 items rated both times, 7 raters rating " +
        "both times); a change of +0.534, within what chance gives: the 95% interval of the change, -0.135 to " +
        "+0.757, includes zero.",
    );
  });

  it("is followed by where alpha after stands against the guides, and how a change can pass 1", () => {
    // Krippendorff's guides: 0.800 for reliable conclusions, 0.667 the lowest for tentative ones.
    expect(headlineReading(comparison({low: 0.204, high: 0.859}))).toBe(
      "After the guideline, alpha is 0.836: at least 0.800, the guide for reliable conclusions.",
    );
    expect(headlineReading(comparison({low: 0.2, high: 0.8}, {after: 0.7996}))).toBe(
      "After the guideline, alpha is 0.799: between 0.667 and 0.800, enough for tentative conclusions only.",
    );
    // Below the lowest guide, with 2 raters; an interval past 1 says how a change can be.
    const two = {both: 2, only: {vague: nobody, guideline: nobody}};
    const low = comparison({low: 0.223, high: 1.178}, {after: 0.657, raters: two});
    expect(headlineSentence(low)).toBe(
      "Agreement rose from 0.302 to 0.657 (ordinal alpha on the 7 items rated both times, 2 raters rating both " +
        "times); the 95% interval of the change, +0.223 to +1.178, does not include zero.",
    );
    expect(headlineReading(low)).toBe(
      "After the guideline, alpha is 0.657: below 0.667, the lowest guide for tentative conclusions. A change can " +
        "pass 1 either way: alpha falls below 0 where raters disagree more than chance.",
    );
    // Below -1 too: the same words.
    expect(headlineReading(comparison({low: -1.2, high: -0.3}, {after: 0.1, raters: two}))).toBe(
      "After the guideline, alpha is 0.100: below 0.667, the lowest guide for tentative conclusions. A change can " +
        "pass 1 either way: alpha falls below 0 where raters disagree more than chance.",
    );
    // Figures of different people: no reading, as no change is read.
    const apart = {both: 1, only: {vague: nobody, guideline: nobody}};
    expect(headlineReading(comparison({low: 0.2, high: 0.9}, {raters: apart}))).toBe("");
  });

  it("rounds no figure up to or across a guide it is read against: 0.7996 is 0.799, not 0.800", () => {
    // Plain rounding would give 0.800, the guide for reliable conclusions, which 0.7996 is below.
    expect(headlineSentence(comparison({low: 0.2, high: 0.8}, {after: 0.7996}))).toBe(
      "Agreement rose from 0.302 to 0.799 (ordinal alpha on the 7 items rated both times, 7 raters rating both " +
        "times); the 95% interval of the change, +0.200 to +0.800, does not include zero.",
    );
    // Three places would still cross: 0.7996 is "0.799", 0.6669 "0.666"; at or above a guide, rounding is plain.
    expect([0.7996, 0.6669, 0.8, 0.8004, 0.6674, 0.5].map(besideGuides)).toEqual([
      "0.799",
      "0.666",
      "0.800",
      "0.800",
      "0.667",
      "0.500",
    ]);
  });

  it("says whether the interval includes zero as its ends are written", () => {
    // A low end of 0.0003 is not written "0.000": four places show it above zero, as the words say.
    expect(headlineSentence(comparison({low: 0.0003, high: 0.4}))).toBe(
      "Agreement rose from 0.302 to 0.836 (ordinal alpha on the 7 items rated both times, 7 raters rating both " +
        "times); the 95% interval of the change, +0.0003 to +0.400, does not include zero.",
    );
    // 0.0000001 is 0.000 even at six places: written as zero, it is read as zero, inside the interval.
    expect(headlineSentence(comparison({low: 0.0000001, high: 0.4}))).toBe(
      "Agreement was 0.302 before and 0.836 after (ordinal alpha on the 7 items rated both times, 7 raters rating " +
        "both times); a change of +0.534, within what chance gives: the 95% interval of the change, 0.000 to " +
        "+0.400, includes zero.",
    );
    // The fewest places that show it, to six: 0.0000051 is 0.00001 at five places; 0.0000004 is 0.000000 at six.
    expect([-0.0003, -0.00004, 0.0000049, 0.0000051, 0.0000004].map((value) => signed(value))).toEqual([
      "-0.0003",
      "-0.00004",
      "+0.000005",
      "+0.00001",
      "0.000",
    ]);
  });

  it("names the raters of one phase only, and with fewer than two raters both times says the figures are different people's", () => {
    // The review's disjoint cohort: P1-P4 rated before only, Q1-Q4 after only.
    const disjoint = {
      both: 0,
      only: {
        vague: {count: 4, names: ["P1", "P2", "P3", "P4"]},
        guideline: {count: 4, names: ["Q1", "Q2", "Q3", "Q4"]},
      },
    };
    expect(headlineSentence(comparison({low: 0.2, high: 0.9}, {raters: disjoint}))).toBe(
      "The two figures come from different people: no rater rated both before and after the guideline; 4 raters rated " +
        'before the guideline only ("P1", "P2", "P3" and "P4") and 4 after it only ("Q1", "Q2", "Q3" and "Q4"). ' +
        "Alpha was 0.302 before and 0.836 after (ordinal alpha on the 7 items rated both times), which does not say " +
        "whether the guideline changed agreement: for that, the same raters must rate both times.",
    );
    // Enough raters both times: the change stands, over them alone, with who rated once named (a few, then how many
    // more) and said to be left out of it.
    const some = {
      both: 5,
      only: {vague: {count: 7, names: ["a", "b", "c", "d", "e"]}, guideline: {count: 0, names: []}},
    };
    expect(headlineSentence(comparison({low: 0.204, high: 0.859}, {raters: some}))).toBe(
      "Agreement rose from 0.302 to 0.836 (ordinal alpha on the 7 items rated both times, 5 raters rating both " +
        "times); the 95% interval of the change, +0.204 to +0.859, does not include zero. 7 raters rated before the " +
        'guideline only ("a", "b", "c", "d", "e" and 2 more): left out of this comparison, their scores count in ' +
        "that phase's own figures.",
    );
    // Two runs of one model, after the guideline only: each name whole, the start that tells them apart with it
    // (cut at 40 characters, both read "openai/gpt-5-mini (judge, 2026-08-10 12:…").
    const runs = [
      "openai/gpt-5-mini (judge, 2026-08-10 12:00:41.500 UTC)",
      "openai/gpt-5-mini (judge, 2026-08-10 12:30:02.250 UTC)",
    ];
    const judges = {both: 5, only: {vague: {count: 0, names: []}, guideline: {count: 2, names: runs}}};
    expect(headlineSentence(comparison({low: 0.204, high: 0.859}, {raters: judges}))).toContain(
      `2 raters rated after the guideline only ("${runs[0]}" and "${runs[1]}")`,
    );
  });
});

import {describe, expect, it} from "vitest";
import {loadCalibration, loadGuidelines, loadParts} from "../../../lib/node/load.js";
import {derivedDecidingRules} from "../../../lib/trainee/derived-deciding-rules.js";
import {poolsOf} from "../../../lib/trainee/self-check-pool.js";
import {emptyProgress, type Progress} from "../../../lib/trainee/progress.js";
import {
  countDistances,
  namedRule,
  scoreLevels,
  traineeResults,
  type ScoreMatrix,
} from "../../../lib/trainee/results.js";
import {compareScores} from "../../../lib/trainee/score-distance.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import {formalMetWithFlaw, items, record} from "./helpers.js";

// The walk's cases (every part's: the fresh cases are scored only in the self-check), and the self-check's pools.
const walkItems = items.filter((item) => item.set !== "fresh-calibration");
const pools = poolsOf(loadCalibration(undefined, items), {items, parts: loadParts()}).map((pool) => ({
  ...pool,
  items: pool.items.map((id) => items.find((item) => item.id === id)!),
}));
const guideline = loadGuidelines().at(-1)!;
const decides = derivedDecidingRules(guideline);

/** Answers recorded in order, each the next attempt at its item, phase and mode. */
const results = (progress: Progress) => traineeResults(progress, walkItems, {pools, decides});
const cell = (matrix: ScoreMatrix, trainee: Score, ruled: Score) =>
  matrix.cells[scoreLevels.indexOf(trainee)]![scoreLevels.indexOf(ruled)]!.items;

describe("the trainee's results", () => {
  it("has nothing to count before any answer, and knows how many cases there are", () => {
    const {walk, selfChecks, beforeAfter, unknownItems} = results(emptyProgress());
    // The case study's 26 cases are walked; its five calibration cases and the notebook's seven fresh ones are the
    // self-check's two pools.
    expect(walk).toMatchObject({answered: 0, total: 26, exact: 0, meanSignedDifference: null, rows: []});
    expect(walk.matrix.max).toBe(0);
    expect(selfChecks.map(({pool, answered, total}) => [pool, answered, total])).toEqual([
      ["calibration", 0, 5],
      ["fresh", 0, 7],
    ]);
    expect(beforeAfter.pairs.map((pair) => [pair.id, pair.before, pair.after])).toEqual(
      ["example-1", "example-2", "example-3", "example-4", "example-5", "example-6", "example-7"].map((id) => [
        id,
        null,
        null,
      ]),
    );
    expect([beforeAfter.both, unknownItems]).toEqual([0, []]);
  });

  it("counts first attempts only: a retry that gets it right does not change the result", () => {
    // example-1 is ruled 5; the first attempt says 3, the retry 5.
    const {walk} = results(record({item: "example-1", score: 3}, {item: "example-1", score: 5}));
    expect(walk.rows).toHaveLength(1);
    expect(walk.rows[0]).toMatchObject({id: "example-1", trainee: 3, ruled: 5});
    expect(walk).toMatchObject({answered: 1, exact: 0, oneOff: 0, twoOrMoreOff: 1, harsh: 1});
  });

  it("keeps the walk and the self-check apart, and leaves the vague scores out of both", () => {
    // The calibration pool's five cases, ruled a 4, b 2, c 1, d 5, d-twist 2 (data/items), its run finished.
    const progress = record(
      {item: "calibration-a", score: 4},
      {item: "calibration-a", score: 2, mode: "self-check"},
      {item: "calibration-b", score: 3, mode: "self-check"},
      {item: "calibration-c", score: 1, mode: "self-check"},
      {item: "calibration-d", score: 5, mode: "self-check"},
      {item: "calibration-d-twist", score: 2, mode: "self-check"},
      {item: "example-2", score: 5, phase: "vague"},
    );
    const {walk, selfChecks} = results(progress);
    const [selfCheck, fresh] = selfChecks as [(typeof selfChecks)[0], (typeof selfChecks)[0]];
    expect(walk.rows.map((row) => [row.id, row.trainee])).toEqual([["calibration-a", 4]]);
    expect(walk).toMatchObject({answered: 1, exact: 1});
    expect(selfCheck.rows.map((row) => [row.id, row.trainee])).toEqual([
      ["calibration-a", 2],
      ["calibration-b", 3],
      ["calibration-c", 1],
      ["calibration-d", 5],
      ["calibration-d-twist", 2],
    ]);
    expect(selfCheck).toMatchObject({mode: "self-check", answered: 5, exact: 3, oneOff: 1, twoOrMoreOff: 1});
    expect(selfCheck.heldBack).toBe(0);
    expect(fresh).toMatchObject({pool: "fresh", answered: 0, heldBack: 0});
  });

  it("holds back a blind run's answers until every case of it is answered: nothing ruled, counted or listed", () => {
    // Before, /results ruled each answer of a run still under way ("you 1 in the self-check, ruled 4"), so a trainee
    // could look up the rulings mid-run, and the run still passed as blind.
    const answers = [
      {item: "calibration-a", score: 1, mode: "self-check"},
      {item: "calibration-b", score: 2, mode: "self-check"},
    ] as const;
    const underway = results(record(...answers));
    expect(underway.selfChecks[0]).toMatchObject({pool: "calibration", answered: 0, total: 5, heldBack: 2, rows: []});
    expect(underway.review).toEqual([]);
    const rest = ["calibration-c", "calibration-d", "calibration-d-twist"].map((item) => ({
      item,
      score: 3,
      mode: "self-check" as const,
    }));
    const finished = results(record(...answers, ...rest));
    expect(finished.selfChecks[0]).toMatchObject({answered: 5, heldBack: 0});
    // calibration-a, 1 against 4, is two or more off: listed to review once the run is over.
    expect(finished.review.map((entry) => entry.id)).toContain("calibration-a");
  });

  it("says how a finished first run went: passed, not passed, or not blind", () => {
    // Ruled (data/items/calibration-*.md): a 4, b 2, c 1, d 5, d-twist 2. The pass rule (data/calibration.yaml):
    // at least 4 of 5 exact, none two or more off.
    const run = (scores: number[]) =>
      ["calibration-a", "calibration-b", "calibration-c", "calibration-d", "calibration-d-twist"]
        .slice(0, scores.length)
        .map((item, i): Parameters<typeof record>[number] => ({item, score: scores[i]!, mode: "self-check"}));
    expect(results(record(...run([4, 2, 1, 5, 3]))).selfChecks[0]!.firstRun).toEqual({blind: true, pass: true});
    // Four exact, one two off: not passed.
    expect(results(record(...run([4, 2, 1, 5, 4]))).selfChecks[0]!.firstRun).toEqual({blind: true, pass: false});
    // Calibration D checked in Part 6 first (an answer of the walk), its ruling seen: not blind, so no pass.
    const seen: Parameters<typeof record>[number] = {item: "calibration-d", score: 5};
    expect(results(record(seen, ...run([4, 2, 1, 5, 2]))).selfChecks[0]!.firstRun).toEqual({blind: false, pass: false});
    // Under way: nothing said yet.
    expect(results(record(...run([4, 2]))).selfChecks[0]!.firstRun).toBeNull();
  });

  it("puts each case in the matrix cell of their score and the ruled one, 'not applicable' included", () => {
    const {walk} = results(
      record(
        {item: "example-2", score: 3}, // ruled 3
        {item: "example-3", score: 3}, // ruled 3
        {item: "example-6", score: 4}, // ruled 2
        {item: "edge-5b", score: 1}, // ruled n/a
        {item: "edge-5a", score: "n/a"}, // ruled 1
      ),
    );
    expect(cell(walk.matrix, 3, 3)).toEqual(["example-2", "example-3"]);
    expect(cell(walk.matrix, 4, 2)).toEqual(["example-6"]);
    expect(cell(walk.matrix, 1, "n/a")).toEqual(["edge-5b"]);
    expect(cell(walk.matrix, "n/a", 1)).toEqual(["edge-5a"]);
    expect(walk.matrix.max).toBe(2);
    expect(walk.matrix.cells.flat().reduce((sum, entry) => sum + entry.items.length, 0)).toBe(5);
    expect(walk).toMatchObject({exact: 2, oneOff: 0, twoOrMoreOff: 3, lenient: 1, harsh: 0});
  });

  it("gives every matrix cell its distance, and counts the cases and those on the diagonal", () => {
    const {walk} = results(
      record(
        {item: "example-2", score: 3}, // ruled 3: on the diagonal
        {item: "example-6", score: 4}, // ruled 2
        {item: "edge-5a", score: "n/a"}, // ruled 1
      ),
    );
    expect([walk.matrix.total, walk.matrix.exact]).toEqual([3, 1]);
    const distance = (trainee: Score, ruled: Score) =>
      walk.matrix.cells[scoreLevels.indexOf(trainee)]![scoreLevels.indexOf(ruled)]!.distance;
    // Empty cells too: the colour a case would take there.
    expect([distance(3, 3), distance(4, 3), distance(4, 2), distance("n/a", 1), distance("n/a", "n/a")]).toEqual([
      "exact",
      "one-off",
      "two-or-more-off",
      "two-or-more-off",
      "exact",
    ]);
  });

  it("gives the lean as the mean signed difference over the cases scored 1-5 on both sides", () => {
    const {walk} = results(
      record(
        {item: "example-2", score: 4}, // 3: +1
        {item: "example-6", score: 5}, // 2: +3
        {item: "example-1", score: 4}, // 5: -1
        {item: "edge-5b", score: 5}, // n/a: left out of the mean
      ),
    );
    expect(walk).toMatchObject({signed: 3, lenient: 2, harsh: 1});
    expect(walk.meanSignedDifference).toBeCloseTo((1 + 3 - 1) / 3, 10);
  });

  it("ranks the rules misapplied, with their cases and how many the checklist shows", () => {
    const progress = record(
      // A checklist that rates the formal line met with a flaw: style-register, from the checklist.
      {
        item: "example-3",
        score: 4,
        checklist: formalMetWithFlaw(),
      },
      // Wrong scores alone: the cases' deciding rules.
      {item: "calibration-a", score: 5}, // style-register
      {item: "calibration-b", score: 3}, // purpose
      {item: "example-2", score: 3}, // exact: nothing
    );
    const {walk} = results(progress);
    expect(walk.rulesMisapplied).toEqual([
      {rule: "style-register", items: ["example-3", "calibration-a"], fromChecklist: 1},
      {rule: "purpose", items: ["calibration-b"], fromChecklist: 0},
    ]);
    expect(walk.rows.find((row) => row.id === "example-2")).toMatchObject({rulesMisapplied: [], fromScoreOnly: true});
  });

  it("blames a wrong score alone on the case's deciding rule only, as the case study rules it", () => {
    const {walk} = results(
      record(
        {item: "example-6", score: 4}, // ruled 2: "Not met; question not needed" (the clarifying question)
        {item: "edge-9", score: 4}, // ruled 5: "Formality wasn't stated, so it isn't on the checklist"
        {item: "edge-10", score: 3}, // ruled 5: "Naturalness is a separate dimension"
        {item: "example-5", score: 3}, // ruled 5 + accuracy flag: correctness is not rated here
      ),
    );
    expect(walk.rows.map((row) => [row.id, row.rulesMisapplied, row.fromScoreOnly])).toEqual([
      ["example-5", ["not-rated"], true],
      ["example-6", ["clarifying-question"], true],
      ["edge-9", ["list-stated-only"], true],
      ["edge-10", ["not-rated"], true],
    ]);
    expect(walk.rulesMisapplied).toEqual([
      {rule: "not-rated", items: ["example-5", "edge-10"], fromChecklist: 0},
      {rule: "clarifying-question", items: ["example-6"], fromChecklist: 0},
      {rule: "list-stated-only", items: ["edge-9"], fromChecklist: 0},
    ]);
  });

  it("pairs no 'before' score given after the example's ruling was read", () => {
    // Example 4 checked with the guideline, then scored under the vague line (Part 1 took it, before it was closed).
    const {beforeAfter} = results(
      record(
        {item: "example-4", score: 3},
        {item: "example-4", score: 3, phase: "vague"},
        {item: "example-1", score: 5},
      ),
    );
    expect(beforeAfter.pairs.find((pair) => pair.id === "example-4")).toMatchObject({before: null, after: 3});
    expect(beforeAfter.both).toBe(0);
  });

  it("pairs each example's 'before' score with its guideline score, and tallies both over the pairs", () => {
    const progress = record(
      {item: "example-1", score: 3, phase: "vague"}, // ruled 5
      {item: "example-1", score: 5},
      {item: "example-6", score: 4, phase: "vague"}, // ruled 2
      {item: "example-6", score: 3},
      {item: "example-4", score: 5, phase: "vague"}, // no guideline score yet
      {item: "example-5", score: 5}, // no "before" score
      {item: "example-5", score: 2, mode: "self-check"}, // not a walk answer: not an "after"
    );
    const {beforeAfter} = results(progress);
    const pairs = Object.fromEntries(beforeAfter.pairs.map((pair) => [pair.id, [pair.before, pair.after, pair.ruled]]));
    expect(pairs).toMatchObject({
      "example-1": [3, 5, 5],
      "example-4": [5, null, 3],
      "example-5": [null, 5, 5],
      "example-6": [4, 3, 2],
    });
    // The ruled score shows only once the example is checked with the guideline: example-4 has a "before" only.
    expect(beforeAfter.pairs.filter((pair) => !pair.ruledShown).map((pair) => pair.id)).toEqual([
      "example-2",
      "example-3",
      "example-4",
      "example-7",
    ]);
    expect(beforeAfter.both).toBe(2);
    expect(beforeAfter.before).toMatchObject({answered: 2, exact: 0, twoOrMoreOff: 2, meanSignedDifference: 0});
    expect(beforeAfter.after).toMatchObject({answered: 2, exact: 1, oneOff: 1, meanSignedDifference: 0.5});
  });

  it("reports answers to cases this site does not have, and counts them nowhere", () => {
    const {walk, unknownItems} = results(
      record(
        {item: "example-99", score: 3},
        {item: "example-99", score: 3, phase: "vague"},
        {item: "example-2", score: 3},
      ),
    );
    expect(unknownItems).toEqual(["example-99"]);
    expect(walk.rows.map((row) => row.id)).toEqual(["example-2"]);
  });

  it("keeps the guideline version each answer was scored under", () => {
    const {walk} = results(record({item: "example-4", score: 3, guideline: "v1"}));
    expect(walk.rows[0]).toMatchObject({scoredUnder: "v1"});
  });
});

describe("countDistances", () => {
  it("counts a 'not applicable' mismatch as two or more off, in no direction and outside the mean", () => {
    expect(countDistances([compareScores("n/a", 3), compareScores(4, 3), compareScores("n/a", "n/a")])).toEqual({
      answered: 3,
      exact: 1,
      oneOff: 1,
      twoOrMoreOff: 1,
      lenient: 1,
      harsh: 0,
      meanSignedDifference: 1,
      signed: 1,
    });
  });
});

describe("namedRule", () => {
  it("names a rule of the guideline by its title, and one it lacks by its id in plain words", () => {
    expect(namedRule(guideline, "style-register")).toEqual({title: "Style and register", inGuideline: true});
    expect(namedRule(guideline, "no-such-rule")).toEqual({title: "No such rule", inGuideline: false});
  });
});

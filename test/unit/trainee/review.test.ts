// The cases the results page asks a trainee to review first: every first answer off the ruled score, two or more off
// first, then one off, each group in walking order; a case missed on the walk and in the self-check is listed once.
// The ruled scores in the comments are the case study's.
import {describe, expect, it} from "vitest";
import {loadCalibration, loadGuidelines, loadParts} from "../../../lib/node/load.js";
import {derivedDecidingRules} from "../../../lib/trainee/derived-deciding-rules.js";
import {poolsOf} from "../../../lib/trainee/self-check-pool.js";
import {emptyProgress, type Progress} from "../../../lib/trainee/progress.js";
import {traineeResults} from "../../../lib/trainee/results.js";
import {reviewList} from "../../../lib/trainee/review.js";
import {formalMetWithFlaw, items, record} from "./helpers.js";

// The walk's cases (every part's: the fresh cases are scored only in the self-check), and the self-check's pools.
const walkItems = items.filter((item) => item.set !== "fresh-calibration");
const pools = poolsOf(loadCalibration(undefined, items), {items, parts: loadParts()}).map((pool) => ({
  ...pool,
  items: pool.items.map((id) => items.find((item) => item.id === id)!),
}));
const guideline = loadGuidelines().at(-1)!;

const review = (progress: Progress) =>
  traineeResults(progress, walkItems, {pools, decides: derivedDecidingRules(guideline)}).review;

describe("the cases to review", () => {
  it("is empty with no answer, with only 'before' scores, and with every first answer exact", () => {
    expect(review(emptyProgress())).toEqual([]);
    expect(review(record({item: "example-1", score: 2, phase: "vague"}))).toEqual([]);
    expect(
      review(
        record(
          {item: "example-1", score: 5}, // ruled 5
          {item: "edge-5b", score: "n/a"}, // ruled not applicable
          {item: "calibration-b", score: 2, mode: "self-check"}, // ruled 2
        ),
      ),
    ).toEqual([]);
  });

  it("lists two or more off first, then one off, each in walking order, whatever order they were answered in", () => {
    const list = review(
      record(
        {item: "calibration-b", score: 4}, // ruled 2: two off
        {item: "edge-1a", score: 3}, // ruled 2: one off
        {item: "example-2", score: 4}, // ruled 3: one off
        {item: "edge-5b", score: 1}, // ruled not applicable: counts as two or more off
        {item: "example-3", score: 3}, // ruled 3: exact, not listed
        {item: "example-4", score: 5}, // ruled 3: two off
        {item: "calibration-a", score: 5}, // ruled 4: one off
        {item: "example-1", score: 4, phase: "vague"}, // a "before" score: never listed
      ),
    );
    expect(list.map((entry) => [entry.id, entry.distance])).toEqual([
      ["example-4", "two-or-more-off"],
      ["edge-5b", "two-or-more-off"],
      ["calibration-b", "two-or-more-off"],
      ["example-2", "one-off"],
      ["edge-1a", "one-off"],
      ["calibration-a", "one-off"],
    ]);
    expect(list[0]).toEqual({
      id: "example-4",
      set: "examples",
      ruled: 3,
      distance: "two-or-more-off",
      answers: [{mode: "walk", trainee: 5, score: expect.objectContaining({difference: 2})}],
      rules: ["purpose"],
      pool: null,
    });
    expect(list[1]).toMatchObject({ruled: "n/a", answers: [{trainee: 1}], rules: ["refusal"]});
  });

  it("counts first answers only: a retry that gets it right keeps the case on the list, one that misses adds none", () => {
    const list = review(
      record(
        {item: "example-2", score: 5}, // ruled 3: two off
        {item: "example-2", score: 3}, // retry, exact
        {item: "example-3", score: 3}, // ruled 3: exact
        {item: "example-3", score: 1}, // retry, off: not counted
      ),
    );
    expect(list.map((entry) => [entry.id, entry.answers.map((answer) => answer.trainee)])).toEqual([
      ["example-2", [5]],
    ]);
  });

  it("lists a case missed in the self-check, once with both answers when the walk missed it too", () => {
    const list = review(
      record(
        {item: "calibration-b", score: 3}, // ruled 2: one off on the walk
        {item: "calibration-b", score: 5, mode: "self-check"}, // three off in the self-check
        {item: "calibration-c", score: 2, mode: "self-check"}, // ruled 1: one off, self-check only
        {item: "calibration-a", score: 3}, // ruled 4: one off on the walk
        {item: "calibration-a", score: 4, mode: "self-check"}, // exact in the self-check
        // The run finished (the results rule none of its answers before), the last two exact.
        {item: "calibration-d", score: 5, mode: "self-check"},
        {item: "calibration-d-twist", score: 2, mode: "self-check"},
      ),
    );
    expect(list.map((entry) => [entry.id, entry.distance, entry.answers.map((a) => [a.mode, a.trainee])])).toEqual([
      [
        "calibration-b",
        "two-or-more-off",
        [
          ["walk", 3],
          ["self-check", 5],
        ],
      ],
      ["calibration-a", "one-off", [["walk", 3]]],
      ["calibration-c", "one-off", [["self-check", 2]]],
    ]);
    expect(list[0]!.rules).toEqual(["purpose"]);
    // Where each ruling is read: the part's page for a case the walk answered; the self-check's first run for one
    // only it answered (Calibration C: on /calibration it is not scored, so shows no ruling).
    expect(list.map((entry) => [entry.id, entry.pool])).toEqual([
      ["calibration-b", null],
      ["calibration-a", null],
      ["calibration-c", "calibration"],
    ]);
  });

  it("gives the rules to look at: the checklist's where there is one, else the deciding rule only", () => {
    const list = review(
      record(
        // Ruled 3; the formal line rated met with a flaw instead of not met: style and register.
        {
          item: "example-3",
          score: 4,
          checklist: formalMetWithFlaw(),
        },
        // Ruled 2, "Not met; question not needed": the clarifying question, not the four lines or the rhyme.
        {item: "example-6", score: 4},
      ),
    );
    expect(list.map((entry) => [entry.id, entry.rules])).toEqual([
      ["example-6", ["clarifying-question"]],
      ["example-3", ["style-register"]],
    ]);
  });

  it("orders by the walking order it is given, and puts a case it does not know last", () => {
    const row = (id: string, trainee: 1 | 2 | 3 | 4 | 5, ruled: 1 | 2 | 3 | 4 | 5) => ({
      id,
      set: "examples" as const,
      ruled,
      trainee,
      score: {
        trainee,
        ruled,
        distance: Math.abs(trainee - ruled) > 1 ? ("two-or-more-off" as const) : ("one-off" as const),
        difference: trainee - ruled,
        direction: trainee > ruled ? ("lenient" as const) : ("harsh" as const),
        notApplicableMismatch: false,
      },
      rulesMisapplied: [],
      fromScoreOnly: true,
      scoredUnder: "v2",
    });
    const list = reviewList(
      [{mode: "walk", rows: [row("b", 4, 3), row("zz", 5, 4), row("a", 3, 2)]}],
      [{id: "a"}, {id: "b"}],
    );
    expect(list.map((entry) => entry.id)).toEqual(["a", "b", "zz"]);
  });
});

import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import {impliedScore} from "../engine/helpers.js";
import type {MainNotMet, TraineeChecklist, TraineeVerdict} from "../../../lib/trainee/progress.js";
import {free, line} from "./helpers.js";

const v2 = loadGuideline("v2").parameters;

/** A checklist of a main task and other lines, by verdict only (Step 1's listings do not matter here). */
function checklist(main: TraineeVerdict, others: TraineeVerdict[], mainNotMet?: MainNotMet): TraineeChecklist {
  return {
    lines: [
      line(free("main task"), main, true),
      ...others.map((verdict, index) => line(free(`line ${index}`), verdict)),
    ],
    ...(mainNotMet ? {mainNotMet} : {}),
  };
}
const read = (list: TraineeChecklist, parameters: ParameterValues = v2) => {
  const implied = impliedScore(list, parameters);
  return implied.ok ? {score: implied.score, scores: implied.scores, rows: implied.rows} : implied;
};

describe("the score a trainee's checklist implies, row by row of the rubric", () => {
  it("5: every instruction met", () => {
    expect(read(checklist("met", ["met", "met"]))).toEqual({score: 5, scores: [5], rows: ["all-met"]});
    expect(read(checklist("met", []))).toEqual({score: 5, scores: [5], rows: ["all-met"]});
  });
  it("4: every instruction met, one with a small flaw", () => {
    expect(read(checklist("met", ["met", "met-flaw"]))).toEqual({score: 4, scores: [4], rows: ["one-small-flaw"]});
  });
  it("3: at least half of the other instructions met, partly met counting half", () => {
    expect(read(checklist("met", ["met", "not-met"]))).toMatchObject({score: 3, rows: ["half-or-more"]});
    expect(read(checklist("met", ["partly"]))).toMatchObject({score: 3, rows: ["half-or-more"]});
    // Two small flaws are not "one small flaw": every instruction met, but the row of 4 needs one.
    expect(read(checklist("met", ["met-flaw", "met-flaw"]))).toMatchObject({score: 3});
  });
  it("2: fewer than half of the other instructions met", () => {
    expect(read(checklist("met", ["not-met"]))).toMatchObject({score: 2, rows: ["fewer-than-half"]});
    expect(read(checklist("met", ["partly", "not-met", "cannot-check"]))).toMatchObject({score: 2});
  });
  it("the cap when the main task is partly done (3 under v2; lower when an author lowers it)", () => {
    expect(read(checklist("partly", ["met"]))).toMatchObject({score: 3, rows: ["half-or-more"]});
    expect(read(checklist("partly", ["met"]), {...v2, partialMainCap: 2})).toMatchObject({
      score: 2,
      rows: ["main-partly-capped"],
    });
  });
  it("2: main task not met, but the response engages with the request", () => {
    expect(read(checklist("not-met", ["cannot-check"], "engages"))).toMatchObject({
      score: 2,
      rows: ["main-not-met-engages"],
    });
  });
  it("1: ignores the request or does a different task", () => {
    expect(read(checklist("not-met", [], "ignores"))).toMatchObject({score: 1, rows: ["does-not-follow"]});
  });
  it("1: declines a harmless request", () => {
    expect(read(checklist("not-met", [], "declines-harmless"))).toMatchObject({score: 1, rows: ["declines-harmless"]});
  });
  it("not applicable: a justified refusal", () => {
    expect(read(checklist("not-met", [], "justified-refusal"))).toEqual({
      score: "n/a",
      scores: ["n/a"],
      rows: ["not-applicable"],
    });
  });
});

describe("what the checklist leaves open", () => {
  it("a main task not met, with no word on whether the response engages: 2 or 1, and the question to ask", () => {
    const implied = impliedScore(checklist("not-met", []), v2);
    expect(implied).toMatchObject({ok: true, score: null, scores: [2, 1], undecided: "engages", tally: null});
  });
  it("reads a main task that can't be checked as not met", () => {
    expect(read(checklist("cannot-check", [], "engages"))).toMatchObject({score: 2});
  });
  it("ignores mainNotMet when the main task is met", () => {
    expect(read(checklist("met", ["met"], "justified-refusal"))).toMatchObject({score: 5});
  });
  it("counts what the trainee listed, candidates included: their checklist, not the ruled one", () => {
    const implied = impliedScore(checklist("met", ["met", "not-met"]), v2);
    expect(implied.ok && implied.tally).toEqual({credit: 1, of: 2, share: 0.5, flaws: 0, missed: 1});
  });
  it("gives both scores where the first rubric cannot tell them apart (v1, one of two met)", () => {
    expect(read(checklist("met", ["met", "not-met"]), loadGuideline("v1").parameters)).toMatchObject({
      score: null,
      scores: [3, 2],
    });
  });
  it("needs exactly one main task and a verdict on every line", () => {
    const noMain: TraineeChecklist = {lines: [line(free("a"), "met")]};
    expect(impliedScore(noMain, v2)).toEqual({ok: false, reason: "no-main", lines: []});
    const twoMains: TraineeChecklist = {lines: [line(free("a"), "met", true), line(free("b"), "met", true)]};
    expect(impliedScore(twoMains, v2)).toEqual({ok: false, reason: "several-mains", lines: [0, 1]});
    const unchecked: TraineeChecklist = {lines: [line(free("a"), "met", true), line(free("b"))]};
    expect(impliedScore(unchecked, v2)).toEqual({ok: false, reason: "missing-verdicts", lines: [1]});
  });
});

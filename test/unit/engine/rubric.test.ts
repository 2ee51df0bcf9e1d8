import {describe, expect, it} from "vitest";
import {caseStudyParameters} from "./case-study-parameters.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import {applyRubric, tally, v2Logic} from "./helpers.js";
import {tallyRead} from "../../../lib/engine/rubric.js";
import type {RuleOutcome} from "../../../lib/engine/rules.js";

const p = (overrides: ParameterValues = {}): ParameterValues => ({...caseStudyParameters, ...overrides});
const met: RuleOutcome = {verdict: "met", clause: "delivered"};
const partly: RuleOutcome = {verdict: "partly", clause: "enough-done"};

describe("rows 5 and 4", () => {
  it("every instruction met is a 5", () => {
    expect(applyRubric(met, ["met", "met"], p())).toEqual([{score: 5, row: "all-met"}]);
  });
  it("no other instructions, main task met, is a 5 (calibration D)", () => {
    expect(applyRubric(met, [], p())).toEqual([{score: 5, row: "all-met"}]);
  });
  it("one small flaw is a 4, on an instruction or on the main task", () => {
    expect(applyRubric(met, ["met", "met-flaw"], p())).toEqual([{score: 4, row: "one-small-flaw"}]);
    expect(applyRubric({verdict: "met-flaw", clause: "x"}, ["met"], p())).toEqual([{score: 4, row: "one-small-flaw"}]);
  });
  it('two small flaws are not "one small flaw": counted as met, they give a 3', () => {
    expect(applyRubric(met, ["met-flaw", "met-flaw"], p())).toEqual([{score: 3, row: "half-or-more"}]);
  });
});

describe("row 3 vs row 2: the counting rule", () => {
  it("at-least-half: one of two met is a 3 (examples 2, 3, 7)", () => {
    expect(applyRubric(met, ["met", "not-met"], p())).toEqual([{score: 3, row: "half-or-more"}]);
  });
  it("more-than-half: one of two met is a 2", () => {
    expect(applyRubric(met, ["met", "not-met"], p({counting: "more-than-half"}))).toEqual([
      {score: 2, row: "fewer-than-half"},
    ]);
  });
  it("fewer than half met is a 2 under either counting rule", () => {
    expect(applyRubric(met, ["met", "not-met", "not-met"], p())).toEqual([{score: 2, row: "fewer-than-half"}]);
    expect(applyRubric(met, ["not-met"], p({counting: "more-than-half"}))).toEqual([
      {score: 2, row: "fewer-than-half"},
    ]);
  });
  it("two of three met is a 3 under either counting rule (edge 10 twist)", () => {
    expect(applyRubric(met, ["met", "met", "not-met"], p())).toEqual([{score: 3, row: "half-or-more"}]);
    expect(applyRubric(met, ["met", "met", "not-met"], p({counting: "more-than-half"}))).toEqual([
      {score: 3, row: "half-or-more"},
    ]);
  });
  it("can't be checked counts as not met (example 6's lines)", () => {
    expect(applyRubric(met, ["met", "cannot-check", "cannot-check"], p())).toEqual([
      {score: 2, row: "fewer-than-half"},
    ]);
  });
});

describe("partly met counts as half", () => {
  it("one partly of one is a share of 0.5: a 3 (example 4)", () => {
    expect(tally("met", ["partly"], p()).share).toBe(0.5);
    expect(applyRubric(met, ["partly"], p())).toEqual([{score: 3, row: "half-or-more"}]);
  });
  it("with partlyWeight 0.4 the same line is a 2", () => {
    expect(tally("met", ["partly"], p({partlyWeight: 0.4})).share).toBe(0.4);
    expect(applyRubric(met, ["partly"], p({partlyWeight: 0.4}))).toEqual([{score: 2, row: "fewer-than-half"}]);
  });
  it("under more-than-half one partly of one is a 2", () => {
    expect(applyRubric(met, ["partly"], p({counting: "more-than-half"}))).toEqual([{score: 2, row: "fewer-than-half"}]);
  });
});

describe("tally", () => {
  it("counts credit, flaws (main task included) and misses", () => {
    expect(tally("met-flaw", ["met", "met-flaw", "partly", "not-met", "cannot-check"], p())).toEqual({
      credit: 2.5,
      of: 5,
      share: 0.5,
      flaws: 2,
      missed: 2,
    });
  });
  it("has a share of 1 when there are no other instructions", () => {
    expect(tally("met", [], p())).toEqual({credit: 0, of: 0, share: 1, flaws: 0, missed: 0});
  });
  it("four others all met is a share of 1", () => {
    expect(tally("met", ["met", "met", "met", "met"], p())).toEqual({credit: 4, of: 4, share: 1, flaws: 0, missed: 0});
  });
});

describe("main task partly done", () => {
  it("is capped at 3 even when every other instruction is met (edge 3)", () => {
    expect(applyRubric(partly, ["met"], p())).toEqual([{score: 3, row: "half-or-more"}]);
    expect(applyRubric(partly, [], p())).toEqual([{score: 3, row: "half-or-more"}]);
  });
  it("is capped at 2 with partialMainCap 2, and the row says the cap applied", () => {
    expect(applyRubric(partly, ["met"], p({partialMainCap: 2}))).toEqual([{score: 2, row: "main-partly-capped"}]);
  });
  it("a 2 under the cap stays the counting row", () => {
    expect(applyRubric(partly, ["not-met"], p({partialMainCap: 2}))).toEqual([{score: 2, row: "fewer-than-half"}]);
  });
  it("is never 4 for a small flaw", () => {
    expect(applyRubric(partly, ["met-flaw"], p())).toEqual([{score: 3, row: "half-or-more"}]);
  });
});

describe("main task not met", () => {
  it("engaging with the request is a 2 (example 6)", () => {
    expect(
      applyRubric({verdict: "not-met", clause: "question-not-needed", engages: true}, ["cannot-check"], p()),
    ).toEqual([{score: 2, row: "main-not-met-engages"}]);
  });
  it("not engaging is a 1, whatever the other instructions", () => {
    expect(applyRubric({verdict: "not-met", clause: "not-delivered", engages: false}, ["met", "met"], p())).toEqual([
      {score: 1, row: "does-not-follow"},
    ]);
    expect(applyRubric({verdict: "not-met", clause: "not-delivered"}, [], p())).toEqual([
      {score: 1, row: "does-not-follow"},
    ]);
  });
  it("declining a harmless request is a 1 (calibration C)", () => {
    expect(
      applyRubric({verdict: "not-met", clause: "declines-harmless", declinesHarmless: true, engages: false}, [], p()),
    ).toEqual([{score: 1, row: "declines-harmless"}]);
  });
  it("declining a harmless request is a 1 even when flagged as engaging", () => {
    expect(
      applyRubric({verdict: "not-met", clause: "declines-harmless", declinesHarmless: true, engages: true}, [], p()),
    ).toEqual([{score: 1, row: "declines-harmless"}]);
  });
  it('under mainNotMet "unspecified" an engaging response falls between 2 and 1', () => {
    expect(applyRubric({verdict: "not-met", clause: "x", engages: true}, [], p({mainNotMet: "unspecified"}))).toEqual([
      {score: 2, row: "main-not-met-engages"},
      {score: 1, row: "does-not-follow"},
    ]);
  });
  it("a main task that can't be checked reads as not met", () => {
    expect(applyRubric({verdict: "cannot-check", clause: "x", engages: true}, [], p())).toEqual([
      {score: 2, row: "main-not-met-engages"},
    ]);
  });
});

describe('counting "most-missed" (the first rubric)', () => {
  const v1 = p({counting: "most-missed"});
  it("exactly half missed falls between 3 and 2", () => {
    expect(applyRubric(met, ["met", "not-met"], v1)).toEqual([
      {score: 3, row: "half-or-more"},
      {score: 2, row: "fewer-than-half"},
    ]);
  });
  it("fewer than half missed is a 3, more than half a 2", () => {
    expect(applyRubric(met, ["met", "met", "not-met"], v1)).toEqual([{score: 3, row: "half-or-more"}]);
    expect(applyRubric(met, ["met", "not-met", "not-met"], v1)).toEqual([{score: 2, row: "fewer-than-half"}]);
  });
  it("a partly met line is not missed (example 4 is a 3)", () => {
    expect(applyRubric(met, ["partly"], v1)).toEqual([{score: 3, row: "half-or-more"}]);
  });
  it("a partly done main task with nothing else is a 3", () => {
    expect(applyRubric(partly, [], v1)).toEqual([{score: 3, row: "half-or-more"}]);
  });
});

describe("not applicable", () => {
  it("a justified refusal is not scored", () => {
    expect(
      applyRubric({verdict: "not-applicable", clause: "justified-refusal", flag: "safety-review"}, [], p()),
    ).toEqual([{score: "n/a", row: "not-applicable"}]);
  });
  it("a not-applicable line among the others makes the whole response not applicable", () => {
    expect(applyRubric(met, ["met", "not-applicable"], p())).toEqual([{score: "n/a", row: "not-applicable"}]);
  });
});

describe("what of the tally a row reads", () => {
  // One of two other instructions met, one missed (Example 2).
  const half = {credit: 1, of: 2, share: 0.5, flaws: 0, missed: 1};

  it("reads as the row runs under the parameters: row 3 the share, or under most-missed the missed count", () => {
    // guideline/v2/logic.yaml's row 3 (half-or-more): "most-missed" reads missed and of; the other countings the share.
    expect(tallyRead(v2Logic, "half-or-more", half, p())).toEqual(new Set(["share"]));
    expect(tallyRead(v2Logic, "half-or-more", half, p({counting: "more-than-half"}))).toEqual(new Set(["share"]));
    expect(tallyRead(v2Logic, "half-or-more", half, p({counting: "most-missed"}))).toEqual(new Set(["missed", "of"]));
    // Row 2 holds always: it reads nothing.
    expect(tallyRead(v2Logic, "fewer-than-half", half, p())).toEqual(new Set());
  });

  it("gives none for a row that reads more of the checklist than the tally, or a row the rubric lacks", () => {
    // Row 5 reads allMet, a name of the summary the tally does not hold.
    expect(tallyRead(v2Logic, "all-met", half, p())).toBeNull();
    expect(tallyRead(v2Logic, "no-such-row", half, p())).toBeNull();
  });
});

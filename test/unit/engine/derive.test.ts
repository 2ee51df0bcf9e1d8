import {describe, expect, it} from "vitest";
import {derive, deriveAll, ruleSetOf, type Derivation} from "../../../lib/engine/derive.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";

// Every worked case, and the case study's own: the engine is held to the case study's tables and its first rubric on
// the case study's cases (the notebook's are held to their own rulings in test/unit/items/notebook-cases.test.ts); a
// parameter override is tried on every worked case.
const allItems = loadItems();
const items = allItems.filter((each) => each.origin === "case-study");
const v1 = loadGuideline("v1");
const v2 = loadGuideline("v2");

const scores = (derivations: readonly Derivation[]): Record<string, Score | null> =>
  Object.fromEntries(derivations.map((d) => [d.id, d.score]));
const scoresUnder = (overrides: ParameterValues) => scores(deriveAll(allItems, ruleSetOf(v2, overrides)));
/** The worked cases whose v2 score an override changes, with their new score. */
const movedBy = (overrides: ParameterValues): Record<string, Score | null> => {
  const before = scores(deriveAll(allItems, ruleSetOf(v2)));
  const after = scoresUnder(overrides);
  return Object.fromEntries(Object.entries(after).filter(([id, score]) => before[id] !== score));
};
const item = (id: string): Item => {
  const found = items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

describe("every real item's derivation (file snapshots: a rule edit shows as a diff)", () => {
  it("has the 26 items of the case study", () => {
    expect(items).toHaveLength(26);
  });
  it("under v2", async () => {
    await expect(JSON.stringify(deriveAll(items, ruleSetOf(v2)), null, 2) + "\n").toMatchFileSnapshot(
      "__snapshots__/trace-v2.json",
    );
  });
  it("under v1", async () => {
    await expect(JSON.stringify(deriveAll(items, ruleSetOf(v1)), null, 2) + "\n").toMatchFileSnapshot(
      "__snapshots__/trace-v1.json",
    );
  });
});

describe("v2 reproduces the case study's tables", () => {
  const derived = scores(deriveAll(items, ruleSetOf(v2)));

  it("the seven examples: 5, 3, 3, 3, 5, 2, 3", () => {
    const ids = ["example-1", "example-2", "example-3", "example-4", "example-5", "example-6", "example-7"];
    expect(ids.map((id) => derived[id])).toEqual([5, 3, 3, 3, 5, 2, 3]);
  });
  it("the edge-case map", () => {
    expect({
      "edge-1a": derived["edge-1a"],
      "edge-1b": derived["edge-1b"],
      "edge-1c": derived["edge-1c"],
      "edge-2": derived["edge-2"],
      "edge-3": derived["edge-3"],
      "edge-4": derived["edge-4"],
      "edge-5a": derived["edge-5a"],
      "edge-5b": derived["edge-5b"],
      "edge-6": derived["edge-6"],
      "edge-7": derived["edge-7"],
      "edge-8": derived["edge-8"],
      "edge-9": derived["edge-9"],
      "edge-10": derived["edge-10"],
      "edge-10-twist": derived["edge-10-twist"],
    }).toEqual({
      "edge-1a": 2,
      "edge-1b": 2,
      "edge-1c": 5,
      "edge-2": 2,
      "edge-3": 3,
      "edge-4": 5,
      "edge-5a": 1,
      "edge-5b": "n/a",
      "edge-6": 5,
      "edge-7": 2,
      "edge-8": 2,
      "edge-9": 5,
      "edge-10": 5,
      "edge-10-twist": 3,
    });
  });
  it("the calibration cases: A-D are 4, 2, 1, 5, and D's twist is 2", () => {
    expect(
      ["calibration-a", "calibration-b", "calibration-c", "calibration-d", "calibration-d-twist"].map(
        (id) => derived[id],
      ),
    ).toEqual([4, 2, 1, 5, 2]);
  });
  it("every item gets exactly one score, equal to its ruled score", () => {
    for (const derivation of deriveAll(items, ruleSetOf(v2))) {
      expect(derivation.candidates, derivation.id).toHaveLength(1);
      expect(derivation.score, derivation.id).toBe(item(derivation.id).score);
    }
  });
  it("every line's derived verdict is its ruled verdict", () => {
    const mismatches = deriveAll(items, ruleSetOf(v2)).flatMap((d) =>
      d.lines.filter((line) => line.derived !== line.ruled).map((line) => `${d.id}[${line.index}]`),
    );
    expect(mismatches).toEqual([]);
  });
  it("raises the flags the case study names: accuracy on example 5, prompt on edge 6, safety review on edge 5b, quality on edge 10", () => {
    const flagged = Object.fromEntries(
      deriveAll(items, ruleSetOf(v2))
        .filter((d) => d.flags.length)
        .map((d) => [d.id, d.flags]),
    );
    expect(flagged).toEqual({
      "example-5": ["accuracy"],
      "edge-6": ["prompt"],
      "edge-5b": ["safety-review"],
      "edge-10": ["quality"],
    });
  });
});

describe("v1, the first rubric", () => {
  const derivations = deriveAll(items, ruleSetOf(v1));
  const between = (...candidates: Score[]) =>
    derivations.filter((d) => JSON.stringify(d.candidates) === JSON.stringify(candidates)).map((d) => d.id);

  it('puts exactly examples 2, 3 and 7 between 3 and 2 ("met one of two instructions")', () => {
    expect(between(3, 2)).toEqual(["example-2", "example-3", "example-7"]);
  });
  it('puts exactly example 6 and its like, D\'s twist, between 2 and 1 ("a clarifying question fell between 1 and 2")', () => {
    expect(between(2, 1)).toEqual(["example-6", "calibration-d-twist"]);
  });
  it("puts exactly calibration A between 4 and 3 (the gap in the first wording of the style rule)", () => {
    expect(between(4, 3)).toEqual(["calibration-a"]);
  });
  it("leaves every other example with one score: 5, 3, 5", () => {
    expect(["example-1", "example-4", "example-5"].map((id) => derivations.find((d) => d.id === id)?.score)).toEqual([
      5, 3, 5,
    ]);
  });
  it("decides example 6's question, but its rubric has no row for a response that engages without doing the task", () => {
    const example6 = derive(item("example-6"), ruleSetOf(v1));
    expect(example6.score).toBeNull();
    expect(example6.rows).toEqual(["main-not-met-engages", "does-not-follow"]);
    expect(example6.lines[0]).toEqual({
      index: 0,
      role: "main",
      rule: "clarifying-question",
      ruled: "not-met",
      derived: "not-met",
      verdicts: ["not-met"],
      clause: "question-not-needed",
      counted: false,
      citable: true,
    });
  });
  it("still scores a wrong answer 5 (accuracy rated separately), by a rule it does not state", () => {
    const example5 = derive(item("example-5"), ruleSetOf(v1));
    expect(example5.score).toBe(5);
    expect(example5.lines.map((line) => line.citable)).toEqual([true, true, false]);
  });
});

describe("a line the version has no rule for", () => {
  // v2 less its clarifying-question rule: the line could go either way, and the rubric is read for both.
  const v2Questionless = {
    ...ruleSetOf(v2),
    ruleIds: new Set(v2.rules.map((rule) => rule.id).filter((id) => id !== "clarifying-question")),
  };

  it("is undecided: met or not met, and the trace says so", () => {
    const calibrationD = derive(item("calibration-d"), v2Questionless);
    expect(calibrationD.candidates).toEqual([5, 2]);
    expect(calibrationD.rows).toEqual(["all-met", "main-not-met-engages"]);
    expect(calibrationD.tally).toBeNull();
    expect(calibrationD.lines[0]).toEqual({
      index: 0,
      role: "main",
      rule: "clarifying-question",
      ruled: "met",
      derived: null,
      verdicts: ["met", "not-met"],
      clause: null,
      counted: false,
      citable: false,
    });
  });
});

describe("a line its rule leaves open (more than one outcome)", () => {
  const open = ruleSetOf(v2, {slightLapse: "flaw-or-partly"});

  it("reads the rubric once per outcome: calibration A's closing is a small flaw (4) or formal partly met (3)", () => {
    const calibrationA = derive(item("calibration-a"), open);
    expect(calibrationA.candidates).toEqual([4, 3]);
    expect(calibrationA.rows).toEqual(["one-small-flaw", "half-or-more"]);
    expect(calibrationA.score).toBeNull();
    expect(calibrationA.tally).toBeNull();
    expect(calibrationA.lines[2]).toEqual({
      index: 2,
      role: "instruction",
      rule: "style-register",
      ruled: "met-flaw",
      derived: null,
      verdicts: ["met-flaw", "partly"],
      clause: "slightly-less-formal",
      counted: true,
      citable: true,
    });
  });
  it("combines with another undecided line: every way both can go", () => {
    const noSizeWords = {...open, ruleIds: new Set([...open.ruleIds].filter((id) => id !== "size-words"))};
    // Short met or not met, times formal a small flaw or partly met: (met, flaw) 4; (met, partly) 1.5 of 2 and
    // (not met, flaw) 1 of 2, both 3; (not met, partly) 0.5 of 2, a 2.
    const calibrationA = derive(item("calibration-a"), noSizeWords);
    expect(calibrationA.candidates).toEqual([4, 3, 2]);
    expect(calibrationA.lines.map((line) => line.verdicts)).toEqual([
      ["met"],
      ["met", "not-met"],
      ["met-flaw", "partly"],
    ]);
  });
  it("a decided line still has a tally, and its one verdict", () => {
    const calibrationA = derive(item("calibration-a"), ruleSetOf(v2));
    expect(calibrationA.tally).toEqual({credit: 2, of: 2, share: 1, flaws: 1, missed: 0});
    expect(calibrationA.lines[2]!.verdicts).toEqual(["met-flaw"]);
  });
});

describe("the trace", () => {
  it("names the rubric row, the counted lines and the tally (example 2)", () => {
    const derivation = derive(item("example-2"), ruleSetOf(v2));
    expect(derivation.rows).toEqual(["half-or-more"]);
    expect(derivation.tally).toEqual({credit: 1, of: 2, share: 0.5, flaws: 0, missed: 1});
    expect(derivation.lines.map((line) => [line.rule, line.derived, line.clause, line.counted])).toEqual([
      ["main-task", "met", "delivered", false],
      ["numbers", "met", "exact", true],
      ["stated-constraints", "not-met", "observed-not-met", true],
    ]);
  });
  it('does not count a Step-1 candidate (example 1\'s "exactly two")', () => {
    const derivation = derive(item("example-1"), ruleSetOf(v2));
    expect(derivation.lines.map((line) => line.counted)).toEqual([false, true, false]);
    expect(derivation.tally?.of).toBe(1);
  });
});

describe("parameter overrides move the expected items, and only those", () => {
  it("ceilingNeedsOne false: edge 1a (none delivered) becomes a 5", () => {
    expect(movedBy({ceilingNeedsOne: false})).toEqual({"edge-1a": 5});
  });
  it("counting more-than-half: examples 2, 3, 4 and 7 drop to 2, and fresh-3 (one partly of one) with them", () => {
    expect(movedBy({counting: "more-than-half"})).toEqual({
      "example-2": 2,
      "example-3": 2,
      "example-4": 2,
      "example-7": 2,
      "fresh-3": 2,
    });
  });
  it("counting most-missed: the one-of-two examples have no single score", () => {
    expect(movedBy({counting: "most-missed"})).toEqual({"example-2": null, "example-3": null, "example-7": null});
  });
  it("registerBreak met-flaw: example 3 (one du) becomes a 4, and so does the unnatural Swedish of edge 10's twist", () => {
    expect(movedBy({registerBreak: "met-flaw"})).toEqual({"example-3": 4, "edge-10-twist": 4});
  });
  it("registerBreak partly: example 3 keeps its 3 (share 0.75)", () => {
    expect(movedBy({registerBreak: "partly"})).toEqual({});
  });
  it("partlyWeight 0.4: example 4 and fresh-3 (each one partly of one: its arguable length) drop to 2", () => {
    expect(movedBy({partlyWeight: 0.4})).toEqual({"example-4": 2, "fresh-3": 2});
  });
  it("partialMainCap 2: edge 3 (four of six translated) and fresh-2 (two of four notes) drop to 2", () => {
    expect(movedBy({partialMainCap: 2})).toEqual({"edge-3": 2, "fresh-2": 2});
  });
  it("clarifyingQuestionTest never: calibration D and edge 4 drop to 2", () => {
    expect(movedBy({clarifyingQuestionTest: "never"})).toEqual({"edge-4": 2, "calibration-d": 2});
  });
  it("clarifyingQuestionTest always: D's twist rises to 5; example 6 stays 2, its four lines and rhyme can't be checked", () => {
    expect(movedBy({clarifyingQuestionTest: "always"})).toEqual({"calibration-d-twist": 5});
  });
  it("accuracyRated true: example 5's wrong answer drops to 3", () => {
    expect(movedBy({accuracyRated: true})).toEqual({"example-5": 3});
  });
  it("additionsBreakWithoutWording true: edge 8 already misses its limit; fresh-1's added tip breaks its caption", () => {
    // fresh-4 adds to its questions too, with no "only": its other instruction is already missed, so it stays 2.
    expect(movedBy({additionsBreakWithoutWording: true})).toEqual({"fresh-1": 3});
  });
  it("mainPartThreshold more-than-half: fresh-2's main task, exactly half done, is no longer partly met", () => {
    expect(movedBy({mainPartThreshold: "more-than-half"})).toEqual({"fresh-2": 2});
  });
  it("slightLapse flaw-or-partly: only calibration A (Viele Grüße) has no single score", () => {
    expect(movedBy({slightLapse: "flaw-or-partly"})).toEqual({"calibration-a": null});
  });
  it("slightLapse flaw-or-break: only calibration A has no single score, now between 4, 3 and 2", () => {
    expect(movedBy({slightLapse: "flaw-or-break"})).toEqual({"calibration-a": null});
    expect(derive(item("calibration-a"), ruleSetOf(v2, {slightLapse: "flaw-or-break"})).candidates).toEqual([4, 3]);
    expect(
      derive(item("calibration-a"), ruleSetOf(v2, {slightLapse: "flaw-or-break", counting: "most-missed"})).candidates,
    ).toEqual([4, 3, 2]);
  });
  it("mainNotMet unspecified: every engaging non-delivery falls between 2 and 1", () => {
    expect(movedBy({mainNotMet: "unspecified"})).toEqual({"example-6": null, "calibration-d-twist": null});
  });
  it("ruleSetOf leaves the guideline's own parameters alone", () => {
    ruleSetOf(v2, {counting: "most-missed"});
    expect(v2.parameters["counting"]).toBe("at-least-half");
  });
});

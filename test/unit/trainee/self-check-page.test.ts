import {describe, expect, it} from "vitest";
import {
  firstRunWords,
  runHeading,
  seenWords,
  shownRun,
  summaryHeadline,
  summaryStep,
} from "../../../lib/trainee/self-check-page.js";
import {emptyProgress} from "../../../lib/trainee/progress.js";
import {record} from "./helpers.js";

describe("the run the self-check page shows", () => {
  it("is the latest run when the address asks for none, or for one that is not a whole number", () => {
    for (const asked of [null, "", "two", "1.5", "-1", "0"]) expect(shownRun({run: 2, complete: false}, asked)).toBe(2);
  });

  it("is the run asked for, up to the latest; the next one only once the latest is finished", () => {
    expect(shownRun({run: 3, complete: false}, "1")).toBe(1);
    expect(shownRun({run: 3, complete: false}, "3")).toBe(3);
    expect(shownRun({run: 3, complete: false}, "4")).toBe(3);
    expect(shownRun({run: 3, complete: true}, "4")).toBe(4);
    expect(shownRun({run: 3, complete: true}, "5")).toBe(3);
  });
});

describe("what a run that can't be blind says", () => {
  it("names each ruling seen and where: its own Check in the walk, an edge case pointing to it, an earlier run", () => {
    const label = (id: string) => ({"calibration-a": "Calibration A", "calibration-d": "Calibration D"})[id] ?? id;
    expect(
      seenWords(
        [
          {item: "calibration-a", where: "walk", via: "calibration-a", part: 6},
          {item: "calibration-d", where: "walk", via: "edge-4", part: 5},
        ],
        (id) => (id === "edge-4" ? "Edge case 4" : label(id)),
      ),
    ).toEqual([
      "Calibration A (in Part 6)",
      "Calibration D (through Edge case 4 in Part 5, whose ruling points to it)",
    ]);
    // A second run: the first run's cases in one place, named once.
    expect(
      seenWords(
        [
          {item: "calibration-a", where: "earlier-run"},
          {item: "calibration-d", where: "earlier-run"},
        ],
        label,
      ),
    ).toEqual(["Calibration A and Calibration D (at the end of an earlier run)"]);
  });
});

describe("the run's heading", () => {
  it("offers a pass only on a run that can be blind; one that can't is taken for practice", () => {
    expect(runHeading(true)).toEqual({title: "Check yourself, blind", rule: "To pass: "});
    expect(runHeading(false)).toEqual({title: "Check yourself, for practice", rule: "A blind run passes with: "});
  });
});

describe("a first run on /results", () => {
  it("says how it went in the summary's words, and a run that was not blind is not said to be answered blind", () => {
    const counts = {answered: 5, total: 5};
    expect(firstRunWords({blind: true, pass: true}, counts)).toBe(
      "Your first run: ✓ Passed. 5 of 5 cases answered blind, counted apart from your answers in the six parts.",
    );
    expect(firstRunWords({blind: true, pass: false}, counts)).toMatch(/^Your first run: ✗ Not passed\. 5 of 5 /);
    expect(firstRunWords({blind: false, pass: false}, counts)).toBe(
      "Your first run was not blind: no pass awarded. 5 of 5 cases answered, counted apart from your answers in the " +
        "six parts.",
    );
    expect(firstRunWords(null, {answered: 0, total: 7})).toBe(
      "0 of 7 cases answered blind, counted apart from your answers in the six parts.",
    );
  });
});

describe("the summary's headline", () => {
  it("awards a pass only to a blind run", () => {
    expect(summaryHeadline({blind: true, pass: true})).toEqual({tone: "is-pass", text: "✓ Passed"});
    expect(summaryHeadline({blind: true, pass: false})).toEqual({tone: "is-fail", text: "✗ Not passed"});
    expect(summaryHeadline({blind: false, pass: true})).toEqual({
      tone: "is-not-blind",
      text: "Not blind: no pass awarded",
    });
  });
});

describe("the summary as the record changes", () => {
  it("takes a newly saved record and the run's scoring once loaded, and is unchanged by the same ones again", () => {
    const start = {progress: emptyProgress(), scoring: null as string | null};
    const saved = record({item: "calibration-a", score: 3, mode: "self-check"});
    const recorded = summaryStep(start, {kind: "record", progress: saved});
    expect(recorded).toEqual({progress: saved, scoring: null});
    expect(summaryStep(recorded, {kind: "record", progress: saved})).toBe(recorded);
    const scored = summaryStep(recorded, {kind: "scoring", scoring: "the module"});
    expect(scored.scoring).toBe("the module");
    expect(summaryStep(scored, {kind: "scoring", scoring: "the module"})).toBe(scored);
  });
});

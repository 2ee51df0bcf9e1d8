import {describe, expect, it} from "vitest";
import {loadCalibration, loadGuidelines, loadParts} from "../../../lib/node/load.js";
import type {Answer} from "../../../lib/trainee/progress.js";
import {latestRun, pointsToSet, selfCheckRun} from "../../../lib/trainee/self-check-run.js";
import {poolsOf} from "../../../lib/trainee/self-check-pool.js";
import {selfCheckSummary} from "../../../lib/trainee/self-check.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import {item, items, line, mark} from "./helpers.js";

const calibration = poolsOf(loadCalibration(undefined, items), {items, parts: loadParts()})[0]!;
const guideline = loadGuidelines().at(-1)!;
const run = calibration.items.map(item);
// Ruled: A 4, B 2, C 1, D 5, D twist 2.

/** The run's answers, one score per item in order (null: unanswered). */
function answers(...scores: (Score | null)[]): Answer[] {
  return scores.flatMap((score, index) =>
    score === null
      ? []
      : [
          {
            item: run[index]!.id,
            phase: "guideline",
            mode: "self-check",
            attempt: 1,
            score,
            guideline: "v2",
            at: "2026-03-01T10:00:00.000Z",
          } satisfies Answer,
        ],
  );
}
const summarise = (list: Answer[]) => selfCheckSummary(list, run, calibration.pass, {guideline});

describe("the self-check summary and its pass rule (at least 4 of 5 exact, none two or more off)", () => {
  it("passes a perfect run", () => {
    expect(summarise(answers(4, 2, 1, 5, 2))).toMatchObject({
      exact: 5,
      oneOff: 0,
      twoOrMoreOff: 0,
      lenient: 0,
      harsh: 0,
      meanSignedDifference: 0,
      rulesMisapplied: [],
      complete: true,
      pass: true,
    });
  });
  it("passes four exact and one a point off", () => {
    expect(summarise(answers(4, 3, 1, 5, 2))).toMatchObject({exact: 4, oneOff: 1, pass: true, lenient: 1});
  });
  it("fails four exact and one two or more off", () => {
    expect(summarise(answers(4, 2, 1, 2, 2))).toMatchObject({exact: 4, twoOrMoreOff: 1, harsh: 1, pass: false});
  });
  it("fails three exact, even with every score within one", () => {
    expect(summarise(answers(5, 3, 1, 5, 2))).toMatchObject({exact: 3, oneOff: 2, pass: false});
  });
  it("fails an unfinished run", () => {
    const summary = summarise(answers(4, 2, 1, 5, null));
    expect(summary).toMatchObject({answered: 4, total: 5, exact: 4, complete: false, pass: false});
    expect(summary.items[4]).toMatchObject({id: "calibration-d-twist", trainee: null, score: null});
  });
  it("counts 'not applicable' on a harmless refusal as two or more off, neither lenient nor harsh", () => {
    expect(summarise(answers(4, 2, "n/a", 5, 2))).toMatchObject({
      exact: 4,
      twoOrMoreOff: 1,
      lenient: 0,
      harsh: 0,
      meanSignedDifference: 0,
      pass: false,
    });
  });
  it("gives the lean of the run as the mean signed difference", () => {
    const summary = summarise(answers(5, 3, 2, 5, 5));
    expect(summary).toMatchObject({lenient: 4, harsh: 0, meanSignedDifference: (1 + 1 + 1 + 0 + 3) / 5});
  });
  it("blames each wrong score alone on its case's deciding rule only, most often first", () => {
    // The rule each case's ruling turns on: A's formal line met with a small flaw (style and register), B's one
    // sentence for a child not met (purpose), C declines a harmless request (refusals), D's question is justified
    // and D's twist's is not (clarifying questions).
    const summary = summarise(answers(3, 3, 2, 2, 5));
    expect(summary.rulesMisapplied).toEqual([
      {rule: "clarifying-question", items: ["calibration-d", "calibration-d-twist"]},
      {rule: "purpose", items: ["calibration-b"]},
      {rule: "refusal", items: ["calibration-c"]},
      {rule: "style-register", items: ["calibration-a"]},
    ]);
    expect(summary.items.map((entry) => entry.rulesMisapplied.length)).toEqual([1, 1, 1, 1, 1]);
    expect(summary.items.every((entry) => entry.fromScoreOnly)).toBe(true);
  });
  it("awards no pass to a run that was not blind, however it scored", () => {
    const perfect = answers(4, 2, 1, 5, 2);
    expect(selfCheckSummary(perfect, run, calibration.pass, {guideline, blind: false})).toMatchObject({
      complete: true,
      exact: 5,
      blind: false,
      pass: false,
    });
  });
  it("reads the rules from the checklist where the trainee gave one", () => {
    const a = run[0]!;
    const list = answers(null, 2, 1, 5, 2);
    list.unshift({
      ...answers(3)[0]!,
      checklist: {
        lines: [
          line(mark(a, "E-Mail an meine Vermieterin"), "met", true),
          line(mark(a, "kurze"), "met"),
          line(mark(a, "förmliche"), "not-met"),
        ],
      },
    });
    const summary = summarise(list);
    expect(summary.items[0]).toMatchObject({rulesMisapplied: ["style-register"], fromScoreOnly: false});
  });
  it("counts the first attempt, not a retry", () => {
    const list = answers(4, 2, 1, 5, 2);
    list.push({...list[0]!, attempt: 2, score: 1});
    list.unshift({...list[1]!, attempt: 2, score: 5});
    expect(summarise(list)).toMatchObject({exact: 5, pass: true});
  });
});

describe("a self-check run and whether it was blind", () => {
  const ids = run.map((item) => item.id);
  const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
  const blindAnswer = (id: string, attempt: number, minute: number): Answer => ({
    item: id,
    phase: "guideline",
    mode: "self-check",
    attempt,
    score: 3,
    guideline: "v2",
    at: at(minute),
  });
  const walkAnswer = (id: string, minute: number): Answer => ({
    item: id,
    phase: "guideline",
    attempt: 1,
    score: 3,
    guideline: "v2",
    at: at(minute),
  });
  const firstRun = ids.map((id, index) => blindAnswer(id, 1, 10 + index));

  it("counts runs by the highest run number of a self-check answer over its cases: 0 before any", () => {
    expect(latestRun([], ids)).toBe(0);
    // The walk's answers are no run's, nor is another pool's case.
    expect(latestRun([walkAnswer("calibration-a", 5)], ids)).toBe(0);
    expect(latestRun([blindAnswer("fresh-1", 3, 5)], ids)).toBe(0);
    expect(latestRun([...firstRun, blindAnswer("calibration-b", 2, 40)], ids)).toBe(2);
    // With no run named, the run shown is the latest begun.
    expect(selfCheckRun([...firstRun, blindAnswer("calibration-b", 2, 40)], calibration).run).toBe(2);
  });

  it("is blind when no ruling of its cases was seen before it ended", () => {
    expect(selfCheckRun(firstRun, calibration)).toMatchObject({run: 1, complete: true, blind: true, seen: []});
    // Part 6 checked after the run ended does not make it less blind.
    expect(selfCheckRun([...firstRun, walkAnswer("calibration-a", 30)], calibration).blind).toBe(true);
  });

  it("is not blind when a case was checked in the walk before the run ended, or the run is still open", () => {
    const seen = selfCheckRun([walkAnswer("calibration-b", 5), ...firstRun], calibration);
    expect(seen).toMatchObject({
      blind: false,
      seen: [{item: "calibration-b", where: "walk", via: "calibration-b", part: 6}],
    });
    const during = selfCheckRun([...firstRun.slice(0, 4), walkAnswer("calibration-a", 20)], calibration);
    expect(during).toMatchObject({complete: false, blind: false});
  });

  it("knows which Checks in the walk show each case's ruling: its own in Part 6, and an edge case that points to it", () => {
    // The case study's edge-case map: row 4 "Main task met; see Calibration D", row 5 "Declines a harmless request; see
    // Calibration C" (5a the harmless refusal, 5b the justified one); Part 5 walks the edge cases, Part 6 these.
    const sorted = (id: string) => [...calibration.shownBy[id]!].sort((a, b) => a.item.localeCompare(b.item));
    expect(sorted("calibration-a")).toEqual([{item: "calibration-a", part: 6}]);
    expect(sorted("calibration-c")).toEqual([
      {item: "calibration-c", part: 6},
      {item: "edge-5a", part: 5},
      {item: "edge-5b", part: 5},
    ]);
    expect(sorted("calibration-d")).toEqual([
      {item: "calibration-d", part: 6},
      {item: "edge-4", part: 5},
    ]);
  });

  it("knows the parts whose rulings point to the calibration cases: the edge cases', not the examples'", () => {
    const of = (set: string) => items.filter((each) => each.set === set);
    expect(pointsToSet(of("edge-cases"), "calibration", items)).toBe(true);
    expect(pointsToSet(of("examples"), "calibration", items)).toBe(false);
    // The fresh cases point to walk cases (fresh-4 to Calibration B), but no part walks them.
    expect(pointsToSet(of("fresh-calibration"), "calibration", items)).toBe(true);
    expect(pointsToSet(of("edge-cases"), "examples", items)).toBe(true);
  });

  it("is not blind when an edge case whose ruling points to one of its cases was checked in Part 5 before it", () => {
    const seen = selfCheckRun([walkAnswer("edge-4", 5), ...firstRun], calibration);
    expect(seen).toMatchObject({blind: false, seen: [{item: "calibration-d", where: "walk", via: "edge-4", part: 5}]});
    // Edge case 1a points to no calibration case: the run stays blind.
    expect(selfCheckRun([walkAnswer("edge-1a", 5), ...firstRun], calibration).blind).toBe(true);
  });

  it("counts a second run as not blind: every ruling showed at the end of the first", () => {
    const second = [...firstRun, blindAnswer("calibration-a", 2, 40)];
    expect(selfCheckRun(second, calibration)).toMatchObject({run: 2, complete: false, blind: false});
    expect(selfCheckRun(second, calibration).seen.every((entry) => entry.where === "earlier-run")).toBe(true);
    expect(selfCheckRun(second, calibration, 1)).toMatchObject({run: 1, complete: true, blind: true});
  });
});

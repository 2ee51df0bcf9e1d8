import {describe, expect, it} from "vitest";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {caseStudyParameterNames} from "../engine/case-study-parameters.js";
import {parseAssignments} from "../../../lib/engine/parameters.js";
import {describeCandidate} from "../../../lib/authoring/candidate-choice.js";
import {previewLines, previewReport} from "../../../lib/authoring/preview-report.js";

// Every worked case: the case study's 26 and the 7 the notebook wrote.
const items = loadItems();
const caseStudyItems = items.filter((item) => item.origin === "case-study");
const v2 = loadGuideline("v2");
const domains = parameterDomains(v2);

describe("describeCandidate", () => {
  // Each parameter reads as a change to a clause or row does: in words, its id, then the candidate version's own
  // value (v1's logic.yaml: counting most-missed, partlyWeight 0.5) and the value set.
  it("names the version and the changes", () => {
    expect(describeCandidate({base: "v2", candidate: "v2", set: []}, v2.logic)).toBe("v2 unchanged");
    expect(describeCandidate({base: "v1", candidate: "v1", set: []}, v2.logic)).toBe("v1 unchanged");
    expect(describeCandidate({base: "v2", candidate: "v1", set: []}, v2.logic)).toBe("v1");
    expect(
      describeCandidate(
        {base: "v2", candidate: "v1", set: parseAssignments(["counting=at-least-half", "partlyWeight=0.25"], domains)},
        loadGuideline("v1").logic,
      ),
    ).toBe(
      "v1 with How “at least half” counts the other instructions (counting): most-missed → at-least-half; How much a partly met instruction counts toward the share met (partlyWeight): 0.5 → 0.25",
    );
  });
});

describe("previewReport and previewLines", () => {
  it("a candidate without the style-register rule: the only 4 goes, and the lines say so", () => {
    const candidate = {...v2, version: "v3", rules: v2.rules.filter((rule) => rule.id !== "style-register")};
    const report = previewReport({items, base: v2, candidate, set: [], domains});
    expect(report.workedExamples).toEqual({lost: [4], gained: []});
    expect(report.coverage.find((row) => row.score === 4)).toEqual({score: 4, before: 1, items: []});
    const lines = previewLines(report);
    expect(lines[0]).toBe("base v2, candidate v3: 33 items");
    expect(lines).toContain("  score 4 loses its last worked example");
    expect(lines).toContain("  no worked example under the candidate for score 4");
    expect(lines).toContain("      line 3 style-register: met-flaw [slightly-less-formal] -> undecided (no rule)");
    expect(lines).toContain("  calibration-a  5 or 3  (was 4)");
  });

  it("every parameter and rule of the base is tried; the lines say when there is none", () => {
    const report = previewReport({items, base: v2, candidate: v2, set: [], domains});
    expect(report.dependence.parameters.map((entry) => entry.name)).toEqual(caseStudyParameterNames);
    expect(report.dependence.rules.map((entry) => entry.rule)).toEqual(v2.rules.map((rule) => rule.id));
    const lines = previewLines(report);
    expect(lines).toContain("  rules: none, every rule moves some item");
    // No worked case has two small flaws: row 4's threshold moves none.
    expect(lines.at(-2)).toBe("  rubric thresholds: rubric.one-small-flaw");
    expect(lines.at(-4)).toBe("what the worked examples do not test under v2 (changing it moves no item's score):");
    // The base as it is: nothing more to say of the candidate.
    expect(report.candidateDependence).toBeNull();
  });

  it("says what the candidate leaves untested too, as the authors' page does: counting by most missed, partlyWeight", () => {
    // Under "most missed" row 3 reads how many lines are missed and no share (guideline/v2/logic.yaml's rubric), so
    // partlyWeight, which weighs a partly met line in the share, moves no item; under v2's "at least half" it does.
    const report = previewReport({
      items,
      base: v2,
      candidate: v2,
      set: [{name: "counting", value: "most-missed"}],
      domains,
    });
    expect(report.candidateDependence!.untested.parameters).toContain("partlyWeight");
    expect(report.dependence.untested.parameters).not.toContain("partlyWeight");
    // Nor does row 3's share, for the same reason.
    expect(report.candidateDependence!.untested.thresholds).toEqual(["one-small-flaw", "half-or-more"]);
    expect(previewLines(report).slice(-4)).toEqual([
      "and under the candidate, v2 with How “at least half” counts the other instructions (counting): at-least-half → most-missed:",
      `  parameters: ${report.candidateDependence!.untested.parameters.join(", ")}`,
      "  rubric thresholds: rubric.one-small-flaw, rubric.half-or-more",
      "  rules: none, every rule moves some item",
    ]);
  });

  it("lists as untested the two parameters the case study's cases cannot move, worked out from their facts", () => {
    // Hand-worked from lib/engine/rules.ts and the item files, not from the preview. mainPartThreshold
    // (main-task-partial) tells "at least half" from "more than half": the two differ only where exactly half of the
    // main task is done, and no case-study item's main-task-partial line has that (edge-3 has 4 of 6).
    const items = caseStudyItems;
    const lines = items.flatMap((item) => item.checklist.map((line, index) => ({item, line, index})));
    const exactlyHalf = lines.filter(
      ({line}) => line.rule === "main-task-partial" && Number(line.facts.done) * 2 === line.facts.of,
    );
    expect(exactlyHalf).toEqual([]);
    // additionsBreakWithoutWording (only-just) changes a verdict only where the request has no "only"/"just" and the
    // response adds something: not-instruction becomes not-met. Only edge-8's fourth line is such a line, and edge-8
    // already misses its one counted instruction (the two-sentence limit): 0 of 1 met and 0 of 2 met are both under
    // half, a 2 either way.
    const additionsWithoutWording = lines.filter(
      ({line}) => line.rule === "only-just" && !line.facts.restrictiveWording && line.facts.additions,
    );
    expect(additionsWithoutWording.map(({item, index}) => [item.id, index])).toEqual([["edge-8", 3]]);
    const edge8 = items.find((item) => item.id === "edge-8")!;
    expect(edge8.score).toBe(2);
    expect(
      edge8.checklist
        .filter((line) => line.role !== "main" && line.verdict !== "not-instruction")
        .map((l) => l.verdict),
    ).toEqual(["not-met"]);

    // In the order v2's logic.yaml declares them, as the report lists parameters.
    const report = previewReport({items, base: v2, candidate: v2, set: [], domains});
    expect(report.dependence.untested.parameters).toEqual(["additionsBreakWithoutWording", "mainPartThreshold"]);
    expect(previewLines(report)).toContain("  parameters: additionsBreakWithoutWording, mainPartThreshold");
  });

  it("lists none once the notebook's cases are in: fresh-2 does half its main task, fresh-1 adds with no 'only'", () => {
    const half = items.flatMap((item) =>
      item.checklist
        .filter((line) => line.rule === "main-task-partial" && Number(line.facts.done) * 2 === line.facts.of)
        .map(() => item.id),
    );
    expect(half).toEqual(["fresh-2"]);
    // fresh-1's one counted instruction (two lines) is met: the additions turned into a missed instruction would
    // make it one of two met, a 3 where it was a 5.
    const fresh1 = items.find((item) => item.id === "fresh-1")!;
    expect(fresh1.score).toBe(5);
    expect(
      fresh1.checklist.filter((line) => line.role === "instruction").map((line) => [line.rule, line.verdict]),
    ).toEqual([["numbers", "met"]]);
    const report = previewReport({items, base: v2, candidate: v2, set: [], domains});
    expect(report.dependence.untested.parameters).toEqual([]);
    expect(previewLines(report)).toContain("  parameters: none, every parameter moves some item");
  });
});

import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseDocument} from "yaml";
import {declaredGuidelineFile} from "../../../lib/authored/schemas/guideline.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {caseStudyParameters} from "../engine/case-study-parameters.js";
import {formatProblem, problemsFromZod} from "../../../lib/authored/problems.js";

/** Validates a guideline fixture with the schema; returns its problems, one a line (empty when valid). */
function problemsOf(name: string): string {
  const file = `test/fixtures/guideline/${name}.yaml`;
  const input: unknown = parseDocument(readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8")).toJS();
  const parsed = declaredGuidelineFile(loadGuideline("v2").logic).safeParse(input);
  return parsed.success ? "" : problemsFromZod(file, parsed.error, input).map(formatProblem).join("\n");
}

describe("the Guideline schema", () => {
  it("accepts a small valid guideline", () => {
    expect(problemsOf("valid")).toBe("");
  });
  it("rejects a duplicate rule id", () => {
    expect(problemsOf("duplicate-rule-id")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/duplicate-rule-id.yaml at rules[1].id: duplicate rule id "main-task""`,
    );
  });
  it("rejects an unknown rule id", () => {
    expect(problemsOf("unknown-rule-id")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/unknown-rule-id.yaml at rules[1].id: logic.yaml beside this file declares no rule "sizes": write its logic there, or correct the id to one it declares: main-task, stated-constraints, numbers, size-words, purpose, style-register, only-just, clarifying-question, main-task-partial, conflicting, refusal, not-rated, list-stated-only, standing-instructions, pasted-material"`,
    );
  });
  it("rejects rubric levels out of order", () => {
    expect(problemsOf("rubric-order")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/rubric-order.yaml at rubric: expected rubric levels 5, 4, 3, 2, 1 in that order, found 5,3,4,2,1"`,
    );
  });
  it("rejects a rubric with a level missing", () => {
    expect(problemsOf("missing-rubric-level")).toMatchInlineSnapshot(`
      "test/fixtures/guideline/missing-rubric-level.yaml at rubric: too small: expected array to have exactly 5 items
      test/fixtures/guideline/missing-rubric-level.yaml at rubric: expected rubric levels 5, 4, 3, 2, 1 in that order, found 5,4,3,2"
    `);
  });
  it("rejects a parameters block: the parameters' values are written once, in logic.yaml", () => {
    expect(problemsOf("parameters-block")).toBe(
      "test/fixtures/guideline/parameters-block.yaml at parameters: unknown field: remove it or correct its name",
    );
  });
  it("rejects a rule that names an unknown parameter", () => {
    expect(problemsOf("unknown-rule-parameter")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/unknown-rule-parameter.yaml at rules[1].parameters[0]: got "ceilingNeedsTwo": expected one of "partlyWeight", "counting", "partialMainCap", "mainNotMet", "ceilingNeedsOne", "registerBreak", "slightLapse", "additionsBreakWithoutWording", "mainPartThreshold", "clarifyingQuestionTest", "accuracyRated""`,
    );
  });
});

describe("reconstructed parts and unwritten rules", () => {
  it("accepts a marker with a reason on a rule, on some fields of a level and on the version's texts", () => {
    expect(problemsOf("reconstructed")).toBe("");
  });
  it("rejects a marker with no reason, or naming a field the entry lacks", () => {
    expect(problemsOf("bad-reconstructed")).toMatchInlineSnapshot(`
      "test/fixtures/guideline/bad-reconstructed.yaml at rubric[3].reconstructed.because: missing: expected string
      test/fixtures/guideline/bad-reconstructed.yaml at rubric[3].reconstructed.fields[0]: got "text": expected one of "meaning", "checklist""
    `);
  });
  it("rejects an unwritten rule that the text states too", () => {
    expect(problemsOf("stated-unwritten-rule")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/stated-unwritten-rule.yaml at unwrittenRules[0].id: rule id "numbers" is already a stated rule: an unwritten rule is one the text does not state"`,
    );
  });
});

describe("the two released versions", () => {
  const v1 = loadGuideline("v1");
  const v2 = loadGuideline("v2");

  it("v2 is the case study's final guideline: default parameters, the opening on what is not rated", () => {
    expect(v2.parameters).toEqual(caseStudyParameters);
    expect(v2.notRated?.title).toBe("What you are rating");
    expect(v2.replaces).toBe("v1");
  });
  it("v1 is the first rubric: no counting rule, no row for a question that wasn't needed, the first style wording", () => {
    expect(v1.parameters).toEqual({
      ...caseStudyParameters,
      counting: "most-missed",
      mainNotMet: "unspecified",
      slightLapse: "flaw-or-partly",
    });
    expect(v1.replaces).toBeUndefined();
  });
  it("v1 has no opening on what is not rated: accuracy is left out by the author's unwritten rule", () => {
    expect(v1.notRated).toBeUndefined();
    expect(v1.rules.map((rule) => rule.id)).not.toContain("not-rated");
    expect(v1.unwrittenRules).toEqual([
      expect.objectContaining({
        id: "not-rated",
        text: "Accuracy is rated separately.",
        caseStudy: expect.stringContaining("correct under my rule that accuracy is rated separately"),
      }),
    ]);
  });
  it("v2 states a rule for every rule id an item may cite; v1 states all but not-rated, which it leaves unwritten", () => {
    // An item may cite the rules the current version's logic declares.
    const checklistRuleIds = v2.logic.rules.map((rule) => rule.id);
    expect(v2.rules.map((rule) => rule.id).sort()).toEqual([...checklistRuleIds].sort());
    expect(v1.rules.map((rule) => rule.id).sort()).toEqual(checklistRuleIds.filter((id) => id !== "not-rated").sort());
  });
  it("v1 quotes the case study's row 2 and marks every other rubric text and every rule as reconstructed, with a reason", () => {
    expect(v1.rubric.find((level) => level.score === 2)).toMatchObject({
      checklist: "Most instructions missed",
      reconstructed: {fields: ["meaning"]},
    });
    for (const level of v1.rubric.filter((level) => level.score !== 2))
      expect(level.reconstructed?.fields, `row ${level.score}`).toBeUndefined();
    expect(v1.rubric.every((level) => level.reconstructed?.because)).toBe(true);
    expect(v1.rules.filter((rule) => !rule.reconstructed?.because)).toEqual([]);
    expect(v1.reconstructed?.notApplicable?.because).toBeTruthy();
  });
  it("v1 does not copy v2's style rule or row 4: the first wording does not place a slightly less formal choice", () => {
    const style = (guideline: typeof v1) => guideline.rules.find((rule) => rule.id === "style-register")!.text;
    expect(style(v2)).toContain("slightly less formal");
    expect(style(v1)).not.toContain("slightly less formal");
    expect(v2.rubric[1]!.checklist).toContain("Viele Grüße");
    expect(v1.rubric[1]!.checklist).not.toContain("Viele Grüße");
    expect(v1.rubric[2]!.checklist).not.toBe(v2.rubric[2]!.checklist);
  });
  it("v1's summary names the three breaks and the style gap", () => {
    for (const named of [
      "A clarifying question (Example 6) fell between 1 and 2",
      "(Examples 2, 3 and 7) fell between 2 and 3",
      '"most instructions missed" doesn\'t say whether one of two is most',
      "A wrong answer (Example 5) scored 5",
      "a trainee has none to cite",
      "Calibration A exposed a gap in the first wording of the style rule",
    ])
      expect(v1.summary).toContain(named);
  });
  it("v2 reconstructs nothing and has no unwritten rule", () => {
    expect(v2.rules.filter((rule) => rule.reconstructed)).toEqual([]);
    expect(v2.rubric.filter((level) => level.reconstructed)).toEqual([]);
    expect(v2.reconstructed).toBeUndefined();
    expect(v2.unwrittenRules).toBeUndefined();
  });
  it("every rule lists the parameters it reads", () => {
    const readers = Object.fromEntries(
      v2.rules.filter((rule) => rule.parameters.length).map((rule) => [rule.id, rule.parameters]),
    );
    expect(readers).toEqual({
      "numbers": ["ceilingNeedsOne"],
      "style-register": ["registerBreak", "slightLapse"],
      "only-just": ["additionsBreakWithoutWording"],
      "clarifying-question": ["clarifyingQuestionTest"],
      "main-task-partial": ["mainPartThreshold", "partialMainCap"],
    });
  });
});

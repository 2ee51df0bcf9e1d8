import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseDocument} from "yaml";
import {Guideline} from "../../lib/guideline.js";
import {checklistRuleIds} from "../../lib/item.js";
import {loadGuideline} from "../../lib/load.js";
import {defaultParameters} from "../../lib/parameters.js";
import {formatProblem, problemsFromZod} from "../../lib/problems.js";

/** Validates a guideline fixture with the schema; returns its problems, one a line (empty when valid). */
function problemsOf(name: string): string {
  const file = `test/fixtures/guideline/${name}.yaml`;
  const input: unknown = parseDocument(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")).toJS();
  const parsed = Guideline.safeParse(input);
  return parsed.success ? "" : problemsFromZod(file, parsed.error, input).map(formatProblem).join("\n");
}

describe("the Guideline schema", () => {
  it("accepts a small valid guideline and fills in the default parameters", () => {
    expect(problemsOf("valid")).toBe("");
    const input: unknown = parseDocument(
      readFileSync(new URL("../../test/fixtures/guideline/valid.yaml", import.meta.url), "utf8"),
    ).toJS();
    expect(Guideline.parse(input).parameters).toEqual({...defaultParameters, ceilingNeedsOne: false});
  });
  it("rejects a duplicate rule id", () => {
    expect(problemsOf("duplicate-rule-id")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/duplicate-rule-id.yaml at rules[1].id: duplicate rule id "main-task""`,
    );
  });
  it("rejects an unknown rule id", () => {
    expect(problemsOf("unknown-rule-id")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/unknown-rule-id.yaml at rules[1].id: got "sizes": expected one of "main-task", "stated-constraints", "numbers", "size-words", "purpose", "style-register", "only-just", "clarifying-question", "main-task-partial", "conflicting", "refusal", "not-rated", "list-stated-only", "standing-instructions", "pasted-material""`,
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
  it("rejects an unknown parameter", () => {
    expect(problemsOf("unknown-parameter")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/unknown-parameter.yaml at parameters.ceilingNeedOne: unknown field: remove it or correct its name"`,
    );
  });
  it("rejects a parameter value it does not know", () => {
    expect(problemsOf("bad-parameter-value")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/bad-parameter-value.yaml at parameters.counting: got "most": expected one of "at-least-half", "more-than-half", "most-missed""`,
    );
  });
  it("rejects a rule that names an unknown parameter", () => {
    expect(problemsOf("unknown-rule-parameter")).toMatchInlineSnapshot(
      `"test/fixtures/guideline/unknown-rule-parameter.yaml at rules[1].parameters[0]: got "ceilingNeedsTwo": expected one of "partlyWeight", "counting", "partialMainCap", "mainNotMet", "ceilingNeedsOne", "registerBreak", "additionsBreakWithoutWording", "mainPartThreshold", "clarifyingQuestionTest", "accuracyRated""`,
    );
  });
});

describe("the two released versions", () => {
  const v1 = loadGuideline("v1");
  const v2 = loadGuideline("v2");

  it("v2 is the seed's final guideline: default parameters, the opening on what is not rated", () => {
    expect(v2.parameters).toEqual(defaultParameters);
    expect(v2.notRated?.title).toBe("What you are rating");
    expect(v2.replaces).toBe("v1");
  });
  it("v1 is the first rubric: no counting rule, no clarifying-question test, no opening", () => {
    expect(v1.parameters).toEqual({...defaultParameters, counting: "most-missed", mainNotMet: "unspecified"});
    expect(v1.notRated).toBeUndefined();
    expect(v1.rules.map((rule) => rule.id)).not.toContain("clarifying-question");
  });
  it("v2 has a rule for every rule id an item may cite, v1 all but clarifying-question", () => {
    expect(v2.rules.map((rule) => rule.id).sort()).toEqual([...checklistRuleIds].sort());
    expect(v1.rules.map((rule) => rule.id).sort()).toEqual(
      checklistRuleIds.filter((id) => id !== "clarifying-question").sort(),
    );
  });
  it("every rule lists the parameters it reads", () => {
    const readers = Object.fromEntries(
      v2.rules.filter((rule) => rule.parameters.length).map((rule) => [rule.id, rule.parameters]),
    );
    expect(readers).toEqual({
      "numbers": ["ceilingNeedsOne"],
      "style-register": ["registerBreak"],
      "only-just": ["additionsBreakWithoutWording"],
      "clarifying-question": ["clarifyingQuestionTest"],
      "main-task-partial": ["mainPartThreshold", "partialMainCap"],
    });
  });
});

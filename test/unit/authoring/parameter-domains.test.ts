import {describe, expect, it} from "vitest";
import {z} from "zod";
import {checklistRuleIds} from "../../../lib/authored/schemas/item.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {fieldComments, parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {defaultParameters, GuidelineParameters} from "../../../lib/authored/schemas/parameters.js";

const v1 = loadGuideline("v1");
const v2 = loadGuideline("v2");
const domains = parameterDomains(v2);

describe("parameterDomains", () => {
  it("covers every field of the schema, in its order, with the schema's default", () => {
    expect(domains.map((domain) => domain.name)).toEqual(Object.keys(GuidelineParameters.shape));
    for (const domain of domains) expect(domain.default, domain.name).toBe(defaultParameters[domain.name]);
  });

  it("lists only values the schema accepts, the default among them, and every field has a meaning and a reader", () => {
    for (const domain of domains) {
      expect(domain.values.length, domain.name).toBeGreaterThan(1);
      expect(domain.values, domain.name).toContain(domain.default);
      for (const value of domain.values)
        expect(GuidelineParameters.shape[domain.name].safeParse(value).success, `${domain.name}=${value}`).toBe(true);
      expect(domain.meaning, domain.name).not.toBe("");
      expect(domain.reader === "rubric" || (checklistRuleIds as string[]).includes(domain.reader!), domain.name).toBe(
        true,
      );
    }
  });

  it("reads each kind from the schema", () => {
    const byName = Object.fromEntries(domains.map((domain) => [domain.name, domain]));
    expect(byName.partlyWeight).toMatchObject({kind: "number", min: 0, max: 1, values: [0, 0.25, 0.5, 0.75, 1]});
    expect(byName.partialMainCap).toMatchObject({kind: "integer", min: 1, max: 5, values: [1, 2, 3, 4, 5]});
    expect(byName.counting).toMatchObject({
      kind: "choice",
      values: ["at-least-half", "more-than-half", "most-missed"],
      min: null,
      max: null,
    });
    expect(byName.ceilingNeedsOne).toMatchObject({kind: "boolean", values: [false, true]});
    expect(byName.ceilingNeedsOne).toMatchObject({
      reader: "numbers",
      meaning: 'a ceiling ("no more than two") is met only if at least one is delivered.',
    });
  });

  it("names the rules of the given version that read each field", () => {
    const rules = (guideline = v2) =>
      Object.fromEntries(parameterDomains(guideline).map((domain) => [domain.name, domain.rules]));
    expect(rules()).toMatchObject({
      partialMainCap: ["main-task-partial"],
      mainPartThreshold: ["main-task-partial"],
      clarifyingQuestionTest: ["clarifying-question"],
      accuracyRated: ["not-rated"],
      partlyWeight: [],
    });
    // v1 reads the style rule's first wording through slightLapse, and settles only a question that was needed.
    expect(rules(v1).slightLapse).toEqual(["style-register"]);
    expect(rules(v1).clarifyingQuestionTest).toEqual(["clarifying-question"]);
    expect(parameterDomains().find((domain) => domain.name === "registerBreak")!.rules).toEqual(["style-register"]);
  });

  it("picks up a new field with no change to the code: values, range, default and comment", () => {
    const schema = GuidelineParameters.extend({
      maxExtras: z.int().min(0).max(100).default(2),
      tone: z.literal(["plain", "warm"]).default("plain"),
    });
    const comments = new Map([...fieldComments(), ["maxExtras", "only-just: how many additions an answer may make."]]);
    const added = parameterDomains(v2, {schema, comments}).slice(-2);
    expect(added).toEqual([
      {
        name: "maxExtras",
        kind: "integer",
        values: [0, 2, 50, 100],
        min: 0,
        max: 100,
        default: 2,
        meaning: "how many additions an answer may make.",
        reader: "only-just",
        rules: ["only-just"],
      },
      {
        name: "tone",
        kind: "choice",
        values: ["plain", "warm"],
        min: null,
        max: null,
        default: "plain",
        meaning: "",
        reader: null,
        rules: [],
      },
    ]);
  });

  it("refuses a field whose values it cannot list, naming the field and what to use", () => {
    const schema = GuidelineParameters.extend({label: z.string().default("x")});
    expect(() => parameterDomains(v2, {schema})).toThrowErrorMatchingInlineSnapshot(
      `[Error: lib/authored/schemas/parameters.ts at label: the preview cannot list the values of a string field: use z.boolean(), z.enum([...]), z.int() or z.number() with .min() and .max()]`,
    );
  });

  it("reads multi-line doc comments into one line", () => {
    const source = `export const S = z.object({
  /** rubric: first line
   *  second line. */
  a: z.boolean(),
  b: z.boolean(),
  /** plain words */ c: z.boolean(),
});`;
    expect([...fieldComments(source)]).toEqual([
      ["a", "rubric: first line second line."],
      ["c", "plain words"],
    ]);
  });
});

import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import {LogicParameter} from "../../../lib/authored/schemas/logic.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {caseStudyParameters, caseStudyParameterNames} from "../engine/case-study-parameters.js";

const v1 = loadGuideline("v1");
const v2 = loadGuideline("v2");
const domains = parameterDomains(v2);

describe("parameterDomains", () => {
  it("covers every declared parameter, in the order of the former schema, with v2's value", () => {
    expect(domains.map((domain) => domain.name)).toEqual(caseStudyParameterNames);
    for (const domain of domains) expect(domain.default, domain.name).toBe(caseStudyParameters[domain.name]);
  });

  it("lists only values the schema accepts, the default among them, and every parameter has a meaning and a reader", () => {
    // The schema of a declared parameter (lib/authored/schemas/logic.ts) accepts its value: a choice among its
    // values, a count a whole number in its range, a number in its range, a yes-no true or false.
    const declared = new Map(v2.logic.parameters.map((parameter) => [parameter.name, parameter]));
    for (const domain of domains) {
      expect(domain.values.length, domain.name).toBeGreaterThan(1);
      expect(domain.values, domain.name).toContain(domain.default);
      for (const value of domain.values)
        expect(LogicParameter.safeParse({...declared.get(domain.name), value}).success, `${domain.name}=${value}`).toBe(
          true,
        );
      expect(domain.meaning, domain.name).not.toBe("");
      expect(domain.reader === "rubric" || v2.logic.rules.some((rule) => rule.id === domain.reader), domain.name).toBe(
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
      meaning:
        "Any count from one up to the limit meets a ceiling; this decides a response that delivers none. The Numbers " +
        "rule says none does not meet it.",
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

  it("picks up a new declared parameter with no change to the code: values, range, value and meaning", () => {
    const maxExtras: LogicParameter = {
      name: "maxExtras",
      title: "How many additions an answer may make",
      description: "how many additions an answer may make.",
      type: "count",
      min: 0,
      max: 100,
      value: 2,
    };
    const tone: LogicParameter = {
      name: "tone",
      title: "The tone",
      description: "the tone asked for.",
      type: "choice",
      values: ["plain", "warm"],
      value: "plain",
    };
    const onlyJust = (rule: (typeof v2.logic.rules)[number]) =>
      rule.id === "only-just"
        ? {
            ...rule,
            clauses: [
              {id: "too-many", when: "additions && maxExtras == 0", verdict: "not-met" as const},
              ...rule.clauses,
            ],
          }
        : rule;
    const extended = {
      ...v2,
      logic: {...v2.logic, parameters: [...v2.logic.parameters, maxExtras, tone], rules: v2.logic.rules.map(onlyJust)},
    };
    expect(parameterDomains(extended).slice(-2)).toEqual([
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
        meaning: "the tone asked for.",
        reader: null,
        rules: [],
      },
    ]);
  });

  it("gives each parameter its value in the version it is read for", () => {
    const byName = Object.fromEntries(parameterDomains(v1).map((domain) => [domain.name, domain.default]));
    expect(byName).toMatchObject({counting: "most-missed", mainNotMet: "unspecified", slightLapse: "flaw-or-partly"});
  });
});

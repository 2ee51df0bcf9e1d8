import {describe, expect, it} from "vitest";
import {dependence} from "../../lib/authoring/dependence.js";
import {ruleSetOf} from "../../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../../lib/node/load.js";
import {parameterDomains} from "../../lib/authoring/parameter-domains.node.js";
import {prepareBase} from "../../lib/authoring/preview.js";

const items = loadItems();
const v2 = loadGuideline("v2");
const found = dependence(prepareBase(items, ruleSetOf(v2)), parameterDomains(v2));
const parameter = (name: string) => found.parameters.find((entry) => entry.name === name)!;
const rule = (id: string) => found.rules.find((entry) => entry.rule === id)!;

describe("dependence under v2", () => {
  it("the worked cases do not test additionsBreakWithoutWording or mainPartThreshold: no value moves an item", () => {
    expect(found.untested.parameters).toEqual(
      expect.arrayContaining(["additionsBreakWithoutWording", "mainPartThreshold"]),
    );
    expect(parameter("additionsBreakWithoutWording")).toEqual({
      name: "additionsBreakWithoutWording",
      current: false,
      values: [{value: true, moved: []}],
      moved: [],
    });
    expect(parameter("mainPartThreshold").values).toEqual([{value: "more-than-half", moved: []}]);
  });

  it("names the exact items the tested parameters move, value by value", () => {
    expect(parameter("ceilingNeedsOne").moved).toEqual(["edge-1a"]);
    expect(parameter("accuracyRated").moved).toEqual(["example-5"]);
    expect(parameter("counting").values).toEqual([
      {value: "more-than-half", moved: ["example-2", "example-3", "example-4", "example-7"]},
      {value: "most-missed", moved: ["example-2", "example-3", "example-7"]},
    ]);
    expect(parameter("counting").moved).toEqual(["example-2", "example-3", "example-4", "example-7"]);
    expect(parameter("clarifyingQuestionTest").values).toEqual([
      {value: "never", moved: ["edge-4", "calibration-d"]},
      {value: "always", moved: ["calibration-d-twist"]},
    ]);
    expect(parameter("partialMainCap").values).toEqual([
      {value: 1, moved: ["edge-3"]},
      {value: 2, moved: ["edge-3"]},
      {value: 4, moved: []},
      {value: 5, moved: []},
    ]);
    for (const name of ["ceilingNeedsOne", "accuracyRated", "counting", "clarifyingQuestionTest", "partialMainCap"])
      expect(found.untested.parameters).not.toContain(name);
  });

  it("tries every value but the current one, for every parameter of the schema", () => {
    const domains = parameterDomains(v2);
    expect(found.parameters.map((entry) => entry.name)).toEqual(domains.map((domain) => domain.name));
    for (const entry of found.parameters) {
      expect(entry.current, entry.name).toBe(v2.parameters[entry.name]);
      const tried = entry.values.map(({value}) => value);
      expect(tried, entry.name).not.toContain(entry.current);
      expect(tried.length, entry.name).toBe(domains.find((domain) => domain.name === entry.name)!.values.length - 1);
    }
  });

  it("a rule removed leaves its lines undecided: the items that cite it move", () => {
    expect(rule("main-task-partial").moved).toEqual(["edge-3"]);
    expect(rule("conflicting").moved).toEqual(["edge-6"]);
    expect(rule("clarifying-question").moved).toEqual(["edge-4", "calibration-d", "calibration-d-twist"]);
    expect(found.rules.map((entry) => entry.rule)).toEqual(v2.rules.map((entry) => entry.id));
    expect(found.untested.rules).toEqual([]);
  });

  it("reports a rule no item needs, and a parameter only it reads, as untested", () => {
    const withoutQuestions = items.filter(
      (item) => !item.checklist.some((line) => line.rule === "clarifying-question"),
    );
    const partial = dependence(prepareBase(withoutQuestions, ruleSetOf(v2)), parameterDomains(v2));
    expect(partial.untested.rules).toEqual(["clarifying-question"]);
    expect(partial.untested.parameters).toContain("clarifyingQuestionTest");
    expect(partial.version).toBe("v2");
  });
});

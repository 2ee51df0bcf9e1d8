import {describe, expect, it} from "vitest";
import {dependence} from "../../../lib/authoring/dependence.js";
import {ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {prepareBase} from "../../../lib/authoring/preview.js";

const items = loadItems();
const v2 = loadGuideline("v2");
const found = dependence(prepareBase(items, ruleSetOf(v2)), parameterDomains(v2));
const parameter = (name: string) => found.parameters.find((entry) => entry.name === name)!;
const rule = (id: string) => found.rules.find((entry) => entry.rule === id)!;

describe("dependence under v2", () => {
  it("the case study's cases alone do not test additionsBreakWithoutWording or mainPartThreshold", () => {
    const caseStudy = items.filter((item) => item.origin === "case-study");
    const theirs = dependence(prepareBase(caseStudy, ruleSetOf(v2)), parameterDomains(v2));
    expect(theirs.untested.parameters).toEqual(["additionsBreakWithoutWording", "mainPartThreshold"]);
    expect(theirs.parameters.find((entry) => entry.name === "additionsBreakWithoutWording")).toEqual({
      name: "additionsBreakWithoutWording",
      current: false,
      values: [{value: true, moved: []}],
      moved: [],
    });
  });

  it("the notebook's cases pin them: fresh-1 moves with the additions, fresh-2 with the main task's threshold", () => {
    // fresh-1: a caption with a tip added, and no "only" or "just" in the request: the additions are no instruction
    // under v2, so they break one only when additionsBreakWithoutWording is true. fresh-2: two of four notes, exactly
    // half of the main task, partly done "at least half" and not "more than half".
    expect(parameter("additionsBreakWithoutWording")).toEqual({
      name: "additionsBreakWithoutWording",
      current: false,
      values: [{value: true, moved: ["fresh-1"]}],
      moved: ["fresh-1"],
    });
    expect(parameter("mainPartThreshold").values).toEqual([{value: "more-than-half", moved: ["fresh-2"]}]);
    // So the guideline check warns about no parameter, and no rule, any more (row 4's threshold: see below).
    expect(found.untested).toEqual({parameters: [], rules: [], thresholds: ["one-small-flaw"]});
  });

  it("names the exact items the tested parameters move, value by value", () => {
    expect(parameter("ceilingNeedsOne").moved).toEqual(["edge-1a"]);
    expect(parameter("accuracyRated").moved).toEqual(["example-5"]);
    // fresh-3's "brief" is partly met, one of one other instruction: half, like example 4's one partly of one.
    expect(parameter("counting").values).toEqual([
      {value: "more-than-half", moved: ["example-2", "example-3", "example-4", "example-7", "fresh-3"]},
      {value: "most-missed", moved: ["example-2", "example-3", "example-7"]},
    ]);
    expect(parameter("counting").moved).toEqual(["example-2", "example-3", "example-4", "example-7", "fresh-3"]);
    expect(parameter("clarifyingQuestionTest").values).toEqual([
      {value: "never", moved: ["edge-4", "calibration-d"]},
      {value: "always", moved: ["calibration-d-twist"]},
    ]);
    // fresh-2's main task is partly done (two of four notes), as edge 3's (four of six translated): capped at 3.
    expect(parameter("partialMainCap").values).toEqual([
      {value: 1, moved: ["edge-3", "fresh-2"]},
      {value: 2, moved: ["edge-3", "fresh-2"]},
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

  it("tries each row threshold along its range: row 3's share moves the cases at a half, row 4's flaws none", () => {
    const threshold = (row: string) => found.thresholds.find((entry) => entry.row === row)!;
    // Row 3 at 0.75: example 3's two of four other instructions met (the case study's "at least half", ruled 3) are
    // no longer enough. At 0: a share of none is enough, so the cases ruled 2 on "fewer than half" rise.
    const share = threshold("half-or-more");
    expect(share.current).toBe(0.5);
    expect(share.values.map(({value}) => value)).toEqual([0, 0.25, 0.75, 1]);
    expect(share.values.find(({value}) => value === 0.75)!.moved).toContain("example-3");
    expect(share.values.find(({value}) => value === 0.25)!.moved).toEqual([]);
    // Row 4 allows one small flaw; a case moves only if it has every instruction met and two or more small flaws, and
    // no worked case does.
    const twoFlaws = items.filter((item) => item.checklist.filter((line) => line.verdict === "met-flaw").length > 1);
    expect(twoFlaws.map((item) => item.id)).toEqual([]);
    expect(threshold("one-small-flaw")).toMatchObject({
      title: "How many small flaws a 4 allows",
      current: 1,
      values: [2, 3, 4, 5].map((value) => ({value, moved: []})),
      moved: [],
    });
    expect(found.untested.thresholds).toEqual(["one-small-flaw"]);
  });

  it("a rule removed leaves its lines undecided: the items that cite it move", () => {
    expect(rule("main-task-partial").moved).toEqual(["edge-3", "fresh-2"]);
    expect(rule("conflicting").moved).toEqual(["edge-6", "fresh-5"]);
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

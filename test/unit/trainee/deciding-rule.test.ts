// The deciding rule of each case, held to the case study: the edge-case map names, row by row, what settles each case
// ("Not met (a ceiling needs at least one)", "Serves both as far as possible: met", ...), and the calibration cases'
// checklists say which line costs the score. Each expected rule below is read off those words, not off the code.
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";
import {decidingRule, decidingRuleMatches, rowLines} from "../../../lib/trainee/deciding-rule.js";

const items = loadItems();
const guideline = loadGuidelines().at(-1)!;
const ruleSet = ruleSetOf(guideline);
const item = (id: string): Item => items.find((candidate) => candidate.id === id)!;
const ruleOf = (id: string) => decidingRule(item(id), derive(item(id), ruleSet), guideline.logic);

describe("the deciding rule of every edge case, as the edge-case map rules it", () => {
  // id, the map's ruling in its words, the rule that says it
  const map: [string, string, string][] = [
    ["edge-1a", "Not met (a ceiling needs at least one)", "numbers"],
    ["edge-1b", "not met (a bare number means exactly)", "numbers"],
    ["edge-1c", "met", "numbers"],
    ["edge-2", 'Clearly outside what a reader expects for "short": not met', "size-words"],
    ["edge-3", "Partly met, capped at 3", "main-task-partial"],
    ["edge-4", "Main task met; see Calibration D", "clarifying-question"],
    ["edge-5a", "Declines a harmless request; see Calibration C", "refusal"],
    ["edge-5b", "a justified refusal: not applicable", "refusal"],
    ["edge-6", "Serves both as far as possible: met; flag the prompt", "conflicting"],
    ["edge-7", "Standing instruction not met", "standing-instructions"],
    [
      "edge-8",
      "The email's request isn't on the checklist; the added reply breaks the two-sentence limit",
      "pasted-material",
    ],
    ["edge-9", "Formality wasn't stated, so it isn't on the checklist", "list-stated-only"],
    ["edge-10", "Naturalness is a separate dimension", "not-rated"],
    ["edge-10-twist", "naturalness becomes a stated style instruction", "style-register"],
  ];
  it.each(map)("%s: %s -> %s", (id, _ruling, rule) => {
    expect(ruleOf(id).rule).toBe(rule);
  });

  it("covers every edge case the trainee scores", () => {
    expect(items.filter((entry) => entry.set === "edge-cases").map((entry) => entry.id)).toEqual(map.map(([id]) => id));
  });
});

describe("how the rule is found", () => {
  it("reads the trace where a line lowers the score, and the case study's named rule where every line is met", () => {
    expect(ruleOf("calibration-a")).toMatchObject({rule: "style-register", from: "trace"});
    expect(ruleOf("calibration-b")).toMatchObject({rule: "purpose", from: "trace"});
    expect(ruleOf("calibration-c")).toMatchObject({rule: "refusal", from: "trace"});
    expect(ruleOf("calibration-d")).toMatchObject({rule: "clarifying-question", from: "case-study", lines: []});
    expect(ruleOf("example-2")).toMatchObject({rule: "stated-constraints", from: "trace"});
  });

  it("accepts the rule the case study names and the rules the trace names", () => {
    // Edge case 8's map row names the email's request first, then the two-sentence limit the trace finds: both count.
    const ruled = ruleOf("edge-8");
    expect(ruled).toMatchObject({
      rule: "pasted-material",
      accepted: ["pasted-material", "numbers"],
      from: "case-study",
    });
    expect(decidingRuleMatches(ruled, "numbers")).toBe(true);
    expect(decidingRuleMatches(ruled, "pasted-material")).toBe(true);
    expect(decidingRuleMatches(ruled, "size-words")).toBe(false);
    expect(decidingRuleMatches(ruled, undefined)).toBe(false);
    // Without the case study's name the trace's rule stands alone.
    const unnamed = {...item("edge-8"), decidingRule: undefined};
    expect(decidingRule(unnamed, derive(unnamed, ruleSet), guideline.logic).accepted).toEqual(["numbers"]);
  });

  it("names the lines behind the row: the flawed line for a 4, the main task for a partly done task, none for a 5", () => {
    const lines = (id: string) =>
      rowLines(item(id), derive(item(id), ruleSet), guideline.logic).map((at) => item(id).checklist[at]!.text);
    expect(lines("calibration-a")).toEqual(["Formal"]);
    expect(lines("edge-3")).toEqual([item("edge-3").checklist.find((line) => line.role === "main")!.text]);
    expect(lines("example-1")).toEqual([]);
    expect(lines("example-7")).toEqual(["Just the words"]);
  });

  it("refuses an item whose every line is met and that names no rule", () => {
    const bare = {...item("example-1"), decidingRule: undefined};
    expect(() => decidingRule(bare, derive(bare, ruleSet), guideline.logic)).toThrow(
      /example-1: every line is met.*add decidingRule/,
    );
  });
});

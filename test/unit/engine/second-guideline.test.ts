// Issue 31 item 7: the interpreter is general. A second checklist guideline for another rating dimension
// (test/fixtures/second-guideline: a summary's faithfulness to its source) derives each of its seven cases' ruled
// score, row and flags from its own logic.yaml, with no TypeScript of its own. The expected scores are the cases'
// rulings, worked by hand from the fixture's rubric (each case's `ruling` says how).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {GuidelineLogic} from "../../../lib/authored/schemas/logic.js";
import {itemRecord} from "../../../lib/authored/item-text.js";
import {derive, type RuleSet} from "../../../lib/engine/derive.js";
import {compileLogic, parameterValues, type ParameterValues} from "../../../lib/engine/logic.js";
import {flagLabel, rubricRowByNumber, rubricRowWords} from "../../../lib/engine/labels.js";
import {parseYamlFile, projectRoot} from "../../../lib/node/load.js";
import {decidingRule} from "../../../lib/trainee/deciding-rule.js";

const root = join(projectRoot, "test/fixtures/second-guideline");
const logicFile = "guideline/v1/logic.yaml";
const logic = parseYamlFile(readFileSync(join(root, logicFile), "utf8"), logicFile, GuidelineLogic);
const ruleIds = new Set(logic.rules.map((rule) => rule.id));

/**
 * The fixture's cases as the item reader reads them, with what the item schema fills in (no flags, lines stated by the
 * case). Read without the schema: its rule ids and flags are still the case study's until items are checked against
 * the version's declared facts (issue 31 item 2).
 */
const cases = readdirSync(join(root, "data/items"))
  .sort()
  .map((name) => {
    const file = `data/items/${name}`;
    const {record, problems} = itemRecord(readFileSync(join(root, file), "utf8"), file);
    expect(problems).toEqual([]);
    const item = record as unknown as Item;
    item.flags ??= [];
    for (const line of item.checklist) line.source ??= "case-study";
    return item;
  });

const ruleSet = (overrides: ParameterValues = {}): RuleSet => ({
  version: "v1",
  logic: compileLogic(logic),
  ruleIds,
  unwrittenRuleIds: new Set(),
  parameters: {...parameterValues(logic), ...overrides},
});

describe("a second guideline's logic", () => {
  it("derives each of its seven cases' ruled score, by the row its ruling reads, and the flag it raises", () => {
    const derived = cases.map((item) => {
      const derivation = derive(item, ruleSet());
      return {id: item.id, score: derivation.score, rows: derivation.rows, flags: derivation.flags};
    });
    expect(derived).toEqual([
      {id: "summary-1", score: 5, rows: ["all-supported"], flags: []},
      // 60% for the source's 58.6%, given as exact: one small flaw.
      {id: "summary-2", score: 4, rows: ["one-small-flaw"], flags: []},
      // Three of four other claims supported: at least three quarters.
      {id: "summary-3", score: 3, rows: ["mostly-supported"], flags: []},
      // One of three: fewer than three quarters, with the central claim supported.
      {id: "summary-4", score: 2, rows: ["partly-faithful"], flags: []},
      {id: "summary-5", score: 1, rows: ["unfaithful"], flags: []},
      // "A landmark study": an opinion, not a claim, flagged for its tone.
      {id: "summary-6", score: 5, rows: ["all-supported"], flags: ["tone"]},
      // The central claim partly supported; the other three: 2.5 of 3.
      {id: "summary-7", score: 3, rows: ["mostly-supported"], flags: []},
    ]);
    // Every line's verdict is its ruled one.
    for (const item of cases)
      expect(derive(item, ruleSet()).lines.map((line) => line.derived)).toEqual(
        item.checklist.map((line) => line.verdict),
      );
  });

  it("settles each case by the lines its row declares (decidedBy), not by the case study's row ids", () => {
    // Read with each case's own `decidingRule` left out, so the rule comes from the row alone.
    const settles = (id: string) => {
      const item = {...cases.find((entry) => entry.id === id)!, decidingRule: undefined};
      const {rule, lines} = decidingRule(item, derive(item, ruleSet()), logic);
      return {rule, lines};
    };
    // "Unfaithful" is the central claim's row: the main line, though the route (a claim met) is the only other line.
    expect(settles("summary-5")).toEqual({rule: "central-claim", lines: [0]});
    // "One small flaw": the line given as exact for a rounded figure, met with a small flaw.
    expect(settles("summary-2")).toEqual({rule: "figures", lines: [1]});
    // "Partly faithful" reads the share supported: the two claims not met, contradicted and not in the source.
    expect(settles("summary-4")).toEqual({rule: "contradicted", lines: [2, 3]});
    // "Every claim supported": no line lowers the score, so the case must name its rule.
    expect(() => settles("summary-1")).toThrow(/summary-1: every line is met.*add decidingRule/);
  });

  it("moves a case when one of its parameters changes, as its rule's text says", () => {
    // A rounded number given as exact, counted as not supported: one of the two other claims, fewer than 3/4.
    expect(derive(cases[1]!, ruleSet({unhedgedRounding: "not-met"})).score).toBe(2);
    // Half of the other claims is enough for a 3: Case 4's one of three is still not.
    expect(derive(cases[3]!, ruleSet({supportedShare: 0.5})).score).toBe(2);
    expect(derive(cases[3]!, ruleSet({supportedShare: 0.3})).score).toBe(3);
  });

  it("says each of its rows, its cap and its flag in its own words, never by id or as undefined", () => {
    // The words are the fixture's logic.yaml (a ruling's flags, the case editor's rows, the authors' moves).
    expect(flagLabel(logic, "tone")).toBe("Tone");
    const parameters = parameterValues(logic);
    expect(rubricRowWords(logic, "all-supported", parameters)).toBe("every claim supported");
    expect(rubricRowWords(logic, "unfaithful", parameters)).toBe("unfaithful");
    expect(rubricRowByNumber(logic, "mostly-supported", parameters)).toBe("row 3, mostly supported");
    expect(rubricRowByNumber(logic, "central-partly-capped", parameters)).toBe(
      "row 3, the cap for a partly supported central claim",
    );
    expect(rubricRowByNumber(logic, "not-applicable", parameters)).toBe("not applicable");
  });
});

// A clause's verdict or flag and a rubric row's threshold, changed as data: read from "key=value" against a
// version's logic (each error naming what is valid), applied to a copy, and said in words.
import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import {
  applyRuleChanges,
  formatChange,
  isRuleChangeText,
  levelsToReword,
  rulesToReword,
  parseRuleChange,
  parseRuleChanges,
  withRuleChange,
} from "../../../lib/authoring/rule-changes.js";
import {
  logicDifferences,
  ruleChangeWords,
  levelsToRewordWords,
  rulesToRewordWords,
  settingLines,
} from "../../../lib/authoring/rule-change-words.js";
import {errorOf} from "./helpers.js";
import type {Assignment} from "../../../lib/engine/parameters.js";

const v2 = loadGuideline("v2");
const v1 = loadGuideline("v1");
const logic = v2.logic;
const titles = new Map(v2.rules.map((rule) => [rule.id, rule.title]));
const clause = (from: typeof logic, rule: string, id: string) =>
  from.rules.find((entry) => entry.id === rule)!.clauses.find((entry) => entry.id === id)!;

describe("parseRuleChange", () => {
  it("reads a clause's verdict, a clause's flag and a row's threshold; a key without a dot is a parameter's", () => {
    expect(parseRuleChange("numbers.ceiling-needs-one=partly", logic)).toEqual({
      kind: "verdict",
      rule: "numbers",
      clause: "ceiling-needs-one",
      verdict: "partly",
    });
    expect(parseRuleChange("conflicting.serves-one.flag=none", logic)).toEqual({
      kind: "flag",
      rule: "conflicting",
      clause: "serves-one",
      flag: null,
    });
    expect(parseRuleChange("purpose.wording-met-purpose-defeated.flag=quality", logic)).toMatchObject({
      flag: "quality",
    });
    expect(parseRuleChange("rubric.one-small-flaw=2", logic)).toEqual({
      kind: "threshold",
      row: "one-small-flaw",
      value: 2,
    });
    expect(isRuleChangeText("numbers.ceiling-needs-one=partly")).toBe(true);
    expect(isRuleChangeText("rubric.half-or-more=0.6")).toBe(true);
    expect(isRuleChangeText("partlyWeight=0.5")).toBe(false);
    for (const text of [
      "numbers.ceiling-needs-one=partly",
      "conflicting.serves-one.flag=none",
      "rubric.one-small-flaw=2",
    ])
      expect(formatChange(parseRuleChange(text, logic))).toBe(text);
  });

  it("an unknown rule, clause, verdict, flag or row names what is valid", () => {
    expect(errorOf(() => parseRuleChange("number.ceiling-needs-one=partly", logic))).toBe(
      `unknown rule "number": expected one of ${logic.rules.map((rule) => rule.id).join(", ")}, ` +
        "or rubric.<row> for a rubric row's threshold",
    );
    expect(errorOf(() => parseRuleChange("numbers.ceiling=partly", logic))).toBe(
      'unknown clause "ceiling" of rule numbers: expected one of over-ceiling, ceiling-needs-one, within-ceiling, ' +
        "floor-reached, under-floor, exact, not-exact",
    );
    expect(errorOf(() => parseRuleChange("numbers.ceiling-needs-one=half", logic))).toBe(
      "numbers.ceiling-needs-one: expected a verdict, one of met, met-flaw, partly, not-met, cannot-check, " +
        'not-instruction, not-applicable, got "half"',
    );
    expect(errorOf(() => parseRuleChange("conflicting.serves-one.flag=loud", logic))).toBe(
      'conflicting.serves-one.flag: expected one of accuracy, quality, prompt, safety-review, none, got "loud"',
    );
    expect(errorOf(() => parseRuleChange("rubric.all-met=2", logic))).toBe(
      'unknown rubric row with a threshold "all-met": expected one of rubric.one-small-flaw, rubric.half-or-more',
    );
    expect(errorOf(() => parseRuleChange("rubric.one-small-flaw=1.5", logic))).toBe(
      'rubric.one-small-flaw: expected a whole number from 1 to 5, got "1.5"',
    );
    expect(errorOf(() => parseRuleChange("numbers.ceiling-needs-one", logic))).toMatch(/^expected <rule>.<clause>=/);
    expect(errorOf(() => parseRuleChanges(["numbers.exact=partly", "numbers.exact=not-met"], logic))).toBe(
      'numbers.exact is set twice ("numbers.exact=partly" and "numbers.exact=not-met"): set it once',
    );
  });
});

describe("applyRuleChanges", () => {
  it("changes a copy: the verdict set, an open wording decided, a flag dropped, a threshold moved", () => {
    const changed = applyRuleChanges(
      logic,
      parseRuleChanges(
        ["numbers.ceiling-needs-one=partly", "conflicting.serves-one.flag=none", "rubric.one-small-flaw=2"],
        logic,
      ),
    );
    expect(clause(changed, "numbers", "ceiling-needs-one").verdict).toBe("partly");
    expect(clause(changed, "conflicting", "serves-one").flag).toBeUndefined();
    expect(changed.rubric.rows.find((row) => row.id === "one-small-flaw")!.threshold!.value).toBe(2);
    // The version's own logic is as it was.
    expect(clause(logic, "numbers", "ceiling-needs-one").verdict).toBe("not-met");
    expect(clause(logic, "conflicting", "serves-one").flag).toBe("prompt");
    expect(logic.rubric.rows.find((row) => row.id === "one-small-flaw")!.threshold!.value).toBe(1);
    // v1's style rule leaves a choice slightly less formal open: given a verdict, the clause decides it.
    const open = clause(v1.logic, "style-register", "slightly-less-formal");
    expect(open.open).toBeDefined();
    const decided = applyRuleChanges(v1.logic, [
      parseRuleChange("style-register.slightly-less-formal=partly", v1.logic),
    ]);
    expect(clause(decided, "style-register", "slightly-less-formal")).toMatchObject({verdict: "partly"});
    expect(clause(decided, "style-register", "slightly-less-formal").open).toBeUndefined();
  });

  it("a change back to the version's own is no change; a key changed again replaces the first", () => {
    const partly = parseRuleChange("numbers.ceiling-needs-one=partly", logic);
    const met = parseRuleChange("numbers.ceiling-needs-one=met", logic);
    const own = parseRuleChange("numbers.ceiling-needs-one=not-met", logic);
    expect(withRuleChange([partly], met, logic)).toEqual([met]);
    expect(withRuleChange([partly], own, logic)).toEqual([]);
  });
});

describe("ruleChangeWords and settingLines", () => {
  it("says a change with the rule's title, the clause's words and both verdicts in words", () => {
    const words = (text: string, from = v2) =>
      ruleChangeWords(parseRuleChange(text, from.logic), {
        logic: from.logic,
        titles: new Map(from.rules.map((rule) => [rule.id, rule.title])),
      });
    expect(words("numbers.ceiling-needs-one=partly")).toBe(
      "Numbers, a ceiling with none delivered: not met → partly met",
    );
    expect(words("conflicting.serves-one.flag=none")).toBe(
      "Conflicting instructions, serving only one: flag prompt → no flag",
    );
    expect(words("style-register.breaks-register=partly")).toBe(
      "Style and register, a lapse that breaks the register: not met (as registerBreak says) → partly met",
    );
    expect(words("style-register.slightly-less-formal=met", v1)).toBe(
      "Style and register, a choice slightly less formal but acceptable: met, with a small flaw or partly met, " +
        "left open → met",
    );
    expect(words("rubric.one-small-flaw=2")).toBe("How many small flaws a 4 allows (rubric.one-small-flaw): 1 → 2");
  });

  it("reads a wording left open as the engine does: a count parameter is a whole number in the entry's condition", () => {
    // v2 with slightly-less-formal left open while partialMainCap (3) is odd: CEL's % takes whole numbers only.
    const rules = logic.rules.map((rule) =>
      rule.id !== "style-register"
        ? rule
        : {
            ...rule,
            clauses: rule.clauses.map((entry) =>
              entry.id !== "slightly-less-formal"
                ? entry
                : {...entry, open: [{when: "partialMainCap % 2 == 1", verdicts: ["met-flaw", "partly"]}]},
            ),
          },
    );
    const odd = {...logic, rules} as typeof logic;
    expect(ruleChangeWords(parseRuleChange("style-register.slightly-less-formal=met", odd), {logic: odd, titles})).toBe(
      "Style and register, a choice slightly less formal but acceptable: met, with a small flaw or partly met, " +
        "left open → met",
    );
  });

  it("--list: a line per parameter, per clause's verdict and flag and per row threshold, each with its values and the version's own", () => {
    const lines = settingLines(logic, titles);
    const clauses = logic.rules.reduce((sum, rule) => sum + rule.clauses.length, 0);
    expect(lines).toHaveLength(logic.parameters.length + 2 * clauses + 2);
    expect(lines).toContain(
      "counting: at-least-half, more-than-half, most-missed (now at-least-half; How “at least half” counts the other instructions)",
    );
    expect(lines).toContain(
      "partialMainCap: a whole number from 1 to 5 (now 3; The highest score when the main task is only partly done)",
    );
    expect(lines).toContain(
      "numbers.ceiling-needs-one: met, met-flaw, partly, not-met, cannot-check, not-instruction, not-applicable " +
        "(now not met; Numbers, a ceiling with none delivered)",
    );
    expect(lines).toContain(
      "conflicting.serves-one.flag: accuracy, quality, prompt, safety-review, none (now flag prompt)",
    );
    expect(lines).toContain(
      "rubric.one-small-flaw: a whole number from 1 to 5 (now 1; How many small flaws a 4 allows)",
    );
    // Every clause's and row's line reads back as a change with its first value.
    for (const line of lines.slice(logic.parameters.length)) {
      const [key, rest] = line.split(": ");
      const first = rest!.startsWith("a ") ? "1" : rest!.split(",")[0]!.split(" ")[0]!;
      const value = key!.startsWith("rubric.half") ? "0.5" : first;
      expect(() => parseRuleChange(`${key}=${value}`, logic), line).not.toThrow();
    }
  });

  it("what differs: the clauses and rows whose logic differs from the base, in words; v1 and v2 differ in none", () => {
    const changed = {
      ...v2,
      logic: applyRuleChanges(
        logic,
        parseRuleChanges(
          ["numbers.ceiling-needs-one=partly", "conflicting.serves-one.flag=none", "rubric.one-small-flaw=2"],
          logic,
        ),
      ),
    };
    expect(logicDifferences(v2, changed)).toEqual([
      {key: "numbers.ceiling-needs-one", words: "Numbers, a ceiling with none delivered: not met → partly met"},
      {key: "conflicting.serves-one.flag", words: "Conflicting instructions, serving only one: flag prompt → no flag"},
      // With what the rows that say it now read (guideline/v2/logic.yaml: row 4's "one small flaw").
      {
        key: "rubric.one-small-flaw",
        words: "How many small flaws a 4 allows: 1 → 2",
        now: ["row 4, up to 2 small flaws"],
      },
    ]);
    // guideline/v1 and v2 decide alike but for their parameter values, which "What differs" lists apart.
    expect(logicDifferences(v1, v2)).toEqual([]);
    expect(logicDifferences(v2, v2)).toEqual([]);
  });

  it("every clause of v1 and v2 has its words", () => {
    for (const version of [v1, v2])
      for (const rule of version.logic.rules)
        for (const entry of rule.clauses) expect(entry.words, `${version.version} ${rule.id}.${entry.id}`).toBeTruthy();
  });
});

describe("levelsToReword", () => {
  const reword = (set: Assignment[], changes: string[] = []) =>
    levelsToReword(logic, v2.parameters, set, parseRuleChanges(changes, logic));

  it("names the levels whose words follow a parameter the candidate sets otherwise: counting and rows 3 and 2", () => {
    // guideline/v2: row 3 says "at least half of the other instructions met", row 2 "fewer than half"; under
    // "most-missed" neither is what the rows count, and their short words are what holds.
    expect(reword([{name: "counting", value: "most-missed"}])).toEqual([
      {score: 3, settings: ["counting"], reads: ["some instructions missed"]},
      {score: 2, settings: ["counting"], reads: ["most instructions missed"]},
    ]);
  });

  it("names the level whose threshold the candidate changes: row 4's one small flaw", () => {
    expect(reword([], ["rubric.one-small-flaw=2"])).toEqual([
      {score: 4, settings: ["rubric.one-small-flaw"], reads: ["every instruction met, up to 2 with a small flaw"]},
    ]);
  });

  it("names every level whose words say a threshold the candidate changes: row 3's half, said by rows 3 and 2", () => {
    // guideline/v2/logic.yaml: halfShare's wording is "half", in row 3's words and row 2's ("fewer than half").
    expect(reword([], ["rubric.half-or-more=0.6"])).toEqual([
      {
        score: 3,
        settings: ["rubric.half-or-more"],
        reads: ["main task met or partly met, at least 60% of the other instructions met"],
      },
      {
        score: 2,
        settings: ["rubric.half-or-more"],
        reads: ["main task met or partly met, fewer than 60% of the other instructions met"],
      },
    ]);
  });

  it("names none for row 3's share where the version's counting reads no share (v1: instructions missed)", () => {
    // guideline/v1/logic.yaml: counting most-missed; rows 3 and 2 read "some instructions missed" and "most
    // instructions missed", which no share changes.
    expect(
      levelsToReword(v1.logic, v1.parameters, [], parseRuleChanges(["rubric.half-or-more=0.6"], v1.logic)),
    ).toEqual([]);
  });

  it("says the levels to reword and what their rows now read, as the save dialog and --write say them", () => {
    expect(levelsToRewordWords(reword([], ["rubric.half-or-more=0.6"]), "v3")).toBe(
      "The rubric's words for levels 3 and 2 describe rubric.half-or-more, which this version changes; as its rows " +
        "now read, level 3 “main task met or partly met, at least 60% of the other instructions met” and level 2 " +
        "“main task met or partly met, fewer than 60% of the other instructions met”. Reword them in " +
        "guideline/v3/guideline.yaml (saving rewords rules, not the rubric).",
    );
    expect(levelsToRewordWords([], "v3")).toBeNull();
  });

  it("names none for a setting equal to the base's, or one no level's words follow", () => {
    expect(reword([{name: "counting", value: "at-least-half"}], ["rubric.one-small-flaw=1"])).toEqual([]);
    expect(reword([{name: "registerBreak", value: "partly"}])).toEqual([]);
  });
});

describe("rulesToReword", () => {
  const reword = (set: {name: string; value: unknown}[], changes: string[] = []) =>
    rulesToReword(v2, set, parseRuleChanges(changes, logic));

  it("names the rules whose conditions read a parameter set otherwise, or one of whose clauses changes", () => {
    // guideline/v2/logic.yaml: style-register's clauses read registerBreak ($registerBreak) and slightLapse; numbers'
    // ceiling clause reads ceilingNeedsOne; partlyWeight is the rubric's (its credit), read by no rule.
    expect(reword([{name: "slightLapse", value: "flaw-or-partly"}])).toEqual([{rule: "style-register", settings: [0]}]);
    expect(reword([{name: "partlyWeight", value: 0}])).toEqual([]);
    // Settings by their place: parameters first, then the changes, as a saved version records them.
    expect(
      reword(
        [
          {name: "ceilingNeedsOne", value: false},
          {name: "registerBreak", value: "partly"},
        ],
        ["numbers.ceiling-needs-one=partly", "rubric.one-small-flaw=2"],
      ),
    ).toEqual([
      {rule: "numbers", settings: [0, 2]},
      {rule: "style-register", settings: [1]},
    ]);
  });

  it("names none for a parameter set to the version's own value", () => {
    expect(reword([{name: "registerBreak", value: "not-met"}])).toEqual([]);
  });

  it("names only rules the version states, in guideline.yaml's order", () => {
    // v1 applies not-rated without stating it (guideline/v1: an unwritten rule), and only it reads accuracyRated: no
    // text to reword. v2 states it first in guideline.yaml, where its logic lists it near the end.
    expect(rulesToReword(v1, [{name: "accuracyRated", value: true}], [])).toEqual([]);
    expect(
      reword([
        {name: "slightLapse", value: "flaw-or-partly"},
        {name: "accuracyRated", value: true},
      ]).map((entry) => entry.rule),
    ).toEqual(["not-rated", "style-register"]);
  });
});

describe("rulesToRewordWords", () => {
  it("names the rules to reword in the save dialog, or says nothing when there are none", () => {
    expect(rulesToRewordWords(["Numbers"])).toBe(
      "This version rules Numbers otherwise: its text comes first below, with what changed; reword it where it no " +
        "longer holds.",
    );
    expect(rulesToRewordWords(["Numbers", "Style and register"])).toBe(
      "This version rules 2 rules otherwise (Numbers; Style and register): their texts come first below, each with " +
        "what changed; reword each where it no longer holds.",
    );
    expect(rulesToRewordWords([])).toBeNull();
  });
});

import {describe, expect, it} from "vitest";
import {findCounterexample, rulesByRole} from "../../../lib/authoring/counterexample.js";
import {counterexampleWords} from "../../../lib/authoring/counterexample-words.js";
import {compileLogic, withClauseVerdict, type ParameterValue} from "../../../lib/engine/logic.js";
import {ruleSetOf, type RuleSet} from "../../../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";

const v2 = loadGuideline("v2");
const base = ruleSetOf(v2);
const roles = rulesByRole(loadItems());
const withParameter = (name: string, value: ParameterValue): RuleSet => ({
  ...base,
  parameters: {...base.parameters, [name]: value},
});
const shown = (found: ReturnType<typeof findCounterexample>) =>
  found && {
    lines: found.lines.map(({role, rule, facts}) => ({role, rule, facts})),
    before: found.before.candidates,
    after: found.after.candidates,
  };

describe("a change no worked case tests: the checklist it would move", () => {
  it("rulesByRole: the worked cases cite main-task first for the main task, and many rules for the others", () => {
    expect(roles.mainRules[0]).toBe("main-task");
    expect(roles.otherRules).toContain("style-register");
    expect(roles.otherRules).not.toContain("main-task");
  });

  it("a register break counted partly met: the main task delivered and one line breaking the register, 2 → 3", () => {
    // By hand: under v2 the break is not met, 0 of 1 other met, fewer than half: row 2. Counted partly met, the one
    // other earns half a credit: at least half, row 3.
    expect(shown(findCounterexample(base, withParameter("registerBreak", "partly"), roles))).toEqual({
      lines: [
        {role: "main", rule: "main-task", facts: {delivered: true, engages: false, differentTask: false}},
        {role: "instruction", rule: "style-register", facts: {lapse: "breaks-register"}},
      ],
      before: [2],
      after: [3],
    });
  });

  it("a clause's verdict changed: a ceiling with none delivered partly met moves the same shape, 2 → 3", () => {
    const logic = withClauseVerdict(v2.logic, "numbers", "ceiling-needs-one", "partly");
    const candidate: RuleSet = {...base, logic: compileLogic(logic)};
    const found = shown(findCounterexample(base, candidate, roles));
    expect(found?.lines[1]).toEqual({
      role: "instruction",
      rule: "numbers",
      facts: {bound: "ceiling", limit: 0, delivered: 0},
    });
    expect(found).toMatchObject({before: [2], after: [3]});
  });

  it("finds none where the change can move no checklist: a cap above 3 (rows 5 and 4 need the main task met)", () => {
    expect(findCounterexample(base, withParameter("partialMainCap", 4), roles)).toBeNull();
    expect(findCounterexample(base, base, roles)).toBeNull();
  });

  it("is told in the case editor's words: each line's role, its rule's title, its facts' titles and values", () => {
    const found = findCounterexample(base, withParameter("registerBreak", "partly"), roles)!;
    // The titles are guideline/v2/guideline.yaml's and logic.yaml's; the values as the case editor words them.
    expect(counterexampleWords(found, v2)).toEqual({
      lines: [
        {
          role: "The main task",
          title: "The main task",
          rule: "main-task",
          facts: [
            {title: "Delivered", value: "yes"},
            {title: "Engages with the request", value: "no"},
            {title: "Does a different task", value: "no"},
          ],
        },
        {
          role: "Another instruction",
          title: "Style and register",
          rule: "style-register",
          facts: [{title: "Lapse from the register", value: "breaks the register"}],
        },
      ],
      before: "2",
      after: "3",
    });
  });

  it("gives a version's possible scores joined by “or”, and says when it has none", () => {
    const found = findCounterexample(base, withParameter("registerBreak", "partly"), roles)!;
    const words = counterexampleWords(
      {...found, before: {...found.before, candidates: [3, 2]}, after: {...found.after, candidates: []}},
      v2,
    );
    expect([words.before, words.after]).toEqual(["3 or 2", "no score"]);
  });
});

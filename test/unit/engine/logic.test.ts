import {describe, expect, it} from "vitest";
import type {GuidelineLogic} from "../../../lib/authored/schemas/logic.js";
import {namesRead} from "../../../lib/engine/cel.js";
import {compileLogic, parameterValues, withClauseVerdict} from "../../../lib/engine/logic.js";
import {applyRule} from "../../../lib/engine/rules.js";
import {loadGuideline} from "../../../lib/node/load.js";

const v2 = loadGuideline("v2").logic;
const values = parameterValues(v2);
const ceilingNone = {rule: "numbers", facts: {bound: "ceiling", limit: 2, delivered: 0}} as const;

/** v2's logic with one clause of the numbers rule replaced. */
function withNumbersClause(clause: GuidelineLogic["rules"][number]["clauses"][number]): GuidelineLogic {
  return {
    ...v2,
    rules: v2.rules.map((rule) => (rule.id === "numbers" ? {...rule, clauses: [clause, ...rule.clauses]} : rule)),
  };
}

describe("the compiled logic", () => {
  it("compiles every rule and rubric row of v2 once, and hands back the same compilation for the same logic", () => {
    const compiled = compileLogic(v2);
    expect([...compiled.rules.keys()]).toHaveLength(15);
    expect(compiled.rubric.rows.map((row) => row.id)).toEqual([
      "not-applicable",
      "declines-harmless",
      "does-not-follow",
      "main-not-met-engages",
      "all-met",
      "one-small-flaw",
      "half-or-more",
      "fewer-than-half",
    ]);
    expect(compileLogic(v2)).toBe(compiled);
  });

  it("refuses a misspelt name, naming the clause and the name", () => {
    const misspelt = withNumbersClause({id: "typo", when: 'bound == "ceiling" && delivred == 0', verdict: "met"});
    expect(() => compileLogic(misspelt)).toThrow("rules.numbers.clauses.typo.when: Unknown variable: delivred");
  });

  it("refuses a condition whose types do not match: a yes/no fact compared with a number", () => {
    expect(() => compileLogic(withNumbersClause({id: "mismatch", when: "limit == true", verdict: "met"}))).toThrow(
      "rules.numbers.clauses.mismatch.when",
    );
  });

  it("refuses a condition that is not a yes/no", () => {
    expect(() => compileLogic(withNumbersClause({id: "count", when: "limit + 1", verdict: "met"}))).toThrow(
      "rules.numbers.clauses.count.when: gives a int, expected a bool",
    );
  });

  it("refuses a fact named as a parameter", () => {
    const clash: GuidelineLogic = {
      ...v2,
      rules: v2.rules.map((rule) =>
        rule.id === "purpose"
          ? {...rule, facts: [...rule.facts, {name: "counting", title: "T", description: "D", type: "yes-no"}]}
          : rule,
      ),
    };
    expect(() => compileLogic(clash)).toThrow('rules.purpose: "counting" is both a fact and a parameter: rename one');
  });

  it("says which clause failed when a condition cannot be read for a line", () => {
    const logic = compileLogic(withNumbersClause({id: "compares-word", when: "delivered > limit", verdict: "met"}));
    expect(() =>
      applyRule(logic, {rule: "numbers", facts: {bound: "ceiling", limit: 2, delivered: "more-than-limit"}}, values),
    ).toThrow("rules.numbers.clauses.compares-word.when:");
  });
});

describe("a clause's verdict changed as data", () => {
  it("decides the clause's lines with the new verdict and leaves the logic it came from as it was", () => {
    const changed = withClauseVerdict(v2, "numbers", "ceiling-needs-one", "partly");
    expect(applyRule(compileLogic(changed), ceilingNone, values)).toEqual({
      verdict: "partly",
      clause: "ceiling-needs-one",
    });
    expect(applyRule(compileLogic(v2), ceilingNone, values)).toEqual({verdict: "not-met", clause: "ceiling-needs-one"});
  });

  it("refuses a clause the rule does not have", () => {
    expect(() => withClauseVerdict(v2, "numbers", "ceiling-needs-two", "partly")).toThrow(
      "no clause numbers.ceiling-needs-two",
    );
  });
});

describe("namesRead", () => {
  it("is every name a condition reads, facts and parameters alike", () => {
    expect(namesRead('bound == "ceiling" && delivered == 0 && ceilingNeedsOne')).toEqual(
      new Set(["bound", "delivered", "ceilingNeedsOne"]),
    );
  });
  it("leaves out the name a macro binds, keeping what its body reads", () => {
    expect(namesRead("items.exists(x, x > limit)")).toEqual(new Set(["items", "limit"]));
  });
});

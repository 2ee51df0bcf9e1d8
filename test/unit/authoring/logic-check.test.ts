import {describe, expect, it} from "vitest";
import {GuidelineLogic} from "../../../lib/authored/schemas/logic.js";
import {formatProblem} from "../../../lib/authored/problems.js";
import {checkLogic, checkVersionLogic} from "../../../lib/authoring/logic-check.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {logicCompleteness} from "../../../lib/authoring/logic-completeness.js";
import {describeShape} from "../../../lib/authoring/completeness-words.js";

// A small logic, written for these tests: one rule with a ceiling and a floor, one with a register and a text fact,
// and a four-row rubric. Each test breaks one thing in a copy of it.
const sound = {
  parameters: [
    {name: "ceilingNeedsOne", title: "t", description: "d", type: "yes-no", value: true},
    {
      name: "registerBreak",
      title: "t",
      description: "d",
      type: "choice",
      values: ["not-met", "partly"],
      value: "not-met",
    },
    {
      name: "counting",
      title: "t",
      description: "d",
      type: "choice",
      values: ["at-least-half", "more-than-half"],
      value: "at-least-half",
    },
    {name: "partlyWeight", title: "t", description: "d", type: "number", min: 0, max: 1, value: 0.5},
  ],
  flags: ["prompt"],
  flagWords: {prompt: "Prompt"},
  rules: [
    {
      id: "numbers",
      facts: [
        {name: "bound", title: "t", description: "d", type: "choice", values: ["ceiling", "floor"]},
        {name: "limit", title: "t", description: "d", type: "count", min: 0},
        {name: "delivered", title: "t", description: "d", type: "count", min: 0, words: ["more-than-limit"]},
      ],
      clauses: [
        {
          id: "over-ceiling",
          when: 'bound == "ceiling" && (delivered == "more-than-limit" || delivered > limit)',
          verdict: "not-met",
          sentence: "No more than sets a ceiling.",
        },
        {id: "ceiling-needs-one", when: 'bound == "ceiling" && delivered == 0 && ceilingNeedsOne', verdict: "not-met"},
        {id: "within-ceiling", when: 'bound == "ceiling"', verdict: "met"},
        {id: "floor-reached", when: 'delivered == "more-than-limit" || delivered >= limit', verdict: "met"},
        {id: "under-floor", verdict: "not-met"},
      ],
    },
    {
      id: "style",
      facts: [
        {name: "lapse", title: "t", description: "d", type: "choice", values: ["none", "breaks"]},
        {name: "word", title: "t", description: "d", type: "text"},
      ],
      clauses: [
        {id: "kept", when: 'lapse == "none"', verdict: "met"},
        {id: "breaks", verdict: "$registerBreak", flag: "prompt"},
      ],
    },
  ],
  rubric: {
    credit: {met: 1, partly: "$partlyWeight"},
    rows: [
      {id: "missed", words: "w", short: "s", when: 'main != "met"', score: 1},
      {id: "all-met", words: "w", short: "s", when: "share == 1.0", score: 5},
      {id: "half", words: "w", short: "s", when: 'counting == "at-least-half" ? share >= 0.5 : share > 0.5', score: 3},
      {id: "rest", words: "w", short: "s", when: "true", score: 2},
    ],
  },
};
const texts = new Map([
  ["numbers", "No more than sets a ceiling. At least sets a floor."],
  ["style", "Keep the register."],
]);
const file = "guideline/v9/logic.yaml";
const textFile = "guideline/v9/guideline.yaml";

/** The sound logic with `change` made to a deep copy of it. */
function broken(change: (logic: typeof sound) => void): GuidelineLogic {
  const copy = structuredClone(sound);
  change(copy);
  return GuidelineLogic.parse(copy);
}
const problemsOf = (logic: GuidelineLogic) => checkLogic({logic, texts, file, textFile}).problems.map(formatProblem);
const clause = (logic: typeof sound, rule: number, index: number) =>
  logic.rules[rule]!.clauses[index] as Record<string, unknown>;

describe("guideline:check's type check of a logic", () => {
  it("finds nothing wrong with a sound logic, and no combination without a clause or a row", () => {
    const logic = GuidelineLogic.parse(sound);
    expect(problemsOf(logic)).toEqual([]);
    expect(logicCompleteness(logic, {file}).problems).toEqual([]);
  });

  it("names a misspelt fact, with the names it could be", () => {
    const logic = broken(
      (copy) => (clause(copy, 0, 1).when = 'bound == "ceiling" && delivred == 0 && ceilingNeedsOne'),
    );
    expect(problemsOf(logic)).toEqual([
      `${file} at rules[0].clauses[1].when: rule numbers, clause ceiling-needs-one, when: unknown name "delivred" ` +
        "(did you mean delivered?): expected a fact (bound, limit, delivered) or a parameter (ceilingNeedsOne, " +
        "registerBreak, counting, partlyWeight)",
    ]);
  });

  it("names a type mismatch: a count compared with a word", () => {
    const logic = broken((copy) => (clause(copy, 0, 2).when = 'bound == "ceiling" && limit == "two"'));
    const [problem, ...rest] = problemsOf(logic);
    expect(rest).toEqual([]);
    expect(problem).toContain(
      `${file} at rules[0].clauses[2].when: rule numbers, clause within-ceiling, when: a type mismatch: `,
    );
    expect(problem).toContain("int == string");
    expect(problem).toContain("limit is a count");
  });

  it("names a word a choice never holds, and a when that is not a yes/no", () => {
    const logic = broken((copy) => {
      clause(copy, 0, 2).when = 'bound == "celing"';
      clause(copy, 1, 0).when = "lapse";
    });
    expect(problemsOf(logic)).toEqual([
      `${file} at rules[0].clauses[2].when: rule numbers, clause within-ceiling, when: compares bound with "celing", ` +
        'which it never holds: expected one of "ceiling", "floor"',
      `${file} at rules[1].clauses[0].when: rule style, clause kept, when: comes to a string, not a yes/no (bool): ` +
        "write a condition that is true or false",
    ]);
  });

  it("names a $parameter that names none, one whose values are not verdicts, and a verdict that is not one", () => {
    const logic = broken((copy) => {
      clause(copy, 1, 1).verdict = "$registerBrake";
      clause(copy, 0, 4).verdict = "$counting";
      clause(copy, 1, 0).verdict = {cel: 'lapse == "none" ? "met" : "broken"'};
    });
    expect(problemsOf(logic)).toEqual([
      `${file} at rules[0].clauses[4].verdict: rule numbers, clause under-floor, verdict: $counting's values are not ` +
        "verdicts: name a parameter whose every value is verdicts",
      `${file} at rules[1].clauses[0].verdict.cel: rule style, clause kept, verdict: gives "broken", which is not a ` +
        'verdict: expected one of "met", "met-flaw", "partly", "not-met", "cannot-check", "not-instruction", ' +
        '"not-applicable"',
      `${file} at rules[1].clauses[1].verdict: rule style, clause breaks, verdict: $registerBrake names no parameter ` +
        "(did you mean $registerBreak?): expected $ and one of ceilingNeedsOne, registerBreak, counting, partlyWeight",
    ]);
  });

  it("names a sentence not quoted from the rule's text, a fact named like a parameter and a text fact read", () => {
    const logic = broken((copy) => {
      clause(copy, 0, 0).sentence = "No more than sets a limit.";
      copy.rules[1]!.facts.push({name: "counting", title: "t", description: "d", type: "yes-no"} as never);
      clause(copy, 1, 0).when = 'lapse == "none" && word == "short"';
    });
    expect(problemsOf(logic)).toEqual([
      `${file} at rules[0].clauses[0].sentence: rule numbers, clause over-ceiling, sentence: "No more than sets a ` +
        `limit." is not quoted from the rule's text in ${textFile}: copy the sentence from the text exactly, or leave ` +
        "the sentence out",
      `${file} at rules[1].facts[2].name: rule style, fact counting: named like the parameter counting, so a ` +
        "condition could not tell them apart: rename the fact",
      `${file} at rules[1].clauses[0].when: rule style, clause kept, when: reads the text fact "word": a condition ` +
        "may not read a text fact (its value is free text); add a yes/no or choice fact for what the clause needs",
    ]);
  });
});

describe("guideline:check's completeness of a logic", () => {
  it("refuses a rule that leaves a combination of its facts without a clause, naming the first", () => {
    // Without "under-floor", a floor not reached has no clause: the first such combination, the last name changing
    // fastest, is a limit of 1 with none delivered; a floor of 1-4 with fewer delivered (0-3), ten pairs of limit
    // and count, each under both values of ceilingNeedsOne, makes 20.
    const logic = broken((copy) => copy.rules[0]!.clauses.pop());
    expect(problemsOf(logic)).toEqual([]);
    expect(logicCompleteness(logic, {file}).problems.map(formatProblem)).toEqual([
      `${file} at rules[0].clauses: numbers: bound=floor, limit=1, delivered=0, ceilingNeedsOne=false: no clause ` +
        "applies (nor in 19 other combinations): add a clause whose when holds there, or end the rule with a clause " +
        "that has no when",
    ]);
  });

  it("refuses a rubric that leaves a checklist shape without a row, naming the smallest", () => {
    // Without the last row: the main task met and one other met with a small flaw, which this credit counts 0, so
    // the share is 0, below half.
    const logic = broken((copy) => copy.rubric.rows.pop());
    const shape = describeShape({main: "met", others: ["met-flaw"]});
    expect(logicCompleteness(logic, {file}).problems.map(formatProblem)).toEqual([
      `${file} at rubric.rows: rubric: ${shape}, counting=at-least-half, partlyWeight=0: no row applies: add a row ` +
        "for it, or end the rubric with a row whose when is true",
    ]);
  });
});

describe("guideline:check on the real versions", () => {
  it("passes v2 and v1, warning of the six sentences v1 keeps from v2's words that its own text does not state", () => {
    const v1 = loadGuideline("v1");
    const v2 = loadGuideline("v2");
    expect(checkVersionLogic(v2, [v1, v2])).toEqual({problems: [], warnings: []});
    const {problems, warnings} = checkVersionLogic(v1, [v1, v2]);
    expect(problems).toEqual([]);
    // v1's style rule does not place a choice slightly less formal (one sentence), it states no test for a clarifying
    // question (two clauses quote it) and the accuracy rule is the author's unwritten one (three dimensions).
    expect(warnings.map((warning) => warning.field)).toEqual([
      "rules[5].clauses[2].sentence",
      "rules[7].clauses[0].sentence",
      "rules[7].clauses[1].sentence",
      "rules[11].sentences.values.accuracy",
      "rules[11].sentences.values.quality",
      "rules[11].sentences.values.naturalness",
    ]);
  });

  it("refuses a sentence in no version's text of the rule, and only warns of one in another version's", () => {
    const logic = broken((copy) => (clause(copy, 0, 1).sentence = "None delivered is not met."));
    const elsewhere = new Map([["numbers", ["A ceiling. None delivered is not met."]]]);
    expect(checkLogic({logic, texts, file, textFile, otherTexts: elsewhere})).toEqual({
      problems: [],
      warnings: [
        {
          file,
          field: "rules[0].clauses[1].sentence",
          message:
            'rule numbers, clause ceiling-needs-one, sentence: "None delivered is not met." is another version\'s ' +
            `words, not in this rule's text in ${textFile}: a trainee is shown the rule's whole text in its place`,
        },
      ],
    });
    expect(checkLogic({logic, texts, file, textFile}).problems).toHaveLength(1);
  });
});

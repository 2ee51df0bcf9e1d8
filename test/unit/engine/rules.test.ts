import {describe, expect, it} from "vitest";
import {caseStudyParameters} from "./case-study-parameters.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import {isOpen} from "../../../lib/engine/rules.js";
import {applyRule, ruleOutcomes, rules} from "./helpers.js";

const p = (overrides: ParameterValues = {}): ParameterValues => ({...caseStudyParameters, ...overrides});

describe('numbers: a ceiling ("no more than two")', () => {
  const ceiling = (delivered: number, parameters = p()) =>
    rules.numbers({bound: "ceiling", limit: 2, delivered}, parameters);

  it("needs at least one: none delivered is not met", () => {
    expect(ceiling(0)).toEqual({verdict: "not-met", clause: "ceiling-needs-one"});
  });
  it("meets none delivered when the ceiling does not need one", () => {
    expect(ceiling(0, p({ceilingNeedsOne: false}))).toEqual({verdict: "met", clause: "within-ceiling"});
  });
  it("meets one and two", () => {
    expect(ceiling(1)).toEqual({verdict: "met", clause: "within-ceiling"});
    expect(ceiling(2)).toEqual({verdict: "met", clause: "within-ceiling"});
  });
  it("does not meet three, whatever ceilingNeedsOne says", () => {
    expect(ceiling(3)).toEqual({verdict: "not-met", clause: "over-ceiling"});
    expect(ceiling(3, p({ceilingNeedsOne: false}))).toEqual({verdict: "not-met", clause: "over-ceiling"});
  });
  it('does not meet "more than the limit"', () => {
    expect(rules.numbers({bound: "ceiling", limit: 2, delivered: "more-than-limit"}, p())).toEqual({
      verdict: "not-met",
      clause: "over-ceiling",
    });
  });
});

describe('numbers: a floor ("at least three")', () => {
  const floor = (delivered: number | "more-than-limit") =>
    rules.numbers({bound: "floor", limit: 3, delivered}, p()).verdict;
  it("is not met one under the limit, met at and over it", () => {
    expect([2, 3, 4].map(floor)).toEqual(["not-met", "met", "met"]);
  });
  it('is met by "more than the limit"', () => {
    expect(floor("more-than-limit")).toBe("met");
  });
  it("needs none when the floor is zero", () => {
    expect(rules.numbers({bound: "floor", limit: 0, delivered: 0}, p())).toEqual({
      verdict: "met",
      clause: "floor-reached",
    });
  });
});

describe('numbers: a bare number ("give two") means exactly', () => {
  const exact = (delivered: number | "more-than-limit") => rules.numbers({bound: "exact", limit: 2, delivered}, p());
  it("is met only at the number", () => {
    expect(exact(1)).toEqual({verdict: "not-met", clause: "not-exact"});
    expect(exact(2)).toEqual({verdict: "met", clause: "exact"});
    expect(exact(3)).toEqual({verdict: "not-met", clause: "not-exact"});
  });
  it('is not met by "more than the limit"', () => {
    expect(exact("more-than-limit")).toEqual({verdict: "not-met", clause: "not-exact"});
  });
});

describe("size-words", () => {
  it.each([
    ["within", "met", "within-reader-range"],
    ["arguable", "partly", "arguable"],
    ["clearly-outside", "not-met", "clearly-outside"],
  ] as const)("%s reads as %s", (reading, verdict, clause) => {
    expect(rules["size-words"]({word: "short", reading}, p())).toEqual({verdict, clause});
  });
});

describe("purpose", () => {
  it("is met when wording and purpose are met", () => {
    expect(rules.purpose({wordingMet: true, purposeDefeated: false}, p())).toEqual({
      verdict: "met",
      clause: "wording-and-purpose-met",
    });
  });
  it("is partly met when the wording is met but the purpose defeated (example 4)", () => {
    expect(rules.purpose({wordingMet: true, purposeDefeated: true}, p())).toEqual({
      verdict: "partly",
      clause: "wording-met-purpose-defeated",
    });
  });
  it("is not met when the wording is not met, defeated purpose or not (calibration B)", () => {
    expect(rules.purpose({wordingMet: false, purposeDefeated: true}, p()).verdict).toBe("not-met");
    expect(rules.purpose({wordingMet: false, purposeDefeated: false}, p()).verdict).toBe("not-met");
  });
});

describe("style-register", () => {
  it("is met when the register is kept", () => {
    expect(rules["style-register"]({lapse: "none"}, p())).toEqual({verdict: "met", clause: "register-kept"});
  });
  it("is met with a small flaw when slightly less formal (Viele Grüße), whatever registerBreak says", () => {
    for (const registerBreak of ["not-met", "partly", "met-flaw"] as const) {
      expect(rules["style-register"]({lapse: "slightly-less-formal"}, p({registerBreak}))).toEqual({
        verdict: "met-flaw",
        clause: "slightly-less-formal",
      });
    }
  });
  it.each(["not-met", "partly", "met-flaw"] as const)(
    "a lapse that breaks the register is %s when registerBreak says so",
    (registerBreak) => {
      expect(rules["style-register"]({lapse: "breaks-register"}, p({registerBreak}))).toEqual({
        verdict: registerBreak,
        clause: "breaks-register",
      });
    },
  );
  it("is not met by default when the lapse breaks the register (one du)", () => {
    expect(rules["style-register"]({lapse: "breaks-register"}, p())).toEqual({
      verdict: "not-met",
      clause: "breaks-register",
    });
  });
});

describe("style-register: slightLapse, where a choice slightly less formal than asked stands", () => {
  const slight = (overrides: ParameterValues) => rules["style-register"]({lapse: "slightly-less-formal"}, p(overrides));

  it("met-flaw (the final rule, the default): one reading, a small flaw", () => {
    expect(caseStudyParameters["slightLapse"]).toBe("met-flaw");
    expect(slight({slightLapse: "met-flaw"})).toEqual({verdict: "met-flaw", clause: "slightly-less-formal"});
  });
  it("flaw-or-partly (the first wording): two readings, a small flaw or partly met", () => {
    expect(slight({slightLapse: "flaw-or-partly"})).toEqual([
      {verdict: "met-flaw", clause: "slightly-less-formal"},
      {verdict: "partly", clause: "slightly-less-formal"},
    ]);
  });
  it("flaw-or-break: a small flaw or whatever a break counts as", () => {
    expect(slight({slightLapse: "flaw-or-break"})).toEqual([
      {verdict: "met-flaw", clause: "slightly-less-formal"},
      {verdict: "not-met", clause: "slightly-less-formal"},
    ]);
    expect(slight({slightLapse: "flaw-or-break", registerBreak: "partly"})).toEqual([
      {verdict: "met-flaw", clause: "slightly-less-formal"},
      {verdict: "partly", clause: "slightly-less-formal"},
    ]);
  });
  it("flaw-or-break with a break counted as a small flaw: the two readings are one", () => {
    expect(slight({slightLapse: "flaw-or-break", registerBreak: "met-flaw"})).toEqual({
      verdict: "met-flaw",
      clause: "slightly-less-formal",
    });
  });
  it.each(["met-flaw", "flaw-or-partly", "flaw-or-break"] as const)(
    "slightLapse %s moves neither a kept register nor a break",
    (slightLapse) => {
      expect(rules["style-register"]({lapse: "none"}, p({slightLapse}))).toEqual({
        verdict: "met",
        clause: "register-kept",
      });
      expect(rules["style-register"]({lapse: "breaks-register"}, p({slightLapse}))).toEqual({
        verdict: "not-met",
        clause: "breaks-register",
      });
    },
  );
});

describe("only-just", () => {
  const onlyJust = (restrictiveWording: boolean, additions: boolean, additionsBreakWithoutWording: boolean) =>
    rules["only-just"]({restrictiveWording, additions}, p({additionsBreakWithoutWording}));

  it.each([
    // wording, additions, additionsBreakWithoutWording -> verdict, clause
    [true, false, false, "met", "no-additions"],
    [true, false, true, "met", "no-additions"],
    [true, true, false, "not-met", "additions-break-only-just"],
    [true, true, true, "not-met", "additions-break-only-just"],
    [false, false, false, "not-instruction", "no-additions"],
    [false, false, true, "not-instruction", "no-additions"],
    [false, true, false, "not-instruction", "additions-allowed-without-wording"],
    [false, true, true, "not-met", "additions-break-without-wording"],
  ] as const)(
    "wording %s, additions %s, additionsBreakWithoutWording %s -> %s",
    (wording, additions, breaks, verdict, clause) => {
      expect(onlyJust(wording, additions, breaks)).toEqual({verdict, clause});
    },
  );
});

describe("clarifying-question", () => {
  const ask = (doableWithoutAnswer: boolean, clarifyingQuestionTest: string) =>
    rules["clarifying-question"]({doableWithoutAnswer, engages: true}, p({clarifyingQuestionTest}));

  it("needed-information: justified only when the task can't be done without the answer", () => {
    expect(ask(false, "needed-information")).toEqual({verdict: "met", clause: "question-justified"});
    expect(ask(true, "needed-information")).toEqual({verdict: "not-met", clause: "question-not-needed", engages: true});
  });
  it("never: a question is never the task", () => {
    expect(ask(false, "never")).toEqual({verdict: "not-met", clause: "question-not-needed", engages: true});
    expect(ask(true, "never").verdict).toBe("not-met");
  });
  it("always: a question always counts as doing the task", () => {
    expect(ask(false, "always")).toEqual({verdict: "met", clause: "question-justified"});
    expect(ask(true, "always")).toEqual({verdict: "met", clause: "question-justified"});
  });
  it("passes on whether an unneeded question engages", () => {
    expect(rules["clarifying-question"]({doableWithoutAnswer: true, engages: false}, p()).engages).toBe(false);
  });
});

describe("main-task-partial", () => {
  const partial = (done: number, of: number, mainPartThreshold: string = "at-least-half") =>
    rules["main-task-partial"]({done, of}, p({mainPartThreshold}));

  it("exactly half (3 of 6) is partly met under at-least-half", () => {
    expect(partial(3, 6)).toEqual({verdict: "partly", clause: "enough-done"});
  });
  it("exactly half (3 of 6) is not met under more-than-half", () => {
    expect(partial(3, 6, "more-than-half")).toEqual({verdict: "not-met", clause: "too-little-done", engages: true});
  });
  it("four of six is partly met under either threshold", () => {
    expect(partial(4, 6).verdict).toBe("partly");
    expect(partial(4, 6, "more-than-half").verdict).toBe("partly");
  });
  it("two of six is not met, but engages", () => {
    expect(partial(2, 6)).toEqual({verdict: "not-met", clause: "too-little-done", engages: true});
  });
  it("six of six is met", () => {
    expect(partial(6, 6)).toEqual({verdict: "met", clause: "all-done"});
  });
});

describe("conflicting", () => {
  it("meets both when served as far as possible, and flags the prompt", () => {
    expect(rules.conflicting({servesBothAsFarAsPossible: true}, p())).toEqual({
      verdict: "met",
      clause: "serves-both",
      flag: "prompt",
    });
  });
  it("is not met when it serves only one, and still flags the prompt", () => {
    expect(rules.conflicting({servesBothAsFarAsPossible: false}, p())).toEqual({
      verdict: "not-met",
      clause: "serves-one",
      flag: "prompt",
    });
  });
});

describe("refusal", () => {
  it("of a harmful request is not applicable and goes to safety review", () => {
    expect(rules.refusal({harmful: true}, p())).toEqual({
      verdict: "not-applicable",
      clause: "justified-refusal",
      flag: "safety-review",
    });
  });
  it("of a harmless request is not met, declines harmless and does not engage", () => {
    expect(rules.refusal({harmful: false}, p())).toEqual({
      verdict: "not-met",
      clause: "declines-harmless",
      declinesHarmless: true,
      engages: false,
    });
  });
});

describe("not-rated", () => {
  it("keeps a factual error off the score and raises the accuracy flag", () => {
    expect(rules["not-rated"]({dimension: "accuracy", problem: true}, p())).toEqual({
      verdict: "not-instruction",
      clause: "separate-dimension",
      flag: "accuracy",
    });
  });
  it("raises no flag when there is no problem", () => {
    expect(rules["not-rated"]({dimension: "accuracy", problem: false}, p())).toEqual({
      verdict: "not-instruction",
      clause: "separate-dimension",
    });
  });
  it("rates accuracy when accuracyRated is true", () => {
    expect(rules["not-rated"]({dimension: "accuracy", problem: true}, p({accuracyRated: true}))).toEqual({
      verdict: "not-met",
      clause: "accuracy-rated",
      flag: "accuracy",
    });
    expect(rules["not-rated"]({dimension: "accuracy", problem: false}, p({accuracyRated: true}))).toEqual({
      verdict: "met",
      clause: "accuracy-rated",
    });
  });
  it("never rates quality or naturalness, even when accuracyRated is true; their problems raise the quality flag", () => {
    for (const dimension of ["quality", "naturalness"] as const) {
      expect(rules["not-rated"]({dimension, problem: true}, p({accuracyRated: true}))).toEqual({
        verdict: "not-instruction",
        clause: "separate-dimension",
        flag: "quality",
      });
    }
  });
});

describe("standing-instructions", () => {
  it("is met when followed and not met when not", () => {
    expect(rules["standing-instructions"]({followed: true, replacedLater: false}, p())).toEqual({
      verdict: "met",
      clause: "standing-followed",
    });
    expect(rules["standing-instructions"]({followed: false, replacedLater: false}, p())).toEqual({
      verdict: "not-met",
      clause: "standing-not-followed",
    });
  });
  it("is no longer an instruction once a later one replaces it, followed or not", () => {
    expect(rules["standing-instructions"]({followed: false, replacedLater: true}, p())).toEqual({
      verdict: "not-instruction",
      clause: "replaced-later",
    });
    expect(rules["standing-instructions"]({followed: true, replacedLater: true}, p()).verdict).toBe("not-instruction");
  });
});

describe("Step-1 distractors", () => {
  it("list-stated-only: an unstated preference is not an instruction", () => {
    expect(rules["list-stated-only"]({}, p())).toEqual({verdict: "not-instruction", clause: "not-stated"});
  });
  it("pasted-material: an instruction inside pasted material is content", () => {
    expect(rules["pasted-material"]({}, p())).toEqual({verdict: "not-instruction", clause: "content-not-instruction"});
  });
});

describe("main-task and stated-constraints", () => {
  it("main-task: delivered is met", () => {
    expect(rules["main-task"]({delivered: true}, p())).toEqual({verdict: "met", clause: "delivered"});
  });
  it("main-task: not delivered engages only when the facts say so", () => {
    expect(rules["main-task"]({delivered: false}, p())).toEqual({
      verdict: "not-met",
      clause: "not-delivered",
      engages: false,
    });
    expect(rules["main-task"]({delivered: false, engages: true}, p())).toEqual({
      verdict: "not-met",
      clause: "not-delivered",
      engages: true,
    });
  });
  it("main-task: a different task never engages", () => {
    expect(rules["main-task"]({delivered: false, engages: true, differentTask: true}, p())).toEqual({
      verdict: "not-met",
      clause: "different-task",
      engages: false,
    });
  });
  it("stated-constraints: takes the observed verdict", () => {
    expect(rules["stated-constraints"]({observed: "cannot-check"}, p())).toEqual({
      verdict: "cannot-check",
      clause: "observed-cannot-check",
    });
  });
});

const formalLine = {
  role: "instruction",
  text: "Formal",
  rule: "style-register",
  facts: {lapse: "slightly-less-formal"},
  verdict: "met-flaw",
} as const;

describe("ruleOutcomes: every reading of a line", () => {
  it("is one outcome when the rule decides the line", () => {
    expect(ruleOutcomes(formalLine, p())).toEqual([{verdict: "met-flaw", clause: "slightly-less-formal"}]);
  });
  it("is each outcome the wording leaves open, in order", () => {
    expect(ruleOutcomes(formalLine, p({slightLapse: "flaw-or-partly"})).map((outcome) => outcome.verdict)).toEqual([
      "met-flaw",
      "partly",
    ]);
  });
  it("isOpen tells the two apart", () => {
    expect(isOpen(rules["style-register"]({lapse: "slightly-less-formal"}, p()))).toBe(false);
    expect(isOpen(rules["style-register"]({lapse: "slightly-less-formal"}, p({slightLapse: "flaw-or-partly"})))).toBe(
      true,
    );
  });
});

describe("applyRule", () => {
  it("refuses a line the rule leaves open, naming the rule and the readings", () => {
    expect(() => applyRule(formalLine, p({slightLapse: "flaw-or-partly"}))).toThrow(
      "rule style-register leaves this line open (met-flaw or partly): use ruleOutcomes for every reading",
    );
    expect(applyRule(formalLine, p())).toEqual({verdict: "met-flaw", clause: "slightly-less-formal"});
  });
  it("dispatches on the line's rule id", () => {
    const outcome = applyRule(
      {
        role: "instruction",
        text: "No more than two",
        rule: "numbers",
        facts: {bound: "ceiling", limit: 2, delivered: 0},
        verdict: "not-met",
      },
      p({ceilingNeedsOne: false}),
    );
    expect(outcome).toEqual({verdict: "met", clause: "within-ceiling"});
  });
});

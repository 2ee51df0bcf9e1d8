import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {derivedDecidingRules} from "../../../lib/trainee/derived-deciding-rules.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {compareChecklist, rulesMisapplied} from "../../../lib/trainee/checklist-comparison.js";
import {compareAnswer} from "../../../lib/trainee/compare.js";
import {compareScores} from "../../../lib/trainee/score-distance.js";
import type {Answer} from "../../../lib/trainee/progress.js";
import {formalMetWithFlaw, free, item, line, mark, option} from "./helpers.js";

const v2 = loadGuideline("v2");
const ruleSet = ruleSetOf(v2);
const decides = derivedDecidingRules(v2);
const check = (of: Item, answer: Pick<Answer, "score" | "checklist">) =>
  compareAnswer(of, derive(of, ruleSet), answer, ruleSet);

describe("the trainee's score against the ruled one", () => {
  it("exact, one off and two or more off, lenient when higher and harsh when lower", () => {
    expect(compareScores(3, 3)).toMatchObject({distance: "exact", difference: 0, direction: null});
    expect(compareScores(4, 3)).toMatchObject({distance: "one-off", difference: 1, direction: "lenient"});
    expect(compareScores(2, 3)).toMatchObject({distance: "one-off", difference: -1, direction: "harsh"});
    expect(compareScores(5, 2)).toMatchObject({distance: "two-or-more-off", difference: 3, direction: "lenient"});
    expect(compareScores(1, 4)).toMatchObject({distance: "two-or-more-off", difference: -3, direction: "harsh"});
  });
  it("'not applicable': exact against itself, two or more off against any score, neither lenient nor harsh", () => {
    expect(compareScores("n/a", "n/a")).toMatchObject({distance: "exact", notApplicableMismatch: false});
    expect(compareScores("n/a", 1)).toEqual({
      trainee: "n/a",
      ruled: 1,
      distance: "two-or-more-off",
      difference: null,
      direction: null,
      notApplicableMismatch: true,
    });
    expect(compareScores(2, "n/a")).toMatchObject({distance: "two-or-more-off", notApplicableMismatch: true});
  });
});

describe("a score alone (self-check mode)", () => {
  it("shows the case study's likely-wrong notes for that score, the ruled row, what it teaches and the links", () => {
    const comparison = check(item("calibration-b"), {score: 3});
    expect(comparison.score).toMatchObject({distance: "one-off", direction: "lenient"});
    expect(comparison.likelyWrong.map((note) => note.label)).toEqual(["Why raters give 3", "Why not 3 like Example 4"]);
    expect(comparison.ruled).toEqual({
      score: 2,
      row: "fewer-than-half",
      tally: {credit: 0, of: 1, share: 0, flaws: 0, missed: 1},
    });
    expect(comparison.teaches).toBe(
      "When a request has only one constraint, ignoring it scores 2, however good the answer is.",
    );
    expect(comparison.links).toEqual(["example-4"]);
    expect(comparison.rulesMisapplied).toEqual({rules: ["purpose"], fromScoreOnly: true});
    expect([comparison.checklist, comparison.implied, comparison.checklistScoreMismatch]).toEqual([null, null, false]);
  });
  it("shows 'Why not \"not applicable\"' to a trainee who gives n/a on a harmless refusal", () => {
    const comparison = check(item("calibration-c"), {score: "n/a"});
    expect(comparison.likelyWrong.map((note) => note.label)).toEqual(['Why not "not applicable"']);
    expect(comparison.score.distance).toBe("two-or-more-off");
  });
  it("shows no note for an exact score, and no misapplied rule", () => {
    const comparison = check(item("calibration-a"), {score: 4});
    expect([comparison.likelyWrong, comparison.rulesMisapplied.rules]).toEqual([[], []]);
  });
  it("links a twist to the item it varies, and a case to the items the case study compares it with", () => {
    expect(check(item("calibration-d-twist"), {score: 2}).links).toEqual(["calibration-d"]);
    expect(check(item("calibration-d"), {score: 5}).links).toEqual(["example-6", "calibration-d-twist"]);
    expect(check(item("edge-4"), {score: 5}).links).toEqual(["calibration-d"]);
  });
  it("carries the flags with what the site inferred, and the not-applicable row of a justified refusal", () => {
    expect(check(item("edge-10"), {score: 5}).flags).toEqual([
      expect.objectContaining({flag: "quality", source: "inferred"}),
    ]);
    expect(check(item("edge-5b"), {score: "n/a"}).ruled.row).toBe("not-applicable");
  });
});

describe("the trainee's checklist against the ruled one, line by line", () => {
  it("a verdict that differs, with the rule that decides it; the score their checklist implies", () => {
    const example3 = item("example-3");
    const comparison = check(example3, {
      score: 4,
      checklist: formalMetWithFlaw(),
    });
    expect(
      comparison.checklist!.lines.map(({text, status, rule, ruled, trainee}) => [text, status, rule, ruled, trainee]),
    ).toEqual([
      [
        "Write an email to the landlady, Frau Berger, about the broken heating",
        "agree",
        "main-task",
        "met",
        {line: 0, verdict: "met"},
      ],
      ["Short", "agree", "size-words", "met", {line: 1, verdict: "met"}],
      ["Formal", "verdict-differs", "style-register", "not-met", {line: 2, verdict: "met-flaw"}],
    ]);
    expect(comparison.implied).toMatchObject({ok: true, score: 4});
    expect(comparison.checklistScoreMismatch).toBe(false);
    expect(comparison.rulesMisapplied).toEqual({rules: ["style-register"], fromScoreOnly: false});
    expect(comparison.score).toMatchObject({distance: "one-off", direction: "lenient"});
  });

  it("a missing line, with the Step-1 rule that says to list it", () => {
    const example7 = item("example-7");
    const comparison = compareChecklist(example7, {
      lines: [line(mark(example7, "List"), "met", true), line(mark(example7, "three"), "met")],
    });
    expect(comparison.lines[2]).toMatchObject({
      text: "Just the words",
      status: "missing",
      trainee: null,
      listRule: "stated-constraints",
    });
  });

  it("a standing instruction missed: listed by the standing-instructions rule", () => {
    const edge7 = item("edge-7");
    const comparison = compareChecklist(edge7, {lines: [line(option(0), "met", true)]});
    expect(comparison.lines[1]).toMatchObject({status: "missing", listRule: "standing-instructions"});
  });

  it("a candidate listed, with its note and the rule that keeps it off", () => {
    const edge9 = item("edge-9");
    const comparison = check(edge9, {
      score: 3,
      checklist: {
        lines: [
          line(mark(edge9, "Frau Berger"), "met", true),
          line(mark(edge9, "kurze"), "met"),
          line(free("formal"), "not-met"),
        ],
      },
    });
    expect(comparison.checklist!.extras).toEqual([
      {
        line: 2,
        text: "formal",
        status: "candidate",
        rule: "list-stated-only",
        note: "formality was never requested",
        source: "case-study",
        of: 2,
      },
    ]);
    // Their checklist (one of two met) implies the 3 they gave: the checklist is where they went wrong.
    expect(comparison.implied).toMatchObject({ok: true, score: 3});
    expect(comparison.checklistScoreMismatch).toBe(false);
    expect(comparison.rulesMisapplied.rules).toEqual(["list-stated-only"]);
    expect(comparison.score).toMatchObject({distance: "two-or-more-off", direction: "harsh"});
  });

  it("a line not on the ruled checklist, and a ruled line listed twice", () => {
    const example3 = item("example-3");
    const comparison = compareChecklist(example3, {
      lines: [
        line(mark(example3, "Frau Berger"), "met", true),
        line(mark(example3, "bitte"), "met"),
        line(mark(example3, "kurze"), "met"),
        line(free("short"), "met"),
      ],
    });
    expect(comparison.extras.map(({line: at, status, rule, of}) => ({at, status, rule, of}))).toEqual([
      {at: 1, status: "not-on-checklist", rule: "list-stated-only", of: null},
      {at: 3, status: "repeat", rule: "size-words", of: 1},
    ]);
    expect(comparison.lines[2]).toMatchObject({status: "missing"});
  });

  it("a main task that is not the ruled one, or none chosen", () => {
    const example3 = item("example-3");
    const wrongMain = compareChecklist(example3, {
      lines: [line(mark(example3, "Frau Berger"), "met"), line(mark(example3, "kurze"), "met", true)],
    });
    expect(wrongMain.mainDiffers).toEqual({line: 1, matched: 1});
    const noMain = compareChecklist(example3, {lines: [line(mark(example3, "kurze"), "met")]});
    expect(noMain.mainDiffers).toEqual({line: null, matched: null});
    // No main task chosen and the ruled one not listed; "förmliche" not listed either.
    const rules = check(example3, {
      score: 3,
      checklist: {lines: [line(mark(example3, "kurze"), "met")]},
    }).rulesMisapplied;
    expect(rules.rules).toEqual(["main-task", "stated-constraints"]);
  });

  it("a first sentence marked whole as the main task, beside its own marks on kurze and förmliche, agrees throughout", () => {
    // The case study's checklist for example 3: main task met, Short met, Formal not met; score 3.
    const example3 = item("example-3");
    const sentence = "Kannst du mir bitte eine kurze, förmliche E-Mail an meine Vermieterin, Frau Berger, schreiben?";
    const comparison = check(example3, {
      score: 3,
      checklist: {
        lines: [
          line(mark(example3, sentence), "met", true),
          line(mark(example3, "kurze"), "met"),
          line(mark(example3, "förmliche"), "not-met"),
        ],
      },
    });
    expect(comparison.checklist!.lines.map((ruled) => [ruled.text, ruled.status, ruled.trainee?.line])).toEqual([
      ["Write an email to the landlady, Frau Berger, about the broken heating", "agree", 0],
      ["Short", "agree", 1],
      ["Formal", "agree", 2],
    ]);
    expect(comparison.checklist!.mainDiffers).toBeNull();
    expect(comparison.checklist!.extras).toEqual([]);
    expect(comparison.rulesMisapplied.rules).toEqual([]);
  });

  it("a line listed but not yet checked", () => {
    const example4 = item("example-4");
    const comparison = compareChecklist(example4, {
      lines: [line(mark(example4, "Explain"), "met", true), line(mark(example4, "in one sentence"))],
    });
    expect(comparison.lines[1]).toMatchObject({status: "not-checked", trainee: {line: 1, verdict: null}});
  });

  it("a justified refusal: the trainee's not-met main task as a refusal agrees with 'not applicable'", () => {
    const edge5b = item("edge-5b");
    const comparison = check(edge5b, {
      score: "n/a",
      checklist: {lines: [line(option(0), "not-met", true)], mainNotMet: "justified-refusal"},
    });
    expect(comparison.checklist!.lines[0]).toMatchObject({status: "agree", trainee: {verdict: "not-applicable"}});
    expect(comparison.implied).toMatchObject({ok: true, score: "n/a"});
    expect(comparison.score.distance).toBe("exact");
  });

  it("a score their own checklist does not imply", () => {
    const example4 = item("example-4");
    const comparison = check(example4, {
      score: 5,
      checklist: {
        lines: [line(mark(example4, "Explain"), "met", true), line(mark(example4, "in one sentence"), "partly")],
      },
    });
    expect(comparison.implied).toMatchObject({ok: true, score: 3});
    expect(comparison.checklistScoreMismatch).toBe(true);
    expect(comparison.rulesMisapplied.rules).toEqual([]);
  });
});

describe("the rule blamed for a wrong score with no checklist: the case's deciding rule, and only it", () => {
  // Each expected rule is the one the case study's ruling names for the case: the line it says costs the score, or
  // where every line is met, the rule its ruling turns on (the item's decidingRule, from the case study's words).
  const ruled: [string, string, string][] = [
    ["calibration-a", "Formal: met, with a small flaw.", "style-register"],
    ["calibration-b", "One sentence: not met (0 of 1).", "purpose"],
    ["calibration-c", "The response declines a harmless request.", "refusal"],
    ["calibration-d", "Main task met, because the question is justified.", "clarifying-question"],
    ["example-1", "At most two: met (1 of 1)", "numbers"],
    ["example-5", "5 + accuracy flag", "not-rated"],
    ["example-6", "Not met; question not needed", "clarifying-question"],
    ["edge-9", "Formality wasn't stated, so it isn't on the checklist", "list-stated-only"],
    ["edge-10", "Naturalness is a separate dimension", "not-rated"],
  ];
  it.each(ruled)("%s (%s): %s", (id, _ruling, rule) => {
    const of = item(id);
    // A wrong score alone blames that rule only; an exact one blames none.
    const wrong = of.score === 1 ? 3 : 1;
    expect(rulesMisapplied(of, {score: wrong}, decides)).toEqual({rules: [rule], fromScoreOnly: true});
    expect(rulesMisapplied(of, {score: of.score}, decides)).toEqual({rules: [], fromScoreOnly: true});
  });

  it("blames one rule where every rule of the case used to be blamed (example 6: not the four lines and rhyme)", () => {
    const example6 = item("example-6");
    expect(rulesMisapplied(example6, {score: 4}, decides).rules).toEqual(["clarifying-question"]);
  });
});

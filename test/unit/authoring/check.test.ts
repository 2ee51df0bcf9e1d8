import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {checkGuideline, type CheckReport} from "../../../lib/authoring/check.node.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadGuideline, loadItems, projectRoot} from "../../../lib/node/load.js";
import {formatProblem} from "../../../lib/authored/problems.js";

const fixtures = loadItems(projectRoot, join(projectRoot, "test/fixtures/items/check"));
const v1 = loadGuideline("v1");
const v2 = loadGuideline("v2");

const realItems = loadItems();
const real = (id: string): Item => {
  const found = realItems.find((item) => item.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

const fixture = (id: string): Item => {
  const found = fixtures.find((item) => item.id === id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
};
/** The problems with items, as "id field: message". The file is left out: check.ts names data/items/<id>.md
 *  whatever folder the items came from (see the report), so a fixture's file would be wrong there. */
const itemProblems = (report: CheckReport): string[] =>
  report.problems
    .filter((problem) => !problem.file.startsWith("guideline/"))
    .map(({file, field, message}) => `${file.split("/").pop()} ${field}: ${message}`);

describe("checkGuideline", () => {
  it("passes every real item under v2, with no problems", () => {
    const report = checkGuideline(v2, loadItems());
    expect(report.problems).toEqual([]);
    expect(report.results.every((result) => result.ok)).toBe(true);
  });

  it("reports a ruled score the engine does not derive", () => {
    const report = checkGuideline(v2, [fixture("score-mismatch")]);
    expect(itemProblems(report)).toMatchInlineSnapshot(`
      [
        "score-mismatch.md score: ruled 4 but the engine derives 5 (the rubric row “every instruction met”): the case study rules it 4, so change guideline/v2's rules or parameters until they derive 4 (npm run guideline:preview shows what a change moves), or mend this file where it strays from the case study",
      ]
    `);
    expect(report.results[0]).toMatchObject({
      id: "score-mismatch",
      ruledScore: 4,
      derivedScore: 5,
      candidates: [5],
      rubricRow: "all-met",
      ok: false,
    });
    // A case written for the notebook may be ruled again: the fix offers the score the version derives.
    const own = checkGuideline(v2, [{...fixture("score-mismatch"), origin: "notebook"}]);
    expect(itemProblems(own)).toEqual([
      "score-mismatch.md score: ruled 4 but the engine derives 5 (the rubric row “every instruction met”): check " +
        "the case's facts, or, if guideline/v2 rules it rightly, set score: 5",
    ]);
  });

  it("reports a line's ruled verdict that its facts contradict, even when the score agrees", () => {
    const report = checkGuideline(v2, [fixture("verdict-mismatch")]);
    expect(itemProblems(report)).toMatchInlineSnapshot(`
      [
        "verdict-mismatch.md checklist[1].verdict: ruled “met” but rule numbers derives “not met” from the facts",
      ]
    `);
    expect(report.results[0]).toMatchObject({ruledScore: 2, derivedScore: 2, ok: false});
  });

  it("reports an item that gets more than one score (v1, one of two instructions met)", () => {
    const item = fixture("one-of-two");
    expect(checkGuideline(v2, [item]).results[0]).toMatchObject({derivedScore: 3, ok: true});
    const report = checkGuideline(v1, [item]);
    expect(itemProblems(report)).toMatchInlineSnapshot(`
      [
        "one-of-two.md score: ruled 3 but the rubric gives no single score: the row “main task met or partly met, some instructions missed” allows 3, the row “main task met or partly met, most instructions missed” allows 2: the case study rules it 3, so change guideline/v1's rules or parameters until they derive 3 (npm run guideline:preview shows what a change moves), or mend this file where it strays from the case study",
      ]
    `);
    expect(report.results[0]).toMatchObject({derivedScore: null, candidates: [3, 2], rubricRow: null, ok: false});
    // A case written for the notebook is told to check its facts or the version's rules, never that the version
    // "rules it rightly" with no single score to rule it by.
    expect(itemProblems(checkGuideline(v1, [{...item, origin: "notebook"}]))).toEqual([
      "one-of-two.md score: ruled 3 but the rubric gives no single score: the row “main task met or partly met, some " +
        "instructions missed” allows 3, the row “main task met or partly met, most instructions missed” allows 2: " +
        "check the case's facts, or change guideline/v1's rules or parameters until they derive one score",
    ]);
  });

  it("reports an item whose every line is met and that names no deciding rule, or names one the version lacks", () => {
    const {decidingRule: _named, ...unnamed} = fixture("question");
    expect(itemProblems(checkGuideline(v2, [unnamed]))).toMatchInlineSnapshot(`
      [
        "question.md decidingRule: every line is met, so no line names the rule that settles the case: add decidingRule: <rule id> (the rule the case study's ruling names)",
      ]
    `);
    const questionless = {...v2, version: "v9", rules: v2.rules.filter((rule) => rule.id !== "clarifying-question")};
    expect(
      itemProblems(checkGuideline(questionless, [fixture("question")])).filter((line) => /decidingRule/.test(line)),
    ).toMatchInlineSnapshot(`
        [
          "question.md decidingRule: rule id "clarifying-question" is not in guideline/v9",
        ]
      `);
  });

  it("reports a rule id the version does not have (here v2 less its clarifying-question rule)", () => {
    const questionless = {
      ...v2,
      version: "v9",
      rules: v2.rules.filter((rule) => rule.id !== "clarifying-question"),
    };
    expect(checkGuideline(v2, [fixture("question")]).results[0]?.ok).toBe(true);
    expect(itemProblems(checkGuideline(questionless, [fixture("question")]))).toMatchInlineSnapshot(`
      [
        "question.md checklist[0].rule: rule id "clarifying-question" is not in guideline/v9: expected one of not-rated, main-task, stated-constraints, list-stated-only, standing-instructions, pasted-material, numbers, size-words, purpose, style-register, only-just, main-task-partial, conflicting, refusal",
        "question.md score: ruled 5 but the rubric gives no single score: the row “every instruction met” allows 5, the row “main task not met, but the response engages with the request” allows 2: the case study rules it 5, so change guideline/v9's rules or parameters until they derive 5 (npm run guideline:preview shows what a change moves), or mend this file where it strays from the case study",
        "question.md decidingRule: rule id "clarifying-question" is not in guideline/v9",
      ]
    `);
  });

  it("reports a line decided by a rule the version applies but does not state (v1's accuracy rule)", () => {
    const example5 = real("example-5");
    expect(checkGuideline(v2, [example5]).results[0]?.ok).toBe(true);
    const report = checkGuideline(v1, [example5]);
    expect(itemProblems(report)).toMatchInlineSnapshot(`
      [
        "example-5.md checklist[2].rule: rule not-rated decides this line, but guideline/v1 does not state it: a trainee has no rule to cite",
      ]
    `);
    expect(report.results[0]).toMatchObject({derivedScore: 5, ok: false});
  });

  it("accepts a ruled verdict among those a rule leaves open, and reports one it does not allow", () => {
    // Calibration A compares itself with example 3, which must be there for the reference to resolve.
    const problemsOf = (calibrationA: Item) =>
      itemProblems(checkGuideline(v1, [calibrationA, real("example-3")])).filter((line) =>
        line.startsWith("calibration-a.md"),
      );
    expect(problemsOf(real("calibration-a"))).toEqual([
      "calibration-a.md score: ruled 4 but the rubric gives no single score: the row “every instruction met, one with " +
        "a small flaw” allows 4, the row “main task met or partly met, some instructions missed” allows 3: the case " +
        "study rules it 4, so change guideline/v1's rules or parameters until they derive 4 (npm run " +
        "guideline:preview shows what a change moves), or mend this file where it strays from the case study",
    ]);
    const ruledNotMet = structuredClone(real("calibration-a"));
    ruledNotMet.checklist[2]!.verdict = "not-met";
    expect(problemsOf(ruledNotMet)).toMatchInlineSnapshot(`
      [
        "calibration-a.md checklist[2].verdict: ruled “not met” but rule style-register allows only “met, with a small flaw” or “partly met” from the facts",
        "calibration-a.md score: ruled 4 but the rubric gives no single score: the row “every instruction met, one with a small flaw” allows 4, the row “main task met or partly met, some instructions missed” allows 3: the case study rules it 4, so change guideline/v1's rules or parameters until they derive 4 (npm run guideline:preview shows what a change moves), or mend this file where it strays from the case study",
      ]
    `);
  });

  it("reports a flag the rules raise that the item does not carry", () => {
    expect(itemProblems(checkGuideline(v2, [fixture("missing-flag")]))).toMatchInlineSnapshot(`
      [
        "missing-flag.md flags: the rules raise the "prompt" flag: add {flag: prompt} with a note",
      ]
    `);
  });

  it("reports a twist of an item that does not exist", () => {
    expect(itemProblems(checkGuideline(v2, [fixture("twist")]))).toMatchInlineSnapshot(`
      [
        "twist.md twistOf: no item with id "no-such-item"",
      ]
    `);
  });

  it("reports a compare link to no item, or to the item itself, naming the field", () => {
    expect(itemProblems(checkGuideline(v2, [fixture("unknown-compare"), fixture("twist")]))).toMatchInlineSnapshot(`
      [
        "unknown-compare.md compare[0]: "unknown-compare" is this item: compare names another item",
        "unknown-compare.md notes[0].compare[0]: no item with id "example-99": use an id from data/items/",
        "twist.md twistOf: no item with id "no-such-item"",
      ]
    `);
  });

  it("reports every rubric level with no worked example", () => {
    const report = checkGuideline(v2, [fixture("one-of-two")]);
    expect(report.problems.filter((problem) => problem.file.startsWith("guideline/")).map(formatProblem))
      .toMatchInlineSnapshot(`
      [
        "guideline/v2/guideline.yaml at rubric: score 5 has no worked example: add an item ruled 5",
        "guideline/v2/guideline.yaml at rubric: score 4 has no worked example: add an item ruled 4",
        "guideline/v2/guideline.yaml at rubric: score 2 has no worked example: add an item ruled 2",
        "guideline/v2/guideline.yaml at rubric: score 1 has no worked example: add an item ruled 1",
      ]
    `);
  });

  it("reports a level as covered by its ruled score, so the real items cover all five", () => {
    const report = checkGuideline(
      v2,
      loadItems().filter((item) => item.score !== 4),
    );
    expect(report.problems.map(formatProblem)).toEqual([
      "guideline/v2/guideline.yaml at rubric: score 4 has no worked example: add an item ruled 4",
    ]);
  });

  it("reports a duplicate id once, and still checks both items", () => {
    const item = fixture("one-of-two");
    const report = checkGuideline(v2, [item, item]);
    expect(itemProblems(report)).toMatchInlineSnapshot(`
      [
        "one-of-two.md id: duplicate item id "one-of-two" (2 items): ids must be unique",
      ]
    `);
    expect(report.results).toHaveLength(2);
    expect(report.results.map((result) => result.ok)).toEqual([false, false]);
  });

  it("names the item's real file when told where items live", () => {
    const item = fixture("one-of-two");
    const report = checkGuideline(v2, [{...item, score: 5}], {fileOf: (id) => `test/fixtures/items/check/${id}.md`});
    expect(report.problems.map(formatProblem)[0]).toMatch(/^test\/fixtures\/items\/check\/one-of-two\.md at score: /);
  });

  it("keeps the derivation for the trace, and the authored flags", () => {
    const report = checkGuideline(v2, loadItems());
    const example5 = report.results.find((result) => result.id === "example-5");
    expect(example5?.flags).toEqual(["accuracy"]);
    expect(example5?.derivation.lines.map((line) => line.clause)).toEqual([
      "delivered",
      "no-additions",
      "separate-dimension",
    ]);
  });

  it("warns, without failing, about the parameters and rules no worked example tests", () => {
    // The case study's own cases leave two parameters untested (the notebook's cases are written to pin them).
    const report = checkGuideline(
      v2,
      loadItems().filter((item) => item.origin === "case-study"),
    );
    expect(report.problems).toEqual([]);
    expect(report.results.every((result) => result.ok)).toBe(true);
    const warnings = report.warnings.map(formatProblem);
    expect(warnings).toEqual(
      expect.arrayContaining([
        "guideline/v2/guideline.yaml at parameters.additionsBreakWithoutWording: no worked example tests it: no item's score moves when it is set to true; add an item whose score depends on it",
        "guideline/v2/guideline.yaml at parameters.mainPartThreshold: no worked example tests it: no item's score moves when it is set to more-than-half; add an item whose score depends on it",
      ]),
    );
    // Only parameters and row 4's threshold: every rule of v2 moves some item when removed.
    expect(warnings.every((warning) => / at (parameters\.|rubric\.rows\[\d+\]\.threshold:)/.test(warning))).toBe(true);
    expect(report.dependence.untested.parameters).toEqual(
      expect.arrayContaining(["additionsBreakWithoutWording", "mainPartThreshold"]),
    );
    expect(report.dependence.parameters.find((entry) => entry.name === "ceilingNeedsOne")!.moved).toEqual(["edge-1a"]);
  });

  it("warns about nothing but row 4's threshold with the notebook's cases in: fresh-1 and fresh-2 test the two parameters", () => {
    const report = checkGuideline(v2, loadItems());
    expect(report.problems).toEqual([]);
    // No worked case has two small flaws, so no case moves however many a 4 allows (the case study's "one small flaw").
    const index = v2.logic.rubric.rows.findIndex((row) => row.id === "one-small-flaw");
    expect(report.warnings.map(formatProblem)).toEqual([
      `guideline/v2/logic.yaml at rubric.rows[${index}].threshold: How many small flaws a 4 allows (rubric.one-small-flaw): no worked example tests it: no item's score moves when it is set to 2, 3, 4 or 5; add an item whose score depends on it`,
    ]);
    expect(report.dependence.untested).toEqual({parameters: [], rules: [], thresholds: ["one-small-flaw"]});
    const moved = (name: string) => report.dependence.parameters.find((entry) => entry.name === name)!.moved;
    expect([moved("additionsBreakWithoutWording"), moved("mainPartThreshold")]).toEqual([["fresh-1"], ["fresh-2"]]);
  });

  it("warns about a rule no item needs at its place in the file, and a parameter whose rule the version lacks", () => {
    const noQuestions = loadItems().filter(
      (item) => !item.checklist.some((line) => line.rule === "clarifying-question"),
    );
    const warnings = checkGuideline(v2, noQuestions).warnings.map(formatProblem);
    const index = v2.rules.findIndex((rule) => rule.id === "clarifying-question");
    expect(warnings).toContain(
      `guideline/v2/guideline.yaml at rules[${index}].id: no worked example tests rule clarifying-question: removing it moves no item's score; add an item that needs it`,
    );
    const withoutQuestions = {...v2, rules: v2.rules.filter((rule) => rule.id !== "clarifying-question")};
    expect(checkGuideline(withoutQuestions, loadItems()).warnings.map(formatProblem)).toContain(
      "guideline/v2/guideline.yaml at parameters.clarifyingQuestionTest: no rule of v2 reads it (its rule, clarifying-question, is not in this version), so no item's score depends on it",
    );
  });
});

describe("two cases of a set in one place", () => {
  const edge3 = real("edge-3");
  it("refuses a case-study number another case of the set has, unless a twist or a lettered part of it", () => {
    // Edge case 3 copied under a new id, still the case study's, still numbered 3, at a free order.
    const copy = {...edge3, id: "edge-12", order: 15};
    const report = checkGuideline(v2, [...realItems, copy]);
    expect(itemProblems(report)).toEqual([
      'edge-12.md caseStudyNumber: caseStudyNumber "3" is also edge-3\'s in set edge-cases: each case of the case ' +
        "study has its own number (a twist names its case in twistOf); a case written for the notebook has none: " +
        "set origin: notebook and remove caseStudyNumber",
    ]);
    expect(report.results.find((result) => result.id === "edge-12")!.ok).toBe(false);
    // The same number in another set is another case; the twist of edge-3 is edge case 3 again.
    for (const fine of [
      {...copy, set: "calibration" as const, order: 6},
      {...copy, id: "edge-3-twist", twistOf: "edge-3"},
    ])
      expect(itemProblems(checkGuideline(v2, [...realItems, fine]))).toEqual([]);
  });

  it("lets a number repeat only for a case's one twist and lettered parts of one number, never for a copy", () => {
    const numberProblems = (extra: Item) =>
      itemProblems(checkGuideline(v2, [...realItems, extra])).filter((line) => line.includes("caseStudyNumber:"));
    // Copies named like parts: edge-3 has no letter, so edge-3b is no part of it; example-6x neither.
    expect(numberProblems({...edge3, id: "edge-3b", order: 15})).toEqual([
      expect.stringMatching(/^edge-3b\.md caseStudyNumber: caseStudyNumber "3" is also edge-3's in set edge-cases/),
    ]);
    expect(numberProblems({...real("example-6"), id: "example-6x", order: 8})).toEqual([
      expect.stringMatching(/^example-6x\.md caseStudyNumber: caseStudyNumber "6" is also example-6's/),
    ]);
    // Another number's letter, or a part of another stem, is no part of edge case 1.
    expect(numberProblems({...real("edge-1a"), id: "edge-2a", order: 15})).toHaveLength(1);
    // A second twist of edge-10 (edge-10-twist is its one twist) is a copy.
    expect(numberProblems({...real("edge-10-twist"), id: "edge-10-twist-2", order: 15})).toEqual([
      expect.stringMatching(/^edge-10-twist-2\.md caseStudyNumber: caseStudyNumber "10" is also edge-10's/),
    ]);
    // edge-1d copying edge-1a is named as a fourth lettered part of case 1: only the case study could tell it is
    // not one, so the check lets it through.
    expect(numberProblems({...real("edge-1a"), id: "edge-1d", order: 15})).toEqual([]);
    // The 33 cases of data/items, with their twists and lettered parts, pass.
    expect(realItems).toHaveLength(33);
    expect(itemProblems(checkGuideline(v2, realItems))).toEqual([]);
  });

  it("refuses an order another case of the set has, and says which follows the last", () => {
    const report = checkGuideline(v2, [...realItems, {...real("fresh-2"), id: "fresh-8", order: 3}]);
    expect(itemProblems(report)).toEqual([
      "fresh-8.md order: order 3 is also fresh-3's in set fresh-calibration: give each case of a set its own order " +
        "(8 follows the last)",
    ]);
  });
});

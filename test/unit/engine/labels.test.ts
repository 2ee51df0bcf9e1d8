// lib/engine/labels.ts: the one wording of each verdict and rubric row. Expected words are the guideline's own
// (guideline/v2/guideline.yaml's rubric) and the case study's, written out here by hand.
import {describe, expect, it} from "vitest";
import {describeShape} from "../../../lib/authoring/completeness-words.js";
import {
  readerStanding,
  ruleName,
  ruleNamesInList,
  rubricRowByNumber,
  rubricRowWords,
  verdictInListLabels,
  verdictLabels,
  verdictPredicates,
} from "../../../lib/engine/labels.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {applyRuleChanges} from "../../../lib/authoring/rule-changes.js";

const {logic} = loadGuideline("v2");

describe("verdict and rubric-row wording", () => {
  it("states a small flaw with a comma on its own, and without one inside a list", () => {
    expect(verdictLabels["met-flaw"]).toBe("met, with a small flaw");
    expect(verdictInListLabels["met-flaw"]).toBe("met with a small flaw");
    expect(verdictInListLabels["cannot-check"]).toBe(verdictLabels["cannot-check"]);
  });

  it("gives every row a short form that starts with its score where the row fixes one", () => {
    const v2 = {counting: "at-least-half", partialMainCap: 3} as const;
    expect(rubricRowByNumber(logic, "one-small-flaw", v2)).toBe("row 4, one small flaw");
    expect(rubricRowByNumber(logic, "not-applicable", v2)).toBe("not applicable");
    expect(rubricRowByNumber(logic, "main-partly-capped", {...v2, partialMainCap: 2})).toBe(
      "row 2, the cap for a partly done main task",
    );
    // v1's rows 3 and 2 are its own words: "most instructions missed" (the case study's), not a count.
    expect(rubricRowByNumber(logic, "fewer-than-half", {...v2, counting: "most-missed"})).toBe(
      "row 2, most instructions missed",
    );
    for (const row of [...logic.rubric.rows.map((entry) => entry.id), logic.rubric.cap!.id])
      expect(rubricRowByNumber(logic, row, v2)).toMatch(/^(row [1-5], |not applicable$)/);
  });

  it("says a row without words of its own in its short words as the parameters read them, not as 'a row'", () => {
    // v2's rows 3 and 2 with their full words left out, as a version may write them: the short words are the
    // counting's (guideline/v2/logic.yaml), "at least half met" under at-least-half and "more than half met" under
    // more-than-half; a row the rubric does not declare is said as "a row of the rubric".
    const shortOnly = {
      ...logic,
      rubric: {...logic.rubric, rows: logic.rubric.rows.map(({words: _words, ...row}) => row)},
    };
    const v2 = {counting: "at-least-half", partialMainCap: 3} as const;
    expect(rubricRowWords(shortOnly, "half-or-more", v2)).toBe("at least half met");
    expect(rubricRowWords(shortOnly, "half-or-more", {...v2, counting: "more-than-half"})).toBe("more than half met");
    expect(rubricRowWords(shortOnly, "fewer-than-half", {...v2, counting: "most-missed"})).toBe(
      "most instructions missed",
    );
    expect(rubricRowWords(logic, "half-or-more", v2)).toBe(
      "main task met or partly met, at least half of the other instructions met",
    );
    expect(rubricRowWords(logic, "no-such-row", v2)).toBe("a row of the rubric");
  });

  it("says a row in its short words where they follow a parameter set otherwise than the version's own", () => {
    // v2's row 3 words ("at least half of the other instructions met") are its own counting's; under most-missed
    // they are untrue, and the row is what its short words say under that counting (guideline/v2/logic.yaml).
    const v2 = {counting: "at-least-half", partialMainCap: 3} as const;
    expect(rubricRowWords(logic, "half-or-more", {...v2, counting: "most-missed"})).toBe("some instructions missed");
    expect(rubricRowWords(logic, "fewer-than-half", {...v2, counting: "more-than-half"})).toBe("half or fewer met");
    // A row whose short words follow no parameter keeps its full words whatever the parameters (row 4: "one small
    // flaw" is its short words).
    expect(rubricRowWords(logic, "one-small-flaw", {...v2, counting: "most-missed"})).toBe(
      "every instruction met, one with a small flaw",
    );
  });

  it("says every verdict of a line in a sentence, after the line's name", () => {
    // "“Four lines” is can't be checked" was one verdict's words put after "is": each has its own predicate.
    expect(verdictPredicates["cannot-check"]).toBe("can't be checked");
    expect(verdictPredicates["met-flaw"]).toBe("is met, with a small flaw");
    // Every other verdict is "is" and its label's words; "not an instruction" says where ("here").
    for (const verdict of Object.keys(verdictLabels) as (keyof typeof verdictLabels)[])
      expect(verdictPredicates[verdict].endsWith(verdictLabels[verdict].replace(/^not /, ""))).toBe(
        verdict !== "not-instruction",
      );
  });

  it("says a row threshold set otherwise as its wording gives the number, in every row that says it", () => {
    // guideline/v2/logic.yaml: row 3's share says "half" at 0.5, as a percentage otherwise; row 4's count says "one
    // small flaw" at 1, "up to # small flaws" otherwise. Row 2 says the same share as row 3.
    const v2 = {counting: "at-least-half", partialMainCap: 3} as const;
    // As a candidate's `rubric.<row>=<value>` sets it.
    const set = (id: string, value: number) => applyRuleChanges(logic, [{kind: "threshold", row: id, value}]);
    const share = set("half-or-more", 0.6);
    expect(rubricRowWords(share, "half-or-more", v2)).toBe(
      "main task met or partly met, at least 60% of the other instructions met",
    );
    expect(rubricRowWords(share, "fewer-than-half", v2)).toBe(
      "main task met or partly met, fewer than 60% of the other instructions met",
    );
    expect(rubricRowByNumber(share, "fewer-than-half", {...v2, counting: "more-than-half"})).toBe(
      "row 2, 60% or fewer met",
    );
    // Most-missed reads no share: its words say none.
    expect(rubricRowWords(share, "half-or-more", {...v2, counting: "most-missed"})).toBe("some instructions missed");
    const flaws = set("one-small-flaw", 2);
    expect(rubricRowWords(flaws, "one-small-flaw", v2)).toBe("every instruction met, up to 2 with a small flaw");
    expect(rubricRowByNumber(flaws, "one-small-flaw", v2)).toBe("row 4, up to 2 small flaws");
    // At the value the words were written for, they are the version's own.
    expect(rubricRowWords(set("half-or-more", 0.5), "half-or-more", v2)).toBe(
      "main task met or partly met, at least half of the other instructions met",
    );
  });

  it("rewords a phrase only as a whole, once, with the form as written", () => {
    // A made-up row: "half" inside "behalf" is no phrase; a form's "$&" is text, not a pattern; every "#" is the
    // number; a form put in is not read again for a shorter phrase.
    const rubric = {
      credit: {met: 1},
      rows: [
        {
          id: "r",
          short: "half met on behalf of half",
          when: "true",
          score: 3 as const,
          threshold: {
            name: "t",
            title: "T",
            description: "D",
            type: "number" as const,
            min: 0,
            max: 1,
            value: 0.25,
            wording: {value: 0.5, phrases: {"half met": "# ($&) or #% met", "half": "#%"}},
          },
        },
      ],
    };
    expect(rubricRowByNumber({rubric}, "r", {})).toBe("row 3, 0.25 ($&) or 25% met on behalf of 25%");
  });

  it("describes a checklist shape in the same words", () => {
    expect(describeShape({main: "met-flaw", others: ["met-flaw", "partly"]})).toBe(
      "main task met with a small flaw; two others: one met with a small flaw, one partly met",
    );
    expect(describeShape({main: "not-met-ignores", others: []})).toBe(
      "main task not met: the response ignores the request or does a different task; no other instructions",
    );
    expect(describeShape({main: "not-met-engages", others: ["cannot-check"]})).toBe(
      "main task not met, but the response engages with the request; one other can't be checked",
    );
  });
});

describe("a rule's name", () => {
  it("is its title; a rule the version applies but does not state, its text after 'Not in the guideline'", () => {
    // guideline/v2/guideline.yaml titles not-rated "What you are rating"; v1 lists it under unwrittenRules, with the
    // text "Accuracy is rated separately."
    expect(ruleName(loadGuideline("v2"), "not-rated")).toBe("What you are rating");
    expect(ruleName(loadGuideline("v1"), "not-rated")).toBe("Not in the guideline: Accuracy is rated separately.");
    expect(ruleName(loadGuideline("v1"), "numbers")).toBe("Numbers");
    expect(ruleName(loadGuideline("v2"), "no-such-rule")).toBe("no-such-rule");
  });

  it("inside a sentence, is an unwritten rule's text with no full stop, '(not in the guideline)' after it", () => {
    const names = ruleNamesInList(loadGuideline("v1"));
    expect(names.get("not-rated")).toBe("Accuracy is rated separately (not in the guideline)");
    expect(ruleName(loadGuideline("v1"), "not-rated", {inList: true})).toBe(names.get("not-rated"));
    expect(names.get("numbers")).toBe("Numbers");
    // guideline/v1/guideline.yaml states 14 rules and leaves one unwritten: 15 names.
    expect(names.size).toBe(15);
  });
});

describe("where a parameter's reader stands in a version", () => {
  it("is the rubric, a rule the version states, one it applies unstated with its text, or one it lacks", () => {
    // accuracyRated's reader, not-rated: stated in v2 ("What you are rating"), unwritten in v1.
    expect(readerStanding(loadGuideline("v2"), "rubric")).toEqual({kind: "rubric"});
    expect(readerStanding(loadGuideline("v2"), null)).toEqual({kind: "rubric"});
    expect(readerStanding(loadGuideline("v2"), "not-rated")).toEqual({kind: "stated", id: "not-rated"});
    expect(readerStanding(loadGuideline("v1"), "not-rated")).toEqual({
      kind: "unwritten",
      id: "not-rated",
      text: "Accuracy is rated separately.",
    });
    expect(readerStanding(loadGuideline("v1"), "no-such-rule")).toEqual({kind: "missing", id: "no-such-rule"});
  });
});

// The debrief at the end of a part (issue 29, item 10): "5 of 7 exact · review Example 1 and Example 5", and the rule
// misapplied most often, worked by hand from a record of first answers.
import {describe, expect, it} from "vitest";
import {loadGuidelines} from "../../../lib/node/load.js";
import {derivedDecidingRules} from "../../../lib/trainee/derived-deciding-rules.js";
import {debriefOf, debriefRuleWords, debriefTally, debriefUpdate} from "../../../lib/trainee/debrief.js";
import {listWords} from "../../../lib/text/format.js";
import {resultGroup} from "../../../lib/trainee/results.js";
import {items, record} from "./helpers.js";

const guideline = loadGuidelines().at(-1)!;
const examples = items.filter((item) => item.set === "examples");

describe("a part's debrief", () => {
  it("counts the exact first answers, lists the rest to review in walking order, and names the rule missed most", () => {
    // The seven examples' ruled scores (the case study's table): 5, 3, 3, 3, 5, 2, 3. Examples 1 and 5 given 3 alone
    // (two off each), the rest their ruled score; a retry of Example 1 at 5 does not count.
    const progress = record(
      {item: "example-1", score: 3},
      {item: "example-1", score: 5},
      {item: "example-2", score: 3},
      {item: "example-3", score: 3},
      {item: "example-4", score: 3},
      {item: "example-5", score: 3},
      {item: "example-6", score: 2},
      {item: "example-7", score: 3},
    );
    const debrief = debriefOf(resultGroup(progress, examples, "walk", derivedDecidingRules(guideline)))!;
    expect(debrief).toMatchObject({exact: 5, answered: 7, review: ["example-1", "example-5"]});
    expect(`${debriefTally(debrief)}${listWords(["Example 1", "Example 5"])}`).toBe(
      "5 of 7 exact · review Example 1 and Example 5",
    );
    // A wrong score given alone blames the case's deciding rule: Example 1's is the ceiling (Numbers), Example 5's
    // what is rated (accuracy is not): one case each, so no rule stands out.
    expect(debrief.rule).toBeNull();
  });

  it("names a rule only when it was misapplied more often than any other, and says nothing before an answer", () => {
    const debrief = debriefOf({
      rows: [
        {
          id: "a",
          score: {
            trainee: 3,
            ruled: 5,
            distance: "two-or-more-off",
            difference: -2,
            direction: "harsh",
            notApplicableMismatch: false,
          },
        },
        {
          id: "b",
          score: {
            trainee: 4,
            ruled: 4,
            distance: "exact",
            difference: 0,
            direction: null,
            notApplicableMismatch: false,
          },
        },
      ],
      total: 2,
      rulesMisapplied: [
        {rule: "numbers", items: ["a", "c"]},
        {rule: "purpose", items: ["a"]},
      ],
    })!;
    expect(debrief.rule).toEqual({id: "numbers", cases: 2});
    expect(debriefRuleWords(debrief.rule!)).toBe("The rule you misapplied most often here (2 cases): ");
    expect(debriefTally(debrief)).toBe("1 of 2 exact · review ");
    expect(debriefOf({rows: [{id: "a", score: null}], total: 1, rulesMisapplied: []})).toBeNull();
    // Some cases of the part not scored yet: said, so "1 of 1 exact" is not read as the part done.
    const onlyOne = record({item: "example-6", score: 2});
    const started = debriefOf(resultGroup(onlyOne, examples, "walk", derivedDecidingRules(guideline)))!;
    expect(debriefTally(started)).toBe("1 of 1 exact · 6 not scored yet");
    expect(listWords(["Example 1", "Example 3", "Example 5"])).toBe("Example 1, Example 3 and Example 5");
  });
});

describe("a part's debrief as drawn", () => {
  it("is drawn again for a newly saved record and once the results' code is in, and unchanged otherwise", () => {
    const first = record({item: "example-1", score: 3});
    const shown = {progress: first, loaded: false};
    const loaded = debriefUpdate(shown, {kind: "loaded"});
    expect(loaded).toEqual({progress: first, loaded: true});
    expect(debriefUpdate(loaded, {kind: "loaded"})).toBe(loaded);
    expect(debriefUpdate(loaded, {kind: "record", progress: first})).toBe(loaded);
    const next = record({item: "example-1", score: 3}, {item: "example-2", score: 4});
    expect(debriefUpdate(loaded, {kind: "record", progress: next})).toEqual({progress: next, loaded: true});
  });
});

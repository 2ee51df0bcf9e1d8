// The sentences and labels the trainee pages show are decided in lib/trainee/words.ts.
import {describe, expect, it} from "vitest";
import {caseStudyParameters} from "../engine/case-study-parameters.js";
import {compareScores} from "../../../lib/trainee/score-distance.js";
import {impliedScore} from "../engine/helpers.js";
import {
  fromChecklistWords,
  describeDistance,
  describeImplied,
  describeLean,
  describePassRule,
  describeReviewScores,
  describeScoredUnder,
  describeTally,
  explainLean,
  reviewHeading,
  reviewLead,
  listingText,
  scaleAnchors,
  scoreForKey,
  scoreText,
  verdictWords,
  type ImpliedLine,
} from "../../../lib/trainee/words.js";
import {free, item, line, mark, option} from "./helpers.js";
import {loadGuideline} from "../../../lib/node/load.js";

const v2 = loadGuideline("v2");

describe("the words of a listed line", () => {
  it("are the marked words, the trainee's own line, or the ticked option", () => {
    const example3 = item("example-3");
    expect(listingText(example3, mark(example3, "kurze, förmliche"))).toBe("kurze, förmliche");
    expect(listingText(example3, free("be polite"))).toBe("be polite");
    const edge4 = item("edge-4");
    expect(listingText(edge4, option(0))).toBe(edge4.checklist[0]!.text);
    expect(listingText(edge4, option(99))).toBe("(an option this item no longer has)");
  });

  it("come from an earlier turn for a standing instruction", () => {
    const edge7 = item("edge-7");
    expect(listingText(edge7, mark(edge7, "answer in bullet points", "turn-1"))).toBe("answer in bullet points");
  });
});

describe("scores and distances", () => {
  it("write not applicable as words", () => {
    expect(scoreText("n/a")).toBe("not applicable");
    expect(scoreText(4)).toBe("4");
  });

  it("say how far and which way a score is off", () => {
    expect(describeDistance(compareScores(3, 3))).toBe("exact");
    // Issue 29: "you scored higher / lower than the ruling", never harsh or lenient.
    expect(describeDistance(compareScores(4, 3))).toBe("one off, higher than the ruling");
    expect(describeDistance(compareScores(1, 3))).toBe("two off, lower than the ruling");
    expect(describeDistance(compareScores(5, 1))).toBe("four off, higher than the ruling");
    expect(describeDistance(compareScores(2, "n/a"))).toBe("you scored a response the guideline does not rate");
    expect(describeDistance(compareScores(2, "n/a"), "it")).toBe("it scored a response the guideline does not rate");
    expect(describeDistance(compareScores("n/a", 1))).toBe("the guideline rates this one");
  });
});

describe("what the trainee's checklist implies", () => {
  const example2 = item("example-2");
  const main = mark(example2, "Summarize this article on city bike-sharing");
  const bullets = mark(example2, "in three bullet points");

  const scored = (draft: Parameters<typeof impliedScore>[0]): ImpliedLine => ({
    kind: "score",
    implied: impliedScore(draft, caseStudyParameters),
  });

  it("asks for what is missing first", () => {
    expect(describeImplied(scored({lines: [line(bullets, "met")]}), v2)).toBe(
      "Mark one listed line as the main task to see the score your checklist implies.",
    );
    expect(describeImplied(scored({lines: [line(main, "met", true), line(bullets)]}), v2)).toBe(
      "Give every listed line a verdict (1 still open) to see the score your checklist implies.",
    );
  });

  it("after Check, says what the locked checklist left out, and asks for nothing", () => {
    const checked = {checked: true};
    expect(describeImplied(scored({lines: [line(bullets, "met")]}), v2, checked)).toBe(
      "Your checklist implies no score: none of its lines was marked as the main task.",
    );
    expect(describeImplied(scored({lines: [line(main, "met", true), line(bullets)]}), v2, checked)).toBe(
      "Your checklist implies no score: 1 listed line had no verdict.",
    );
    expect(describeImplied(scored({lines: [line(main, undefined, true), line(bullets)]}), v2, checked)).toBe(
      "Your checklist implies no score: 2 listed lines had no verdict.",
    );
    expect(describeImplied(scored({lines: [line(main, "not-met", true)]}), v2, checked)).toBe(
      "Your checklist implies 2 or 1.",
    );
    // A score the checklist decides reads the same before and after.
    const decided = scored({lines: [line(main, "met", true), line(bullets, "not-met")]});
    expect(describeImplied(decided, v2, checked)).toBe(describeImplied(decided, v2));
  });

  it("says where the line stands with nothing listed, and while the score is worked out", () => {
    expect(describeImplied({kind: "none"}, v2)).toBe(
      "The score your checklist implies shows here as you list the instructions and give each a verdict.",
    );
    expect(describeImplied({kind: "working"}, v2)).toBe("Working out the score your checklist implies…");
  });

  it("names the score and the rubric row", () => {
    expect(describeImplied(scored({lines: [line(main, "met", true), line(bullets, "not-met")]}), v2)).toBe(
      "Your checklist implies 2 (main task met or partly met, fewer than half of the other instructions met).",
    );
  });

  it("asks how the response stands to the request when the main task is not done", () => {
    expect(describeImplied(scored({lines: [line(main, "not-met", true)]}), v2)).toBe(
      "Your checklist implies 2 or 1: say how the response stands to the request.",
    );
  });
});

describe("the self-check summary's sentences", () => {
  it("state the pass rule and the tally", () => {
    expect(describePassRule({exactAtLeast: 4, of: 5, maxTwoOrMoreOff: 0})).toBe(
      "At least 4 of 5 exact, and none two or more points off.",
    );
    expect(describePassRule({exactAtLeast: 3, of: 5, maxTwoOrMoreOff: 1})).toBe(
      "At least 3 of 5 exact, and at most 1 two or more points off.",
    );
    expect(describeTally({exact: 4, total: 5, oneOff: 1, twoOrMoreOff: 0})).toBe(
      "4 of 5 exact, 1 one off, 0 two or more off.",
    );
    // An experienced rater's run of the fresh cases: it read "1 of 7 exact, 4 within one, 3 two or more off".
    expect(describeTally({exact: 1, total: 7, oneOff: 3, twoOrMoreOff: 3})).toBe(
      "1 of 7 exact, 3 one off, 3 two or more off.",
    );
  });
});

describe("a rule's misses seen in the trainee's checklist", () => {
  it("counts those the checklist shows and says where the rest come from", () => {
    const three = ["example-2", "example-6", "edge-4"];
    expect(fromChecklistWords({fromChecklist: 3, items: three})).toBe("your checklist (3)");
    expect(fromChecklistWords({fromChecklist: 1, items: three})).toBe("your checklist (1), your score alone (2)");
    expect(fromChecklistWords({fromChecklist: 0, items: three})).toBe("your score alone (3)");
  });
});

describe("the lean in plain words, stated only when it is clear", () => {
  it("says which way, and how many of the misses lie that way", () => {
    expect(describeLean({meanSignedDifference: 0.5, lenient: 5, harsh: 2})).toBe(
      "You tend to score higher than the ruling: 5 of 7 misses were above it.",
    );
    expect(describeLean({meanSignedDifference: -0.3, lenient: 0, harsh: 3})).toBe(
      "You tend to score lower than the ruling: all 3 misses were below it.",
    );
    expect(describeLean({meanSignedDifference: -1, lenient: 0, harsh: 1})).toBe(
      "You tend to score lower than the ruling: your one miss was below it.",
    );
    // Two misses the same way are both, not "all 2".
    expect(describeLean({meanSignedDifference: 0.4, lenient: 2, harsh: 0})).toBe(
      "You tend to score higher than the ruling: both misses were above it.",
    );
  });
  it("says there is no clear lean, with the counts, when it is not clear", () => {
    // The case: -0.09 with 4 above and 4 below.
    expect(describeLean({meanSignedDifference: -1 / 11, lenient: 4, harsh: 4})).toBe(
      "No clear lean: 4 above the ruling, 4 below.",
    );
    // Two misses of one point above among seven answers: 2/7 on average, because five were exact.
    expect(describeLean({meanSignedDifference: 2 / 7, lenient: 2, harsh: 0})).toBe(
      "No clear lean: 2 above the ruling, 0 below, and your average score is within 0.3 of a point of the rulings' " +
        "average.",
    );
    expect(describeLean({meanSignedDifference: 1 / 3, lenient: 1, harsh: 2})).toBe(
      "No clear lean: 1 above the ruling, 2 below, though the one above is farther off.",
    );
    expect(describeLean({meanSignedDifference: -0.5, lenient: 3, harsh: 2})).toBe(
      "No clear lean: 3 above the ruling, 2 below, though the 2 below are farther off.",
    );
  });
  it("says that a small average is the average score's distance from the rulings', not the scores' nor a cancelling out", () => {
    // Four answers, 3 above, then 2 and 1 below, and one exact: two or more off twice (1.5 points off on average),
    // yet (3 - 2 - 1 + 0) / 4 = 0 on average.
    const sentence = describeLean({meanSignedDifference: 0, lenient: 1, harsh: 2}, "it");
    expect(sentence).toBe(
      "No clear lean: 1 above the ruling, 2 below, and its average score is within 0.3 of a point of the rulings' " +
        "average.",
    );
    expect(sentence).not.toMatch(/scores are less than/);
    // 5 above by 1 and 1 below by 1 among 30 answers: (5 - 1) / 30 = 0.13, small because 24 are exact, not because
    // the misses cancel out.
    expect(describeLean({meanSignedDifference: 4 / 30, lenient: 5, harsh: 1})).not.toMatch(/cancel/);
  });
  it("says when nothing is above or below", () => {
    expect(describeLean({meanSignedDifference: 0, lenient: 0, harsh: 0})).toBe(
      "No lean: none of your scores was above or below the ruling.",
    );
    expect(describeLean({meanSignedDifference: null, lenient: 0, harsh: 0})).toMatch(
      /^No lean to report: none of these answers can be above or below the ruling/,
    );
  });
  it("uses no jargon in the lean itself, and explains the average only in the fold", () => {
    for (const sentence of [
      describeLean({meanSignedDifference: 0.5, lenient: 5, harsh: 2}),
      describeLean({meanSignedDifference: -1 / 11, lenient: 4, harsh: 4}),
    ])
      expect(sentence).not.toMatch(/mean|signed|difference|lenient|harsh|\d\.\d\d/i);
    expect(explainLean({meanSignedDifference: 6 / 13, lenient: 6, harsh: 2, signed: 13})).toBe(
      "Each answer you scored 1 to 5 is compared with the ruled score. On average over 13 answers, yours are 0.46 " +
        "of a point above it. A lean is named only when that average is at least 0.3 of a point either way and more " +
        "of your misses fall on that side than on the other. Answers where you or the ruling said “not applicable” " +
        "have no above or below, so they are left out of both.",
    );
    expect(explainLean({meanSignedDifference: -0.25, lenient: 0, harsh: 1})).toMatch(
      /On average, yours are 0\.25 of a point below it\./,
    );
    expect(explainLean({meanSignedDifference: 0, lenient: 1, harsh: 1, signed: 4})).toMatch(
      /On average over 4 answers, yours come out level with it\./,
    );
  });
});

describe("the results page's review list and notes", () => {
  it("gives a case's scores: the walk's, the self-check's, or both, then the ruled one", () => {
    expect(describeReviewScores({ruled: 2, answers: [{mode: "walk", trainee: 4}]})).toBe("you gave 4, ruled 2");
    expect(describeReviewScores({ruled: 2, answers: [{mode: "self-check", trainee: 3}]})).toBe(
      "you gave 3 in the self-check, ruled 2",
    );
    expect(
      describeReviewScores({
        ruled: 2,
        answers: [
          {mode: "walk", trainee: 4},
          {mode: "self-check", trainee: 3},
        ],
      }),
    ).toBe("you gave 4, and 3 in the self-check; ruled 2");
    expect(describeReviewScores({ruled: "n/a", answers: [{mode: "walk", trainee: 1}]})).toBe(
      "you gave 1, ruled “not applicable”",
    );
  });
  it("heads the list with its count", () => {
    expect(reviewHeading(1)).toBe("Review this case");
    expect(reviewHeading(5)).toBe("Review these 5 cases");
  });
  it("asks for one case as for one, and several from the top", () => {
    // One case: "each" and "Start at the top" read wrong under "Review this case".
    expect(reviewLead(1)).toBe(
      "Your first answer was off the ruled score. Open the case, read its ruling, then the rule named under it.",
    );
    expect(reviewLead(3)).toMatch(/^Your first answer to each was off the ruled score\. Start at the top: /);
  });
  it("names an answer's guideline version without a version label", () => {
    expect(describeScoredUnder("v2", "v2")).toBeNull();
    expect(describeScoredUnder("v1", "v2")).toBe("scored under an earlier version of the guideline");
    expect(describeScoredUnder("v3", "v2")).toBe("scored under another version of the guideline");
  });
});

describe("keys in a focused item", () => {
  it("choose 1-5, and N only where not applicable is offered", () => {
    expect(scoreForKey("3", {notApplicable: false})).toBe(3);
    expect(scoreForKey("n", {notApplicable: true})).toBe("n/a");
    expect(scoreForKey("N", {notApplicable: true})).toBe("n/a");
    expect(scoreForKey("n", {notApplicable: false})).toBeNull();
    expect(scoreForKey("6", {notApplicable: true})).toBeNull();
    expect(scoreForKey("Enter", {notApplicable: true})).toBeNull();
  });
});

describe("the words a ruling leads with, and the scale's anchors", () => {
  it("says how far and which way, and says a different call about not applicable in its own words", () => {
    expect(verdictWords(compareScores(3, 3))).toBe("Exact");
    expect(verdictWords(compareScores(4, 3))).toBe("One off: you scored higher than the ruling");
    expect(verdictWords(compareScores(1, 4))).toBe("Two or more off: you scored lower than the ruling");
    expect(verdictWords(compareScores(1, "n/a"))).toBe("Not applicable: this response isn't rated on this scale");
    expect(verdictWords(compareScores("n/a", 1))).toBe("Rated: this response is not a case for “not applicable”");
  });

  it("reads the anchors off the one-line instruction, in its words", () => {
    const line = "Rate how well the response follows the user's instructions, from 1 (poor) to 5 (excellent).";
    expect(scaleAnchors(line)).toEqual({1: "poor", 5: "excellent"});
    expect(scaleAnchors("Rate it, 1 to 5.")).toEqual({});
  });
});

// The sentences and labels the trainee pages show are decided in lib/trainee/words.ts.
import {describe, expect, it} from "vitest";
import {defaultParameters} from "../../lib/parameters.js";
import {compareScores} from "../../lib/trainee/compare.js";
import {impliedScore} from "../../lib/trainee/implied.js";
import {
  describeDistance,
  describeImplied,
  describeLean,
  describePassRule,
  describeTally,
  listingText,
  scoreForKey,
  scoreText,
} from "../../lib/trainee/words.js";
import {free, item, line, mark, option} from "./helpers.js";

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
    expect(describeDistance(compareScores(4, 3))).toBe("one off, lenient");
    expect(describeDistance(compareScores(1, 3))).toBe("two off, harsh");
    expect(describeDistance(compareScores(5, 1))).toBe("four off, lenient");
    expect(describeDistance(compareScores(2, "n/a"))).toBe("you scored a response the guideline does not rate");
    expect(describeDistance(compareScores("n/a", 1))).toBe("the guideline rates this one");
  });
});

describe("what the trainee's checklist implies", () => {
  const example2 = item("example-2");
  const main = mark(example2, "Summarize this article on city bike-sharing");
  const bullets = mark(example2, "in three bullet points");

  it("asks for what is missing first", () => {
    expect(describeImplied(impliedScore({lines: [line(bullets, "met")]}, defaultParameters))).toBe(
      "Mark one listed line as the main task to see the score your checklist implies.",
    );
    expect(describeImplied(impliedScore({lines: [line(main, "met", true), line(bullets)]}, defaultParameters))).toBe(
      "Check every listed line (1 still open) to see the score your checklist implies.",
    );
  });

  it("names the score and the rubric row", () => {
    const implied = impliedScore({lines: [line(main, "met", true), line(bullets, "not-met")]}, defaultParameters);
    expect(describeImplied(implied)).toBe(
      "Your checklist implies 2 (main task met or partly met, fewer than half of the other instructions met).",
    );
  });

  it("asks how the response stands to the request when the main task is not done", () => {
    const implied = impliedScore({lines: [line(main, "not-met", true)]}, defaultParameters);
    expect(describeImplied(implied)).toBe("Your checklist implies 2 or 1: say how the response stands to the request.");
  });
});

describe("the self-check summary's sentences", () => {
  it("state the pass rule, the tally and the lean", () => {
    expect(describePassRule({exactAtLeast: 4, of: 5, maxTwoOrMoreOff: 0})).toBe(
      "At least 4 of 5 exact, and none two or more points off.",
    );
    expect(describePassRule({exactAtLeast: 3, of: 5, maxTwoOrMoreOff: 1})).toBe(
      "At least 3 of 5 exact, and at most 1 two or more points off.",
    );
    expect(describeTally({exact: 4, total: 5, withinOne: 5, twoOrMoreOff: 0})).toBe(
      "4 of 5 exact, 5 within one, 0 two or more off.",
    );
    expect(describeLean({meanSignedDifference: 0.4, lenient: 2, harsh: 0})).toBe(
      "Mean signed difference +0.40: you lean lenient (2 above the ruled score, 0 below).",
    );
    expect(describeLean({meanSignedDifference: -1, lenient: 0, harsh: 1})).toBe(
      "Mean signed difference -1.00: you lean harsh (0 above the ruled score, 1 below).",
    );
    expect(describeLean({meanSignedDifference: null, lenient: 0, harsh: 0})).toMatch(/^No lean to report/);
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

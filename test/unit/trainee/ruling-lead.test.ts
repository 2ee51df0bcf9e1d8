// The ruling's first lines and what is in view before its folds (issue 29): the latest attempt leads, the first
// answer (the one recorded) under it; a one-line diagnosis; at most 80 words in view after a wrong score, median 60.
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuidelines, loadParts} from "../../../lib/node/load.js";
import {feedbackFor} from "../../../lib/trainee/feedback.js";
import {decidingWords, rulingWords} from "../../../lib/trainee/ruling-lead.js";
import type {Answer} from "../../../lib/trainee/progress.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import {wordCount} from "../../../lib/text/format.js";
import {item, items} from "./helpers.js";

const guideline = loadGuidelines().at(-1)!;
const ruleSet = ruleSetOf(guideline);
const answer = (id: string, score: Score, attempt = 1): Answer => ({
  item: id,
  phase: "guideline",
  attempt,
  score,
  guideline: guideline.version,
  at: "2026-01-01T00:00:00.000Z",
});
const feedback = (id: string, answers: Answer[], decidingPick?: string) =>
  feedbackFor(item(id), answers, {guideline, derivation: derive(item(id), ruleSet), decidingPick});

describe("the ruling's first lines", () => {
  it("after a retry lead with the latest attempt, the first answer (the one recorded) under it", () => {
    // Issue 29, item 3: Example 1 retried to its ruled 1 after a first 3.
    const retried = feedback("example-1", [answer("example-1", 3), answer("example-1", 5, 2)]);
    const lead = rulingWords(item("example-1"), retried);
    expect(lead.headline).toBe("Exact on your retry");
    expect(lead.distance).toBe("exact");
    expect(lead.scores).toBe("Your retry 5; the ruling is 5.");
    expect(lead.inView.slice(0, 3)).toEqual([lead.headline, lead.scores, lead.firstAnswer]);
    expect(lead.firstAnswer).toBe("First answer (the one recorded): 3, two or more off.");
    const once = rulingWords(item("example-1"), feedback("example-1", [answer("example-1", 3)]));
    expect(once.headline).toBe("Two or more off: you scored lower than the ruling");
    expect(once.firstAnswer).toBeNull();
  });

  it("hold the one-line diagnosis: what decides a score given alone, and nothing for an exact one", () => {
    // Edge case 3: the main task, four of six sentences translated, is partly met (the case study's ruling).
    expect(rulingWords(item("edge-3"), feedback("edge-3", [answer("edge-3", 5)])).diagnosis).toBe(
      "What decides it: the main task, partly met.",
    );
    expect(rulingWords(item("edge-3"), feedback("edge-3", [answer("edge-3", 3)])).diagnosis).toBeNull();
  });

  it("name the rule that settles a case with no cross when no rule was picked, a pick being optional", () => {
    expect(decidingWords(feedback("edge-3", [answer("edge-3", 3)], "").decidingRule)).toEqual({
      mark: null,
      text: "The rule that settles it: ",
    });
    expect(decidingWords(feedback("edge-3", [answer("edge-3", 3)], "numbers").decidingRule).mark).toBe("✗");
  });
});

describe("the words in view before a ruling's folds", () => {
  const parts = loadParts();
  const decidingSet = new Set(parts.filter((part) => part.id === "edge-cases").map((part) => part.items));
  const beforeSet = new Set(parts.filter((part) => part.id === "rubric").map((part) => part.items));
  const scores: Score[] = [1, 2, 3, 4, 5, "n/a"];
  const counts = items.flatMap((case_) =>
    scores
      .filter((score) => score !== case_.score)
      .map((score) => {
        const decidingAsked = decidingSet.has(case_.set);
        const result = feedback(case_.id, [answer(case_.id, score)], decidingAsked ? "" : undefined);
        const {inView} = rulingWords(case_, result, {decidingAsked, before: beforeSet.has(case_.set)});
        return {id: case_.id, score, words: wordCount(inView.join(" "))};
      }),
  );

  it("are at most 80 for every item after every wrong score, and 60 or fewer at the median", () => {
    const over = counts.filter((count) => count.words > 80);
    expect(over).toEqual([]);
    const sorted = counts.map((count) => count.words).sort((a, b) => a - b);
    expect(sorted[Math.floor((sorted.length - 1) / 2)]).toBeLessThanOrEqual(60);
  });
});

// The probe page's "Try a reply", worked by hand on six-step-chain v2: the reply that passes every step scores 1.00
// strict (6 of 6); scoring waits until it is asked for, or until the reader gives a verdict.
import {describe, expect, it} from "vitest";
import {replyStart, replyStep, replyTotal, scoring} from "../../../lib/probes/reply-check.js";
import {correct, v2} from "./helpers.js";

const step = replyStep(v2.data.rules);

describe("Try a reply", () => {
  it("asks for a reply until one is scored, and scores what is typed only when scoring is asked for", () => {
    const start = replyStart(v2.data.rules);
    expect(replyTotal(start.scored)).toBe("Paste or type a reply to score it.");
    const typed = step(start, {kind: "type", text: correct});
    expect([scoring(typed), replyTotal(typed.scored)]).toEqual([true, "Paste or type a reply to score it."]);
    const scored = step(typed, {kind: "score"});
    expect(scoring(scored)).toBe(false);
    expect(replyTotal(scored.scored)).toBe("Strict score: 1.00 (6 of 6 steps). Loose, for comparison: 1.00 (6 of 6).");
    // Nothing new to score, nothing new typed: the very same state.
    expect(step(scored, {kind: "score"})).toBe(scored);
    expect(step(scored, {kind: "type", text: correct})).toBe(scored);
  });

  it("says a reply past the command's 1 MiB is not scored, never scoring part of it", () => {
    // The page's box had cut a paste at 10,000 characters, silently (test/browser/probe-page.test.ts holds the box).
    const huge = "x".repeat(1024 * 1024 + 1);
    const refused = step(step(replyStart(v2.data.rules), {kind: "type", text: huge}), {kind: "score"});
    expect(replyTotal(refused.scored)).toBe(
      "Not scored: the reply is larger than 1 MiB, the most scored here or by npm run probes:score.",
    );
  });

  it("keeps the reader's verdict by step and scores what is typed with it", () => {
    const [first] = v2.data.rules;
    const typed = step(replyStart(v2.data.rules), {kind: "type", text: correct});
    const judged = step(typed, {kind: "verdict", rule: first!.id, verdict: "not met"});
    expect(judged.verdicts).toEqual({[first!.id]: "not met"});
    expect(scoring(judged)).toBe(false);
    expect(step(judged, {kind: "verdict", rule: first!.id, verdict: "not met"})).toBe(judged);
  });
});

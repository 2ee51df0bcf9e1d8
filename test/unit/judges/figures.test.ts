// A judge's answers read as a trainee's: its instructions found in the request's words, the same checklist diff the
// trainee sees, and the trainee's figures. Expected values are worked out by hand from the ruled scores in
// data/items (calibration-a 4, -b 2, -c 1, -d 5, -d-twist 2).
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";
import {compareAnswer} from "../../../lib/trainee/compare.js";
import {judgeAsAnswer, judgeListing} from "../../../lib/judges/as-checklist.js";
import {judgeResults, runFigures} from "../../../lib/judges/figures.js";
import type {JudgeAnswer} from "../../../lib/judges/answer.js";
import type {CaseRecord, JudgeRun} from "../../../lib/judges/schema.node.js";

const items = loadItems();
const guideline = loadGuideline("v2");
const item = (id: string) => items.find((candidate) => candidate.id === id)!;
const romeo = item("calibration-b");

describe("a judge's checklist as a trainee's", () => {
  it("finds an instruction quoted exactly as a mark on the request's words, else reads it as its own line", () => {
    // "Describe the plot of Romeo and Juliet in one sentence.": "in one sentence" runs from 38 to 53
    // ("Describe the plot" is 17 characters, "of Romeo and Juliet" 19 more with its space: 37, then a space).
    expect(judgeListing(romeo, "in one sentence")).toEqual({kind: "mark", in: "request", start: 38, end: 53});
    expect(judgeListing(romeo, "Keep it to one sentence")).toEqual({kind: "free", text: "Keep it to one sentence"});
    // Inside a longer word is not the request's words.
    expect(judgeListing(romeo, "n one sentence")).toMatchObject({kind: "free"});
  });

  it("gives the trainee's diff: the verdict that differs, with the rule that decides it", () => {
    const answer: JudgeAnswer = {
      checklist: [
        {instruction: "Describe the plot of Romeo and Juliet", main: true, rule: "main-task", verdict: "met"},
        {instruction: "in one sentence", main: false, rule: "size-words", verdict: "partly"},
      ],
      score: 3,
    };
    const as = judgeAsAnswer(romeo, answer, {guideline: "v2", at: "2026-12-01T10:00:00.000Z"});
    const shown = compareAnswer(romeo, derive(romeo, ruleSetOf(guideline)), as, ruleSetOf(guideline));
    expect(shown.score).toMatchObject({distance: "one-off", direction: "lenient"});
    expect(shown.checklist?.lines.map((line) => [line.status, line.rule])).toEqual([
      ["agree", "main-task"],
      ["verdict-differs", "purpose"],
    ]);
    expect(shown.rulesMisapplied).toEqual({rules: ["purpose"], fromScoreOnly: false});
  });

  it("reads a main task ruled not applicable as a justified refusal", () => {
    const answer: JudgeAnswer = {
      checklist: [{instruction: "Describe the plot", main: true, rule: "refusal", verdict: "not-applicable"}],
      score: "n/a",
    };
    const as = judgeAsAnswer(romeo, answer, {guideline: "v2", at: "2026-12-01T10:00:00.000Z"});
    expect(as.checklist).toEqual({
      lines: [{listing: {kind: "mark", in: "request", start: 0, end: 17}, main: true, verdict: "not-met"}],
      mainNotMet: "justified-refusal",
    });
  });
});

const record = (id: string, ruled: CaseRecord["ruled"], score: JudgeAnswer["score"] | null): CaseRecord => ({
  case: id,
  ruled,
  status: score === null ? "unparsed" : "answered",
  answer: score === null ? null : {checklist: [], score},
  reply: score === null ? "I'd say a 2." : JSON.stringify({checklist: [], score}),
  replyBytes: 12,
  problem: score === null ? "not JSON: the reply is not a JSON object" : null,
  startedAt: "2026-12-01T10:00:00.000Z",
  ms: 900,
  servedBy: null,
  finishReason: "stop",
  usage: {promptTokens: null, completionTokens: null, reasoningTokens: null, totalTokens: null},
});

function run(answers: CaseRecord[], cases = answers.map((a) => a.case)): JudgeRun {
  const base = {cases, answers};
  return {
    kind: "judge-run",
    model: "example/judge",
    endpoint: "http://127.0.0.1:9/v1/chat/completions",
    prompt: "checklist-v1",
    promptHash: "0".repeat(64),
    guideline: "v2",
    guidelineHash: "1".repeat(64),
    parameters: {maxTokens: 4000, temperature: 0},
    startedAt: "2026-12-01T10:00:00.000Z",
    finishedAt: null,
    complete: false,
    stopped: null,
    ...base,
    figures: runFigures(base),
  };
}

describe("a judge's figures", () => {
  // a: 4 for 4 (exact); b: 3 for 2 (one off, above); c: 3 for 1 (two off, above); d: 5 for 5 (exact); the twist's
  // reply is prose: not answered, not scored. The sixth case asked was never reached.
  const answers = [
    record("calibration-a", 4, 4),
    record("calibration-b", 2, 3),
    record("calibration-c", 1, 3),
    record("calibration-d", 5, 5),
    record("calibration-d-twist", 2, null),
  ];
  const asked = [...answers.map((a) => a.case), "example-1"];

  it("records asked, replied, answered and the distances against the ruled scores it recorded", () => {
    expect(runFigures({cases: asked, answers})).toEqual({
      asked: 6,
      replied: 5,
      answered: 4,
      exact: 2,
      oneOff: 1,
      twoOrMoreOff: 1,
    });
  });

  it("reads as a rater: the trainee's figures, a lean above the ruling, what it could not answer", () => {
    const results = judgeResults(run(answers, asked), items, guideline);
    expect(results.group).toMatchObject({answered: 4, exact: 2, oneOff: 1, twoOrMoreOff: 1, lenient: 2, harsh: 0});
    // (0 + 1 + 2 + 0) / 4
    expect(results.group.meanSignedDifference).toBe(0.75);
    expect(results.lean).toMatchObject({kind: "higher", above: 2, below: 0});
    expect(results.unanswered).toEqual([
      {case: "calibration-d-twist", status: "unparsed", problem: "not JSON: the reply is not a JSON object"},
    ]);
    expect(results.missing).toEqual(["example-1"]);
    expect(results.group.matrix.exact).toBe(2);
    // With no checklist, a wrong score blames the case's deciding rule, as for a trainee who gave a score alone.
    expect(results.group.rows.map((row) => [row.id, row.fromScoreOnly])).toEqual([
      ["calibration-a", true],
      ["calibration-b", true],
      ["calibration-c", true],
      ["calibration-d", true],
    ]);
  });

  it("scores against today's ruling and names a case whose ruling changed since the run", () => {
    const changed = judgeResults(run([record("calibration-b", 3, 3), record("no-such-case", 3, 3)]), items, guideline);
    expect(changed.rulingChanged).toEqual([{case: "calibration-b", recorded: 3, now: 2}]);
    expect(changed.group).toMatchObject({exact: 0, oneOff: 1});
    expect(changed.unknownCases).toEqual(["no-such-case"]);
  });
});

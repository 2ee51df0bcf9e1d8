// Test helper: a judge's run file written by hand, as the judge runner records one (lib/judges/schema.node.ts
// JudgeRun), with its figures from runFigures. No real model was asked: the scores are the test's.
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import {loadItems} from "../../../lib/node/load.js";
import {runFigures} from "../../../lib/judges/figures.js";
import type {CaseRecord, JudgeRun} from "../../../lib/judges/schema.node.js";
import {guidelineHashOf} from "../judges/run-files.js";

const ruledScores = new Map(loadItems().map((item) => [item.id, item.score as Score]));

/** A case the judge answered with this score, or (null) one whose reply was not JSON. */
export type JudgeCase = readonly [caseId: string, score: Score | null];

/** A complete run of `model` started at `startedAt` over `cases`; a case unknown to the site is ruled 3 here. */
export function judgeRunOf(
  model: string,
  startedAt: string,
  cases: readonly JudgeCase[],
  {prompt = "checklist-v1"}: {prompt?: string} = {},
): JudgeRun {
  const answers: CaseRecord[] = cases.map(([id, score]) => {
    const answer =
      score === null
        ? null
        : {
            checklist: [{instruction: "Answer the question", main: true, rule: "main-task", verdict: "met" as const}],
            score,
          };
    const reply = answer ? JSON.stringify(answer) : "I think this response is quite good overall.";
    return {
      case: id,
      ruled: ruledScores.get(id) ?? 3,
      status: answer ? "answered" : "unparsed",
      answer,
      reply,
      replyBytes: Buffer.byteLength(reply),
      problem: answer ? null : "the reply is not JSON",
      startedAt,
      ms: 1200,
      servedBy: model,
      finishReason: "stop",
      usage: {promptTokens: 3000, completionTokens: 120, reasoningTokens: null, totalTokens: 3120},
    };
  });
  const run = {
    kind: "judge-run" as const,
    model,
    endpoint: "https://openrouter.ai/api/v1/chat/completions",
    prompt,
    promptHash: "a".repeat(64),
    guideline: "v2",
    guidelineHash: guidelineHashOf("v2"),
    parameters: {maxTokens: 4000, temperature: 0},
    cases: cases.map(([id]) => id),
    startedAt,
    finishedAt: startedAt,
    complete: true,
    stopped: null,
    answers,
  };
  return {...run, figures: runFigures(run)};
}

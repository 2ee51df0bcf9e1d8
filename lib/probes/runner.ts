// The probe runner: builds a version's request and assembles the run; the call and every protection of the key are
// chat-call.ts's, shared with the judges' runner.
import {callChat, type CallSettings} from "./chat-call.js";
import {excerpt, oversizedExcerptLength} from "./limits.js";
import {chatRequestBody, defaultEndpoint} from "./request.js";
import {RunnerError} from "./runner-error.js";
import type {ProbeVersion, Run} from "./schema.node.js";
import {scoreReply} from "./score.js";

export interface RunnerOptions extends CallSettings {
  version: ProbeVersion;
  versionHash: string;
  model: string;
}

export type RunOutcome = {ok: true; run: Run; attempts: number} | {ok: false; error: RunnerError; attempts: number};

/** Never throws for network, http or response errors: returns them. */
export async function runProbe(options: RunnerOptions): Promise<RunOutcome> {
  const {version, model, now} = options;
  const endpoint = options.endpoint ?? defaultEndpoint;
  const startedAt = now();
  const outcome = await callChat({...options, endpoint, body: chatRequestBody(version, model)});
  if (!outcome.ok)
    return {
      ok: false,
      // Every failure says once that nothing was recorded.
      error: new RunnerError(outcome.error.code, `${outcome.error.message}; nothing recorded`, outcome.error.status),
      attempts: outcome.attempts,
    };
  const {answer} = outcome;
  const {reply, oversized, truncated} = answer;
  // Neither a cut-off reply nor an oversized one is scored: the first is incomplete, the second unbounded.
  const score = truncated || oversized ? null : scoreReply(version.rules, reply);
  const run: Run = {
    probe: version.probe,
    version: version.version,
    versionHash: options.versionHash,
    model,
    servedBy: answer.servedBy,
    endpoint,
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
    parameters: {...version.parameters},
    reply: oversized ? excerpt(reply, oversizedExcerptLength) : reply,
    replyBytes: answer.replyBytes,
    oversized,
    finishReason: answer.finishReason,
    truncated,
    ...(answer.dropped.length > 0 ? {dropped: answer.dropped} : {}),
    usage: answer.usage,
    score: score && {
      passed: score.passed,
      of: score.of,
      total: score.total,
      rules: score.rules.map(({id, outcome}) => ({id, outcome})),
    },
  };
  return {ok: true, run, attempts: outcome.attempts};
}

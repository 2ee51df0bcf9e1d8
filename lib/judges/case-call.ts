// One case of a judge's run, through callChat (shared with the probes, so every protection of key, size and time is
// the same). A reply cut off or too large is recorded unread. A failed call (network, http, a leak) records nothing:
// the run stops there and --resume goes on.
import {callChat, leakInReading, type CallSettings} from "../probes/chat-call.js";
import type {RunnerError} from "../probes/runner-error.js";
import type {RunParameters} from "../probes/schema.node.js";
import type {Score} from "../authored/schemas/verdict.js";
import {failedReplyExcerpt, readAnswer, unreadProblem} from "./answer.js";
import type {CaseRecord} from "./schema.node.js";

export interface CaseCall extends CallSettings {
  model: string;
  /** Recorded, so the run's figures can be checked later. */
  case: {id: string; ruled: Score};
  messages: {role: "system" | "user"; content: string}[];
  parameters: RunParameters;
}

export type CaseOutcome =
  {ok: true; record: CaseRecord; attempts: number} | {ok: false; error: RunnerError; attempts: number};

/** Never throws for network, http or response errors: returns them. */
export async function runJudgeCase(call: CaseCall): Promise<CaseOutcome> {
  const {model, parameters, now} = call;
  const started = now();
  const outcome = await callChat({
    ...call,
    body: {
      model,
      messages: call.messages.map(({role, content}) => ({role, content})),
      max_tokens: parameters.maxTokens,
      temperature: parameters.temperature,
    },
  });
  if (!outcome.ok) return outcome;
  const {answer} = outcome;
  const reading =
    answer.truncated || answer.oversized
      ? {ok: false as const, status: answer.truncated ? ("truncated" as const) : ("oversized" as const), problem: null}
      : readAnswer(answer.reply);
  // callChat checked the reply's text; the answer parsed from it is checked too, as it will be recorded and shown.
  const leaked = reading.ok ? leakInReading(reading.answer, call.apiKey, "the judge's answer") : null;
  if (leaked) return {ok: false, error: leaked, attempts: outcome.attempts};
  const record: CaseRecord = {
    case: call.case.id,
    ruled: call.case.ruled,
    status: reading.ok ? "answered" : reading.status,
    answer: reading.ok ? reading.answer : null,
    reply: reading.ok ? answer.reply : failedReplyExcerpt(answer.reply),
    replyBytes: answer.replyBytes,
    problem: reading.ok
      ? null
      : (reading.problem ?? unreadProblem(answer.truncated ? "truncated" : "oversized", parameters.maxTokens)),
    startedAt: started.toISOString(),
    ms: Math.max(0, now().getTime() - started.getTime()),
    servedBy: answer.servedBy,
    finishReason: answer.finishReason,
    ...(answer.dropped.length ? {dropped: answer.dropped} : {}),
    usage: answer.usage,
  };
  return {ok: true, record, attempts: outcome.attempts};
}

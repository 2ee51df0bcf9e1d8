// Reading an endpoint's answer in the project's own words: what the endpoint wrote about an error is never quoted,
// so it can carry nothing into a message or a run.
import {isFinishReason} from "./run-metadata.js";
import {httpWords, RunnerError} from "./runner-error.js";
import type {Usage} from "./schema.node.js";

function isApiError(json: unknown): boolean {
  if (json && typeof json === "object" && "error" in json) {
    const error = (json as {error: unknown}).error;
    if (typeof error === "string") return true;
    if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return true;
  }
  return false;
}

function parseJson(body: string): {ok: true; json: unknown} | {ok: false} {
  try {
    return {ok: true, json: JSON.parse(body)};
  } catch {
    return {ok: false};
  }
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

function readUsage(usage: unknown): Usage {
  const u = (usage && typeof usage === "object" ? usage : {}) as Record<string, unknown>;
  const details = (
    u.completion_tokens_details && typeof u.completion_tokens_details === "object" ? u.completion_tokens_details : {}
  ) as Record<string, unknown>;
  return {
    promptTokens: count(u.prompt_tokens),
    completionTokens: count(u.completion_tokens),
    reasoningTokens: count(details.reasoning_tokens),
    totalTokens: count(u.total_tokens),
  };
}

function replyText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    const parts = content.map((part) =>
      part && typeof part === "object" && "text" in part && typeof part.text === "string" ? part.text : null,
    );
    return parts.every((p) => p !== null) ? parts.join("") : null;
  }
  return null;
}

export interface Parsed {
  reply: string;
  finishReason: string | null;
  servedBy: string | null;
  usage: Usage;
}

export function parseCompletion(body: string): Parsed {
  const parsed = parseJson(body);
  if (!parsed.ok) throw new RunnerError("malformed", "malformed response: not json");
  const {json} = parsed;
  if (!json || typeof json !== "object") throw new RunnerError("malformed", "malformed response: not a json object");
  if (isApiError(json))
    throw new RunnerError(
      "api",
      "the endpoint answered with an error (its words are not kept: they could hold anything)",
    );
  const root = json as Record<string, unknown>;
  const choice: unknown = Array.isArray(root.choices) ? root.choices[0] : undefined;
  if (!choice || typeof choice !== "object")
    throw new RunnerError("malformed", "malformed response: choices[0] missing");
  const {message: msg, finish_reason: finish} = choice as Record<string, unknown>;
  if (!msg || typeof msg !== "object")
    throw new RunnerError("malformed", "malformed response: choices[0].message missing");
  const finishReason = typeof finish === "string" ? finish : null;
  const content = (msg as Record<string, unknown>).content;
  let reply = replyText(content);
  if (reply === null && (content === null || content === undefined) && finishReason === "length") reply = "";
  if (reply === null)
    throw new RunnerError(
      "malformed",
      `malformed response: choices[0].message.content is not text (finish reason ${
        finishReason === null
          ? "none"
          : isFinishReason(finishReason)
            ? JSON.stringify(finishReason)
            : "not one the api defines"
      })`,
    );
  if (finishReason === "error")
    throw new RunnerError("api", 'the endpoint reported an error while generating (finish reason "error")');
  return {
    reply,
    finishReason,
    servedBy: typeof root.model === "string" ? root.model : null,
    usage: readUsage(root.usage),
  };
}

/** An http error status in the project's words; the body, whatever it says, is not read. */
export function httpError(status: number): RunnerError {
  return new RunnerError("http", `http ${status}: ${httpWords(status)}`, status);
}

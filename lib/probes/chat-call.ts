// The one runner of every outbound model call (a probe's run and each case of a judge's): it checks the key, retries
// a 429, refuses a redirect, caps the body, refuses what holds a secret and weighs the response's metadata.
// The key goes in the Authorization header and nowhere else: an error body is never read, so never quoted; the one
// piece of server text a message may hold (a redirect's plainly spelled host) is redacted first.
import {formatBytes, utf8Length} from "../text/format.js";
import {
  attempt,
  redirectError,
  retryAfterMs,
  type EndpointAnswer,
  type FetchLike,
  type Sleep,
} from "./endpoint-call.js";
import {replyByteBound, responseByteCap} from "./limits.js";
import {defaultEndpoint, type ChatRequestBody} from "./request.js";
import {droppedNotes, isFinishReason, isServedModel} from "./run-metadata.js";
import {RunnerError, httpWords} from "./runner-error.js";
import type {DroppedNote, FinishReason, Usage} from "./schema.node.js";
import {keyPieceFields, keyShapedFields} from "./secret-fields.js";
import {containsKeyPiece, keyProblem, maskKeyShaped, redactKey} from "./secrets.js";

export interface CallSettings {
  apiKey: string;
  endpoint?: string;
  fetch: FetchLike;
  now: () => Date;
  sleep: Sleep;
  /** Per attempt, covering the whole response. Default 120 s. */
  timeoutMs?: number;
  /** How many times a 429 is retried. Default 3. */
  maxRetries?: number;
  /** First back-off when the server gives no Retry-After; doubles each retry. Default 1 s. */
  backoffMs?: number;
  /** Longest wait the runner accepts; a longer Retry-After ends the run. Default 60 s. */
  maxWaitMs?: number;
  /** Its lines never contain the key. */
  log?: (line: string) => void;
}

export interface ChatCall extends CallSettings {
  /** Exactly what is sent. */
  body: ChatRequestBody;
}

export interface ChatReply {
  reply: string;
  replyBytes: number;
  /** Larger than max_tokens × 16 bytes: the caller keeps an excerpt and does not score it. */
  oversized: boolean;
  truncated: boolean;
  servedBy: string | null;
  finishReason: FinishReason | null;
  dropped: DroppedNote[];
  usage: Usage;
}

export type ChatOutcome =
  {ok: true; answer: ChatReply; attempts: number} | {ok: false; error: RunnerError; attempts: number};

const describeField: Record<string, string> = {
  reply: "the reply",
  servedBy: "the response's model field",
  finishReason: "the response's finish reason",
  model: "the model slug",
  endpoint: "the endpoint url",
};

function leak(fields: Record<string, string | null>, apiKey: string): RunnerError | null {
  for (const [field, value] of Object.entries(fields)) {
    if (value !== null && containsKeyPiece(value, apiKey))
      return new RunnerError(
        "leak",
        `${describeField[field] ?? field} holds the api key or a piece of it: a run must never hold the key`,
      );
  }
  const [shaped] = keyShapedFields(fields);
  if (shaped)
    return new RunnerError(
      "leak",
      `${describeField[shaped.field] ?? shaped.field} holds ${shaped.found.kind} ("${shaped.found.hint}"): ` +
        `a run must never hold a secret`,
    );
  return null;
}

/**
 * Refuses what a caller reads out of a reply callChat passed (a judge's answer, parsed from JSON), named by `what`:
 * a JSON escape keeps the reply's text clean ("s\nk\n-\no…" has no piece of the key) yet spells the key once
 * parsed. The message names the field, never what it held, and is redacted as callChat's own are.
 */
export function leakInReading(value: unknown, apiKey: string, what: string): RunnerError | null {
  const [piece] = keyPieceFields(value, apiKey);
  const [shaped] = keyShapedFields(value);
  const message =
    piece !== undefined
      ? `${what} (at ${piece}) holds the api key or a piece of it: a run must never hold the key`
      : shaped
        ? `${what} (at ${shaped.field}) holds ${shaped.found.kind} ("${shaped.found.hint}"): ` +
          "a run must never hold a secret"
        : null;
  return message === null ? null : new RunnerError("leak", maskKeyShaped(redactKey(message, apiKey)));
}

/**
 * The response's metadata as it can be: a finish reason the API defines, and as the model that answered the
 * model asked for (`model`), or that model and a short version suffix (isServedModel). Anything else, a slug of
 * another model included (it could spell the key in ROT13 or base36), is dropped (recorded as null) with a note
 * that names the field and why, never what it held.
 */
function checkedMetadata(
  {servedBy, finishReason}: Pick<Parsed, "servedBy" | "finishReason">,
  model: string,
): {servedBy: string | null; finishReason: FinishReason | null; dropped: DroppedNote[]} {
  const dropped: DroppedNote[] = [];
  const slug = servedBy !== null && isServedModel(servedBy, model) ? servedBy : null;
  if (servedBy !== null && slug === null) dropped.push(droppedNotes.servedBy);
  const reason = finishReason !== null && isFinishReason(finishReason) ? finishReason : null;
  if (finishReason !== null && reason === null) dropped.push(droppedNotes.finishReason);
  return {servedBy: slug, finishReason: reason, dropped};
}

/** Sends one chat request. Never throws for key, network, http or response errors: returns them, redacted. */
export async function callChat(call: ChatCall): Promise<ChatOutcome> {
  const {body, apiKey, now, sleep, log = () => {}} = call;
  const {model, max_tokens: maxTokens} = body;
  const endpoint = call.endpoint ?? defaultEndpoint;
  const timeoutMs = call.timeoutMs ?? 120_000;
  const maxRetries = call.maxRetries ?? 3;
  const backoffMs = call.backoffMs ?? 1000;
  const maxWaitMs = call.maxWaitMs ?? 60_000;
  const clean = (text: string) => redactKey(text, apiKey);
  // The key is redacted (and anything key-shaped masked) once more on the way out.
  const fail = (error: RunnerError, attempts: number): ChatOutcome => ({
    ok: false,
    error: new RunnerError(error.code, maskKeyShaped(clean(error.message)), error.status),
    attempts,
  });
  if (apiKey.trim() === "") return fail(new RunnerError("missing-key", "missing api key"), 0);
  const problem = keyProblem(apiKey);
  if (problem !== null) return fail(new RunnerError("invalid-key", `the api key ${problem}: set it again`), 0);
  const before = leak({model, endpoint}, apiKey);
  if (before) return fail(before, 0);
  const text = JSON.stringify(body);
  const cap = responseByteCap({maxTokens});
  let attempts = 0;
  for (;;) {
    attempts += 1;
    let response: EndpointAnswer;
    try {
      response = await attempt({
        fetch: call.fetch,
        sleep,
        apiKey,
        endpoint,
        body: text,
        timeoutMs,
        responseByteCap: cap,
      });
    } catch (error) {
      return fail(error instanceof RunnerError ? error : new RunnerError("network", String(error)), attempts);
    }
    if (response.status === 429) {
      if (attempts > maxRetries)
        return fail(
          new RunnerError("rate-limited", `http 429: still rate limited after ${attempts} attempts`, 429),
          attempts,
        );
      const asked = retryAfterMs(response.retryAfter, now());
      const wait = asked ?? backoffMs * 2 ** (attempts - 1);
      if (wait > maxWaitMs)
        return fail(
          new RunnerError(
            "rate-limited",
            `http 429: asked to wait ${Math.ceil(wait / 1000)} s, more than the ${maxWaitMs / 1000} s allowed`,
            429,
          ),
          attempts,
        );
      const why = asked !== null ? " (retry-after)" : "";
      log(`http 429: rate limited, retry ${attempts} of ${maxRetries} in ${wait / 1000} s${why}`);
      await sleep(wait);
      continue;
    }
    if (response.status >= 300 && response.status < 400)
      return fail(redirectError(response.status, response.location && clean(response.location), endpoint), attempts);
    if (response.status < 200 || response.status >= 300) return fail(httpError(response.status), attempts);
    if (response.over)
      return fail(
        new RunnerError(
          "too-large",
          `the response is larger than ${formatBytes(cap)}, more than a reply of maxTokens ${maxTokens} can take: ` +
            "stopped reading",
        ),
        attempts,
      );
    let parsed: Parsed;
    try {
      parsed = parseCompletion(response.text);
    } catch (error) {
      return fail(error instanceof RunnerError ? error : new RunnerError("malformed", String(error)), attempts);
    }
    const {reply} = parsed;
    // The whole reply is checked for the key, not only the part an oversized run keeps; the metadata is checked
    // as sent, before it is weighed against what it can be.
    const leaked = leak({reply, servedBy: parsed.servedBy, finishReason: parsed.finishReason}, apiKey);
    if (leaked) return fail(leaked, attempts);
    const {servedBy, finishReason, dropped} = checkedMetadata(parsed, model);
    const replyBytes = utf8Length(reply);
    return {
      ok: true,
      answer: {
        reply,
        replyBytes,
        oversized: replyBytes > replyByteBound({maxTokens}),
        truncated: finishReason === "length",
        servedBy,
        finishReason,
        dropped,
        usage: parsed.usage,
      },
      attempts,
    };
  }
}

// Reading an endpoint's answer: a completion's reply, finish reason, model and usage, or the error it stands for
// (an http status, an api error, a malformed body), in the project's own words: what the endpoint wrote about an
// error (its message, a page that is not JSON) is never quoted, so it can carry nothing into a message or a run.
// Pure.
/** Whether a body is an OpenAI-style error ({"error": "..."} or {"error": {"message": "..."}}). */
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

/** A completion as the runner reads it, before its metadata is weighed against what it can be. */
export interface Parsed {
  reply: string;
  finishReason: string | null;
  servedBy: string | null;
  usage: Usage;
}

/** Reads a completion; what is not one is an error in the project's words, quoting nothing of the body. */
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

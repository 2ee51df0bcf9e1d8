// The runner core: send a version's prompt to an OpenAI-compatible chat-completions endpoint and turn the
// answer into a run record, or into a clear error that records nothing. fetch, now and sleep are passed in.
//
// The key goes in the Authorization header and nowhere else: every piece of server text is redacted before
// it is cut, flattened or lowercased, and a run whose reply or metadata holds the key (or a piece of it), or
// anything key-shaped, is refused. Bodies are read with a byte cap; a redirect is never followed.
import {chatRequestBody, defaultEndpoint} from "./request.js";
import {formatBytes, utf8Length} from "../numbers.js";
import {errorBodyByteCap, excerpt, oversizedExcerptLength, replyByteBound, responseByteCap} from "./limits.js";
import {droppedNotes, isFinishReason, isServedModel} from "./run-metadata.js";
import type {DroppedNote, FinishReason, ProbeVersion, Run, Usage} from "./schema.node.js";
import {scoreReply} from "./score.js";
import {containsKeyPiece, keyProblem, keyShapedFields, maskKeyShaped, redactKey} from "./secrets.js";
import {quoteText} from "../quote-text.js";

/** The part of a fetch Response the runner uses: the body is a stream, read up to a cap, never whole. */
export interface ResponseLike {
  status: number;
  headers: {get(name: string): string | null};
  body: ReadableStream<Uint8Array> | null;
}

/** The part of the fetch API the runner uses. */
export type FetchLike = (
  url: string,
  init: {method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: "manual"},
) => Promise<ResponseLike>;

/** Resolves after ms, or at once when the signal aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RunnerOptions {
  version: ProbeVersion;
  /** The version's content hash, recorded with the run. */
  versionHash: string;
  model: string;
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
  /** Progress lines (never contain the key). */
  log?: (line: string) => void;
}

export type RunnerErrorCode =
  | "missing-key"
  | "invalid-key"
  | "leak"
  | "network"
  | "timeout"
  | "http"
  | "redirect"
  | "rate-limited"
  | "too-large"
  | "malformed"
  | "api";

export class RunnerError extends Error {
  constructor(
    readonly code: RunnerErrorCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RunnerError";
  }
}

export type RunOutcome = {ok: true; run: Run; attempts: number} | {ok: false; error: RunnerError; attempts: number};

/** One line of at most `length` characters. Only ever called on text already redacted. */
function flatExcerpt(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${excerpt(flat, length)}…` : flat;
}

/** The server's own error message from an OpenAI-style error body, if it has one. */
function apiErrorMessage(json: unknown): string | null {
  if (json && typeof json === "object" && "error" in json) {
    const error = (json as {error: unknown}).error;
    if (typeof error === "string") return error;
    if (error && typeof error === "object" && "message" in error && typeof error.message === "string")
      return error.message;
  }
  return null;
}

function parseJson(body: string): {ok: true; json: unknown} | {ok: false} {
  try {
    return {ok: true, json: JSON.parse(body)};
  } catch {
    return {ok: false};
  }
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now.getTime());
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

interface Parsed {
  reply: string;
  finishReason: string | null;
  servedBy: string | null;
  usage: Usage;
}

/** Reads a completion. `clean` redacts the key: it runs on server text before anything else touches it. */
function parseCompletion(body: string, clean: (text: string) => string): Parsed {
  const parsed = parseJson(body);
  if (!parsed.ok)
    throw new RunnerError("malformed", `malformed response: not json (${quoteText(flatExcerpt(clean(body), 60))})`);
  const {json} = parsed;
  if (!json || typeof json !== "object") throw new RunnerError("malformed", "malformed response: not a json object");
  const message = apiErrorMessage(json);
  if (message !== null)
    throw new RunnerError("api", `the endpoint answered with an error: ${flatExcerpt(clean(message))}`);
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

/** Reads a body stream up to `cap` bytes; past the cap it stops reading and drops the connection. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<{text: string; over: boolean}> {
  if (!body) return {text: "", over: false};
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      reader.cancel().catch(() => undefined);
      return {text: "", over: true};
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return {text: new TextDecoder().decode(bytes), over: false};
}

interface Answer {
  status: number;
  retryAfter: string | null;
  location: string | null;
  /** The body as text, read up to its cap; empty when past it. */
  text: string;
  /** The body was larger than its cap: not read further. */
  over: boolean;
}

const timeoutError = (timeoutMs: number) =>
  new RunnerError("timeout", `no complete answer within ${timeoutMs / 1000} s: timed out`);

/** One attempt, bounded by the timeout (the response body included). */
async function attempt(options: RunnerOptions, endpoint: string, body: string, timeoutMs: number): Promise<Answer> {
  const controller = new AbortController();
  const timer = new AbortController();
  let timedOut = false;
  const timeout = options.sleep(timeoutMs, timer.signal).then(() => {
    if (timer.signal.aborted) return;
    timedOut = true;
    controller.abort();
  });
  try {
    const request = (async (): Promise<Answer> => {
      const response = await options.fetch(endpoint, {
        method: "POST",
        headers: {"authorization": `Bearer ${options.apiKey}`, "content-type": "application/json"},
        body,
        signal: controller.signal,
        redirect: "manual",
      });
      const {status, headers} = response;
      const head = {status, retryAfter: headers.get("retry-after"), location: headers.get("location")};
      if (status >= 300 && status < 400) {
        response.body?.cancel().catch(() => undefined);
        return {...head, text: "", over: false};
      }
      const cap = status >= 200 && status < 300 ? responseByteCap(options.version.parameters) : errorBodyByteCap;
      return {...head, ...(await readCapped(response.body, cap))};
    })();
    const result = await Promise.race([request, timeout.then(() => null)]);
    if (result === null || timedOut) {
      request.catch(() => undefined);
      throw timeoutError(timeoutMs);
    }
    return result;
  } catch (error) {
    if (error instanceof RunnerError) throw error;
    if (timedOut) throw timeoutError(timeoutMs);
    const cause = (error as {cause?: {code?: string; message?: string}}).cause;
    const detail = String(cause?.code ?? cause?.message ?? (error as Error).message);
    // Redact first: lowercasing, then redacting, would miss a key with capitals.
    const clean = flatExcerpt(redactKey(detail, options.apiKey)).toLowerCase();
    throw new RunnerError("network", `cannot reach ${new URL(endpoint).host}: ${clean}`);
  } finally {
    timer.abort();
    // Closes the connection when the body was not read to the end (past its cap, a redirect, a timeout).
    controller.abort();
  }
}

function httpError(status: number, body: string, clean: (text: string) => string): RunnerError {
  const parsed = parseJson(body);
  const message = parsed.ok ? apiErrorMessage(parsed.json) : null;
  const detail = message !== null ? `: ${flatExcerpt(clean(message))}` : "";
  if (status === 401 || status === 403)
    return new RunnerError("http", `http ${status}: the api key was refused${detail}`, status);
  if (status >= 500)
    return new RunnerError("http", `http ${status}: the endpoint failed${detail}; try again later`, status);
  return new RunnerError("http", `http ${status}${detail}`, status);
}

/**
 * The host a redirect points to, read from the redacted Location header, and named only when the header spells it
 * plainly: a host the URL parser had to decode (%-escapes, non-ascii letters turned into punycode) is a way to
 * carry text past the key's check, so it is not shown.
 */
function redirectTarget(location: string | null, endpoint: string): string {
  if (location === null) return "no location";
  let url: URL;
  try {
    url = new URL(location, endpoint);
  } catch {
    return "an unreadable location";
  }
  const {host} = url;
  if (host === "") return "an unknown host";
  const plain = /^[a-z0-9.-]+(?::[0-9]+)?$/.test(host) && !/(?:^|\.)xn--/.test(host);
  const spelled = location.toLowerCase().includes(host) || host === new URL(endpoint).host;
  return plain && spelled ? host : "a host it does not spell plainly (not shown)";
}

function redirectError(status: number, location: string | null, endpoint: string): RunnerError {
  const target = redirectTarget(location, endpoint);
  return new RunnerError(
    "redirect",
    `http ${status}: the endpoint redirects to ${target}; redirects are not followed, so the key never goes ` +
      `to another host: use that address as the base url if you trust it`,
    status,
  );
}

const describeField: Record<string, string> = {
  reply: "the reply",
  servedBy: "the response's model field",
  finishReason: "the response's finish reason",
  model: "the model slug",
  endpoint: "the endpoint url",
};

/** Refuses a run (or the request metadata) that holds the key, a piece of it, or anything key-shaped. */
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
 * The response's metadata as it can be: a finish reason the API defines, and as the model that answered the
 * model asked for (`model`), or that model and a short version suffix (isServedModel). Anything else, a slug of
 * another model included (it could spell the key in ROT13 or base36), is dropped (recorded as null) with a note
 * that names the field and why, never what it held.
 */
function checkedMetadata(
  {servedBy, finishReason}: Pick<Parsed, "servedBy" | "finishReason">,
  model: string,
): {
  servedBy: string | null;
  finishReason: FinishReason | null;
  dropped: DroppedNote[];
} {
  const dropped: DroppedNote[] = [];
  const slug = servedBy !== null && isServedModel(servedBy, model) ? servedBy : null;
  if (servedBy !== null && slug === null) dropped.push(droppedNotes.servedBy);
  const reason = finishReason !== null && isFinishReason(finishReason) ? finishReason : null;
  if (finishReason !== null && reason === null) dropped.push(droppedNotes.finishReason);
  return {servedBy: slug, finishReason: reason, dropped};
}

/** Runs a probe version once against a model. Never throws for network, http or response errors: returns them. */
export async function runProbe(options: RunnerOptions): Promise<RunOutcome> {
  const {version, model, apiKey, now, sleep, log = () => {}} = options;
  const endpoint = options.endpoint ?? defaultEndpoint;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxRetries = options.maxRetries ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const clean = (text: string) => redactKey(text, apiKey);
  // Every failure says once that nothing was recorded; the key is redacted (and anything key-shaped masked)
  // once more on the way out.
  const fail = (error: RunnerError, attempts: number): RunOutcome => ({
    ok: false,
    error: new RunnerError(error.code, `${maskKeyShaped(clean(error.message))}; nothing recorded`, error.status),
    attempts,
  });
  if (apiKey.trim() === "") return fail(new RunnerError("missing-key", "missing api key"), 0);
  const problem = keyProblem(apiKey);
  if (problem !== null) return fail(new RunnerError("invalid-key", `the api key ${problem}: set it again`), 0);
  const before = leak({model, endpoint}, apiKey);
  if (before) return fail(before, 0);
  const body = JSON.stringify(chatRequestBody(version, model));
  const startedAt = now();
  let attempts = 0;
  for (;;) {
    attempts += 1;
    let response: Answer;
    try {
      response = await attempt(options, endpoint, body, timeoutMs);
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
    if (response.status < 200 || response.status >= 300)
      return fail(httpError(response.status, response.text, clean), attempts);
    if (response.over) {
      const cap = responseByteCap(version.parameters);
      return fail(
        new RunnerError(
          "too-large",
          `the response is larger than ${formatBytes(cap)}, more than a reply of maxTokens ` +
            `${version.parameters.maxTokens} can take: stopped reading`,
        ),
        attempts,
      );
    }
    let parsed: Parsed;
    try {
      parsed = parseCompletion(response.text, clean);
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
    const oversized = replyBytes > replyByteBound(version.parameters);
    const truncated = finishReason === "length";
    // Neither a cut-off reply nor an oversized one is scored: the first is incomplete, the second unbounded.
    const score = truncated || oversized ? null : scoreReply(version.rules, reply);
    const run: Run = {
      probe: version.probe,
      version: version.version,
      versionHash: options.versionHash,
      model,
      servedBy,
      endpoint,
      startedAt: startedAt.toISOString(),
      finishedAt: now().toISOString(),
      parameters: {...version.parameters},
      reply: oversized ? excerpt(reply, oversizedExcerptLength) : reply,
      replyBytes,
      oversized,
      finishReason,
      truncated,
      ...(dropped.length > 0 ? {dropped} : {}),
      usage: parsed.usage,
      score: score && {
        passed: score.passed,
        of: score.of,
        total: score.total,
        rules: score.rules.map(({id, outcome}) => ({id, outcome})),
      },
    };
    return {ok: true, run, attempts};
  }
}

// The runner core: send a version's prompt to an OpenAI-compatible chat-completions endpoint and turn the
// answer into a run record, or into a clear error that records nothing. fetch, now and sleep are passed in.
import {chatRequestBody, defaultEndpoint} from "./request.js";
import type {ProbeVersion, Run, Usage} from "./schema.js";
import {scoreReply} from "./score.js";

/** The part of the fetch API the runner uses. */
export type FetchLike = (
  url: string,
  init: {method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal},
) => Promise<{status: number; headers: {get(name: string): string | null}; text(): Promise<string>}>;

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

export type RunnerErrorCode = "missing-key" | "network" | "timeout" | "http" | "rate-limited" | "malformed" | "api";

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

function redact(text: string, key: string): string {
  return key === "" ? text : text.split(key).join("[redacted]");
}

function excerpt(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/** The server's own error message from an OpenAI-style error body, if it has one. */
function apiErrorMessage(body: string): string | null {
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === "object" && "error" in json) {
      const error = (json as {error: unknown}).error;
      if (typeof error === "string") return error;
      if (error && typeof error === "object" && "message" in error && typeof error.message === "string")
        return error.message;
    }
  } catch {
    // not json: fall through
  }
  return null;
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

function parseCompletion(body: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new RunnerError("malformed", `malformed response: not json (${JSON.stringify(excerpt(body, 60))})`);
  }
  if (!json || typeof json !== "object") throw new RunnerError("malformed", "malformed response: not a json object");
  const message = apiErrorMessage(body);
  if (message !== null) throw new RunnerError("api", `the endpoint answered with an error: ${excerpt(message)}`);
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
      `malformed response: choices[0].message.content is not text (finish reason ${finishReason ?? "none"})`,
    );
  if (finishReason === "error")
    throw new RunnerError(
      "api",
      'the endpoint reported an error while generating (finish reason "error"): nothing recorded',
    );
  return {
    reply,
    finishReason,
    servedBy: typeof root.model === "string" ? root.model : null,
    usage: readUsage(root.usage),
  };
}

/** One attempt, bounded by the timeout (the response body included). */
async function attempt(
  options: RunnerOptions,
  endpoint: string,
  body: string,
  timeoutMs: number,
): Promise<{status: number; retryAfter: string | null; text: string}> {
  const controller = new AbortController();
  const timer = new AbortController();
  let timedOut = false;
  const timeout = options.sleep(timeoutMs, timer.signal).then(() => {
    if (timer.signal.aborted) return;
    timedOut = true;
    controller.abort();
  });
  try {
    const request = (async () => {
      const response = await options.fetch(endpoint, {
        method: "POST",
        headers: {"authorization": `Bearer ${options.apiKey}`, "content-type": "application/json"},
        body,
        signal: controller.signal,
      });
      return {status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text()};
    })();
    const result = await Promise.race([request, timeout.then(() => null)]);
    if (result === null || timedOut) {
      request.catch(() => undefined);
      throw new RunnerError("timeout", `no complete answer within ${timeoutMs / 1000} s: timed out`);
    }
    return result;
  } catch (error) {
    if (error instanceof RunnerError) throw error;
    if (timedOut) throw new RunnerError("timeout", `no complete answer within ${timeoutMs / 1000} s: timed out`);
    const cause = (error as {cause?: {code?: string; message?: string}}).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new RunnerError("network", `cannot reach ${new URL(endpoint).host}: ${String(detail).toLowerCase()}`);
  } finally {
    timer.abort();
  }
}

function httpError(status: number, body: string): RunnerError {
  const message = apiErrorMessage(body);
  const detail = message !== null ? `: ${excerpt(message)}` : "";
  if (status === 401 || status === 403)
    return new RunnerError("http", `http ${status}: the api key was refused${detail}`, status);
  if (status >= 500)
    return new RunnerError(
      "http",
      `http ${status}: the endpoint failed${detail}; nothing recorded, try again later`,
      status,
    );
  return new RunnerError("http", `http ${status}${detail}`, status);
}

/** Runs a probe version once against a model. Never throws for network, http or response errors: returns them. */
export async function runProbe(options: RunnerOptions): Promise<RunOutcome> {
  const {version, model, apiKey, now, sleep, log = () => {}} = options;
  const endpoint = options.endpoint ?? defaultEndpoint;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxRetries = options.maxRetries ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const fail = (error: RunnerError, attempts: number): RunOutcome => ({
    ok: false,
    error: new RunnerError(error.code, redact(error.message, apiKey), error.status),
    attempts,
  });
  if (apiKey.trim() === "") return fail(new RunnerError("missing-key", "missing api key"), 0);
  const body = JSON.stringify(chatRequestBody(version, model));
  const startedAt = now();
  let attempts = 0;
  for (;;) {
    attempts += 1;
    let response: {status: number; retryAfter: string | null; text: string};
    try {
      response = await attempt(options, endpoint, body, timeoutMs);
    } catch (error) {
      return fail(error instanceof RunnerError ? error : new RunnerError("network", String(error)), attempts);
    }
    if (response.status === 429) {
      if (attempts > maxRetries)
        return fail(
          new RunnerError(
            "rate-limited",
            `http 429: still rate limited after ${attempts} attempts; nothing recorded`,
            429,
          ),
          attempts,
        );
      const asked = retryAfterMs(response.retryAfter, now());
      const wait = asked ?? backoffMs * 2 ** (attempts - 1);
      if (wait > maxWaitMs)
        return fail(
          new RunnerError(
            "rate-limited",
            `http 429: asked to wait ${Math.ceil(wait / 1000)} s, more than the ${maxWaitMs / 1000} s allowed; nothing recorded`,
            429,
          ),
          attempts,
        );
      log(
        `http 429: rate limited, retry ${attempts} of ${maxRetries} in ${wait / 1000} s${asked !== null ? " (retry-after)" : ""}`,
      );
      await sleep(wait);
      continue;
    }
    if (response.status < 200 || response.status >= 300)
      return fail(httpError(response.status, response.text), attempts);
    let parsed: Parsed;
    try {
      parsed = parseCompletion(response.text);
    } catch (error) {
      return fail(error instanceof RunnerError ? error : new RunnerError("malformed", String(error)), attempts);
    }
    const truncated = parsed.finishReason === "length";
    const score = truncated ? null : scoreReply(version.rules, parsed.reply);
    const run: Run = {
      probe: version.probe,
      version: version.version,
      versionHash: options.versionHash,
      model,
      servedBy: parsed.servedBy,
      endpoint,
      startedAt: startedAt.toISOString(),
      finishedAt: now().toISOString(),
      parameters: {...version.parameters},
      reply: parsed.reply,
      finishReason: parsed.finishReason,
      truncated,
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

// The runner core: send a version's prompt to an OpenAI-compatible chat-completions endpoint and turn the
// answer into a run record, or into a clear error that records nothing. fetch, now and sleep are passed in.
// The call itself is endpoint-call.ts's, the reading of its answer endpoint-answer.ts's; this module retries,
// refuses what holds a secret and assembles the run.
//
// The key goes in the Authorization header and nowhere else: every piece of server text is redacted before
// it is cut, flattened or lowercased, and a run whose reply or metadata holds the key (or a piece of it), or
// anything key-shaped, is refused. Bodies are read with a byte cap; a redirect is never followed.
import {formatBytes, utf8Length} from "../text/format.js";
import {parseCompletion, httpError, type Parsed} from "./endpoint-answer.js";
import {
  attempt,
  redirectError,
  retryAfterMs,
  type EndpointAnswer,
  type FetchLike,
  type Sleep,
} from "./endpoint-call.js";
import {excerpt, oversizedExcerptLength, replyByteBound, responseByteCap} from "./limits.js";
import {chatRequestBody, defaultEndpoint} from "./request.js";
import {droppedNotes, isFinishReason, isServedModel} from "./run-metadata.js";
import {RunnerError} from "./runner-error.js";
import type {DroppedNote, FinishReason, ProbeVersion, Run} from "./schema.node.js";
import {scoreReply} from "./score.js";
import {keyShapedFields} from "./secret-fields.js";
import {containsKeyPiece, keyProblem, maskKeyShaped, redactKey} from "./secrets.js";

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

export type RunOutcome = {ok: true; run: Run; attempts: number} | {ok: false; error: RunnerError; attempts: number};

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
    let response: EndpointAnswer;
    try {
      response = await attempt({
        fetch: options.fetch,
        sleep,
        apiKey,
        endpoint,
        body,
        timeoutMs,
        responseByteCap: responseByteCap(version.parameters),
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

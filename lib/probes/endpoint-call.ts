// One call to an OpenAI-compatible endpoint: the key in the Authorization header, a timeout that covers the body, the
// body read up to a byte cap and never whole, a redirect never followed (its target named only when plainly spelled).
import {RunnerError} from "./runner-error.js";

export interface ResponseLike {
  status: number;
  headers: {get(name: string): string | null};
  body: ReadableStream<Uint8Array> | null;
}

export type FetchLike = (
  url: string,
  init: {method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: "manual"},
) => Promise<ResponseLike>;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What the system's error code of a failed connection means, in words, the code after them for a search. */
const networkMeanings: Record<string, string> = {
  ENOTFOUND: "its name was not found: no network here, or the address is mistyped",
  EAI_AGAIN: "its name could not be looked up: no network here, or none yet",
  ECONNREFUSED: "nothing answers at that address and port",
  ECONNRESET: "the connection was cut",
  ETIMEDOUT: "the connection timed out",
  ENETUNREACH: "no network here reaches it",
  EHOSTUNREACH: "no network here reaches it",
};

function networkWords(code: unknown): string {
  if (typeof code !== "string" || !/^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return "the connection failed";
  return `${networkMeanings[code] ?? "the connection failed"} (${code.toLowerCase()})`;
}

/** Seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now.getTime());
}

/** Past the cap it stops reading and drops the connection. */
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

export interface EndpointAnswer {
  status: number;
  retryAfter: string | null;
  location: string | null;
  /** Empty when past its cap, and for any status but 2xx. */
  text: string;
  over: boolean;
}

const timeoutError = (timeoutMs: number) =>
  new RunnerError("timeout", `no complete answer within ${timeoutMs / 1000} s: timed out`);

/** One request of a run: where it goes, what it sends with which key, and how long and how much to read. */
export interface Call {
  fetch: FetchLike;
  sleep: Sleep;
  apiKey: string;
  endpoint: string;
  body: string;
  /** Covers the whole response, its body included. */
  timeoutMs: number;
  /** The most read of a 2xx body; any other body is not read. */
  responseByteCap: number;
}

/** One attempt, bounded by the timeout (the response body included). */
export async function attempt(call: Call): Promise<EndpointAnswer> {
  const {endpoint, body, timeoutMs} = call;
  const controller = new AbortController();
  const timer = new AbortController();
  let timedOut = false;
  const timeout = call.sleep(timeoutMs, timer.signal).then(() => {
    if (timer.signal.aborted) return;
    timedOut = true;
    controller.abort();
  });
  try {
    const request = (async (): Promise<EndpointAnswer> => {
      const response = await call.fetch(endpoint, {
        method: "POST",
        headers: {"authorization": `Bearer ${call.apiKey}`, "content-type": "application/json"},
        body,
        signal: controller.signal,
        redirect: "manual",
      });
      const {status, headers} = response;
      const head = {status, retryAfter: headers.get("retry-after"), location: headers.get("location")};
      // Only a completion's body is read: what an endpoint says about an error is never quoted, so never read.
      if (status < 200 || status >= 300) {
        response.body?.cancel().catch(() => undefined);
        return {...head, text: "", over: false};
      }
      return {...head, ...(await readCapped(response.body, call.responseByteCap))};
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
    // The system's error code (ECONNREFUSED, ENOTFOUND ...) says why; a message could quote what the endpoint sent.
    const code = (error as {cause?: {code?: unknown}}).cause?.code;
    throw new RunnerError("network", `cannot reach ${new URL(endpoint).host}: ${networkWords(code)}`);
  } finally {
    timer.abort();
    // Closes the connection when the body was not read to the end (past its cap, a redirect, a timeout).
    controller.abort();
  }
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

export function redirectError(status: number, location: string | null, endpoint: string): RunnerError {
  const target = redirectTarget(location, endpoint);
  return new RunnerError(
    "redirect",
    `http ${status}: the endpoint redirects to ${target}; redirects are not followed, so the key never goes ` +
      `to another host: use that address as the base url if you trust it`,
    status,
  );
}

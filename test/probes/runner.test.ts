import {execFile} from "node:child_process";
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {promisify} from "node:util";
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import {loadProbes} from "../../lib/probes/load.js";
import {retryAfterMs, runProbe, type FetchLike, type RunnerOptions, type Sleep} from "../../lib/probes/runner.js";
import {writeRun} from "../../lib/probes/runs.js";
import {Run} from "../../lib/probes/schema.js";

const KEY = "sk-or-v1-test-SECRET-4f9a0c";
const correct = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731";

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let server: Server;
let endpoint: string;
let baseUrl: string;
let queue: Handler[] = [];
const seen: {authorization: string | undefined; body: string}[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({authorization: req.headers.authorization, body});
      const handler = queue.shift();
      if (!handler) res.writeHead(599).end("no handler queued");
      else handler(req, res, body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}/api/v1`;
  endpoint = `${baseUrl}/chat/completions`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

const temps: string[] = [];
afterEach(() => {
  queue = [];
  seen.length = 0;
  for (const dir of temps.splice(0)) rmSync(dir, {recursive: true, force: true});
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "probes-run-"));
  temps.push(root);
  cpSync("data/probes", join(root, "data/probes"), {recursive: true});
  return root;
}

/** Every file under dir, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const json =
  (status: number, payload: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, {"content-type": "application/json", ...headers}).end(JSON.stringify(payload));
  };
const completion = (
  content: string | null,
  finishReason: string,
  usage: object = {prompt_tokens: 120, completion_tokens: 30, total_tokens: 150},
) =>
  json(200, {
    id: "gen-1",
    model: "example/model-2026",
    choices: [{index: 0, finish_reason: finishReason, message: {role: "assistant", content}}],
    usage,
  });

const version = loadProbes(".", {backtracking: false}).probes[0]!.versions.at(-1)!;
let clock = 0;
const waits: number[] = [];
/** Back-off waits are recorded and return at once; the timeout (called with a signal) uses a real timer. */
const sleep: Sleep = (ms, signal) => {
  if (!signal) {
    waits.push(ms);
    return Promise.resolve();
  }
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      done();
    });
  });
};

function options(extra: Partial<RunnerOptions> = {}): RunnerOptions {
  waits.length = 0;
  clock = Date.parse("2026-08-10T12:00:00.000Z");
  return {
    version: version.data,
    versionHash: version.hash,
    model: "example/model",
    apiKey: KEY,
    endpoint,
    fetch: fetch as unknown as FetchLike,
    now: () => new Date((clock += 500)),
    sleep,
    timeoutMs: 2000,
    ...extra,
  };
}

describe("runner against a local stub of the chat-completions API", () => {
  it("success: records the reply, finish reason, usage and the strict score", async () => {
    queue.push(
      completion(correct, "stop", {
        prompt_tokens: 120,
        completion_tokens: 30,
        total_tokens: 150,
        completion_tokens_details: {reasoning_tokens: 12},
      }),
    );
    const outcome = await runProbe(options());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.run).toEqual({
      probe: "six-step-chain",
      version: "v2",
      versionHash: version.hash,
      model: "example/model",
      servedBy: "example/model-2026",
      endpoint,
      startedAt: "2026-08-10T12:00:00.500Z",
      finishedAt: "2026-08-10T12:00:01.000Z",
      parameters: {maxTokens: 1400, temperature: 0},
      reply: correct,
      finishReason: "stop",
      truncated: false,
      usage: {promptTokens: 120, completionTokens: 30, reasoningTokens: 12, totalTokens: 150},
      score: {passed: 6, of: 6, total: 1, rules: version.data.rules.map((r) => ({id: r.id, outcome: "pass"}))},
    });
    // What was sent: the version's prompt and parameters, the key only in the header.
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(seen[0]!.body)).toEqual({
      model: "example/model",
      messages: version.data.messages,
      max_tokens: 1400,
      temperature: 0,
    });
    const root = tempRoot();
    const file = writeRun(root, outcome.run);
    expect(file).toBe("data/runs/six-step-chain/v2/2026-08-10T12-00-00.500Z--example-model.json");
    expect(Run.parse(JSON.parse(readFileSync(join(root, file), "utf8")))).toEqual(outcome.run);
    const loaded = loadProbes(root, {backtracking: false});
    for (const f of filesUnder(join(root, "data/runs"))) expect(readFileSync(f, "utf8")).not.toContain(KEY);
    expect(loaded.errors).toEqual([]);
  });

  it("truncated: finish reason length is recorded as truncated and not scored", async () => {
    queue.push(
      completion("", "length", {
        prompt_tokens: 120,
        completion_tokens: 400,
        total_tokens: 520,
        completion_tokens_details: {reasoning_tokens: 400},
      }),
    );
    const outcome = await runProbe(options());
    expect(outcome.ok && outcome.run.truncated).toBe(true);
    expect(outcome.ok && outcome.run.score).toBeNull();
    expect(outcome.ok && outcome.run.usage.reasoningTokens).toBe(400);
    // A null content cut off by the limit (all tokens spent reasoning) is truncated too.
    queue.push(completion(null, "length"));
    const nullContent = await runProbe(options());
    expect(nullContent.ok && [nullContent.run.reply, nullContent.run.truncated, nullContent.run.score]).toEqual([
      "",
      true,
      null,
    ]);
  });

  it("429 then success: waits as Retry-After says, then records", async () => {
    queue.push(
      json(429, {error: {message: "rate limited"}}, {"retry-after": "7"}),
      json(429, {error: {message: "rate limited"}}),
      completion(correct, "stop"),
    );
    const log: string[] = [];
    const outcome = await runProbe(options({log: (line) => log.push(line)}));
    expect(outcome.ok).toBe(true);
    expect(outcome.attempts).toBe(3);
    expect(waits).toEqual([7000, 2000]); // Retry-After honoured; then exponential back-off (1 s, 2 s, ...)
    expect(log).toEqual([
      "http 429: rate limited, retry 1 of 3 in 7 s (retry-after)",
      "http 429: rate limited, retry 2 of 3 in 2 s",
    ]);
  });

  it("429 every time: bounded retries, then a clear error and nothing recorded", async () => {
    for (let i = 0; i < 5; i++) queue.push(json(429, {error: {message: "rate limited"}}));
    const outcome = await runProbe(options({maxRetries: 2}));
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 3,
      error: {
        code: "rate-limited",
        status: 429,
        message: "http 429: still rate limited after 3 attempts; nothing recorded",
      },
    });
    expect(waits).toEqual([1000, 2000]);
    expect(seen).toHaveLength(3);
  });

  it("429 asking for a longer wait than allowed gives up at once", async () => {
    queue.push(json(429, {}, {"retry-after": "3600"}));
    const outcome = await runProbe(options());
    expect(!outcome.ok && outcome.error.message).toBe(
      "http 429: asked to wait 3600 s, more than the 60 s allowed; nothing recorded",
    );
    expect(waits).toEqual([]);
  });

  it("500: a clear message, nothing recorded", async () => {
    queue.push(json(500, {error: {message: "upstream exploded"}}));
    const outcome = await runProbe(options());
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: "http",
        status: 500,
        message: "http 500: the endpoint failed: upstream exploded; nothing recorded, try again later",
      },
    });
    expect(seen).toHaveLength(1); // a 5xx is not retried
  });

  it("401: says the key was refused and never shows the key, even when the server echoes it", async () => {
    queue.push(json(401, {error: {message: `invalid key ${KEY}`}}));
    const outcome = await runProbe(options());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toBe("http 401: the api key was refused: invalid key [redacted]");
    expect(outcome.error.message).not.toContain(KEY);
  });

  it("malformed json: a clear message, nothing recorded", async () => {
    queue.push((_req, res) => res.writeHead(200, {"content-type": "application/json"}).end("<html>bad gateway</html>"));
    const outcome = await runProbe(options());
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: "malformed",
      message: 'malformed response: not json ("<html>bad gateway</html>")',
    });
    queue.push(json(200, {id: "x", choices: []}));
    const empty = await runProbe(options());
    expect(!empty.ok && empty.error.message).toBe("malformed response: choices[0] missing");
    queue.push(json(200, {error: {message: "no endpoints found for example/model", code: 404}}));
    const apiError = await runProbe(options());
    expect(!apiError.ok && apiError.error).toMatchObject({
      code: "api",
      message: "the endpoint answered with an error: no endpoints found for example/model",
    });
  });

  it("slow beyond the timeout: times out, nothing recorded", async () => {
    queue.push((_req, res) => {
      const timer = setTimeout(() => completion(correct, "stop")(_req, res, ""), 3000);
      res.on("close", () => clearTimeout(timer));
    });
    const started = Date.now();
    const outcome = await runProbe(options({timeoutMs: 300}));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcome).toMatchObject({
      ok: false,
      error: {code: "timeout", message: "no complete answer within 0.3 s: timed out"},
    });
  });

  it("network error: cannot reach the host", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const address = closed.address();
    await new Promise<void>((done) => closed.close(() => done()));
    if (!address || typeof address === "string") throw new Error("no port");
    const outcome = await runProbe(options({endpoint: `http://127.0.0.1:${address.port}/v1/chat/completions`}));
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: "network",
      message: `cannot reach 127.0.0.1:${address.port}: econnrefused`,
    });
  });

  it("an empty key is refused before any request", async () => {
    const outcome = await runProbe(options({apiKey: ""}));
    expect(!outcome.ok && outcome.error.code).toBe("missing-key");
    expect(seen).toHaveLength(0);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = new Date("2026-08-10T12:00:00Z");
    expect(retryAfterMs("2", now)).toBe(2000);
    expect(retryAfterMs("Mon, 10 Aug 2026 12:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("npm run probes:run (the CLI) against the stub", () => {
  const run = (root: string, args: string[]) =>
    promisify(execFile)(
      "node_modules/.bin/tsx",
      ["scripts/probes-run.ts", "six-step-chain", "--root", root, "--base-url", baseUrl, ...args],
      {
        env: {...process.env, OPENROUTER_API_KEY: KEY},
      },
    ).then(
      ({stdout, stderr}) => ({code: 0, stdout, stderr}),
      (error: {code: number; stdout: string; stderr: string}) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  it("records a run on success, and the key is in no file and no output", async () => {
    const root = tempRoot();
    queue.push(completion(`${correct}\n\nHope this helps!`, "stop"));
    const result = await run(root, ["--model", "example/model", "--version", "v1"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("probes:run: 0.83 (5 of 6 steps)");
    const files = filesUnder(join(root, "data/runs"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/data\/runs\/six-step-chain\/v1\/.*--example-model\.json$/);
    for (const f of filesUnder(root)) expect(readFileSync(f, "utf8")).not.toContain(KEY);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it("records nothing on an http error, and says why", async () => {
    const root = tempRoot();
    queue.push(json(401, {error: {message: `bad key ${KEY}`}}));
    const result = await run(root, ["--model", "example/model"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "probes:run: http 401: the api key was refused: bad key [redacted] (nothing recorded)",
    );
    expect(filesUnder(root).some((f) => f.includes("data/runs"))).toBe(false);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });
});

import {spawnSync} from "node:child_process";
import {chmodSync, mkdirSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {createServer, type Server} from "node:http";
import {join} from "node:path";
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import {checkProbes} from "../../lib/probes/check-probes.node.js";
import {formatBytes} from "../../lib/text/format.js";
import {responseByteCap} from "../../lib/probes/limits.js";
import {loadProbes} from "../../lib/probes/load.node.js";
import {retryAfterMs, type FetchLike} from "../../lib/probes/endpoint-call.js";
import {runProbe, type RunnerOptions} from "../../lib/probes/runner.js";
import {writeRun} from "../../lib/probes/runs.node.js";
import {Run} from "../../lib/probes/schema.node.js";
import {
  close,
  completion,
  correct,
  editJson,
  filesUnder,
  json,
  listen,
  probesRun,
  raw,
  runnerOptions,
  stubEndpoint,
  stubSleep,
  tempRoot,
  v2 as version,
  type Handler,
} from "./helpers.js";

const KEY = "sk-or-v1-test-SECRET-4f9a0c";
/** Every 8-character piece of the key: any of them, in any case, anywhere, is a leak. */
const pieces = Array.from({length: KEY.length - 7}, (_, i) => KEY.slice(i, i + 8).toLowerCase());
const leaks = (text: string) => pieces.some((piece) => text.toLowerCase().includes(piece));
const notFollowed =
  "redirects are not followed, so the key never goes to another host: use that address as the base url if you trust it";

const stub = stubEndpoint();
const {queue, seen} = stub;
/** Another host (another port): a redirect points here, and nothing must ever arrive. */
let elsewhere: Server;
let elsewhereHost: string;
let elsewhereRequests = 0;
beforeAll(async () => {
  elsewhere = createServer((_req, res) => {
    elsewhereRequests += 1;
    res.writeHead(200).end("{}");
  });
  elsewhereHost = await listen(elsewhere);
});
afterAll(() => close(elsewhere));
afterEach(() => {
  elsewhereRequests = 0;
});

const waits: number[] = [];
function options(extra: Partial<RunnerOptions> = {}): RunnerOptions {
  waits.length = 0;
  return runnerOptions({apiKey: KEY, endpoint: stub.endpoint, sleep: stubSleep(waits), ...extra});
}

describe("runner against a local stub of the chat-completions API", () => {
  it("success: records the reply, finish reason, usage and the strict score", async () => {
    queue.push(
      completion({
        usage: {
          prompt_tokens: 120,
          completion_tokens: 30,
          total_tokens: 150,
          completion_tokens_details: {reasoning_tokens: 12},
        },
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
      endpoint: stub.endpoint,
      startedAt: "2026-08-10T12:00:00.500Z",
      finishedAt: "2026-08-10T12:00:01.000Z",
      parameters: {maxTokens: 1400, temperature: 0},
      reply: correct,
      replyBytes: correct.length,
      oversized: false,
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
    const loaded = loadProbes(root);
    for (const f of filesUnder(join(root, "data/runs"))) expect(readFileSync(f, "utf8")).not.toContain(KEY);
    expect(loaded.problems).toEqual([]);
  });

  it("truncated: finish reason length is recorded as truncated and not scored", async () => {
    queue.push(
      completion({
        content: "",
        finish: "length",
        usage: {
          prompt_tokens: 120,
          completion_tokens: 400,
          total_tokens: 520,
          completion_tokens_details: {reasoning_tokens: 400},
        },
      }),
    );
    const outcome = await runProbe(options());
    expect(outcome.ok && outcome.run.truncated).toBe(true);
    expect(outcome.ok && outcome.run.score).toBeNull();
    expect(outcome.ok && outcome.run.usage.reasoningTokens).toBe(400);
    // A null content cut off by the limit (all tokens spent reasoning) is truncated too.
    queue.push(completion({content: null, finish: "length"}));
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
      completion(),
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
        message: "http 500: the endpoint failed: upstream exploded; try again later; nothing recorded",
      },
    });
    expect(seen).toHaveLength(1); // a 5xx is not retried
  });

  it("401: says the key was refused and never shows the key, even when the server echoes it", async () => {
    queue.push(json(401, {error: {message: `invalid key ${KEY}`}}));
    const outcome = await runProbe(options());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toBe("http 401: the api key was refused: invalid key [redacted]; nothing recorded");
    expect(outcome.error.message).not.toContain(KEY);
  });

  it("malformed json: a clear message, nothing recorded", async () => {
    queue.push((_req, res) => res.writeHead(200, {"content-type": "application/json"}).end("<html>bad gateway</html>"));
    const outcome = await runProbe(options());
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: "malformed",
      message: 'malformed response: not json ("<html>bad gateway</html>"); nothing recorded',
    });
    queue.push(json(200, {id: "x", choices: []}));
    const empty = await runProbe(options());
    expect(!empty.ok && empty.error.message).toBe("malformed response: choices[0] missing; nothing recorded");
    queue.push(json(200, {error: {message: "no endpoints found for example/model", code: 404}}));
    const apiError = await runProbe(options());
    expect(!apiError.ok && apiError.error).toMatchObject({
      code: "api",
      message: "the endpoint answered with an error: no endpoints found for example/model; nothing recorded",
    });
  });

  it("slow beyond the timeout: times out, nothing recorded", async () => {
    queue.push((_req, res) => {
      const timer = setTimeout(() => completion()(_req, res, ""), 3000);
      res.on("close", () => clearTimeout(timer));
    });
    const started = Date.now();
    const outcome = await runProbe(options({timeoutMs: 300}));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcome).toMatchObject({
      ok: false,
      error: {code: "timeout", message: "no complete answer within 0.3 s: timed out; nothing recorded"},
    });
  });

  it("network error: cannot reach the host", async () => {
    const closed = createServer();
    const host = await listen(closed);
    await close(closed);
    const outcome = await runProbe(options({endpoint: `http://${host}/v1/chat/completions`}));
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: "network",
      message: `cannot reach ${host}: econnrefused; nothing recorded`,
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

describe("the key never appears anywhere but the Authorization header", () => {
  // Past character 160 of the message: cutting before redacting printed all but the key's last characters.
  const reason = "the upstream provider rejected this request for a reason it explains at length; ";
  const long = `${reason.repeat(3)}key ${KEY}`;
  const cases: [string, Handler, string][] = [
    ["the key in the reply text", completion({content: `${correct}\n${KEY}`}), "leak"],
    ["8 characters of the key in the reply", completion({content: `${correct}\n(ends ${KEY.slice(-8)})`}), "leak"],
    ["the key in the model field", completion({model: `echo/${KEY}`}), "leak"],
    ["the key in capitals in the model field", completion({model: KEY.toUpperCase()}), "leak"],
    ["the key as the finish reason", completion({finish: KEY}), "leak"],
    ["a long error body, the key past character 160", json(400, {error: {message: long}}), "http"],
    ["a short error body", json(401, {error: {message: `bad key ${KEY}`}}), "http"],
    ["an error body with the key in capitals", json(500, {error: {message: `key ${KEY.toUpperCase()}`}}), "http"],
    ["a body that is not json", raw(200, `<html>Bearer ${KEY}</html>`), "malformed"],
    ["a long body that is not json", raw(200, `${"x".repeat(50)} ${KEY}`), "malformed"],
    ["an error inside a 200, long", json(200, {error: {message: long}}), "api"],
    ["an error inside a 200, short", json(200, {error: KEY}), "api"],
    ["a redirect to the key", raw(307, "", {location: `http://127.0.0.1:1/${KEY}?k=${KEY}`}), "redirect"],
  ];
  it.each(cases)("%s: nothing recorded, and the message holds no piece of the key", async (_label, handler, code) => {
    queue.push(handler);
    const outcome = await runProbe(options());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe(code);
    expect(leaks(outcome.error.message)).toBe(false);
    expect(outcome.error.message).not.toContain("\n");
    expect(outcome.error.message.match(/nothing recorded/g)).toEqual(["nothing recorded"]);
  });

  it("names the field that echoed the key, and never quotes it", async () => {
    queue.push(completion({model: `echo/${KEY}`}));
    const outcome = await runProbe(options());
    expect(!outcome.ok && outcome.error.message).toBe(
      "the response's model field holds the api key or a piece of it: a run must never hold the key; nothing recorded",
    );
    queue.push(json(401, {error: {message: `bad key ${KEY}`}}));
    const refused = await runProbe(options());
    expect(!refused.ok && refused.error.message).toBe(
      "http 401: the api key was refused: bad key [redacted]; nothing recorded",
    );
  });

  it("a key echoed in a response header is neither recorded nor shown", async () => {
    queue.push((req, res) => {
      res
        .writeHead(200, {
          "content-type": "application/json",
          "x-echo": `${req.headers.authorization}`,
          "retry-after": KEY,
        })
        .end(
          JSON.stringify({
            model: "example/model-2026",
            choices: [{finish_reason: "stop", message: {content: correct}}],
          }),
        );
    });
    const log: string[] = [];
    const outcome = await runProbe(options({log: (line) => log.push(line)}));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(leaks(JSON.stringify(outcome))).toBe(false);
    expect(leaks(log.join("\n"))).toBe(false);
    const root = tempRoot();
    writeRun(root, outcome.run);
    for (const file of filesUnder(root)) expect(leaks(readFileSync(file, "utf8")), file).toBe(false);
  });

  it("a network error quoting the key in capitals is redacted before it is lowercased", async () => {
    const failing: FetchLike = async () => {
      throw new TypeError("fetch failed", {
        cause: new Error(`connect ECONNRESET for Bearer ${KEY} (${KEY.toUpperCase()})`),
      });
    };
    const outcome = await runProbe(options({fetch: failing}));
    expect(!outcome.ok && outcome.error.code).toBe("network");
    expect(!outcome.ok && outcome.error.message).toMatch(
      /^cannot reach 127\.0\.0\.1:\d+: connect econnreset for bearer \[redacted\] \(\[redacted\]\); nothing recorded$/,
    );
    expect(leaks(JSON.stringify(outcome))).toBe(false);
  });

  it("a key with a newline or another character a header cannot hold is refused before any request", async () => {
    for (const apiKey of [`${KEY}\nX-Injected: 1`, `${KEY} `, `${KEY}\r`, `${KEY}é`, `${KEY}\u0000`]) {
      const outcome = await runProbe(options({apiKey}));
      expect(!outcome.ok && outcome.error.code).toBe("invalid-key");
      expect(!outcome.ok && outcome.error.message).toBe(
        "the api key holds a space, a newline, a control or a non-ascii character, which cannot go in a header: " +
          "set it again; nothing recorded",
      );
    }
    expect(seen).toHaveLength(0);
  });

  it("a model slug or an endpoint holding the key is refused before any request", async () => {
    const model = await runProbe(options({model: `vendor/${KEY}`}));
    expect(!model.ok && model.error.message).toBe(
      "the model slug holds the api key or a piece of it: a run must never hold the key; nothing recorded",
    );
    const url = await runProbe(options({endpoint: `${stub.endpoint}?key=${KEY}`}));
    expect(!url.ok && url.error.code).toBe("leak");
    expect(leaks(JSON.stringify([model, url]))).toBe(false);
    expect(seen).toHaveLength(0);
  });

  it("a reply holding another key-shaped token is refused; the message shows its first characters only", async () => {
    const token = "sk-ant-api03-Zq8vT1xR4mK9pL2wY6nB3cJ7";
    queue.push(completion({content: `${correct}\nuse ${token}`}));
    const outcome = await runProbe(options());
    expect(!outcome.ok && outcome.error.message).toBe(
      'the reply holds an sk- key ("sk-ant…"): a run must never hold a secret; nothing recorded',
    );
    expect(JSON.stringify(outcome)).not.toContain(token.slice(0, 10));
  });
});

describe("sizes are bounded", () => {
  it("a reply over maxTokens × 16 bytes is recorded as an oversized excerpt, unscored, in a small file", async () => {
    const reply = `${correct}\n${"padding ".repeat(5000)}`; // 40 kB, v2 allows 1400 × 16 = 22,400 bytes
    queue.push(completion({content: reply}));
    const outcome = await runProbe(options());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.run).toMatchObject({oversized: true, replyBytes: reply.length, score: null, truncated: false});
    expect(outcome.run.reply).toBe(reply.slice(0, 2000));
    const root = tempRoot();
    const file = writeRun(root, outcome.run);
    expect(statSync(join(root, file)).size).toBeLessThan(4000);
    const check = checkProbes(root);
    expect(check.problems).toEqual([]);
    expect(check.runs.map((r) => r.file)).toEqual([file]);
  });

  it("a body past the cap is never read whole: reading stops, the connection drops, nothing recorded", async () => {
    const total = 32 * 1024 * 1024;
    let written = 0;
    queue.push((_req, res) => {
      res.writeHead(200, {"content-type": "application/json"});
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (written < total && !res.destroyed) {
          written += chunk.byteLength;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      res.write('{"choices":[{"message":{"content":"');
      pump();
    });
    const outcome = await runProbe(options());
    const cap = responseByteCap(version.data.parameters);
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: "too-large",
      message:
        `the response is larger than ${formatBytes(cap)}, more than a reply of maxTokens 1400 can take: ` +
        "stopped reading; nothing recorded",
    });
    expect(written).toBeLessThan(total);
  });
});

it("a redirect is not followed: the error names the host it points to, and that host sees nothing", async () => {
  queue.push(raw(307, "", {location: `http://${elsewhereHost}/api/v1/chat/completions`}));
  const outcome = await runProbe(options());
  expect(!outcome.ok && outcome.error).toMatchObject({
    code: "redirect",
    status: 307,
    message: `http 307: the endpoint redirects to ${elsewhereHost}; ${notFollowed}; nothing recorded`,
  });
  expect(seen).toHaveLength(1);
  expect(elsewhereRequests).toBe(0);
});

it("a redirect's host is named only when the header spells it plainly", async () => {
  // A punycode host carries other letters in a code the key's check cannot read; %-escapes are decoded by the parser.
  for (const location of ["http://xn--n3h.example/v1", "http://%65%78ample.com/v1"]) {
    queue.push(raw(302, "", {location}));
    const outcome = await runProbe(options());
    expect(!outcome.ok && outcome.error.message).toBe(
      `http 302: the endpoint redirects to a host it does not spell plainly (not shown); ${notFollowed}; nothing recorded`,
    );
  }
  queue.push(raw(302, "", {location: "/elsewhere"}));
  const relative = await runProbe(options());
  expect(!relative.ok && relative.error.message).toBe(
    `http 302: the endpoint redirects to ${new URL(stub.endpoint).host}; ${notFollowed}; nothing recorded`,
  );
});

describe("the response's metadata is recorded only as what it can be", () => {
  const servedByNote = "servedBy dropped: the response's model field was not a model slug";
  const finishNote = "finishReason dropped: the response's finish reason was not one the API defines";

  /** A run the stub answered, and a way to write edited copies of it where probes:check reads runs. */
  async function recordedRunToEdit() {
    queue.push(completion());
    const outcome = await runProbe(options());
    if (!outcome.ok) throw outcome.error;
    const root = tempRoot();
    const dir = join(root, "data/runs/six-step-chain/v2");
    mkdirSync(dir, {recursive: true});
    const write = (name: string, edit: Record<string, unknown>) =>
      writeFileSync(join(dir, name), JSON.stringify({...outcome.run, ...edit}));
    return {root, write};
  }

  it.each([
    ["words with spaces", "the model you asked for"],
    ["markup", "<script>alert(1)</script>"],
    ["too long", `vendor/${"m".repeat(130)}`],
    ["a run of 16 hex digits", "vendor/model-0123456789abcdef"],
    ["fullwidth letters", "ｅｘａｍｐｌｅ/model"],
    ["empty", ""],
    ["five parts", "a/b/c/d/e"],
  ])("a model field that is not a model slug (%s) is dropped with a note, never recorded", async (_label, model) => {
    queue.push(completion({model}));
    const outcome = await runProbe(options());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect([outcome.run.servedBy, outcome.run.dropped, outcome.run.finishReason]).toEqual([
      null,
      [servedByNote],
      "stop",
    ]);
    const root = tempRoot();
    const file = writeRun(root, outcome.run);
    if (model !== "") expect(readFileSync(join(root, file), "utf8")).not.toContain(model);
    expect(checkProbes(root).problems).toEqual([]);
  });

  it.each(["banana", "STOP", "stop ", "end_turn", "error_with_details", "x".repeat(300)])(
    "a finish reason the API does not define (%j) is dropped with a note; the reply is still scored",
    async (finish) => {
      queue.push(completion({finish}));
      const outcome = await runProbe(options());
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect(outcome.run).toMatchObject({finishReason: null, dropped: [finishNote], truncated: false});
      expect(outcome.run.score?.total).toBe(1);
      const root = tempRoot();
      const file = writeRun(root, outcome.run);
      expect(readFileSync(join(root, file), "utf8")).not.toContain(JSON.stringify(finish));
      expect(checkProbes(root).problems).toEqual([]);
    },
  );

  it("model slugs and finish reasons as real endpoints send them are recorded as sent, with no note", async () => {
    // [the model asked for (--model), the model the endpoint says answered]
    const slugs: [string, string][] = [
      ["openai/gpt-5-mini", "openai/gpt-5-mini"],
      ["openai/gpt-5-mini", "openai/gpt-5-mini-2025-08-07"],
      ["meta-llama/llama-3.1-405b-instruct", "meta-llama/llama-3.1-405b-instruct:free"],
      ["mistralai/mixtral-8x22b-instruct-v0.1", "mistralai/Mixtral-8x22B-Instruct-v0.1"],
      ["gpt-4o", "gpt-4o-2024-08-06"],
      ["claude-3-5-sonnet", "claude-3-5-sonnet@20240620"],
      ["accounts/fireworks/models/llama-v3p1-405b-instruct", "accounts/fireworks/models/llama-v3p1-405b-instruct"],
    ];
    const reasons = ["stop", "tool_calls", "content_filter", "function_call", "length"];
    for (const [i, [asked, model]] of slugs.entries()) {
      const finish = reasons[i % reasons.length]!;
      queue.push(completion({model, finish}));
      const outcome = await runProbe(options({model: asked}));
      expect(outcome.ok && [outcome.run.servedBy, outcome.run.finishReason, outcome.run.dropped]).toEqual([
        model,
        finish,
        undefined,
      ]);
    }
  });

  /** ROT13: a slug that carries the key, readable by whoever builds the site. */
  const rot13 = (text: string) =>
    text.replace(/[a-z]/gi, (c) => {
      const base = c <= "Z" ? 65 : 97;
      return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
    });
  const realShapedKey = "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";

  it.each([
    ["the key in ROT13", rot13(KEY)],
    ["a real-shaped key in ROT13", rot13(realShapedKey)],
    ["the reported attack", "fx-be-i1-3s9n2op7q8r9s0147n6o5p2q9r8s3n1o0p7q6r5s4n3o2p1q0r9s8n7o6p5q4r3s"],
    [
      "a real-shaped key's hex in base36, under the model's name",
      `openai/${BigInt(`0x${realShapedKey.slice(9)}`).toString(36)}`,
    ],
    ["another model", "anthropic/claude-opus-5"],
    ["the model with a suffix longer than 16 characters", "openai/gpt-5-mini-2025-08-07-preview-x"],
    ["the model with a suffix not starting with - : or @", "openai/gpt-5-minix"],
    ["the model with a suffix of other characters", "openai/gpt-5-mini-a_b"],
    ["a shorter model", "openai/gpt-5"],
  ])("a model field that is a slug but not the model asked for (%s) is dropped with a note", async (_label, model) => {
    queue.push(completion({model}));
    const outcome = await runProbe(options({model: "openai/gpt-5-mini"}));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect([outcome.run.servedBy, outcome.run.dropped]).toEqual([null, [servedByNote]]);
    const root = tempRoot();
    const file = writeRun(root, outcome.run);
    expect(readFileSync(join(root, file), "utf8")).not.toContain(JSON.stringify(model));
    expect(checkProbes(root).problems).toEqual([]);
  });

  it("probes:check holds servedBy to the run's model, or the model and a short version suffix", async () => {
    const {root, write} = await recordedRunToEdit();
    write("a.json", {servedBy: rot13(realShapedKey)});
    write("b.json", {servedBy: "example/model-2026-08-10-preview-1"});
    write("c.json", {servedBy: "other/model"});
    write("d.json", {servedBy: null});
    write("e.json", {servedBy: "Example/Model:free"});
    write("f.json", {servedBy: "example/model"});
    write("g.json", {servedBy: "example/model@2026"});
    const problems = checkProbes(root).problems.map(({file, field}) => `${file.split("/").at(-1)} ${field}`);
    expect(problems).toEqual(["a.json servedBy", "b.json servedBy", "c.json servedBy"]);
  });

  it("probes:check refuses a run file whose metadata is not what it can be, or that drops and keeps a field", async () => {
    const {root, write} = await recordedRunToEdit();
    write("a.json", {finishReason: "banana"});
    write("b.json", {servedBy: "the model you asked for"});
    write("c.json", {dropped: [servedByNote]});
    write("d.json", {dropped: ["servedBy dropped: because"]});
    const problems = checkProbes(root).problems.map(({file, field}) => `${file.split("/").at(-1)} ${field}`);
    expect(problems).toEqual(["a.json finishReason", "b.json servedBy", "c.json servedBy", "d.json dropped[0]"]);
  });
});

describe("npm run probes:run (the CLI) against the stub", () => {
  const run = (
    root: string,
    args: string[],
    {key = KEY, asUser}: {key?: string; asUser?: {uid: number; gid: number}} = {},
  ) => probesRun(root, stub.baseUrl, args, {key, asUser});

  it("records a run on success, and the key is in no file and no output", async () => {
    const root = tempRoot();
    queue.push(completion({content: `${correct}\n\nHope this helps!`}));
    const result = await run(root, ["--model", "example/model", "--version", "v1"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("probes:run: 0.83 (5 of 6 steps)");
    const files = filesUnder(join(root, "data/runs"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/data\/runs\/six-step-chain\/v1\/.*--example-model\.json$/);
    for (const f of filesUnder(root)) expect(readFileSync(f, "utf8")).not.toContain(KEY);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it("says which metadata it dropped, and why, without quoting it", async () => {
    const root = tempRoot();
    queue.push(completion({model: "the model you asked for", finish: "banana"}));
    const result = await run(root, ["--model", "example/model"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")).toEqual(
      expect.arrayContaining([
        "probes:run: servedBy dropped: the response's model field was not a model slug, so it was not recorded",
        "probes:run: finishReason dropped: the response's finish reason was not one the API defines, " +
          "so it was not recorded",
      ]),
    );
    expect(result.stdout).not.toMatch(/banana|asked for/);
  });

  it("records nothing on an http error, and says why", async () => {
    const root = tempRoot();
    queue.push(json(401, {error: {message: `bad key ${KEY}`}}));
    const result = await run(root, ["--model", "example/model"]);
    expect(result.code).toBe(1);
    // Said once, on one line: not "nothing recorded (nothing recorded)".
    expect(result.stderr.trim()).toBe(
      "probes:run: http 401: the api key was refused: bad key [redacted]; nothing recorded",
    );
    expect(filesUnder(root).some((f) => f.includes("data/runs"))).toBe(false);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  /** One line on stderr, no stack trace, the exit code, and no request reached the stub. */
  const refusedBeforeCalling = (result: {code: number; stdout: string; stderr: string}, exitCode: number) => {
    expect(result.code).toBe(exitCode);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(seen).toHaveLength(0);
    return result.stderr.trim();
  };

  it("a key-echoing endpoint: nothing recorded, and no piece of the key in any output or file", async () => {
    const root = tempRoot();
    queue.push(completion({content: `${correct}\nBearer ${KEY}`}));
    const result = await run(root, ["--model", "example/model"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "probes:run: the reply holds the api key or a piece of it: a run must never hold the key; nothing recorded",
    );
    expect(filesUnder(join(root, "data/runs"))).toEqual([]);
    for (const f of filesUnder(root)) expect(leaks(readFileSync(f, "utf8")), f).toBe(false);
    expect(leaks(result.stdout + result.stderr)).toBe(false);
  });

  it("a key with a newline is refused up front, without printing it", async () => {
    const result = await run(tempRoot(), ["--model", "example/model"], {key: `${KEY}\nX-Injected: yes`});
    expect(refusedBeforeCalling(result, 2)).toBe(
      "probes:run: the api key in OPENROUTER_API_KEY holds a space, a newline, a control or a non-ascii character, " +
        "which cannot go in a header: set it again",
    );
    expect(leaks(result.stdout + result.stderr)).toBe(false);
  });

  it.each([
    [["--model", "m", "--bogus"], 'unknown option "--bogus": expected --model, --version, --base-url, --key-env'],
    [["--model", "m", "extra"], 'unexpected argument "extra"'],
    [["--model"], "--model needs a value"],
    [[], "missing --model <slug>"],
    [["--model", "///"], '--model "///" has no letter or digit to name the run file by'],
    [["--model", "m", "--version", "v9"], 'unknown version "v9" of six-step-chain: expected one of v1, v2'],
    [
      ["--model", "m", "--version", "../../etc"],
      'unknown version "../../etc" of six-step-chain: expected one of v1, v2',
    ],
    [["--model", "m", "--timeout", "soon"], '--timeout: expected a number from 1 to 600 seconds, got "soon"'],
    [["--model", "m", "--timeout", "0"], '--timeout: expected a number from 1 to 600 seconds, got "0"'],
    [["--model", "m", "--timeout", "1e9"], '--timeout: expected a number from 1 to 600 seconds, got "1e9"'],
    [["--model", "m", "--timeout", "-5"], "--timeout needs a value"],
    [["--model", "m", "--retries", "2.5"], '--retries: expected a whole number from 0 to 10, got "2.5"'],
    [["--model", "m", "--key-env", "A B"], "--key-env: expected an environment variable name like OPENROUTER_API_KEY"],
  ])("bad flags %j: exit 2, one line naming the problem, nothing called", async (args, message) => {
    const result = await run(tempRoot(), args);
    expect(refusedBeforeCalling(result, 2)).toContain(`probes:run: ${message}`);
  });

  it("a base url that is not http(s) or holds credentials is refused before calling", async () => {
    const result = await probesRun(tempRoot(), "file:///etc/passwd", ["--model", "m"], {key: KEY});
    expect(refusedBeforeCalling(result, 2)).toBe(
      'probes:run: --base-url: expected an http or https url, got "file:///etc/passwd"',
    );
  });

  it("a read-only run folder: refused before calling, one line", async (context) => {
    const root = tempRoot();
    mkdirSync(join(root, "data/runs"));
    chmodSync(join(root, "data/runs"), 0o555);
    // root writes through any mode: run the CLI as nobody then, so the folder really is read-only to it.
    chmodSync(root, 0o755);
    const asUser = process.getuid?.() === 0 ? {uid: 65534, gid: 65534} : undefined;
    // nobody must be able to reach the project (a checkout under a private folder is not reachable): else skip.
    if (asUser) {
      const probe = spawnSync("node_modules/.bin/tsx", ["-e", "0"], {...asUser, cwd: process.cwd()});
      if (probe.status !== 0) {
        console.log("skipped: the user nobody cannot reach this checkout, so a read-only folder cannot be simulated");
        context.skip();
      }
    }
    const result = await run(root, ["--model", "example/model"], {asUser});
    expect(refusedBeforeCalling(result, 1)).toBe(
      "probes:run: cannot write runs to data/runs/six-step-chain/v2: the folder is not writable; nothing recorded",
    );
  });

  it("data/runs being a file: refused before calling, one line", async () => {
    const root = tempRoot();
    writeFileSync(join(root, "data/runs"), "not a folder\n");
    const result = await run(root, ["--model", "example/model"]);
    expect(refusedBeforeCalling(result, 1)).toBe(
      "probes:run: cannot write runs to data/runs/six-step-chain/v2: a file stands where a folder should be: " +
        "move it away; nothing recorded",
    );
  });

  const v2File = "data/probes/six-step-chain/v2.json";
  const v3File = "data/probes/six-step-chain/v3.json";

  it("a broken newest version: refused before calling, naming the file and the field, never running v2", async () => {
    const root = tempRoot();
    editJson(root, v3File, (json) => ((json.version = "v3"), delete json.changelog), v2File);
    const result = await run(root, ["--model", "example/model"]);
    expect(refusedBeforeCalling(result, 1)).toBe(
      "probes:run: data/probes/six-step-chain/v3.json at changelog: missing: expected string; " +
        "the newest version is not usable: fix it, or pass --version v2; nothing called",
    );
  });

  it("an unreleased version: refused before calling", async () => {
    const root = tempRoot();
    editJson(root, v3File, (json) => (json.version = "v3"), v2File);
    const result = await run(root, ["--model", "example/model", "--version", "v3"]);
    const line = refusedBeforeCalling(result, 1);
    expect(line).toMatch(/^probes:run: data\/probes\/six-step-chain\/v3\.json: not released: add "v3": "[0-9a-f]{64}"/);
    expect(line).toMatch(/ under "six-step-chain" in data\/probes\/hashes\.json; nothing called$/);
  });

  it("an edited released version: refused before calling", async () => {
    const root = tempRoot();
    editJson(root, v2File, (json) => ((json.parameters as {maxTokens: number}).maxTokens = 4000));
    const result = await run(root, ["--model", "example/model"]);
    const line = refusedBeforeCalling(result, 1);
    expect(line).toMatch(
      /^probes:run: data\/probes\/six-step-chain\/v2\.json: content changed after release \(sha256 /,
    );
    expect(line).toMatch(/\): put the change in a new version; the newest version is not usable: /);
    expect(line).toMatch(/: fix it, or pass --version v1; nothing called$/);
  });

  it("a redirecting endpoint: not followed, one line naming the host, nothing recorded", async () => {
    const root = tempRoot();
    queue.push(raw(307, "", {location: `http://${elsewhereHost}/api/v1/chat/completions`}));
    const result = await run(root, ["--model", "example/model"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `probes:run: http 307: the endpoint redirects to ${elsewhereHost}; ${notFollowed}; nothing recorded`,
    );
    expect(elsewhereRequests).toBe(0);
    expect(filesUnder(join(root, "data/runs"))).toEqual([]);
  });

  it("an oversized reply: recorded as an excerpt, unscored, and probes:check accepts it", async () => {
    const root = tempRoot();
    const reply = `${correct}\n${"padding ".repeat(5000)}`;
    queue.push(completion({content: reply}));
    const result = await run(root, ["--model", "example/model"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `probes:run: oversized (${reply.length} bytes, more than maxTokens 1400 allows): ` +
        "recorded as an excerpt, not scored",
    );
    const [file] = filesUnder(join(root, "data/runs"));
    expect(statSync(file!).size).toBeLessThan(4000);
    expect(checkProbes(root).problems).toEqual([]);
  });
});

// Every protection of the one runner (lib/probes/chat-call.ts callChat) is tested for both of its callers: a probe's
// run (runProbe) and one case of a judge's run (runJudgeCase), through the adapters of helpers.ts. Where the two
// differ by design (a probe's "; nothing recorded" and score, a judge's status for a reply it cannot read), each
// test says each side's own outcome. probes:check on a run's metadata follows, for the probes alone; the command,
// npm run probes:run, is test/cli/probes-run.test.ts.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {createServer, type Server} from "node:http";
import {join} from "node:path";
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import {checkProbes} from "../../../lib/probes/check-probes.node.js";
import {formatBytes} from "../../../lib/text/format.js";
import {responseByteCap} from "../../../lib/probes/limits.js";
import {loadProbes} from "../../../lib/probes/load.node.js";
import {retryAfterMs, type FetchLike} from "../../../lib/probes/endpoint-call.js";
import {runProbe, type RunnerOptions} from "../../../lib/probes/runner.js";
import {writeRun} from "../../../lib/probes/runs.node.js";
import {Run} from "../../../lib/probes/schema.node.js";
import {
  callers,
  close,
  completion,
  correct,
  json,
  judgeAnswer,
  listen,
  raw,
  runnerOptions,
  stubEndpoint,
  stubSleep,
  tempRoot,
  v2 as version,
  type CallerSettings,
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
/** The probe's options against the stub, for probes:check's tests. */
function options(extra: Partial<RunnerOptions> = {}): RunnerOptions {
  waits.length = 0;
  return runnerOptions({apiKey: KEY, endpoint: stub.endpoint, sleep: stubSleep(waits), ...extra});
}

describe.each(callers)("%s through the one runner", (_name, caller) => {
  /** One call of this caller against the stub: back-off waits recorded in `waits`, a 2 s timeout. */
  const call = (extra: Partial<CallerSettings> = {}) => {
    waits.length = 0;
    return caller.call({apiKey: KEY, endpoint: stub.endpoint, sleep: stubSleep(waits), ...extra});
  };
  const {goodReply, failure} = caller;

  describe("runner against a local stub of the chat-completions API", () => {
    it("success: records the reply, finish reason and usage, and reads the reply (score or answer)", async () => {
      queue.push(
        completion({
          content: goodReply,
          usage: {
            prompt_tokens: 120,
            completion_tokens: 30,
            total_tokens: 150,
            completion_tokens_details: {reasoning_tokens: 12},
          },
        }),
      );
      const outcome = await call();
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const usage = {promptTokens: 120, completionTokens: 30, reasoningTokens: 12, totalTokens: 150};
      if (outcome.kept.caller === "probe")
        expect(outcome.kept.run).toEqual({
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
          usage,
          score: {passed: 6, of: 6, total: 1, rules: version.data.rules.map((r) => ({id: r.id, outcome: "pass"}))},
        });
      else
        expect(outcome.kept.record).toEqual({
          case: "example-1",
          ruled: 4,
          status: "answered",
          answer: judgeAnswer,
          reply: goodReply,
          replyBytes: goodReply.length,
          problem: null,
          startedAt: "2026-08-10T12:00:00.500Z",
          ms: 500,
          servedBy: "example/model-2026",
          finishReason: "stop",
          usage,
        });
      // What was sent: the caller's messages and parameters, the key only in the header.
      expect(seen).toHaveLength(1);
      expect(seen[0]?.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.parse(seen[0]!.body)).toEqual(caller.sent("example/model"));
      expect(outcome.recorded).not.toContain(KEY);
      expect(outcome.problems()).toEqual([]);
      if (outcome.kept.caller !== "probe") return;
      // The probe's run file: named by its start and model, read back as written, loaded with no problem.
      const root = tempRoot();
      const file = writeRun(root, outcome.kept.run);
      expect(file).toBe("data/runs/six-step-chain/v2/2026-08-10T12-00-00.500Z--example-model.json");
      expect(Run.parse(JSON.parse(readFileSync(join(root, file), "utf8")))).toEqual(outcome.kept.run);
      expect(loadProbes(root).problems).toEqual([]);
    });

    it("truncated: finish reason length is recorded as truncated and not read", async () => {
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
      const outcome = await call();
      expect(outcome.ok && [outcome.read, outcome.usage.reasoningTokens]).toEqual([false, 400]);
      // A null content cut off by the limit (all tokens spent reasoning) is truncated too.
      queue.push(completion({content: null, finish: "length"}));
      const nullContent = await call();
      expect(nullContent.ok && [nullContent.reply, nullContent.read]).toEqual(["", false]);
      for (const cut of [outcome, nullContent]) {
        if (!cut.ok) continue;
        if (cut.kept.caller === "probe") expect([cut.kept.run.truncated, cut.kept.run.score]).toEqual([true, null]);
        else
          expect(cut.kept.record).toMatchObject({
            status: "truncated",
            answer: null,
            problem: "cut off by the token limit (maxTokens 1400): not read",
          });
      }
    });

    it("429 then success: waits as Retry-After says, then records", async () => {
      queue.push(
        json(429, {error: {message: "rate limited"}}, {"retry-after": "7"}),
        json(429, {error: {message: "rate limited"}}),
        completion({content: goodReply}),
      );
      const log: string[] = [];
      const outcome = await call({log: (line) => log.push(line)});
      expect(outcome.ok && outcome.read).toBe(true);
      expect(outcome.attempts).toBe(3);
      expect(waits).toEqual([7000, 2000]); // Retry-After honoured; then exponential back-off (1 s, 2 s, ...)
      expect(log).toEqual([
        "http 429: rate limited, retry 1 of 3 in 7 s (retry-after)",
        "http 429: rate limited, retry 2 of 3 in 2 s",
      ]);
    });

    it("429 every time: bounded retries, then a clear error and nothing recorded", async () => {
      for (let i = 0; i < 5; i++) queue.push(json(429, {error: {message: "rate limited"}}));
      const outcome = await call({maxRetries: 2});
      expect(outcome).toMatchObject({
        ok: false,
        attempts: 3,
        error: {code: "rate-limited", status: 429, message: failure("http 429: still rate limited after 3 attempts")},
      });
      expect(waits).toEqual([1000, 2000]);
      expect(seen).toHaveLength(3);
    });

    it("429 asking for a longer wait than allowed gives up at once", async () => {
      queue.push(json(429, {}, {"retry-after": "3600"}));
      const outcome = await call();
      expect(!outcome.ok && outcome.error.message).toBe(
        failure("http 429: asked to wait 3600 s, more than the 60 s allowed"),
      );
      expect(waits).toEqual([]);
    });

    it("500: a clear message in the project's words, nothing recorded, the body never quoted", async () => {
      queue.push(json(500, {error: {message: "upstream exploded"}}));
      const outcome = await call();
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          code: "http",
          status: 500,
          message: failure("http 500: the endpoint failed; try again later"),
        },
      });
      expect(seen).toHaveLength(1); // a 5xx is not retried
    });

    it("401: says the key was refused and never shows the key, even when the server echoes it", async () => {
      queue.push(json(401, {error: {message: `invalid key ${KEY}`}}));
      const outcome = await call();
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.message).toBe(failure("http 401: the api key was refused"));
      expect(outcome.error.message).not.toContain(KEY);
    });

    it("malformed json: a clear message, nothing recorded, nothing of the body or of an api error quoted", async () => {
      queue.push((_req, res) =>
        res.writeHead(200, {"content-type": "application/json"}).end("<html>bad gateway</html>"),
      );
      const outcome = await call();
      expect(!outcome.ok && outcome.error).toMatchObject({
        code: "malformed",
        message: failure("malformed response: not json"),
      });
      queue.push(json(200, {id: "x", choices: []}));
      const empty = await call();
      expect(!empty.ok && empty.error.message).toBe(failure("malformed response: choices[0] missing"));
      queue.push(json(200, {error: {message: "no endpoints found for example/model", code: 404}}));
      const apiError = await call();
      expect(!apiError.ok && apiError.error).toMatchObject({
        code: "api",
        message: failure("the endpoint answered with an error (its words are not kept: they could hold anything)"),
      });
    });

    it("slow beyond the timeout: times out, nothing recorded", async () => {
      queue.push((_req, res) => {
        const timer = setTimeout(() => completion({content: goodReply})(_req, res, ""), 3000);
        res.on("close", () => clearTimeout(timer));
      });
      const started = Date.now();
      const outcome = await call({timeoutMs: 300});
      expect(Date.now() - started).toBeLessThan(2500);
      expect(outcome).toMatchObject({
        ok: false,
        error: {code: "timeout", message: failure("no complete answer within 0.3 s: timed out")},
      });
    });

    it("network error: cannot reach the host", async () => {
      const closed = createServer();
      const host = await listen(closed);
      await close(closed);
      const outcome = await call({endpoint: `http://${host}/v1/chat/completions`});
      expect(!outcome.ok && outcome.error).toMatchObject({
        code: "network",
        message: failure(`cannot reach ${host}: nothing answers at that address and port (econnrefused)`),
      });
    });

    it("an empty key is refused before any request", async () => {
      const outcome = await call({apiKey: ""});
      expect(!outcome.ok && outcome.error.code).toBe("missing-key");
      expect(seen).toHaveLength(0);
    });

    it("a redirect is not followed: the error names the host it points to, and that host sees nothing", async () => {
      queue.push(raw(307, "", {location: `http://${elsewhereHost}/api/v1/chat/completions`}));
      const outcome = await call();
      expect(!outcome.ok && outcome.error).toMatchObject({
        code: "redirect",
        status: 307,
        message: failure(`http 307: the endpoint redirects to ${elsewhereHost}; ${notFollowed}`),
      });
      expect(seen).toHaveLength(1);
      expect(elsewhereRequests).toBe(0);
    });

    it("a redirect's host is named only when the header spells it plainly", async () => {
      // A punycode host carries other letters in a code the key's check cannot read; %-escapes are decoded by the
      // parser.
      for (const location of ["http://xn--n3h.example/v1", "http://%65%78ample.com/v1"]) {
        queue.push(raw(302, "", {location}));
        const outcome = await call();
        expect(!outcome.ok && outcome.error.message).toBe(
          failure(`http 302: the endpoint redirects to a host it does not spell plainly (not shown); ${notFollowed}`),
        );
      }
      queue.push(raw(302, "", {location: "/elsewhere"}));
      const relative = await call();
      expect(!relative.ok && relative.error.message).toBe(
        failure(`http 302: the endpoint redirects to ${new URL(stub.endpoint).host}; ${notFollowed}`),
      );
    });
  });

  describe("the key never appears anywhere but the Authorization header", () => {
    // Past character 160 of the message: cutting before redacting printed all but the key's last characters.
    const reason = "the upstream provider rejected this request for a reason it explains at length; ";
    const long = `${reason.repeat(3)}key ${KEY}`;
    const cases: [string, Handler, string][] = [
      ["the key in the reply text", completion({content: `${goodReply}\n${KEY}`}), "leak"],
      ["8 characters of the key in the reply", completion({content: `${goodReply}\n(ends ${KEY.slice(-8)})`}), "leak"],
      ["the key in the model field", completion({content: goodReply, model: `echo/${KEY}`}), "leak"],
      ["the key in capitals in the model field", completion({content: goodReply, model: KEY.toUpperCase()}), "leak"],
      ["the key as the finish reason", completion({content: goodReply, finish: KEY}), "leak"],
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
      const outcome = await call();
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.code).toBe(code);
      expect(leaks(outcome.error.message)).toBe(false);
      expect(outcome.error.message).not.toContain("\n");
      // A probe says it once; a judge's run stops and says so itself.
      expect(outcome.error.message.match(/nothing recorded/g)).toEqual(
        caller.name === "probe" ? ["nothing recorded"] : null,
      );
    });

    it("names the field that echoed the key, and never quotes it", async () => {
      queue.push(completion({content: goodReply, model: `echo/${KEY}`}));
      const outcome = await call();
      expect(!outcome.ok && outcome.error.message).toBe(
        failure("the response's model field holds the api key or a piece of it: a run must never hold the key"),
      );
      queue.push(json(401, {error: {message: `bad key ${KEY}`}}));
      const refused = await call();
      expect(!refused.ok && refused.error.message).toBe(failure("http 401: the api key was refused"));
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
              choices: [{finish_reason: "stop", message: {content: goodReply}}],
            }),
          );
      });
      const log: string[] = [];
      const outcome = await call({log: (line) => log.push(line)});
      expect(outcome.ok && outcome.read).toBe(true);
      if (!outcome.ok) return;
      expect(leaks(JSON.stringify(outcome))).toBe(false);
      expect(leaks(log.join("\n"))).toBe(false);
      expect(leaks(outcome.recorded)).toBe(false);
    });

    it("a network error is said in words, with its system code: a message quoting the key is never shown", async () => {
      const failing: FetchLike = async () => {
        throw new TypeError("fetch failed", {
          cause: new Error(`connect ECONNRESET for Bearer ${KEY} (${KEY.toUpperCase()})`),
        });
      };
      const outcome = await call({fetch: failing});
      expect(!outcome.ok && outcome.error.code).toBe("network");
      expect(!outcome.ok && outcome.error.message).toBe(
        failure(`cannot reach ${new URL(stub.endpoint).host}: the connection failed`),
      );
      expect(leaks(JSON.stringify(outcome))).toBe(false);
      const refused: FetchLike = async () => {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error(`refused ${KEY}`), {code: "ECONNREFUSED"}),
        });
      };
      const coded = await call({fetch: refused});
      expect(!coded.ok && coded.error.message).toBe(
        failure(`cannot reach ${new URL(stub.endpoint).host}: nothing answers at that address and port (econnrefused)`),
      );
      // No network here: the name is not found (it said "enotfound" alone). A code with no words of its own is named.
      const said = async (code: string) => {
        const cause = Object.assign(new Error(`${code} ${KEY}`), {code});
        const outcome = await call({fetch: async () => Promise.reject(new TypeError("fetch failed", {cause}))});
        return !outcome.ok && outcome.error.message;
      };
      expect(await said("ENOTFOUND")).toBe(
        failure(
          `cannot reach ${new URL(stub.endpoint).host}: its name was not found: no network here, or the address is ` +
            "mistyped (enotfound)",
        ),
      );
      expect(await said("EPROTO")).toBe(
        failure(`cannot reach ${new URL(stub.endpoint).host}: the connection failed (eproto)`),
      );
    });

    it("a key with a newline or another character a header cannot hold is refused before any request", async () => {
      for (const apiKey of [`${KEY}\nX-Injected: 1`, `${KEY} `, `${KEY}\r`, `${KEY}é`, `${KEY}\u0000`]) {
        const outcome = await call({apiKey});
        expect(!outcome.ok && outcome.error.code).toBe("invalid-key");
        expect(!outcome.ok && outcome.error.message).toBe(
          failure(
            "the api key holds a space, a newline, a control or a non-ascii character, which cannot go in a header: " +
              "set it again",
          ),
        );
      }
      expect(seen).toHaveLength(0);
    });

    it("a model slug or an endpoint holding the key is refused before any request", async () => {
      const model = await call({model: `vendor/${KEY}`});
      expect(!model.ok && model.error.message).toBe(
        failure("the model slug holds the api key or a piece of it: a run must never hold the key"),
      );
      const url = await call({endpoint: `${stub.endpoint}?key=${KEY}`});
      expect(!url.ok && url.error.code).toBe("leak");
      expect(leaks(JSON.stringify([model, url]))).toBe(false);
      expect(seen).toHaveLength(0);
    });

    it("a reply holding another key-shaped token is refused; the message shows its first characters only", async () => {
      const token = "sk-ant-api03-Zq8vT1xR4mK9pL2wY6nB3cJ7";
      queue.push(completion({content: `${goodReply}\nuse ${token}`}));
      const outcome = await call();
      expect(!outcome.ok && outcome.error.message).toBe(
        failure('the reply holds an sk- key ("sk-ant…"): a run must never hold a secret'),
      );
      expect(JSON.stringify(outcome)).not.toContain(token.slice(0, 10));
    });
  });

  describe("sizes are bounded", () => {
    it("a reply over maxTokens × 16 bytes is recorded as an oversized excerpt, unread, in a small record", async () => {
      const reply = `${goodReply}\n${"padding ".repeat(5000)}`; // 40 kB, 1400 × 16 = 22,400 bytes allowed
      queue.push(completion({content: reply}));
      const outcome = await call();
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect([outcome.read, outcome.replyBytes, outcome.reply]).toEqual([false, reply.length, reply.slice(0, 2000)]);
      if (outcome.kept.caller === "probe")
        expect(outcome.kept.run).toMatchObject({oversized: true, score: null, truncated: false});
      else
        expect(outcome.kept.record).toMatchObject({
          status: "oversized",
          answer: null,
          problem: "larger than maxTokens 1400 allows: not read",
        });
      expect(outcome.recorded.length).toBeLessThan(4000);
      expect(outcome.problems()).toEqual([]);
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
      const outcome = await call();
      const cap = responseByteCap(version.data.parameters);
      expect(!outcome.ok && outcome.error).toMatchObject({
        code: "too-large",
        message: failure(
          `the response is larger than ${formatBytes(cap)}, more than a reply of maxTokens 1400 can take: ` +
            "stopped reading",
        ),
      });
      expect(written).toBeLessThan(total);
    });
  });

  describe("the response's metadata is recorded only as what it can be", () => {
    it.each([
      ["words with spaces", "the model you asked for"],
      ["markup", "<script>alert(1)</script>"],
      ["too long", `vendor/${"m".repeat(130)}`],
      ["a run of 16 hex digits", "vendor/model-0123456789abcdef"],
      ["fullwidth letters", "ｅｘａｍｐｌｅ/model"],
      ["empty", ""],
      ["five parts", "a/b/c/d/e"],
    ])("a model field that is not a model slug (%s) is dropped with a note, never recorded", async (_label, model) => {
      queue.push(completion({content: goodReply, model}));
      const outcome = await call();
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect([outcome.servedBy, outcome.dropped, outcome.finishReason]).toEqual([null, [servedByNote], "stop"]);
      if (model !== "") expect(outcome.recorded).not.toContain(model);
      expect(outcome.problems()).toEqual([]);
    });

    it.each(["banana", "STOP", "stop ", "end_turn", "error_with_details", "x".repeat(300)])(
      "a finish reason the API does not define (%j) is dropped with a note; the reply is still read",
      async (finish) => {
        queue.push(completion({content: goodReply, finish}));
        const outcome = await call();
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        expect([outcome.finishReason, outcome.dropped, outcome.read]).toEqual([null, [finishNote], true]);
        if (outcome.kept.caller === "probe")
          expect([outcome.kept.run.truncated, outcome.kept.run.score?.total]).toEqual([false, 1]);
        else expect([outcome.kept.record.status, outcome.kept.record.answer]).toEqual(["answered", judgeAnswer]);
        expect(outcome.recorded).not.toContain(JSON.stringify(finish));
        expect(outcome.problems()).toEqual([]);
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
        queue.push(completion({content: goodReply, model, finish}));
        const outcome = await call({model: asked});
        expect(outcome.ok && [outcome.servedBy, outcome.finishReason, outcome.dropped]).toEqual([
          model,
          finish,
          undefined,
        ]);
      }
    });

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
    ])(
      "a model field that is a slug but not the model asked for (%s) is dropped with a note",
      async (_label, model) => {
        queue.push(completion({content: goodReply, model}));
        const outcome = await call({model: "openai/gpt-5-mini"});
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        expect([outcome.servedBy, outcome.dropped]).toEqual([null, [servedByNote]]);
        expect(outcome.recorded).not.toContain(JSON.stringify(model));
        expect(outcome.problems()).toEqual([]);
      },
    );
  });
});

describe("Retry-After", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = new Date("2026-08-10T12:00:00Z");
    expect(retryAfterMs("2", now)).toBe(2000);
    expect(retryAfterMs("Mon, 10 Aug 2026 12:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

const servedByNote = "servedBy dropped: the response's model field was not a model slug";
const finishNote = "finishReason dropped: the response's finish reason was not one the API defines";

/** ROT13: a slug that carries the key, readable by whoever builds the site. */
function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}
const realShapedKey = "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";

describe("probes:check on a run's metadata", () => {
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

// npm run probes:run, called in process against a stub of the chat-completions endpoint on 127.0.0.1 in a temporary
// copy of data/probes: the run it records, what it prints, and everything it refuses before calling. (The runner's
// own protections, for both of its callers, are test/unit/probes/runner.test.ts.)
import {spawnSync} from "node:child_process";
import {chmodSync, mkdirSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {createServer, type Server} from "node:http";
import {join} from "node:path";
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import {checkProbes} from "../../lib/probes/check-probes.node.js";
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
  stubEndpoint,
  tempRoot,
} from "../unit/probes/helpers.js";
import {spawned} from "./run.js";

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

/**
 * The script spawned as another user: root writes through any folder's mode, so a read-only folder is read-only
 * only to a process that is not root.
 */
function probesRunAs(user: {uid: number; gid: number}, root: string, args: string[]) {
  return spawned(
    "node_modules/.bin/tsx",
    ["scripts/probes-run.ts", "six-step-chain", "--root", root, "--base-url", stub.baseUrl, ...args],
    {env: {OPENROUTER_API_KEY: KEY}, user},
  );
}

describe("npm run probes:run (the CLI) against the stub", () => {
  const run = (root: string, args: string[], {key = KEY}: {key?: string} = {}) =>
    probesRun(root, stub.baseUrl, args, {key});

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
    expect(result.stderr.trim()).toBe("probes:run: http 401: the api key was refused; nothing recorded");
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
    [["--model", "m", "--timeout", "-5"], '--timeout: expected a number from 1 to 600 seconds, got "-5"'],
    [["--model", "m", "--retries", "-1"], '--retries: expected a whole number from 0 to 10, got "-1"'],
    [["--model", "m", "--model", "n"], '--model is set twice ("m" and "n"): set it once'],
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
    const result = asUser
      ? await probesRunAs(asUser, root, ["--model", "example/model"])
      : await run(root, ["--model", "example/model"]);
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

// What the probe tests share: a copy of data/probes to change, the reply that passes six-step-chain, a run as the
// runner records it, a stub of the chat-completions endpoint on 127.0.0.1, the runner's options against it,
// `npm run probes:run` pointed at it (called in process) or its answers given in memory, and the two callers of the
// one runner (a probe's run and one case of a judge's run) behind one face, so every test of a protection of the call
// runs for both.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, afterEach, beforeAll, onTestFinished} from "vitest";
import {formatProblem} from "../../../lib/authored/problems.js";
import {runJudgeCase} from "../../../lib/judges/case-call.js";
import {CaseRecord} from "../../../lib/judges/schema.node.js";
import type {CallWorld} from "../../../lib/node/model-cli.js";
import type {CallSettings} from "../../../lib/probes/chat-call.js";
import {checkProbes} from "../../../lib/probes/check-probes.node.js";
import {loadProbes} from "../../../lib/probes/load.node.js";
import type {FetchLike, Sleep} from "../../../lib/probes/endpoint-call.js";
import type {ChatRequestBody} from "../../../lib/probes/request.js";
import {runProbe, type RunnerOptions} from "../../../lib/probes/runner.js";
import type {RunnerError} from "../../../lib/probes/runner-error.js";
import {writeRun} from "../../../lib/probes/runs.node.js";
import type {DroppedNote, Run, Usage} from "../../../lib/probes/schema.node.js";
import {scoreReply} from "../../../lib/probes/score.js";
import {probesRun as probesRunCommand} from "../../../scripts/probes-run.js";
import {runCommand, type CommandResult} from "../../cli/run.js";

/** A reply that passes every step of six-step-chain v2 (and all but the last of v1). */
export const correct = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731";

/** six-step-chain's newest version, v2, as the loader reads it from the repository. */
export const v2 = loadProbes(".").probes[0]!.versions.at(-1)!;

/** Removes a temporary folder once the test that made it ends: its own hook, however files share this module. */
function removedAfterTest(dir: string): void {
  onTestFinished(() => {
    // A test may leave a folder read-only; make it removable again.
    for (const path of [dir, ...foldersUnder(dir)]) chmodSync(path, 0o755);
    rmSync(dir, {recursive: true, force: true});
  });
}

function foldersUnder(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [join(dir, entry.name), ...foldersUnder(join(dir, entry.name))]);
}

/** A temporary root holding a copy of data/probes, removed after the test. */
export function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "probes-test-"));
  removedAfterTest(root);
  cpSync("data/probes", join(root, "data/probes"), {recursive: true});
  return root;
}

/**
 * A root holding the second probe, three-words v1 (test/fixtures/probes/three-words), with `change` made to it, and
 * the project's guideline, which a probe step's guidelineRule names a rule of.
 */
export function threeWordsRoot(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits any field of the JSON
  change: (json: Record<string, any>) => void = () => {},
): string {
  const root = mkdtempSync(join(tmpdir(), "probes-three-words-"));
  removedAfterTest(root);
  cpSync("test/fixtures/probes/three-words/data", join(root, "data"), {recursive: true});
  cpSync("guideline", join(root, "guideline"), {recursive: true});
  editJson(root, threeWordsFile, change);
  return root;
}
export const threeWordsFile = "data/probes/three-words/v1.json";

/** Every file under dir, recursively, dot-files included; none when dir is not there (a run that recorded nothing
 *  leaves no folder). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Whether any file lies under root/dir (false when dir does not exist). */
export function filesExistUnder(root: string, dir: string): boolean {
  try {
    return filesUnder(join(root, dir)).length > 0;
  } catch {
    return false;
  }
}

/** Rewrites a JSON file of the root (read from `from`, the file itself by default) with `change` applied. */
export function editJson(
  root: string,
  file: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits any field of the JSON
  change: (json: Record<string, any>) => void,
  from = file,
): void {
  const json = JSON.parse(readFileSync(join(root, from), "utf8")) as Record<string, unknown>;
  change(json);
  writeFileSync(join(root, file), JSON.stringify(json, null, 2));
}

/**
 * A run of v2 as the runner records it, scored by the real scorer, with `extra` over it. A tampered run may hold
 * anything in any field: the type describes a valid one.
 */
export function recordedRun(reply = correct, extra: Partial<Run> | Record<string, unknown> = {}): Run {
  const score = scoreReply(v2.data.rules, reply);
  const run: Run = {
    probe: "six-step-chain",
    version: "v2",
    versionHash: v2.hash,
    model: "example/model",
    servedBy: "example/model-2026",
    endpoint: "http://127.0.0.1:9/v1/chat/completions",
    startedAt: "2026-08-10T12:00:00.000Z",
    finishedAt: "2026-08-10T12:00:02.000Z",
    parameters: {maxTokens: 1400, temperature: 0},
    reply,
    replyBytes: Buffer.byteLength(reply),
    oversized: false,
    finishReason: "stop",
    truncated: false,
    usage: {promptTokens: 120, completionTokens: 30, reasoningTokens: null, totalTokens: 150},
    score: {
      passed: score.passed,
      of: score.of,
      total: score.total,
      rules: score.rules.map(({id, outcome}) => ({id, outcome})),
    },
  };
  return {...run, ...extra} as Run;
}

/** The folder v2's runs are recorded in, relative to a root. */
export const v2Runs = "data/runs/six-step-chain/v2";

/** Writes a run file by hand, as a tamperer (or an older runner) would: the text as given, anything else as JSON. */
export function writeRunFile(root: string, run: unknown, name = "a.json"): string {
  mkdirSync(join(root, v2Runs), {recursive: true});
  writeFileSync(join(root, v2Runs, name), typeof run === "string" ? run : JSON.stringify(run, null, 2));
  return root;
}

// ---- A stub of the chat-completions endpoint ----

/** How the stub answers one request; `body` is what was sent. */
export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export const json =
  (status: number, payload: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, {"content-type": "application/json", ...headers}).end(JSON.stringify(payload));
  };

export const raw =
  (status: number, body: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, headers).end(body);
  };

/** A chat completion: the reply (`content`), the model and finish reason it names, its usage, and other fields. */
export const completion = ({
  content = correct,
  model = "example/model-2026",
  finish = "stop",
  usage = {prompt_tokens: 120, completion_tokens: 30, total_tokens: 150},
  fields = {},
}: {
  content?: string | null;
  model?: string;
  finish?: string;
  usage?: object;
  fields?: Record<string, unknown>;
} = {}): Handler =>
  json(200, {
    id: "gen-1",
    model,
    choices: [{index: 0, finish_reason: finish, message: {role: "assistant", content}}],
    usage,
    ...fields,
  });

/** Listens on a free port of 127.0.0.1; returns "127.0.0.1:port". */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `127.0.0.1:${address.port}`;
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
}

export interface Stub {
  baseUrl: string;
  endpoint: string;
  /** The answers to the next requests, in order; a request with none gets a 599. Emptied after each test. */
  queue: Handler[];
  /** Every request the stub received in this test: its Authorization header and its body. */
  seen: {authorization: string | undefined; body: string}[];
}

/** The stub, listening for the file's tests (started before them, closed after them). Call at the top level. */
export function stubEndpoint(): Stub {
  let server: Server;
  const stub: Stub = {baseUrl: "", endpoint: "", queue: [], seen: []};
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        stub.seen.push({authorization: req.headers.authorization, body});
        const handler = stub.queue.shift();
        if (handler) handler(req, res, body);
        else res.writeHead(599).end("no handler queued");
      });
    });
    // The stub never closes an idle connection: a test that holds the event loop for seconds (checking many run
    // files) would otherwise let it close one the client is about to reuse, and the next call fail with a reset.
    server.keepAliveTimeout = 0;
    stub.baseUrl = `http://${await listen(server)}/api/v1`;
    stub.endpoint = `${stub.baseUrl}/chat/completions`;
  });
  afterAll(() => close(server));
  afterEach(() => {
    stub.queue.length = 0;
    stub.seen.length = 0;
  });
  return stub;
}

/**
 * The stub's answers without the network: a fetch that hands each request to the next handler of `queue` (a 599
 * when there is none) and answers with what the handler wrote, recording each request in `seen` as the stub does.
 * For tables of hostile answers, one row after another; a row of each kind still goes through the stub itself.
 */
export function memoryFetch(queue: Handler[], seen: Stub["seen"] = []): FetchLike {
  return (_url, {headers, body}) =>
    new Promise((done) => {
      seen.push({authorization: headers.authorization, body});
      let status = 200;
      let head: Record<string, string> = {};
      const res = {
        writeHead(code: number, given: Record<string, string> = {}) {
          [status, head] = [code, given];
          return res;
        },
        end(chunk = "") {
          done(new Response(chunk, {status, headers: head}));
        },
      };
      const handler = queue.shift() ?? raw(599, "no handler queued");
      handler({headers} as unknown as IncomingMessage, res as unknown as ServerResponse, body);
    });
}

/** Back-off waits are recorded in `waits` and return at once; the timeout (called with a signal) uses a real timer. */
export const stubSleep =
  (waits: number[] = []): Sleep =>
  (ms, signal) => {
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

/**
 * The runner's options for v2 against `endpoint`: a clock from 2026-08-10T12:00:00.000Z that moves 500 ms at each
 * reading, back-off waits that return at once, a 2 s timeout.
 */
export function runnerOptions(
  options: Pick<RunnerOptions, "apiKey" | "endpoint"> & Partial<RunnerOptions>,
): RunnerOptions {
  return {
    version: v2.data,
    versionHash: v2.hash,
    model: "example/model",
    fetch,
    now: steppingClock(),
    sleep: stubSleep(),
    timeoutMs: 2000,
    ...options,
  };
}

/**
 * `npm run probes:run -- six-step-chain` against a root and a base url, with `key` as OPENROUTER_API_KEY (and nothing
 * else of the machine's environment), in the real world (network, clock, waits) but for what `world` replaces.
 */
export function probesRun(
  root: string,
  baseUrl: string,
  args: string[],
  {key, world = {}}: {key: string; world?: Partial<CallWorld>},
): Promise<CommandResult> {
  return runCommand(
    (given, io) => probesRunCommand(given, io, world),
    ["six-step-chain", "--root", root, "--base-url", baseUrl, ...args],
    {env: {OPENROUTER_API_KEY: key}},
  );
}

// ---- The two callers of the one runner (lib/probes/chat-call.ts callChat) ----

/** How a test calls: the key and the endpoint, anything else of CallSettings, and the model asked for. */
export type CallerSettings = Pick<CallSettings, "apiKey" | "endpoint"> & Partial<CallSettings> & {model?: string};

/** A call that came back, as either caller keeps it. */
export interface Called {
  ok: true;
  attempts: number;
  /** What would be recorded (the probe's run file as writeRun writes it, the judge's case record) as JSON text. */
  recorded: string;
  /** The reply as recorded: whole, or the first 2,000 characters of one not read. */
  reply: string;
  /** Optional in a probe's run (older runs have none); the runner always records it. */
  replyBytes: number | undefined;
  /** The reply was read: the probe scored it, the judge's answer parsed and passed the answer's shape. */
  read: boolean;
  servedBy: string | null;
  finishReason: string | null;
  dropped: DroppedNote[] | undefined;
  usage: Usage;
  /** The record itself, for what differs by design. */
  kept: {caller: "probe"; run: Run} | {caller: "judge"; record: CaseRecord};
  /** What the record's check finds: probes:check on the written run, the run file's schema on the case record. */
  problems: () => string[];
}

export type CallerOutcome = Called | {ok: false; error: RunnerError; attempts: number};

export interface Caller {
  name: "probe" | "judge";
  /** A reply this caller reads in full: six-step-chain's correct reply, or a judge's answer. */
  goodReply: string;
  /** The request body this caller sends for `model`. */
  sent: (model: string) => ChatRequestBody;
  call: (settings: CallerSettings) => Promise<CallerOutcome>;
  /** A failure's message as this caller gives it: a probe says once that nothing was recorded; a judge's run stops. */
  failure: (message: string) => string;
}

/** A clock from 2026-08-10T12:00:00.000Z that moves 500 ms at each reading. */
function steppingClock(): () => Date {
  let clock = Date.parse("2026-08-10T12:00:00.000Z");
  return () => new Date((clock += 500));
}

/** A probe run of six-step-chain v2 (runProbe). */
export const probeCaller: Caller = {
  name: "probe",
  goodReply: correct,
  sent: (model) => ({model, messages: v2.data.messages, max_tokens: 1400, temperature: 0}),
  failure: (message) => `${message}; nothing recorded`,
  async call(settings) {
    const outcome = await runProbe(runnerOptions(settings));
    if (!outcome.ok) return outcome;
    const {run} = outcome;
    const root = tempRoot();
    const file = writeRun(root, run);
    return {
      ok: true,
      attempts: outcome.attempts,
      recorded: readFileSync(join(root, file), "utf8"),
      reply: run.reply,
      replyBytes: run.replyBytes,
      read: run.score !== null,
      servedBy: run.servedBy,
      finishReason: run.finishReason,
      dropped: run.dropped,
      usage: run.usage,
      kept: {caller: "probe", run},
      problems: () => {
        const check = checkProbes(root);
        const loaded = check.runs.map((r) => r.file);
        // A run that is not loaded is a problem even when the check names none.
        return [...check.problems.map(formatProblem), ...(loaded.join() === file ? [] : [`${file}: not loaded`])];
      },
    };
  },
};

/** One case's prompt as a judge's run sends it (the prompt's rendering is the run's job, not the runner's). */
export const judgeMessages: {role: "system" | "user"; content: string}[] = [
  {role: "system", content: "You rate how well a response follows the instructions of its request, by the guideline."},
  {role: "user", content: "Request: List three planets.\nResponse: Jupiter, Saturn, Uranus.\nAnswer in JSON."},
];

/** A judge's answer to that case, as the prompt asks for it. */
export const judgeAnswer = {
  checklist: [{instruction: "List three planets", main: true, rule: "main-task", verdict: "met"}],
  score: 5,
};

/** One case of a judge's run (runJudgeCase): example-1, ruled 4, asked with judgeMessages. */
export const judgeCaller: Caller = {
  name: "judge",
  goodReply: JSON.stringify(judgeAnswer),
  sent: (model) => ({model, messages: judgeMessages, max_tokens: 1400, temperature: 0}),
  failure: (message) => message,
  async call({model = "example/model", ...settings}) {
    const outcome = await runJudgeCase({
      fetch,
      now: steppingClock(),
      sleep: stubSleep(),
      timeoutMs: 2000,
      ...settings,
      model,
      case: {id: "example-1", ruled: 4},
      messages: judgeMessages,
      parameters: {maxTokens: 1400, temperature: 0},
    });
    if (!outcome.ok) return outcome;
    const {record} = outcome;
    return {
      ok: true,
      attempts: outcome.attempts,
      recorded: JSON.stringify(record, null, 2),
      reply: record.reply,
      replyBytes: record.replyBytes,
      read: record.status === "answered",
      servedBy: record.servedBy,
      finishReason: record.finishReason,
      dropped: record.dropped,
      usage: record.usage,
      kept: {caller: "judge", record},
      problems: () =>
        CaseRecord.safeParse(record).error?.issues.map(({path, message}) => `${path.join(".")}: ${message}`) ?? [],
    };
  },
};

/** Both callers, for describe.each: every protection of the call holds for each. */
export const callers: [string, Caller][] = [
  ["a probe's run", probeCaller],
  ["a judge's case", judgeCaller],
];

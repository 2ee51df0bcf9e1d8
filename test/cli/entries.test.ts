// Each command once through its real entry, spawned as package.json's scripts run it (`tsx scripts/<x>.ts`): the
// tsx start, the arguments, the streams and the exit code the shell sees. Every other test calls the commands in
// process; where the command's answer does not depend on the clock, the spawned run must say exactly what the call in
// process says. Both see an environment of their own, nothing of the machine's but PATH.
import {execFile, spawn} from "node:child_process";
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Command} from "../../lib/node/command.js";
import {projectRoot} from "../../lib/node/load.js";
import {emptyProgress, recordAnswer} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {agreement} from "../../scripts/agreement.js";
import {caseNew} from "../../scripts/case-new.js";
import {copyProject} from "../../scripts/copy-project.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {guidelinePreview} from "../../scripts/guideline-preview.js";
import {judgeScore} from "../../scripts/judge-score.js";
import {judgesCheck} from "../../scripts/judges-check.js";
import {probesCheck} from "../../scripts/probes-check.js";
import {probesScore} from "../../scripts/probes-score.js";
import {progressCheck} from "../../scripts/progress-check.js";
import {csvOf} from "../unit/agreement/helpers.js";
import {byId, carefulReply, judgeRoot, KEY as judgeKey, recordedRuns} from "../unit/judges/helpers.js";
import {addTestPrompt, calibrationRun, runFile, writeRun} from "../unit/judges/run-files.js";
import {completion, correct, stubEndpoint, tempRoot} from "../unit/probes/helpers.js";
import {runCommand, type CommandResult} from "./run.js";

interface Invocation {
  args: string[];
  input?: string;
  env?: Record<string, string>;
  /** The project the script belongs to: the checkout, or a copy of it. */
  root?: string;
}

/** `tsx scripts/<name>.ts ...` in the project's folder, as `npm run` starts it, without blocking this process. */
function spawnEntry(
  name: string,
  {args, input = "", env = {}, root = projectRoot}: Invocation,
): Promise<CommandResult> {
  return new Promise((done) => {
    const child = execFile(
      join(root, "node_modules/.bin/tsx"),
      [`scripts/${name}.ts`, ...args],
      {cwd: root, env: {PATH: process.env.PATH, ...env}, maxBuffer: 64 * 1024 * 1024},
      (error, stdout, stderr) => done({code: error ? Number(error.code ?? 1) : 0, stdout, stderr}),
    );
    child.stdin?.end(input);
  });
}

/** The spawned run and the call in process, which must agree exactly. */
async function both(name: string, command: Command, invocation: Invocation): Promise<CommandResult> {
  const spawned = await spawnEntry(name, invocation);
  expect(await runCommand(command, invocation.args, invocation)).toEqual(spawned);
  return spawned;
}

const lines = (text: string) => text.trimEnd().split("\n");

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "rater-notebook-entries-"));
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const stub = stubEndpoint();

describe("each command's real entry, spawned", () => {
  it("agreement: a cohort's report, exit 0", async () => {
    const ratings = join(dir, "cohort.csv");
    const scores = {bob: [5, 3, 4], carol: [4, 3, 3], dan: [5, 2, 4]};
    const rows = Object.entries(scores).flatMap(([rater, given]) =>
      ["example-1", "example-2", "example-3"].map((item, i) => [rater, item, "guideline", String(given[i])]),
    );
    writeFileSync(ratings, csvOf(rows));
    const result = await both("agreement", agreement, {args: [ratings]});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout).slice(0, 2)).toEqual([
      `Read 1 file: ${ratings} (CSV, 9 ratings)`,
      "Cohort: 3 raters, 3 items, 9 ratings",
    ]);
  });

  it("case:new: writes the case in a copy of the project, exit 0", async () => {
    const copy = copyProject("rater-notebook-entries-case-new-");
    try {
      const spawned = await spawnEntry("case-new", {args: ["--from", "example-1"], root: copy});
      expect([spawned.code, spawned.stderr]).toEqual([0, ""]);
      expect(lines(spawned.stdout)[0]).toBe(
        "case:new: wrote data/items/new-case-1.md, a case written for the notebook, from example-1 (examples, order 8)",
      );
      const written = readFileSync(join(copy, "data/items/new-case-1.md"), "utf8");
      // In process, on the same copy as it was: the same lines, the same file.
      rmSync(join(copy, "data/items/new-case-1.md"));
      expect(await runCommand(caseNew, ["--from", "example-1"], {root: copy})).toEqual(spawned);
      expect(readFileSync(join(copy, "data/items/new-case-1.md"), "utf8")).toBe(written);
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  });

  it("guideline:check: every item as ruled, exit 0", async () => {
    const result = await both("guideline-check", guidelineCheck, {args: []});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout).at(-1)).toMatch(/^guideline:check: \d+ items, every one with exactly one score /);
  });

  it("guideline:preview: the base against itself, exit 0", async () => {
    const result = await both("guideline-preview", guidelinePreview, {args: []});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toContain("moved: none\n");
  });

  it("judge:run: one case against a stub endpoint on 127.0.0.1, recorded, exit 0", async () => {
    const root = judgeRoot();
    stub.queue.push(completion({content: carefulReply(byId("calibration-a"))}));
    const args = ["--model", "example/model", "--cases", "calibration-a", "--base-url", stub.baseUrl, "--root", root];
    const result = await spawnEntry("judge-run", {args, env: {OPENROUTER_API_KEY: judgeKey}});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    const [file, ...others] = recordedRuns(root);
    expect(others).toEqual([]);
    expect(lines(result.stdout)).toEqual([
      `judge:run: 1 of 1 cases, prompt checklist-v1, guideline v2, on example/model via ${new URL(stub.baseUrl).host}`,
      "judge:run: calibration-a: answered 4, ruled 4 (exact)",
      "judge:run: 1 of 1 cases answered (0 not read as an answer): 1 exact, 0 one off, 0 two or more off",
      `judge:run: recorded ${file}`,
    ]);
    expect(stub.seen.map((request) => request.authorization)).toEqual([`Bearer ${judgeKey}`]);
  });

  it("judge:score: a recorded run's figures, exit 0", async () => {
    const root = join(dir, "judge-score");
    for (const folder of ["data/items", "guideline"])
      cpSync(join(projectRoot, folder), join(root, folder), {recursive: true});
    addTestPrompt(root);
    writeRun(root, calibrationRun());
    const result = await both("judge-score", judgeScore, {args: ["--root", root, join(root, runFile)]});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout)[0]).toMatch(new RegExp(`^${runFile}: example/judge-1, prompt check-test-v1, `));
  });

  it("judges:check: the repository's judges, exit 0", async () => {
    const result = await both("judges-check", judgesCheck, {args: []});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toMatch(/^judges:check: \d+ prompts?, \d+ recorded runs?: all as recorded\n$/m);
  });

  it("probes:check: the repository's probes, exit 0", async () => {
    const result = await both("probes-check", probesCheck, {args: []});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout).at(-1)).toMatch(/^probes:check: 1 probe\(s\), 2 version\(s\), .*: all as declared$/);
  });

  it("probes:run: a run against a stub endpoint on 127.0.0.1, recorded, exit 0", async () => {
    const root = tempRoot();
    stub.queue.push(completion());
    const key = "sk-or-v1-entries-SECRET-51d0";
    const args = ["six-step-chain", "--model", "example/model", "--base-url", stub.baseUrl, "--root", root];
    const result = await spawnEntry("probes-run", {args, env: {OPENROUTER_API_KEY: key}});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout)).toEqual([
      `probes:run: six-step-chain v2 on example/model via ${new URL(stub.baseUrl).host}`,
      "probes:run: 1.00 (6 of 6 steps)",
      expect.stringMatching(/^probes:run: recorded data\/runs\/six-step-chain\/v2\/.*--example-model\.json$/),
    ]);
    expect(stub.seen.map((request) => request.authorization)).toEqual([`Bearer ${key}`]);
  });

  it("probes:score: a reply on standard input, every step passed, exit 0", async () => {
    const result = await both("probes-score", probesScore, {args: ["six-step-chain"], input: correct});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout)[0]).toBe("six-step-chain v2: 1.00 (6 of 6 steps, strict)   loose: 1.00 (6 of 6)");
  });

  it("progress:check: a trainee's export file, exit 0", async () => {
    const progress = recordAnswer(emptyProgress(), {
      item: "example-1",
      phase: "guideline",
      score: 5,
      guideline: "v2",
      at: "2026-03-01T10:00:00.000Z",
    });
    const file = join(dir, "progress.json");
    writeFileSync(file, exportFile(progress, {rater: "Ana", now: "2026-03-01T12:00:00.000Z"}));
    const result = await both("progress-check", progressCheck, {args: [file]});
    expect(result).toEqual({
      code: 0,
      stdout: `${JSON.stringify(file)}: ok, export file, rater "Ana", 1 answer (1 first)\n`,
      stderr: "",
    });
  });
});

describe("a reader that closes the pipe before the command is done (| head)", () => {
  /** The entry spawned with its standard output's reading end closed at once: its first write meets a closed pipe. */
  const closedEarly = (name: string, args: string[]): Promise<{code: number | null; stderr: string}> =>
    new Promise((done) => {
      const child = spawn(join(projectRoot, "node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
        cwd: projectRoot,
        env: {PATH: process.env.PATH},
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.destroy();
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      child.on("close", (code) => done({code, stderr}));
    });

  it("ends the command quietly, exit 0, never a stack trace: guideline:preview --list and guideline:check", async () => {
    expect(await closedEarly("guideline-preview", ["--list"])).toEqual({code: 0, stderr: ""});
    expect(await closedEarly("guideline-check", [])).toEqual({code: 0, stderr: ""});
  });
});

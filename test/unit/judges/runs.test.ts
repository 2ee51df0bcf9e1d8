// Judges' run files: written with the probes' durable writer, rewritten whole after each case (a reader sees the
// old run or the new, never half), validated and refused when anything in it is key-shaped, and read back by the
// judges' own check (checkJudgeRunFile), the reader --resume uses.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {checkJudgeRunFile} from "../../../lib/judges/check.node.js";
import {checkJudgeRunsFolder, judgeRunFile, resumeCommand, writeJudgeRun} from "../../../lib/judges/runs.node.js";
import type {JudgeRun} from "../../../lib/judges/schema.node.js";
import {RunWriteError, type FileWriter} from "../../../lib/probes/runs.node.js";
import {judgeRoot} from "./helpers.js";
import {addTestPrompt, calibrationRun, runFile} from "./run-files.js";

const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), {code});
const runsIn = (root: string) => readdirSync(join(root, "data/judges/runs"));

/** The hand-written calibration run (test/unit/judges/run-files.ts) cut after its first two cases. */
function cutRun(): JudgeRun {
  const run = calibrationRun();
  return {
    ...run,
    answers: run.answers.slice(0, 2),
    complete: false,
    finishedAt: null,
    // By hand: a exact (4 for 4), b one off (3 for 2).
    figures: {asked: 4, replied: 2, answered: 2, exact: 1, oneOff: 1, twoOrMoreOff: 0},
  };
}

describe("writeJudgeRun", () => {
  it("writes a run named by its start and model, and the judges' check reads it back as written", () => {
    const root = judgeRoot();
    addTestPrompt(root);
    // startedAt 2026-11-30T10:00:00.000Z, model example/judge-1.
    expect(judgeRunFile(calibrationRun())).toBe("data/judges/runs/2026-11-30T10-00-00.000Z--example-judge-1.json");
    const file = writeJudgeRun(root, cutRun());
    expect(file).toBe(runFile);
    expect(readFileSync(join(root, file), "utf8")).toBe(`${JSON.stringify(cutRun(), null, 2)}\n`);
    const checked = checkJudgeRunFile(root, file);
    expect(checked.problems).toEqual([]);
    expect(checked.run).toEqual(cutRun());
  });

  it("rewrites the run whole as it grows, leaving no temporary file", () => {
    const root = judgeRoot();
    addTestPrompt(root);
    writeJudgeRun(root, cutRun());
    const file = writeJudgeRun(root, calibrationRun());
    expect(JSON.parse(readFileSync(join(root, file), "utf8"))).toEqual(calibrationRun());
    expect(runsIn(root)).toEqual(["2026-11-30T10-00-00.000Z--example-judge-1.json"]);
    expect(checkJudgeRunFile(root, file)).toMatchObject({problems: [], run: calibrationRun()});
  });

  it("a write that fails midway leaves the run as it was, and no temporary file", () => {
    const root = judgeRoot();
    const file = writeJudgeRun(root, cutRun());
    const before = readFileSync(join(root, file), "utf8");
    const halfThenFull: FileWriter = (path, text) => {
      writeFileSync(path, text.slice(0, text.length / 2), {flag: "wx"});
      throw errno("ENOSPC");
    };
    expect(() => writeJudgeRun(root, calibrationRun(), {write: halfThenFull})).toThrow(
      new RunWriteError(`cannot write ${file}: the disk is full`),
    );
    expect(readFileSync(join(root, file), "utf8")).toBe(before);
    expect(runsIn(root)).toEqual(["2026-11-30T10-00-00.000Z--example-judge-1.json"]);
  });

  it("never writes a run holding anything key-shaped, nor one that is not a valid run", () => {
    const root = judgeRoot();
    const run = calibrationRun();
    const leaky: JudgeRun = {
      ...run,
      answers: run.answers.map((record, index) =>
        index === 3 ? {...record, reply: "Use sk-or-v1-0123456789abcdef0123 to rate it."} : record,
      ),
    };
    expect(() => writeJudgeRun(root, leaky)).toThrow(
      `cannot write ${runFile}: answers[3].reply holds an sk- key ("sk-or-…"): a run must never hold a secret`,
    );
    expect(() => writeJudgeRun(root, {...run, stopped: "x".repeat(401)})).toThrow(/stopped/);
    expect(() => runsIn(root)).toThrow(/ENOENT/);
  });

  it("the runs folder is checked before any call: not writable, or a file where a folder should be", () => {
    const root = judgeRoot();
    checkJudgeRunsFolder(root);
    // The check's own file is gone again, and so is the folder it made for it: a run that then records nothing (no
    // network) leaves no empty folder behind.
    expect(existsSync(join(root, "data/judges/runs"))).toBe(false);
    mkdirSync(join(root, "data/judges/runs"));
    checkJudgeRunsFolder(root);
    expect(runsIn(root)).toEqual([]);
    const readOnly: FileWriter = () => {
      throw errno("EACCES");
    };
    expect(() => checkJudgeRunsFolder(root, {write: readOnly})).toThrow(
      "cannot write runs to data/judges/runs: the folder is not writable",
    );
    const asFile = judgeRoot();
    writeFileSync(join(asFile, "data/judges/runs"), "");
    expect(() => checkJudgeRunsFolder(asFile)).toThrow(
      "cannot write runs to data/judges/runs: a file stands where a folder should be: move it away",
    );
  });
});

describe("resumeCommand", () => {
  it("names the run's model, and its endpoint's base url unless it is the default, so the line runs as written", () => {
    const command = "npm run judge:run -- --resume data/judges/runs/x.json --model example/judge-1";
    const onOpenRouter = {model: "example/judge-1", endpoint: "https://openrouter.ai/api/v1/chat/completions"};
    expect(resumeCommand("data/judges/runs/x.json", onOpenRouter)).toBe(command);
    const elsewhere = {model: "example/judge-1", endpoint: "http://127.0.0.1:8898/v1/chat/completions"};
    expect(resumeCommand("data/judges/runs/x.json", elsewhere)).toBe(`${command} --base-url http://127.0.0.1:8898/v1`);
    expect(resumeCommand("data/judges/runs/x.json", onOpenRouter, {keyEnv: "OPENROUTER_API_KEY", root: "."})).toBe(
      command,
    );
    expect(resumeCommand("data/judges/runs/x.json", onOpenRouter, {keyEnv: "MY_KEY", root: "/tmp/p"})).toBe(
      `${command} --key-env MY_KEY --root /tmp/p`,
    );
  });

  it("quotes a value a shell would cut or read otherwise: a base url's query, a folder with a space", () => {
    const run = {model: "example/judge-1", endpoint: "http://127.0.0.1:8898/v1/chat/completions?a=1&b=2"};
    const line = resumeCommand("data/judges/runs/x.json", run, {root: "/tmp/my project"});
    // Read back by a shell, word by word, as a reader's paste would be: each value whole.
    const words = spawnSync("bash", ["-c", `printf '%s\\n' ${line.slice("npm run judge:run -- ".length)}`], {
      encoding: "utf8",
    }).stdout.split("\n");
    expect(words.slice(0, 8)).toEqual([
      "--resume",
      "data/judges/runs/x.json",
      "--model",
      "example/judge-1",
      "--base-url",
      "http://127.0.0.1:8898/v1/chat/completions?a=1&b=2",
      "--root",
      "/tmp/my project",
    ]);
  });
});

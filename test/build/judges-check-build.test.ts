// judges:check as a command and as part of the build: the repository's judges pass, a tampered run fails the
// command with its file and field, and the build's judges.json stops on a run holding the user's key.
import {execFile} from "node:child_process";
import {rmSync} from "node:fs";
import {afterEach, expect, it} from "vitest";
import {isBrokenData} from "../../lib/authored/broken-data.js";
import {formatProblem} from "../../lib/authored/problems.js";
import {siteData} from "../../lib/node/site-data.js";
import {copyProject} from "../../scripts/copy-project.js";
import {addTestPrompt, calibrationRun, runFile, writeRun} from "../unit/judges/run-files.js";

let copy = "";
afterEach(() => {
  rmSync(copy, {recursive: true, force: true});
  delete process.env.OPENROUTER_API_KEY;
});

const judgesCheck = (args: string[]) =>
  new Promise<{code: number; stdout: string; stderr: string}>((done) => {
    execFile("node_modules/.bin/tsx", ["scripts/judges-check.ts", ...args], (error, stdout, stderr) =>
      done({code: error ? Number((error as {code?: number}).code ?? 1) : 0, stdout, stderr}),
    );
  });

it("judges:check passes on the repository, and fails with file and field on a tampered run", async () => {
  const repository = await judgesCheck([]);
  expect(repository.stderr).toBe("");
  expect(repository.code).toBe(0);
  expect(repository.stdout).toMatch(/^judges:check: \d+ prompts?, \d+ recorded runs?: all as recorded\n$/m);

  copy = copyProject("judges-check-cli-");
  addTestPrompt(copy);
  writeRun(copy, calibrationRun());
  const passing = await judgesCheck(["--root", copy]);
  expect(passing.code).toBe(0);
  expect(passing.stdout).toContain(`ok ${runFile}: example/judge-1, 3 of 4 cases answered\n`);
  writeRun(copy, {...calibrationRun(), figures: {...calibrationRun().figures, twoOrMoreOff: 0}});
  const tampered = await judgesCheck(["--root", copy]);
  expect(tampered.code).toBe(1);
  expect(tampered.stderr).toBe(
    `${runFile} at figures.twoOrMoreOff: 0, but its answers give 1: the figures are recomputed from the answers\n` +
      "judges:check: 1 problem\n",
  );
});

it("the build ships the checked runs in judges.json, and stops on a run holding the user's key", () => {
  copy = copyProject("judges-check-build-");
  addTestPrompt(copy);
  const key = "sk-test-judges-build-key-0000";
  const run = calibrationRun();
  run.answers[3]!.reply = `I would give it a 5. (key ${key.slice(0, 14)}…)`;
  writeRun(copy, run);
  const built = siteData(copy);
  expect(built.problems).toEqual([]);
  const data = built.files.get("judges.json") as {runs: unknown[]; files: string[]; promptNames: string[]};
  expect(data.runs).toEqual([run]);
  expect(data.files).toEqual([runFile]);
  expect(data.promptNames).toContain("check-test-v1");

  process.env.OPENROUTER_API_KEY = key;
  const stopped = siteData(copy);
  expect(stopped.problems.map(formatProblem)).toEqual([
    `${runFile} at answers[3].reply: holds the api key or a piece of it: a run must never hold the key; delete the file`,
  ]);
  expect(isBrokenData(stopped.files.get("judges.json"))).toBe(true);
  expect(JSON.stringify(stopped.problems)).not.toContain(key);
});

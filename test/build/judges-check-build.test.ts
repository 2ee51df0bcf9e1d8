// judges:check as part of the build: the build's judges.json ships the checked runs, and stops on a run holding the
// user's key. (judges:check as a command is test/cli/judges-check.test.ts.)
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

// judges:check as a command, called in process: the repository's judges pass, and a tampered run fails the command
// with its file and field. (The build's judges.json, which the same checks stop, is test/build/judges-check-build.)
import {rmSync} from "node:fs";
import {afterEach, expect, it} from "vitest";
import {copyProject} from "../../scripts/copy-project.js";
import {judgesCheck as judgesCheckCommand} from "../../scripts/judges-check.js";
import {addTestPrompt, calibrationRun, runFile, writeRun} from "../unit/judges/run-files.js";
import {runCommand} from "./run.js";

let copy = "";
afterEach(() => {
  rmSync(copy, {recursive: true, force: true});
});

const judgesCheck = (args: string[]) => runCommand(judgesCheckCommand, args);

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

it("names the --root it was given in the command that finishes an incomplete run", async () => {
  // Before, the hint left --root out: run from elsewhere, judge:run then looked for the run in the wrong project.
  copy = copyProject("judges-check-cli-");
  addTestPrompt(copy);
  const run = calibrationRun();
  run.answers = run.answers.slice(0, 3);
  writeRun(copy, {...run, complete: false, finishedAt: null, figures: {...run.figures, replied: 3}});
  const result = await judgesCheck(["--root", copy]);
  expect(result.code).toBe(0);
  expect(result.stderr).toBe(
    `warning: ${runFile} at complete: incomplete: 3 of 4 cases recorded; finish it with npm run judge:run -- ` +
      `--resume ${runFile} --model example/judge-1 --root ${copy}\n`,
  );
});

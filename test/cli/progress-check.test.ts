// npm run progress:check: a coordinator checks a trainee's exported file before collecting it, with the import page's
// reader and in its words.
import {mkdtempSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {emptyProgress, recordAnswer, serializeProgress} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {progressCheck} from "../../scripts/progress-check.js";
import {runCommand} from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "progress-check-"));

async function run(...args: string[]) {
  const result = await runCommand(progressCheck, args);
  return {status: result.code, stdout: result.stdout.trim(), stderr: result.stderr.trim()};
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const progress = [1, 2].reduce(
  (record, minute) =>
    recordAnswer(record, {
      item: "example-1",
      phase: "guideline",
      score: 5,
      guideline: "v2",
      at: `2026-03-01T10:0${minute}:00.000Z`,
    }),
  emptyProgress(),
);
const good = exportFile(progress, {rater: "<b>Ana</b>", now: "2026-03-01T12:00:00.000Z"});

describe("progress:check", () => {
  it("accepts an export file and says what it holds, the name as it is", async () => {
    const path = file("good.json", good);
    expect(await run(path)).toEqual({
      status: 0,
      stdout: `${JSON.stringify(path)}: ok, export file, rater "<b>Ana</b>", 2 answers (1 first)`,
      stderr: "",
    });
  });

  it("names a long file whole, to its date, as the commands name every file", async () => {
    // An export's name ends in its date, where two exports of one trainee differ: cut at 60 characters, it went.
    const path = file("rater-notebook-progress-ana-maria-lopez-garcia-2026-12-01.json", good);
    expect(path.length).toBeGreaterThan(80);
    expect((await run(path)).stdout).toBe(
      `${JSON.stringify(path)}: ok, export file, rater "<b>Ana</b>", 2 answers (1 first)`,
    );
    expect((await run(path.replace(/\.json$/, "-2.json"))).stderr).toContain(
      `${JSON.stringify(path.replace(/\.json$/, "-2.json"))}: no such file`,
    );
  });

  it("reads a file named from the folder the command was typed in, and names where it looked", async () => {
    // npm runs the command in the project's folder; typed in the files' folder, "typed.json" means the one there.
    file("typed.json", good);
    expect(await runCommand(progressCheck, ["typed.json"], {typedIn: dir})).toMatchObject({
      code: 0,
      stdout: `${JSON.stringify(join(dir, "typed.json"))}: ok, export file, rater "<b>Ana</b>", 2 answers (1 first)\n`,
    });
    expect((await runCommand(progressCheck, ["missing.json"], {typedIn: dir})).stderr).toBe(
      `progress:check: ${JSON.stringify(join(dir, "missing.json"))}: no such file: check its name and its folder\n`,
    );
  });

  it("accepts a bare saved record, which names no rater", async () => {
    const path = file("bare.json", serializeProgress(progress));
    expect(await run(path)).toEqual({
      status: 0,
      stdout: `${JSON.stringify(path)}: ok, bare saved record, no rater name, 2 answers (1 first)`,
      stderr: "",
    });
  });

  it("refuses a damaged file with the field at fault, in the import page's words", async () => {
    const damaged = file("damaged.json", good.replace('"score": 5', '"score": 9'));
    expect(await run(damaged)).toEqual({
      status: 1,
      stdout: "",
      stderr:
        `progress:check: ${JSON.stringify(damaged)}: refused: the file is damaged: ` +
        "progress.answers[0].score has an unexpected value 9",
    });
    const repeated = file("repeated.json", good.replace('"attempt": 2', '"attempt": 1'));
    expect(await run(repeated)).toMatchObject({
      status: 1,
      stderr: expect.stringContaining(
        "refused: the file is damaged: the answers to example-1 (guideline) repeat attempt 1",
      ),
    });
  });

  it("refuses what is not a regular file in its own words, not another command's, exit 2", async () => {
    // docs/running-training.md: "exit 2 for a usage error, a file missing (\"no such file\") or not a regular file".
    expect(await run("/dev/zero")).toEqual({
      status: 2,
      stdout: "",
      stderr: 'progress:check: "/dev/zero": not a regular file: give the trainee\'s exported progress file',
    });
  });

  it("says in plain words that a file is missing, exit 2 as the guide gives for a file that is not there", async () => {
    const missing = join(dir, "ana.json");
    expect(await run(missing)).toEqual({
      status: 2,
      stdout: "",
      stderr: `progress:check: ${JSON.stringify(missing)}: no such file: check its name and its folder`,
    });
  });

  it("refuses a file past 2 MB unread as a refused file (exit 1), with the size as the import page words it", async () => {
    // docs/running-training.md (Collecting files): "one line, what it holds or what is wrong (exit 1); at most 2 MB,
    // checked before reading".
    const justOver = file("just-over.json", " ".repeat(2_000_001));
    expect(await run(justOver)).toEqual({
      status: 1,
      stdout: "",
      stderr: `progress:check: ${JSON.stringify(justOver)}: refused: the file is 2,000,001 bytes; a progress file is at most 2 MB`,
    });
    const big = file("big.json", " ".repeat(3_500_000));
    expect(await run(big)).toMatchObject({
      status: 1,
      stderr: `progress:check: ${JSON.stringify(big)}: refused: the file is 3.5 MB; a progress file is at most 2 MB`,
    });
  });

  it("needs a file", async () => {
    expect(await run()).toMatchObject({
      status: 2,
      stderr: "progress:check: missing <file>; usage: npm run progress:check -- <file>",
    });
  });
});

// Writing runs whole or not at all, and refusing run files that were tampered with or hold a secret.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {checkProbes} from "../../../lib/probes/check-probes.node.js";
import {checkRunFolder, runFileName, writeRun, RunWriteError, type FileWriter} from "../../../lib/probes/runs.node.js";
import {formatProblem} from "../../../lib/authored/problems.js";
import {correct, filesUnder, recordedRun, tempRoot, v2Runs, writeRunFile} from "./helpers.js";

const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), {code});

describe("a run is written whole or not at all", () => {
  it("writes the run under its version, readable and valid", () => {
    const root = tempRoot();
    const file = writeRun(root, recordedRun());
    expect(file).toBe(`data/runs/six-step-chain/v2/${runFileName(recordedRun())}`);
    expect(JSON.parse(readFileSync(join(root, file), "utf8"))).toEqual(recordedRun());
    expect(filesUnder(join(root, "data/runs"))).toEqual([join(root, file)]);
  });

  it("a writer that fails midway leaves no file, not even a temporary one", () => {
    const root = tempRoot();
    // Writes half the run, then the disk is full.
    const halfThenFull: FileWriter = (path, text) => {
      writeFileSync(path, text.slice(0, text.length / 2), {flag: "wx"});
      throw errno("ENOSPC");
    };
    expect(() => writeRun(root, recordedRun(), {write: halfThenFull})).toThrow(
      new RunWriteError(`cannot write data/runs/six-step-chain/v2/${runFileName(recordedRun())}: the disk is full`),
    );
    expect(filesUnder(join(root, "data/runs"))).toEqual([]);
    expect(checkProbes(root).problems).toEqual([]);
  });

  it("never writes a run holding anything key-shaped", () => {
    const root = tempRoot();
    expect(() => writeRun(root, recordedRun(`${correct}\nsk-or-v1-0123456789abcdef0123`))).toThrow(
      `cannot write data/runs/six-step-chain/v2/${runFileName(recordedRun())}: reply holds an sk- key ("sk-or-…"): ` +
        "a run must never hold a secret",
    );
    expect(filesUnder(root).some((f) => f.includes("data/runs"))).toBe(false);
  });

  it("never overwrites a run", () => {
    const root = tempRoot();
    const file = writeRun(root, recordedRun());
    const other = recordedRun(`${correct}\nmore`);
    expect(() => writeRun(root, other)).toThrow(`cannot write ${file}: a run with this name exists`);
    expect(JSON.parse(readFileSync(join(root, file), "utf8")).reply).toBe(correct);
    expect(filesUnder(join(root, "data/runs"))).toHaveLength(1);
  });

  it("the run folder is checked before any call: not writable, or a file where a folder should be", () => {
    const root = tempRoot();
    expect(checkRunFolder(root, "six-step-chain", "v2")).toBe("data/runs/six-step-chain/v2");
    expect(filesUnder(join(root, "data/runs"))).toEqual([]); // the probe file is gone again
    // So are the folders made for it: a run that records nothing leaves no empty folder.
    expect(existsSync(join(root, "data/runs"))).toBe(false);
    // A folder there before stays.
    mkdirSync(join(root, "data/runs"));
    checkRunFolder(root, "six-step-chain", "v2");
    expect([existsSync(join(root, "data/runs")), existsSync(join(root, "data/runs/six-step-chain"))]).toEqual([
      true,
      false,
    ]);
    const readOnly: FileWriter = () => {
      throw errno("EROFS");
    };
    expect(() => checkRunFolder(root, "six-step-chain", "v2", {write: readOnly})).toThrow(
      "cannot write runs to data/runs/six-step-chain/v2: the folder is not writable",
    );
    const asFile = tempRoot();
    writeFileSync(join(asFile, "data/runs"), "");
    expect(() => checkRunFolder(asFile, "six-step-chain", "v2")).toThrow(
      "cannot write runs to data/runs/six-step-chain/v2: a file stands where a folder should be: move it away",
    );
    expect(() => writeRun(asFile, recordedRun())).toThrow(RunWriteError);
  });

  it("a temporary file left by a killed write is ignored by the loader and reported by the check", () => {
    const check = checkProbes(writeRunFile(tempRoot(), '{"probe": "six-st', ".x.json.tmp"));
    expect(check.problems).toEqual([]);
    expect(check.warnings.map(formatProblem)).toContain(
      "data/runs/six-step-chain/v2/.x.json.tmp: left by an interrupted write: delete it",
    );
  });
});

describe("probes:check refuses a tampered run, naming the file and the field", () => {
  /** Writes a run file by hand (as a tamperer would) and returns the check's errors. */
  function check(run: unknown, name = "a.json"): string[] {
    const result = checkProbes(writeRunFile(tempRoot(), run, name));
    expect(result.runs).toEqual([]);
    return result.problems.map(formatProblem);
  }
  const file = "data/runs/six-step-chain/v2/a.json";
  const edited = "a run is a real answer, never edited; delete the file";

  it("accepts an untouched run, and one recorded before replyBytes and oversized were kept", () => {
    const root = tempRoot();
    writeRun(root, recordedRun(`${correct}\nBye!`));
    const {
      replyBytes: _bytes,
      oversized: _oversized,
      ...older
    } = recordedRun(correct, {model: "example/older", servedBy: "example/older:free"});
    writeFileSync(join(root, v2Runs, "older.json"), JSON.stringify(older));
    const result = checkProbes(root);
    expect(result.problems).toEqual([]);
    expect(result.runs.map((run) => [run.data.model, run.data.oversized, run.data.replyBytes])).toEqual([
      ["example/model", false, correct.length + "\nBye!".length],
      ["example/older", false, undefined],
    ]);
  });

  it("a score that differs from its reply's: the total, an outcome, the count", () => {
    const run = recordedRun(`${correct}\nBye!`); // 0.83: step 6 fails
    expect(check({...run, score: {...run.score!, total: 1}})).toEqual([
      `${file} at score.total: recorded 1.00, the reply scores 0.83; ${edited}`,
    ]);
    // Two decimals unless they hide the edit.
    expect(check({...run, score: {...run.score!, total: 0.834}})).toEqual([
      `${file} at score.total: recorded 0.834, the reply scores 0.8333333333333334; ${edited}`,
    ]);
    const rules = run.score!.rules.map((r) => ({...r, outcome: "pass"}));
    expect(check({...run, score: {...run.score!, rules, passed: 6, total: 1}})).toEqual([
      `${file} at score.rules[5].outcome: recorded pass, the reply scores fail; ${edited}`,
      `${file} at score.passed: recorded 6, the reply passes 5; ${edited}`,
      `${file} at score.total: recorded 1.00, the reply scores 0.83; ${edited}`,
    ]);
    expect(check({...recordedRun(), reply: `${correct}\nBye!`, replyBytes: undefined})).toEqual([
      `${file} at score.rules[5].outcome: recorded pass, the reply scores fail; ${edited}`,
      `${file} at score.passed: recorded 6, the reply passes 5; ${edited}`,
      `${file} at score.total: recorded 1.00, the reply scores 0.83; ${edited}`,
    ]);
  });

  it("flags that disagree with the reply: truncated, oversized, an unscored complete reply", () => {
    expect(check({...recordedRun(), truncated: true, score: null})).toEqual([
      `${file} at truncated: true with finish reason "stop": truncated means "length"; ${edited}`,
    ]);
    expect(check({...recordedRun(), score: null})).toEqual([
      `${file} at score: missing: a complete reply is scored; ${edited}`,
    ]);
    const big = "x".repeat(30_000);
    expect(check({...recordedRun(big), replyBytes: 30_000})).toEqual([
      `${file} at reply: 30000 bytes, more than maxTokens × 16 = 22400: ` +
        "an oversized reply is kept as an excerpt, unscored",
    ]);
    expect(check({...recordedRun("x"), oversized: true, replyBytes: 10, score: null})).toEqual([
      `${file} at replyBytes: an oversized reply is larger than 22400 bytes (maxTokens × 16); ${edited}`,
    ]);
    expect(check({...recordedRun(), parameters: {maxTokens: 400, temperature: 0}})).toEqual([
      `${file} at parameters: differ from v2's (maxTokens 1400, temperature 0): ${edited}`,
    ]);
  });

  it("a key-shaped token anywhere: refused, and never printed in full", () => {
    const token = "sk-or-v1-0123456789abcdef0123456789abcdef";
    const errors = [
      ...check(recordedRun(`${correct}\n${token}`)),
      ...check({...recordedRun(), model: `Bearer ${token.slice(9)}`}),
      ...check({...recordedRun(), servedBy: "Zq8vT1xR4mK9pL2wY6nB3cJ7hF5dS0aE"}),
      // Escaped in the JSON: the raw text hides it, the decoded value does not.
      ...check(JSON.stringify(recordedRun(`${correct}\n${token}`)).replace("sk-or", "\\u0073k-or")),
      // Not even JSON: V8 would quote a piece of the text in its parse error.
      ...check(`{"reply": ${token}}`),
    ];
    expect(errors).toEqual([
      `${file} at reply: holds an sk- key ("sk-or-…"): a run must never hold a secret; delete the file`,
      `${file} at model: holds a bearer token ("Bearer …"): a run must never hold a secret; delete the file`,
      `${file} at servedBy: holds a long random token ("Zq8v…"): a run must never hold a secret; delete the file`,
      `${file} at reply: holds an sk- key ("sk-or-…"): a run must never hold a secret; delete the file`,
      `${file}: holds an sk- key ("sk-or-…"): a run must never hold a secret; delete the file`,
    ]);
    for (const error of errors) expect(error).not.toContain(token.slice(0, 12));
  });

  it("a run file nested deeper than a run can be is refused with one problem, before it is parsed or walked", () => {
    // A megabyte of [[[…]]]: the key-shape walk recursed into it and overflowed the stack.
    expect(check(`${"[".repeat(512 * 1024)}${"]".repeat(512 * 1024)}`)).toEqual([
      `${file}: too deep: nested more than 8 levels, where a run is 4; delete it`,
    ]);
    // Nine levels of objects in a field; brackets inside strings do not count.
    const nine = JSON.stringify({...recordedRun(), usage: {a: {b: {c: {d: {e: {f: {g: {h: 1}}}}}}}}});
    expect(check(nine)).toEqual([`${file}: too deep: nested more than 8 levels, where a run is 4; delete it`]);
    // A reply full of brackets is text, not nesting: the run is accepted.
    const root = tempRoot();
    writeRun(root, recordedRun(`${correct}\n${"[{".repeat(5000)}`));
    expect(checkProbes(root).problems).toEqual([]);
  });

  it("a run file too large to be a real run is not read", () => {
    const errors = check(`{"reply": "${"x".repeat(9 * 1024 * 1024)}"}`);
    expect(errors).toEqual([`${file}: too large (9.4 MB): a run file is far smaller than 8 MiB; delete it`]);
  });

  it("a folder where a run file should be is refused as not a file (a named pipe too: test/lib/read-file)", () => {
    const root = writeRunFile(tempRoot(), recordedRun());
    mkdirSync(join(root, v2Runs, "folder.json"));
    const result = checkProbes(root);
    expect(result.problems.map(formatProblem)).toEqual([
      `${v2Runs}/folder.json: not a regular file: a run is a file; delete it`,
    ]);
    expect(result.runs.map((run) => run.file)).toEqual([file]);
  });
});

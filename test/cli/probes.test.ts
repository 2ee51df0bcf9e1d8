// probes:check and probes:score, called in process: the repository's probes, broken ones, recorded runs checked
// again, and the input probes:score reads bounded.
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {probesCheck} from "../../scripts/probes-check.js";
import {probesScore} from "../../scripts/probes-score.js";
import {correct, recordedRun, tempRoot, threeWordsRoot, writeRunFile} from "../unit/probes/helpers.js";
import {runCommand, sink} from "./run.js";
import {Readable} from "node:stream";
import {projectRoot} from "../../lib/node/load.js";

const check = (args: string[]) => runCommand(probesCheck, args);
const score = (args: string[], input?: string) => runCommand(probesScore, args, {input});

it("probes:check passes on the repository's probes", async () => {
  const result = await check([]);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(
    "probes:check: 1 probe(s), 2 version(s), 12 worked examples, 0 recorded run(s): all as declared",
  );
});

it("probes:check fails with file and field on a broken probe", async () => {
  const result = await check(["--root", "test/fixtures/probes/bad-regex"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    "data/probes/six-step-chain/v1.json at rules[3].pattern: invalid regular expression: /pluto(/i: unterminated group",
  );
});

it("probes:check fails on a step naming no rule of the current guideline, naming the file, the field and the fix", async () => {
  const root = threeWordsRoot((v) => {
    v.rules[0].guidelineRule = "number";
  });
  const result = await check(["--root", root]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    'data/probes/three-words/v1.json at rules[0].guidelineRule: no rule "number" in the current guideline, ' +
      "guideline/v2/guideline.yaml: use one of its rule ids: not-rated, main-task,",
  );
});

it("probes:score scores standard input, strict with loose beside it, and --json", async () => {
  const reply = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731\nBye!";
  const plain = await score(["six-step-chain"], reply);
  expect(plain.code).toBe(1);
  expect(plain.stdout.split("\n")[0]).toBe("six-step-chain v2: 0.83 (5 of 6 steps, strict)   loose: 1.00 (6 of 6)");
  // A failed step says what it checks, the rubric line of data/probes/six-step-chain/v2.json.
  expect(plain.stdout).toContain(
    "step 6 FAIL  step_6_ends_with_marker   checks: reply ends with END-7731 and nothing follows   " +
      "loose: pass (without last line)",
  );
  const json = await score(["six-step-chain", "--version", "v1", "--json"], reply);
  const parsed = JSON.parse(json.stdout);
  expect([parsed.version, parsed.strict.passed, parsed.loose.passed]).toEqual(["v1", 5, 6]);
});

/** stderr's lines but the warnings (which the pattern check may or may not print). */
const problems = (stderr: string) => stderr.split("\n").filter((line) => line !== "" && !line.startsWith("warning: "));

it("probes:score at a terminal with no --file says where the reply goes, then scores what is pasted", async () => {
  // It sat silent, waiting for standard input, and looked hung.
  const [stdout, stderr] = [sink(), sink()];
  const stdin = Object.assign(Readable.from([Buffer.from(correct, "utf8")]), {isTTY: true});
  const code = await probesScore(["six-step-chain"], {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin,
    env: {},
    root: projectRoot,
  });
  expect(code).toBe(0);
  expect(stderr.text()).toBe(
    "probes:score: paste the reply, then press Ctrl-D on a line of its own (or give --file reply.txt)\n",
  );
  expect(stdout.text()).toMatch(/^six-step-chain v2: 1\.00 /);
  // Piped in, as the test above gives it: nothing said.
  expect((await runCommand(probesScore, ["six-step-chain"], {input: correct})).stderr).toBe("");
});

describe("probes:check on recorded runs", () => {
  /** A copy of data/probes with one run file: a recorded run of a reply that fails step 6, then `edit`. */
  function withRun(edit: (run: Record<string, unknown>) => void): string {
    const run: Record<string, unknown> = {...recordedRun(`${correct}\nBye!`)};
    edit(run);
    return writeRunFile(tempRoot(), run);
  }

  it("fails on a run whose recorded score differs from its reply's, naming the file and field", async () => {
    const root = withRun((run) => ((run.score as {total: number}).total = 1));
    const result = await check(["--root", root]);
    expect(result.code).toBe(1);
    expect(problems(result.stderr)).toEqual([
      "data/runs/six-step-chain/v2/a.json at score.total: recorded 1.00, the reply scores 0.83; " +
        "a run is a real answer, never edited; delete the file",
      "probes:check: 1 problem",
    ]);
  });

  it("fails on a run holding a key-shaped token, and never prints the token", async () => {
    const token = "sk-or-v1-5f3c9a0b1d2e4f6a8b0c1d2e3f4a5b6c";
    const root = withRun((run) => (run.reply = `${correct}\n${token}`));
    const result = await check(["--root", root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'data/runs/six-step-chain/v2/a.json at reply: holds an sk- key ("sk-or-…"): ' +
        "a run must never hold a secret; delete the file",
    );
    expect(result.stdout + result.stderr).not.toContain(token.slice(0, 10));
  });
});

it("probes:check on a 1 MB [[[…]]] run file: one line naming the file and what is wrong, no stack", async () => {
  const root = writeRunFile(tempRoot(), `${"[".repeat(2 ** 19)}${"]".repeat(2 ** 19)}`, "deep.json");
  const result = await check(["--root", root]);
  expect(result.code).toBe(1);
  expect(problems(result.stderr)).toEqual([
    "data/runs/six-step-chain/v2/deep.json: too deep: nested more than 8 levels, where a run is 4; delete it",
    "probes:check: 1 problem",
  ]);
});

describe("probes:score bounds its input and its version", () => {
  it("a file or standard input larger than 1 MiB: one line, exit 2", async () => {
    const big = join(tempRoot(), "big.txt");
    writeFileSync(big, "x".repeat(2 * 1024 * 1024));
    const file = await score(["six-step-chain", "--file", big]);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(`probes:score: ${JSON.stringify(big)}: larger than 1 MiB, the most read here\n`);
    const stdin = await score(["six-step-chain"], "x".repeat(2 * 1024 * 1024));
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toBe("probes:score: standard input: larger than 1 MiB, the most read here\n");
  });

  it("a reply file that is not there: no such file, in one line, exit 2", async () => {
    const missing = join(tempRoot(), "reply.txt");
    const result = await score(["six-step-chain", "--file", missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `probes:score: ${JSON.stringify(missing)}: no such file: check its name and its folder\n`,
    );
  });

  it("a reply saved as UTF-16 (PowerShell's >): not UTF-8 text, exit 2, never a score of garbled text", async () => {
    // docs/probe-authors.md: exit 2 for "a reply it cannot read"; before, it was scored 0.17 (1 of 6 steps), exit 1.
    const utf16 = join(tempRoot(), "reply-utf16.txt");
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(correct, "utf16le")]));
    expect(await score(["six-step-chain", "--file", utf16])).toEqual({
      code: 2,
      stdout: "",
      stderr: `probes:score: ${JSON.stringify(utf16)}: not UTF-8 text: save the reply as UTF-8\n`,
    });
    // The same reply in UTF-8 with a byte order mark, as some editors save it, is the reply.
    const withMark = join(tempRoot(), "reply-bom.txt");
    writeFileSync(withMark, `\uFEFF${correct}`);
    const scored = await score(["six-step-chain", "--file", withMark]);
    expect(scored.code).toBe(0);
    expect(scored.stdout.split("\n")[0]).toBe("six-step-chain v2: 1.00 (6 of 6 steps, strict)   loose: 1.00 (6 of 6)");
  });

  it("an empty reply, or white space only, is scored and said to be empty", async () => {
    // v2's six steps: only the step that must not name Pluto passes on nothing. It printed 0.17 and said no more.
    const empty = await score(["six-step-chain"], "");
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe("probes:score: standard input holds nothing: scored as an empty reply\n");
    expect(empty.stdout.split("\n")[0]).toBe("six-step-chain v2: 0.17 (1 of 6 steps, strict)   loose: 0.17 (1 of 6)");
    const blank = join(tempRoot(), "blank.txt");
    writeFileSync(blank, " \n\t\n");
    expect((await score(["six-step-chain", "--file", blank])).stderr).toBe(
      `probes:score: ${JSON.stringify(blank)} holds white space only: scored as an empty reply\n`,
    );
  });

  it("a broken newest version is an error naming it, not a silent score against v2", async () => {
    const root = tempRoot();
    writeFileSync(join(root, "data/probes/six-step-chain/v3.json"), "{}");
    const newest = await score(["six-step-chain", "--root", root], correct);
    const asked = await score(["six-step-chain", "--root", root, "--version", "v2"], correct);
    expect(newest.code).toBe(1);
    expect(newest.stdout).toBe("");
    expect(newest.stderr).toBe(
      "probes:score: data/probes/six-step-chain/v3.json at probe: missing: expected string " +
        "(and 11 more: npm run probes:check lists them); " +
        "the newest version is not usable: fix it, or pass --version v2\n",
    );
    expect(asked.code).toBe(0);
    expect(asked.stdout.split("\n")[0]).toBe("six-step-chain v2: 1.00 (6 of 6 steps, strict)   loose: 1.00 (6 of 6)");
  });
});

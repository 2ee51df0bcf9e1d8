// Every CLI fails cleanly on a bad command line: one line naming the problem and the valid choices, exit 2,
// no stack trace; a file named that is not there, or is not a regular file, is such a line too, in every command
// that reads one. (probes:run's bad flags are in test/cli/probes-run.test.ts, against a stub that must see no
// request.)
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import type {Command} from "../../lib/node/command.js";
import {agreement} from "../../scripts/agreement.js";
import {caseNew} from "../../scripts/case-new.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {guidelinePreview} from "../../scripts/guideline-preview.js";
import {judgeRun} from "../../scripts/judge-run.js";
import {judgesCheck} from "../../scripts/judges-check.js";
import {judgeScore} from "../../scripts/judge-score.js";
import {mutantsCheck} from "../../scripts/mutants.js";
import {probesCheck} from "../../scripts/probes-check.js";
import {probesRun} from "../../scripts/probes-run.js";
import {probesScore} from "../../scripts/probes-score.js";
import {progressCheck} from "../../scripts/progress-check.js";
import {runCommand} from "./run.js";

const commands: Record<string, Command> = {
  "guideline-check.ts": guidelineCheck,
  "probes-check.ts": probesCheck,
  "probes-score.ts": probesScore,
};

const run = (script: string, args: string[]) => runCommand(commands[script]!, args);

const cases: [string, string[], string][] = [
  ["guideline-check.ts", ["--bogus"], 'guideline:check: unknown option "--bogus": expected --json, --version; usage:'],
  ["guideline-check.ts", ["extra"], 'guideline:check: unexpected argument "extra"; usage:'],
  ["guideline-check.ts", ["--version"], "guideline:check: --version needs a value; usage:"],
  [
    "guideline-check.ts",
    ["--version", "v9"],
    'guideline:check: unknown guideline version "v9": expected one of v1, v2',
  ],
  [
    "guideline-check.ts",
    ["--version", "../../etc"],
    'guideline:check: unknown guideline version "../../etc": expected one of v1, v2',
  ],
  ["guideline-check.ts", ["--json=1"], "guideline:check: --json takes no value; usage:"],
  ["probes-check.ts", ["--bogus"], 'probes:check: unknown option "--bogus": expected --root; usage:'],
  ["probes-check.ts", ["extra"], 'probes:check: unexpected argument "extra"; usage:'],
  ["probes-check.ts", ["--root"], "probes:check: --root needs a value; usage:"],
  ["probes-score.ts", [], "probes:score: missing <probe>; usage:"],
  ["probes-score.ts", ["six-step-chain", "extra"], 'probes:score: unexpected argument "extra"; usage:'],
  ["probes-score.ts", ["six-step-chain", "--bogus"], 'probes:score: unknown option "--bogus": expected --version'],
  ["probes-score.ts", ["nope"], 'probes:score: unknown probe "nope": expected one of six-step-chain'],
  [
    "probes-score.ts",
    ["six-step-chain", "--version", "v9"],
    'probes:score: unknown version "v9" of six-step-chain: expected one of v1, v2',
  ],
  [
    "probes-score.ts",
    ["six-step-chain", "--version", "../../etc"],
    'probes:score: unknown version "../../etc" of six-step-chain: expected one of v1, v2',
  ],
  [
    "probes-score.ts",
    ["six-step-chain", "--file", "/dev/zero"],
    'probes:score: "/dev/zero": not a regular file: give a file holding the reply',
  ],
  ["probes-score.ts", ["six-step-chain", "--file"], "probes:score: --file needs a value; usage:"],
];

describe("a bad command line: one line, exit 2, no stack trace", () => {
  it.each(cases)("%s %j", async (script, args, start) => {
    const {code, stdout, stderr} = await run(script, args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([expect.stringContaining(start)]);
    expect(stderr.startsWith(start)).toBe(true);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe("a file named that cannot be read as one: one line, exit 2, in every command that reads a named file", () => {
  // docs/contributing.md (The commands' flags): 2 for a usage error, a file named that is not there or is not a
  // regular file among them; 1 for input read and refused.
  const folder = mkdtempSync(join(tmpdir(), "rater-notebook-flags-"));
  afterAll(() => rmSync(folder, {recursive: true, force: true}));
  const readers: [string, Command, (file: string) => string[]][] = [
    ["agreement", agreement, (file) => [file]],
    ["progress:check", progressCheck, (file) => [file]],
    ["judge:score", judgeScore, (file) => [file]],
    ["probes:score", probesScore, (file) => ["six-step-chain", "--file", file]],
  ];
  it.each(readers)("%s", async (name, command, args) => {
    for (const [file, words] of [
      [join(folder, "missing.json"), "no such file"],
      [folder, "not a regular file"],
    ] as const) {
      const {code, stdout, stderr} = await runCommand(command, args(file));
      expect({code, stdout}).toEqual({code: 2, stdout: ""});
      expect(stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(`^${name}: "[^"]+": ${words}: `)]);
    }
  });
});

describe("a --root that names no folder: one line, exit 2, in every command that takes one", () => {
  // Before, probes:check passed a mistyped --root as an empty project ("0 probe(s) ... all as declared", exit 0), and
  // judges:check and judge:score ended on "unexpected error: ENOENT", exit 1.
  const takers: [string, Command, string[]][] = [
    ["probes:check", probesCheck, []],
    ["judges:check", judgesCheck, []],
    ["judge:score", judgeScore, ["data/judges/runs/any.json"]],
    ["probes:score", probesScore, ["six-step-chain"]],
  ];
  it.each(takers)("%s", async (name, command, args) => {
    for (const [root, words] of [
      ["../no-such-project", "no such folder"],
      ["package.json", "not a folder"],
    ] as const) {
      const {code, stdout, stderr} = await runCommand(command, [...args, "--root", root]);
      expect({code, stdout, stderr}).toEqual({
        code: 2,
        stdout: "",
        stderr: `${name}: --root "${root}": ${words}: give the project's folder\n`,
      });
    }
  });
});

describe("--help or -h: the usage on standard output, exit 0, naming every flag the command takes", () => {
  // Before, --help was an unknown option (exit 2), and judge:score's usage left out --root, which it takes.
  const every: [string, Command][] = [
    ["agreement", agreement],
    ["case:new", caseNew],
    ["guideline:check", guidelineCheck],
    ["guideline:preview", guidelinePreview],
    ["judge:run", judgeRun],
    ["judge:score", judgeScore],
    ["judges:check", judgesCheck],
    ["mutants", mutantsCheck],
    ["probes:check", probesCheck],
    ["probes:run", probesRun],
    ["probes:score", probesScore],
    ["progress:check", progressCheck],
  ];
  it.each(every)("%s", async (name, command) => {
    // The flags it takes, as its refusal of an unknown one lists them.
    const refused = await runCommand(command, ["--bogus"]);
    const flags = /expected ((?:--[\w-]+(?:, )?)+|no options); usage:/.exec(refused.stderr)?.[1];
    expect(flags, refused.stderr).toBeDefined();
    for (const asked of [["--help"], ["-h"], ["--bogus", "--help"]]) {
      const {code, stdout, stderr} = await runCommand(command, asked);
      expect({code, stderr}).toEqual({code: 0, stderr: ""});
      expect(stdout).toMatch(new RegExp(`^usage: npm run ${name}\\b[^\\n]*\\n$`));
      for (const flag of flags === "no options" ? [] : flags!.split(", ")) expect(stdout, flag).toContain(flag);
    }
  });

  it("takes -h given as a flag's value for that value, not for a request for help", async () => {
    const {code, stdout, stderr} = await runCommand(probesScore, ["six-step-chain", "--version", "-h"]);
    expect({code, stdout}).toEqual({code: 2, stdout: ""});
    // As before --help was read: parseArgs takes a value that starts with a dash for a missing one.
    expect(stderr).toMatch(/^probes:score: --version needs a value; usage: /);
  });
});

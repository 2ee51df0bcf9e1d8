// Every CLI fails cleanly on a bad command line: one line naming the problem and the valid choices, exit 2,
// no stack trace. (probes:run's bad flags are in test/cli/probes-run.test.ts, against a stub that must see
// no request.)
import {describe, expect, it} from "vitest";
import type {Command} from "../../lib/node/command.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {probesCheck} from "../../scripts/probes-check.js";
import {probesScore} from "../../scripts/probes-score.js";
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

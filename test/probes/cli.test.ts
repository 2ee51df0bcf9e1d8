import {execFile} from "node:child_process";
import {expect, it} from "vitest";

const tsx = (script: string, args: string[], input?: string) =>
  new Promise<{code: number; stdout: string; stderr: string}>((done) => {
    const child = execFile("node_modules/.bin/tsx", [script, ...args], (error, stdout, stderr) =>
      done({code: error ? Number((error as {code?: number}).code ?? 1) : 0, stdout, stderr}),
    );
    child.stdin?.end(input ?? "");
  });

it("probes:check passes on the repository's probes", async () => {
  const result = await tsx("scripts/probes-check.ts", []);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(
    "probes:check: 1 probe(s), 2 version(s), 12 worked examples, 0 recorded run(s): all as declared",
  );
});

it("probes:check fails with file and field on a broken probe", async () => {
  const result = await tsx("scripts/probes-check.ts", ["--root", "test/fixtures/probes/bad-regex"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    "data/probes/six-step-chain/v1.json at rules[3].pattern: invalid regular expression: /pluto(/i: unterminated group",
  );
});

it("probes:score scores standard input, strict with loose beside it, and --json", async () => {
  const reply = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731\nBye!";
  const plain = await tsx("scripts/probes-score.ts", ["six-step-chain"], reply);
  expect(plain.code).toBe(1);
  expect(plain.stdout.split("\n")[0]).toBe("six-step-chain v2: 0.83 (5 of 6 steps, strict)   loose: 1.00 (6 of 6)");
  expect(plain.stdout).toContain("step 6 FAIL  step_6_ends_with_marker   loose: pass (without last line)");
  const json = await tsx("scripts/probes-score.ts", ["six-step-chain", "--version", "v1", "--json"], reply);
  const parsed = JSON.parse(json.stdout);
  expect([parsed.version, parsed.strict.passed, parsed.loose.passed]).toEqual(["v1", 5, 6]);
});

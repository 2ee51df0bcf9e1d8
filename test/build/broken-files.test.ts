// A broken authored file must stop the build with the file, the field and what was expected. scripts/build.ts runs the
// data loader's checks (lib/node/site-data.ts) before Framework starts, so most cases call that check in process on a
// copy. The hostile files also go through the command and the loader alone (and Framework's whole build, on the built
// copy of build.test.ts), and a hostile data/parts.yaml through Framework's configuration.
import {spawnSync} from "node:child_process";
import {mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import {authoredProblems, frameworkBuild} from "../../scripts/build.js";
import {copyProject as copySources, projectRoot} from "../../scripts/copy-project.js";
import {edit} from "./dev-server.js";
import {expectNoJavaScriptError, writeHostileFiles} from "./hostile-files.js";

const bin = (name: string) => join(projectRoot, "node_modules", ".bin", name);
let copies: string[] = [];

/** A copy of the site's sources in a temporary folder, removed after its test or its describe block. */
function copyProject(): string {
  const copy = copySources("rater-notebook-build-");
  copies.push(copy);
  return copy;
}
const removeCopies = () => {
  for (const copy of copies) rmSync(copy, {recursive: true, force: true});
  copies = [];
};

const run = (copy: string, command: string, args: string[]) =>
  spawnSync(command, args, {
    cwd: copy,
    encoding: "utf8",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1"},
    timeout: 120_000,
  });

describe("a broken authored file, checked before Framework starts", () => {
  afterEach(removeCopies);

  it("stops the build with the item file and the field at fault", async () => {
    const copy = copyProject();
    edit(copy, "data/items/example-2.md", "verdict: not-met", "verdict: nope");
    expect((await authoredProblems(copy)).join("\n")).toContain(
      'data/items/example-2.md at checklist[2].verdict: Line 3, its verdict: got "nope": expected one of "met", "met-flaw", "partly", ' +
        '"not-met", "cannot-check", "not-instruction", "not-applicable"',
    );
  });

  it("ends the build's output with the item file, the field and the fix, before Framework starts", () => {
    const copy = copyProject();
    edit(copy, "data/items/example-2.md", "verdict: not-met", "verdict: nope");
    // As `npm run build` runs it, both streams in the order printed, as a terminal shows them.
    const result = run(copy, "bash", ["-c", "node --import tsx scripts/build.ts 2>&1"]);
    expect(result.status).toBe(1);
    const lines = result.stdout.split("\n").filter((text) => text.trim() !== "");
    expect(lines.at(-1)).toBe(
      'data/items/example-2.md at checklist[2].verdict: Line 3, its verdict: got "nope": expected one of "met", "met-flaw", "partly", ' +
        '"not-met", "cannot-check", "not-instruction", "not-applicable"',
    );
    expect(result.stdout).not.toMatch(/file an issue|Unexpected error|loader exited/i);
  });

  it("stops the build on a misspelt name in logic.yaml with the file, the rule and clause, the field and the fix", async () => {
    const copy = copyProject();
    edit(
      copy,
      "guideline/v2/logic.yaml",
      'when: bound == "ceiling" && delivered == 0 && ceilingNeedsOne',
      'when: bound == "ceiling" && delivred == 0 && ceilingNeedsOne',
    );
    // As `npm run build` runs it: the problem is the build's last line, with no stack trace.
    const result = run(copy, "bash", ["-c", "node --import tsx scripts/build.ts 2>&1"]);
    expect(result.status).toBe(1);
    const lines = result.stdout.split("\n").filter((text) => text.trim() !== "");
    expect(lines.at(-1)).toBe(
      'guideline/v2/logic.yaml at rules[2].clauses[1].when: rule numbers, clause ceiling-needs-one, when: unknown name "delivred" ' +
        "(did you mean delivered?): expected a fact (bound, limit, delivered) or a parameter (partlyWeight, counting, " +
        "partialMainCap, mainNotMet, ceilingNeedsOne, registerBreak, slightLapse, additionsBreakWithoutWording, " +
        "mainPartThreshold, clarifyingQuestionTest, accuracyRated)",
    );
    expect(result.stdout).not.toContain("ConditionError");
    expectNoJavaScriptError(result.stdout);
  });

  it("stops the build when an item's ruled score disagrees with the engine", async () => {
    const copy = copyProject();
    edit(copy, "data/items/example-4.md", "score: 3", "score: 4");
    expect(await authoredProblems(copy)).toEqual([
      "data/items/example-4.md at score: Score: ruled 4 but the engine derives 3 (the rubric row “main task met or " +
        "partly met, at least half of the other instructions met”)",
    ]);
  });

  it("stops the build on a run holding a key-shaped token, naming file and field, never the token", async () => {
    const copy = copyProject();
    const token = "sk-or-v1-5f3c9a0b1d2e4f6a8b0c1d2e3f4a5b6c";
    mkdirSync(join(copy, "data/runs/six-step-chain/v2"), {recursive: true});
    writeFileSync(
      join(copy, "data/runs/six-step-chain/v2/a.json"),
      JSON.stringify({probe: "six-step-chain", version: "v2", reply: `leaked ${token}`}),
    );
    const problems = await authoredProblems(copy);
    expect(problems).toEqual([
      'data/runs/six-step-chain/v2/a.json at reply: holds an sk- key ("sk-or-…"): a run must never hold a secret; ' +
        "delete the file",
    ]);
    expect(problems.join("\n")).not.toContain(token.slice(0, 10));
  });

  it("stops the build on a rubric score out of range", async () => {
    const copy = copyProject();
    edit(copy, "guideline/v2/guideline.yaml", "  - score: 5\n", "  - score: 6\n");
    expect((await authoredProblems(copy)).join("\n")).toContain(
      "guideline/v2/guideline.yaml at rubric[0].score: too big: expected number to be <=5, got 6",
    );
  });
});

describe("hostile files", () => {
  let copy = "";
  /** One line each, naming the file. */
  let expected: string[] = [];
  beforeAll(() => {
    copy = copyProject();
    expected = writeHostileFiles(copy);
  });
  afterAll(removeCopies);

  it("stop the build before Framework starts, with one line each, naming the file, and no stack trace", async () => {
    const result = run(copy, bin("tsx"), ["scripts/build.ts"]);
    expect(result.status).toBe(1);
    // Framework prints every page it loads: nothing on standard output means it never started.
    expect(result.stdout).toBe("");
    const problems = await authoredProblems(copy);
    for (const line of expected) expect(problems).toContain(line);
    expect(result.stderr).toBe(
      `build: ${problems.length} problems in the authored files; dist/ is unchanged:\n${problems.join("\n")}\n`,
    );
    expectNoJavaScriptError(result.stderr);
  });

  it("stop the data loader alone with the same lines, and nothing on standard output", async () => {
    const result = run(copy, "node", ["src/data.tar.js"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`${(await authoredProblems(copy)).join("\n")}\n`);
  });
});

describe("a hostile data/parts.yaml, which the site's configuration reads for the navigation", () => {
  let copy = "";
  let line = "";
  beforeAll(() => {
    copy = copyProject();
    edit(copy, "data/parts.yaml", "- id: vague", "- id: vag\0ue");
    const at = readFileSync(join(copy, "data/parts.yaml"), "utf8")
      .split("\n")
      .findIndex((text) => text.includes("\0"));
    line = `data/parts.yaml: holds a NUL byte (line ${at + 1}): remove it`;
  });
  afterAll(removeCopies);

  it("stops the build before Framework starts", async () => {
    expect(await authoredProblems(copy)).toContain(line);
  });

  it("stops Framework's build at its configuration, in one line and no stack trace", () => {
    const result = frameworkBuild(copy, {print: false});
    expect(result.status).not.toBe(0);
    const output = result.stderr + result.stdout;
    // Framework prefixes the configuration's error with "Unexpected error: ".
    expect(output).toContain(`${line}\n`);
    expectNoJavaScriptError(output);
  }, 150_000);
});

// `npm run build` called in process, on a copy of the authored files (guideline/ and data/) as its content root: a
// broken or hostile file stops it before Framework starts, with the file, the field and the fix as its last line,
// and dist/ as it was. The run's one build (npm test's build:offline) is the only one the suite makes: a failure once
// Framework has started is Framework's own output, recorded, given back by a stand-in for it.
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {projectRoot} from "../../lib/node/load.js";
import {authoredProblems, buildWith, frameworkFailure} from "../../scripts/build.js";
import {edit} from "../build/dev-server.js";
import {authoredCopies} from "../unit/authored/helpers.js";
import {expectNoJavaScriptError, writeHostileFiles} from "./hostile-files.js";
import {runCommand, spawned} from "./run.js";

/** A copy of the project's authored files, the content root a build reads; removed after the test. */
const contentCopy = authoredCopies("rater-notebook-content-");

/** Framework's build, where a test must not reach it: an authored file stops the build before it starts. */
const neverStarted = buildWith(() => {
  throw new Error("Framework's build started");
});

/** Every file of the project's dist/ with its size and time of change: what a failed build must leave as it was. */
function distState(): string[] {
  const dist = join(projectRoot, "dist");
  if (!existsSync(dist)) return [];
  return readdirSync(dist, {recursive: true, encoding: "utf8"})
    .sort()
    .map((file) => {
      const stats = statSync(join(dist, file));
      return `${file} ${stats.size} ${stats.mtimeMs}`;
    });
}

/** The build on `content`, as `npm run build` with NOTEBOOK_CONTENT unset names its output: dist/. */
async function buildOf(content: string) {
  const before = distState();
  const result = await runCommand(neverStarted, [], {root: content, env: {}});
  expect(distState()).toEqual(before);
  return result;
}

const verdictLine =
  'data/items/example-2.md at checklist[2].verdict: Line 3, its verdict: got "nope": expected one of "met", ' +
  '"met-flaw", "partly", "not-met", "cannot-check", "not-instruction", "not-applicable"';

describe("a broken authored file stops the build before Framework starts", () => {
  it("ends the build's output with the item file, the field and the fix, and leaves dist/ as it was", async () => {
    const copy = contentCopy();
    edit(copy, "data/items/example-2.md", "verdict: not-met", "verdict: nope");
    const result = await buildOf(copy);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: `build: 1 problem in the authored files; dist/ is unchanged:\n${verdictLine}\n`,
    });
  });

  it("names the file, the rule and clause, the field and the fix for a misspelt name in logic.yaml", async () => {
    const copy = contentCopy();
    edit(
      copy,
      "guideline/v2/logic.yaml",
      'when: bound == "ceiling" && delivered == 0 && ceilingNeedsOne',
      'when: bound == "ceiling" && delivred == 0 && ceilingNeedsOne',
    );
    const result = await buildOf(copy);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      'guideline/v2/logic.yaml at rules[2].clauses[1].when: rule numbers, clause ceiling-needs-one, when: unknown name "delivred" ' +
        "(did you mean delivered?): expected a fact (bound, limit, delivered) or a parameter (partlyWeight, counting, " +
        "partialMainCap, mainNotMet, ceilingNeedsOne, registerBreak, slightLapse, additionsBreakWithoutWording, " +
        "mainPartThreshold, clarifyingQuestionTest, accuracyRated)",
    );
    expect(result.stderr).not.toContain("ConditionError");
    expectNoJavaScriptError(result.stderr);
  });

  it("stops on hostile files with one line each, naming the file, and no stack trace", async () => {
    const copy = contentCopy();
    const expected = writeHostileFiles(copy);
    const result = await buildOf(copy);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const problems = await authoredProblems(copy);
    for (const line of expected) expect(problems).toContain(line);
    expect(result.stderr).toBe(
      `build: ${problems.length} problems in the authored files; dist/ is unchanged:\n${problems.join("\n")}\n`,
    );
    expectNoJavaScriptError(result.stderr);
  });

  it("stops when an item's ruled score disagrees with the engine", async () => {
    const copy = contentCopy();
    edit(copy, "data/items/example-4.md", "score: 3", "score: 4");
    expect(await authoredProblems(copy)).toEqual([
      "data/items/example-4.md at score: Score: ruled 4 but the engine derives 3 (the rubric row “main task met or " +
        "partly met, at least half of the other instructions met”): the case study rules it 4, so change " +
        "guideline/v2's rules or parameters until they derive 4 (npm run guideline:preview shows what a change " +
        "moves), or mend this file where it strays from the case study",
    ]);
  });

  it("stops on a run holding a key-shaped token, naming file and field, never the token", async () => {
    const copy = contentCopy();
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

  it("stops on a rubric score out of range", async () => {
    const copy = contentCopy();
    edit(copy, "guideline/v2/guideline.yaml", "  - score: 5\n", "  - score: 6\n");
    expect((await authoredProblems(copy)).join("\n")).toContain(
      "guideline/v2/guideline.yaml at rubric[0].score: too big: expected number to be <=5, got 6",
    );
  });

  it("stops on a NUL byte in data/parts.yaml, which the site's configuration reads too", async () => {
    const copy = contentCopy();
    edit(copy, "data/parts.yaml", "- id: vague", "- id: vag\0ue");
    const line = readFileSync(join(copy, "data/parts.yaml"), "utf8")
      .split("\n")
      .findIndex((text) => text.includes("\0"));
    expect(await authoredProblems(copy)).toContain(`data/parts.yaml: holds a NUL byte (line ${line + 1}): remove it`);
  });

  it("refuses an unknown argument with exit 2, naming the one it takes", async () => {
    expect(await runCommand(neverStarted, ["--update-pin"], {env: {}})).toEqual({
      code: 2,
      stdout: "",
      stderr: 'build: unknown argument "--update-pin": expected --update-pins or nothing\n',
    });
  });
});

describe("the data loader, as Framework starts it", () => {
  it("stops on the hostile files with the build's lines, and nothing on standard output", async () => {
    const copy = contentCopy();
    writeHostileFiles(copy);
    // Framework runs `node src/data.tar.js` and passes on its standard error: a build run without the script.
    const result = await spawned(process.execPath, ["src/data.tar.js"], {env: {NOTEBOOK_CONTENT: copy}});
    expect(result).toEqual({code: 1, stdout: "", stderr: `${(await authoredProblems(copy)).join("\n")}\n`});
  });
});

describe("Framework's failure, as the build words it", () => {
  it("passes on Framework's output, then says to pin what it asked the network for; removes its half-built site", async () => {
    const recorded = readFileSync(join(projectRoot, "test/fixtures/framework/unpinned-build.stderr"), "utf8");
    const next = join(projectRoot, ".dist-build");
    // Framework as it failed offline with react's pin missing, having begun to write its output.
    const failing = buildWith(() => {
      mkdirSync(next, {recursive: true});
      writeFileSync(join(next, "index.html"), "<p>half built</p>");
      return {status: 1, stderr: recorded};
    });
    const before = distState();
    expect(await runCommand(failing, [], {env: {}})).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `${recorded}build: observable build failed (framework asked the network for a library: pin its version in ` +
        "framework-npm-versions.json); dist/ is unchanged\n",
    });
    expect(existsSync(next)).toBe(false);
    expect(distState()).toEqual(before);
  });

  it("says to pin a library Framework asked the network for, from Framework's own output", () => {
    // What Framework 1.13.4 printed when framework-npm-versions.json lacked react's pin and the network was cut
    // (`unshare -rn`): it asked registry.npmjs.org, and failed.
    const recorded = readFileSync(join(projectRoot, "test/fixtures/framework/unpinned-build.stderr"), "utf8");
    expect(frameworkFailure(recorded)).toBe(
      "observable build failed (framework asked the network for a library: pin its version in " +
        "framework-npm-versions.json)",
    );
    expect(frameworkFailure("Unexpected error: data/parts.yaml: holds a NUL byte (line 3): remove it\n")).toBe(
      "observable build failed",
    );
  });
});

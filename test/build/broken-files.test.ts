// A broken authored file must stop the real build with the file, the field and what was expected. The site's one data
// loader (src/data.tar.js) checks everything every page's data needs, so running it alone shows what stops the build.
import {spawnSync} from "node:child_process";
import {mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {copyProject as copySources, projectRoot} from "../../scripts/copy-project.js";

const bin = (name: string) => join(projectRoot, "node_modules", ".bin", name);
let copies: string[] = [];

/** A copy of the site's sources in a temporary folder, removed after each test. */
function copyProject(): string {
  const copy = copySources("rater-notebook-build-");
  copies.push(copy);
  return copy;
}

function edit(copy: string, file: string, from: string, to: string): void {
  const path = join(copy, file);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

const run = (copy: string, command: string, args: string[]) =>
  spawnSync(command, args, {
    cwd: copy,
    encoding: "utf8",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1"},
    timeout: 120_000,
  });

afterEach(() => {
  for (const copy of copies) rmSync(copy, {recursive: true, force: true});
  copies = [];
});

describe("a broken authored file", () => {
  it("stops the build with the item file and the field at fault", () => {
    const copy = copyProject();
    edit(copy, "data/items/example-2.md", "verdict: not-met", "verdict: nope");
    const result = run(copy, bin("tsx"), ["scripts/build.ts"]);
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toContain(
      'data/items/example-2.md at checklist[2].verdict: got "nope": expected one of "met", "met-flaw", "partly", ' +
        '"not-met", "cannot-check", "not-instruction", "not-applicable"',
    );
  }, 150_000);

  it("stops the data loader when an item's ruled score disagrees with the engine", () => {
    const copy = copyProject();
    edit(copy, "data/items/example-4.md", "score: 3", "score: 4");
    const result = run(copy, "node", ["src/data.tar.js"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim()).toBe(
      "data/items/example-4.md at score: ruled 4 but the engine derives 3 (rubric row half-or-more)",
    );
  });

  it("stops the data loader on a run holding a key-shaped token, naming file and field, never the token", () => {
    const copy = copyProject();
    const token = "sk-or-v1-5f3c9a0b1d2e4f6a8b0c1d2e3f4a5b6c";
    mkdirSync(join(copy, "data/runs/six-step-chain/v2"), {recursive: true});
    writeFileSync(
      join(copy, "data/runs/six-step-chain/v2/a.json"),
      JSON.stringify({probe: "six-step-chain", version: "v2", reply: `leaked ${token}`}),
    );
    const result = run(copy, "node", ["src/data.tar.js"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim()).toBe(
      'data/runs/six-step-chain/v2/a.json at reply: holds an sk- key ("sk-or-…"): a run must never hold a secret; ' +
        "delete the file",
    );
    expect(result.stderr).not.toContain(token.slice(0, 10));
  });

  it("stops the data loader on a rubric score out of range", () => {
    const copy = copyProject();
    edit(copy, "guideline/v2/guideline.yaml", "  - score: 5\n", "  - score: 6\n");
    const result = run(copy, "node", ["src/data.tar.js"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "guideline/v2/guideline.yaml at rubric[0].score: too big: expected number to be <=5, got 6",
    );
  });

  it("stops the build on hostile files with one line each, naming the file, and no stack trace", () => {
    const copy = copyProject();
    const aliasBomb = [
      "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
      ..."bcdefghi".split("").map((name, i) => `${name}: &${name} [${Array(9).fill(`*${"abcdefgh"[i]}`).join(", ")}]`),
    ].join("\n");
    edit(copy, "data/items/example-1.md", "---\n", `---\n${aliasBomb}\n`);
    edit(copy, "data/items/example-2.md", "## Request", "## constructor\n\nx\n\n## Request");
    writeFileSync(join(copy, "data/items/example-3.md"), `---\nid: example-3\n---\n${"> ".repeat(31_500_000)}x\n`);
    edit(copy, "data/items/example-4.md", "## Response\n", "## Response\n\n\0\n");
    edit(copy, "data/case-study.yaml", "problem:", `${aliasBomb}\nproblem:`);
    edit(
      copy,
      "guideline/v2/guideline.yaml",
      "version: v2",
      `deep: ${"[".repeat(5000)}${"]".repeat(5000)}\nversion: v2`,
    );
    const result = run(copy, bin("tsx"), ["scripts/build.ts"]);
    expect(result.status).toBe(1);
    const output = result.stderr + result.stdout;
    const lines = output.split("\n");
    const example4 = readFileSync(join(copy, "data/items/example-4.md"), "utf8");
    for (const expected of [
      "data/items/example-1.md: YAML aliases in the front matter copy anchored values more than 100 times, " +
        "the most allowed: write the values out instead",
      'data/items/example-2.md at ## constructor: unknown section: expected one of "## request", "## request gloss", ' +
        '"## response", "## response gloss"',
      "data/items/example-3.md: larger than 64 kB, the most an item file may hold: shorten it",
      `data/items/example-4.md: holds a NUL byte (line ${example4.split("\n").indexOf("\0") + 1}): remove it`,
      "data/case-study.yaml: YAML aliases copy anchored values more than 100 times, the most allowed: " +
        "write the values out instead",
      "guideline/v2/guideline.yaml: YAML nests deeper than 32 levels of mappings and lists: flatten it",
    ])
      expect(lines).toContain(expected);
    // No stack trace and no JavaScript error: Framework's own "loader exited with code 1" is all that follows.
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(output).not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/);
    expect(output).toContain("build: observable build failed; dist/ is unchanged");
  }, 150_000);

  it("stops the build on a hostile data/parts.yaml, which the site's configuration reads for the navigation", () => {
    const copy = copyProject();
    edit(copy, "data/parts.yaml", "- id: vague", "- id: vag\0ue");
    const line = readFileSync(join(copy, "data/parts.yaml"), "utf8")
      .split("\n")
      .findIndex((text) => text.includes("\0"));
    const result = run(copy, bin("tsx"), ["scripts/build.ts"]);
    expect(result.status).toBe(1);
    const output = result.stderr + result.stdout;
    // Framework prefixes the configuration's error with "Unexpected error: ".
    expect(output).toContain(`data/parts.yaml: holds a NUL byte (line ${line + 1}): remove it\n`);
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(output).not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/);
  }, 150_000);
});

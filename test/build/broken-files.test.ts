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
});

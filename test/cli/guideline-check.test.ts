import {execFileSync, spawnSync} from "node:child_process";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {projectRoot} from "../../lib/load.js";

const tsx = join(projectRoot, "node_modules/.bin/tsx");
const script = join(projectRoot, "scripts/guideline-check.ts");

/** Runs the CLI; returns its exit code and output. */
function run(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const result = spawnSync(tsx, [script, ...args], {cwd: projectRoot, encoding: "utf8"});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

interface Row {
  id: string;
  ruledScore: number | "n/a";
  derivedScore: number | "n/a" | null;
  candidates: (number | "n/a")[];
  rubricRow: string | null;
  flags: string[];
  ok: boolean;
}

describe("guideline:check", () => {
  it("--json: 26 rows, all ok, each with exactly the documented fields", () => {
    const rows = JSON.parse(execFileSync(tsx, [script, "--json"], {cwd: projectRoot, encoding: "utf8"})) as Row[];
    expect(rows).toHaveLength(26);
    for (const row of rows) {
      expect(Object.keys(row).sort(), row.id).toEqual([
        "candidates",
        "derivedScore",
        "flags",
        "id",
        "ok",
        "rubricRow",
        "ruledScore",
      ]);
      expect(row.ok, row.id).toBe(true);
      expect(row.candidates, row.id).toEqual([row.ruledScore]);
      expect(row.derivedScore, row.id).toBe(row.ruledScore);
    }
    expect(rows.find((row) => row.id === "edge-5b")).toEqual({
      id: "edge-5b",
      ruledScore: "n/a",
      derivedScore: "n/a",
      candidates: ["n/a"],
      rubricRow: "not-applicable",
      flags: ["safety-review"],
      ok: true,
    });
    expect(rows.find((row) => row.id === "example-5")).toMatchObject({
      derivedScore: 5,
      rubricRow: "all-met",
      flags: ["accuracy"],
    });
  });

  it("plain: one line per item and a summary, exit 0, and warnings for what no worked example tests", () => {
    const {status, stdout, stderr} = run();
    expect(status).toBe(0);
    const warnings = stderr.trimEnd().split("\n");
    expect(warnings.every((line) => line.startsWith("warning: guideline/v2/guideline.yaml at "))).toBe(true);
    expect(warnings).toEqual(
      expect.arrayContaining([
        "warning: guideline/v2/guideline.yaml at parameters.additionsBreakWithoutWording: no worked example tests it: no item's score moves when it is set to true; add an item whose score depends on it",
        "warning: guideline/v2/guideline.yaml at parameters.mainPartThreshold: no worked example tests it: no item's score moves when it is set to more-than-half; add an item whose score depends on it",
      ]),
    );
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(27);
    expect(lines.slice(0, 26).every((line) => line.startsWith("ok   "))).toBe(true);
    expect(lines[0]).toMatch(/^ok {3}example-1 +ruled 5 +derived 5 +all-met$/);
    expect(lines[26]).toBe(
      "guideline:check: 26 items, every one with exactly one score matching its ruling, under guideline/v2",
    );
  });

  it("--version v1: exit 1, naming the seed's breaks and the lines with no rule to cite", () => {
    const {status, stdout, stderr} = run("--version", "v1");
    expect(status).toBe(1);
    expect(stdout).toMatch(/^FAIL example-2 +ruled 3 +derived 3\|2 +\(no single row\)$/m);
    expect(stdout).toMatch(/^FAIL example-5 +ruled 5 +derived 5 +all-met$/m);
    expect(stdout).toMatch(/^FAIL calibration-a +ruled 4 +derived 4\|3 +\(no single row\)$/m);
    const failed = stdout
      .split("\n")
      .filter((line) => line.startsWith("FAIL"))
      .map((line) => line.split(/ +/)[1]);
    expect(failed).toEqual([
      "example-2",
      "example-3",
      "example-5",
      "example-6",
      "example-7",
      "edge-10",
      "calibration-a",
      "calibration-d-twist",
    ]);
    expect(stderr).toContain(
      "data/items/example-2.md at score: the rubric gives more than one score (3 or 2): expected exactly one",
    );
    expect(stderr).toContain(
      "data/items/example-5.md at checklist[2].rule: rule not-rated decides this line, but guideline/v1 does not " +
        "state it: a trainee has no rule to cite",
    );
    expect(stderr.trimEnd().split("\n").at(-1)).toBe("guideline:check: 8 problems under guideline/v1");
  });
});

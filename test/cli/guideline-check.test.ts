// guideline:check called in process: on the project, and on copies of it with cases removed or files made hostile.
import {cpSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {projectRoot} from "../../lib/node/load.js";
import {copyProject} from "../../scripts/copy-project.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {runCommand} from "./run.js";

/** Runs the command on the project, or on `root`; returns its exit code and output. */
async function run(args: string[] = [], root = projectRoot) {
  const {code, stdout, stderr} = await runCommand(guidelineCheck, args, {root});
  return {status: code, stdout, stderr};
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
  it("--json: 33 rows (the case study's 26, the notebook's 7), all ok, each with exactly the documented fields", async () => {
    const json = await run(["--json"]);
    expect(json.status).toBe(0);
    const rows = JSON.parse(json.stdout) as Row[];
    expect(rows).toHaveLength(33);
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

  it("plain: one line per item and a summary, exit 0, and one warning: every parameter and rule is tested, row 4's threshold is not", async () => {
    const {status, stdout, stderr} = await run();
    expect(status).toBe(0);
    // No worked case has two small flaws: however many a 4 allows, no case moves.
    expect(stderr).toBe(
      "warning: guideline/v2/logic.yaml at rubric.rows[5].threshold: How many small flaws a 4 allows (rubric.one-small-flaw): no worked example tests it: no item's score moves when it is set to 2, 3, 4 or 5; add an item whose score depends on it\n",
    );
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(34);
    expect(lines.slice(0, 33).every((line) => line.startsWith("ok   "))).toBe(true);
    expect(lines[0]).toMatch(/^ok {3}example-1 +ruled 5 +derived 5 +all-met$/);
    expect(lines[32]).toMatch(/^ok {3}fresh-7 +ruled 1 +derived 1 +does-not-follow$/);
    expect(lines[33]).toBe(
      "guideline:check: 33 items, every one with exactly one score matching its ruling, under guideline/v2",
    );
  });

  it("--version v1: exit 1, naming the case study's breaks and the lines with no rule to cite", async () => {
    const {status, stdout, stderr} = await run(["--version", "v1"]);
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
      "data/items/example-2.md at score: Score: ruled 3 but the rubric gives no single score: the row “main task met " +
        "or partly met, some instructions missed” allows 3, the row “main task met or partly met, most instructions " +
        "missed” allows 2: the case study rules it 3, so change guideline/v1's rules or parameters until they derive 3",
    );
    expect(stderr).toContain(
      "data/items/example-5.md at checklist[2].rule: Line 3, its rule: rule not-rated decides this line, but guideline/v1 does not " +
        "state it: a trainee has no rule to cite",
    );
    expect(stderr.trimEnd().split("\n").at(-1)).toBe("guideline:check: 8 problems under guideline/v1");
  });
});

describe("guideline:check without the notebook's cases", () => {
  let copy = "";
  afterEach(() => {
    if (copy) rmSync(copy, {recursive: true, force: true});
    copy = "";
  });

  it("warns, exit 0, about the parameters no worked example tests: the case study's cases alone leave two", async () => {
    copy = copyProject("rater-notebook-no-notebook-cases-");
    for (let n = 1; n <= 7; n++) rmSync(join(copy, `data/items/fresh-${n}.md`));
    // The self-check's fresh pool goes with its cases.
    const path = join(copy, "data/calibration.yaml");
    writeFileSync(
      path,
      readFileSync(path, "utf8")
        .replace(/ {2}- id: fresh\n( {4}.*\n)+/, "")
        .replace(/ {2}- pool: fresh\n( {4}.*\n)+/, ""),
    );
    const result = await run([], copy);
    expect(result.status).toBe(0);
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      "warning: guideline/v2/guideline.yaml at parameters.additionsBreakWithoutWording: no worked example tests it: no item's score moves when it is set to true; add an item whose score depends on it",
      "warning: guideline/v2/guideline.yaml at parameters.mainPartThreshold: no worked example tests it: no item's score moves when it is set to more-than-half; add an item whose score depends on it",
      "warning: guideline/v2/logic.yaml at rubric.rows[5].threshold: How many small flaws a 4 allows (rubric.one-small-flaw): no worked example tests it: no item's score moves when it is set to 2, 3, 4 or 5; add an item whose score depends on it",
    ]);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe(
      "guideline:check: 26 items, every one with exactly one score matching its ruling, under guideline/v2",
    );
  });
});

describe("guideline:check on hostile authored files", () => {
  let copy = "";
  afterEach(() => {
    if (copy) rmSync(copy, {recursive: true, force: true});
    copy = "";
  });

  /** A line inserted as the file's second line (a YAML comment, in an item's front matter or not). */
  const secondLine = (path: string, bytes: number[]) => {
    const text = readFileSync(join(copy, path));
    const firstBreak = text.indexOf(0x0a) + 1;
    const line = Buffer.from([0x23, 0x20, ...bytes, 0x0a]);
    writeFileSync(join(copy, path), Buffer.concat([text.subarray(0, firstBreak), line, text.subarray(firstBreak)]));
  };
  const edit = (path: string, change: (text: string) => string) =>
    writeFileSync(join(copy, path), change(readFileSync(join(copy, path), "utf8")));
  const aliasBomb = [
    "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
    ..."bcdefghi"
      .split("")
      .map((name, index) => `${name}: &${name} [${Array(9).fill(`*${"abcdefgh"[index]}`).join(", ")}]`),
  ].join("\n");

  /** The fact `delivered` misspelt in a version's numbers rule (its ceiling-needs-one clause). */
  const misspellDelivered = (file: string) =>
    edit(file, (text) =>
      text.replace(
        'when: bound == "ceiling" && delivered == 0 && ceilingNeedsOne',
        'when: bound == "ceiling" && delivred == 0 && ceilingNeedsOne',
      ),
    );

  it("exits 1 on a misspelt fact in the version's logic, naming the file, the rule, the clause, the field and the fix", async () => {
    copy = copyProject("rater-notebook-misspelt-logic-");
    misspellDelivered("guideline/v2/logic.yaml");
    const result = await run([], copy);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      "guideline/v2/logic.yaml at rules[2].clauses[1].when: rule numbers, clause ceiling-needs-one, when: unknown name " +
        '"delivred" (did you mean delivered?): expected a fact (bound, limit, delivered) or a parameter (partlyWeight, ' +
        "counting, partialMainCap, mainNotMet, ceilingNeedsOne, registerBreak, slightLapse, " +
        "additionsBreakWithoutWording, mainPartThreshold, clarifyingQuestionTest, accuracyRated)",
      "guideline:check: 1 problem in the logic of guideline/v2",
    ]);
  });

  it("stops on a hostile data/*.yaml file the site reads, as the build does", async () => {
    copy = copyProject("rater-notebook-hostile-data-");
    edit("data/case-study.yaml", (text) => `${aliasBomb}\n${text}`);
    secondLine("data/parts.yaml", [0x78, 0x00, 0x79]);
    const result = await run([], copy);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      "data/parts.yaml: holds a NUL byte (line 2): remove it",
      "data/case-study.yaml: YAML aliases copy anchored values more than 100 times, the most allowed: " +
        "write the values out instead",
      "guideline:check: fix the authored files above",
    ]);
  });

  it("stops on a broken older version, as the build does, naming it with the other broken files in one run", async () => {
    // Before, a version other than the one checked was left out when it did not load (exit 0, the build failing on
    // it), and a broken data/parts.yaml hid the broken guideline until a second run.
    copy = copyProject("rater-notebook-older-version-");
    secondLine("guideline/v1/guideline.yaml", [0x78, 0x00, 0x79]);
    edit("data/parts.yaml", (text) => text.replace("items: examples", "items: exampels"));
    const result = await run([], copy);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^data\/parts\.yaml at \[0\]\.items: got "exampels": expected one of /);
    expect(lines.slice(1)).toEqual([
      "guideline/v1/guideline.yaml: holds a NUL byte (line 2): remove it",
      "guideline:check: fix the authored files above",
    ]);
    // An older version's logic is checked as the build checks it: a misspelt fact there stops the check too.
    cpSync(join(projectRoot, "guideline/v1/guideline.yaml"), join(copy, "guideline/v1/guideline.yaml"));
    cpSync(join(projectRoot, "data/parts.yaml"), join(copy, "data/parts.yaml"));
    misspellDelivered("guideline/v1/logic.yaml");
    const logic = await run([], copy);
    expect(logic.status).toBe(1);
    expect(logic.stderr).toMatch(/^guideline\/v1\/logic\.yaml at rules\[\d+\]\.clauses\[\d+\]\.when: rule numbers, /);
    expect(logic.stderr).toContain('unknown name "delivred" (did you mean delivered?)');
  });

  it("exits 1 with one line per file, naming it, what is wrong and the fix, and no stack trace", async () => {
    copy = copyProject("rater-notebook-hostile-check-");
    const check = () => run([], copy);
    // The guideline is read first: a hostile guideline stops the check before any item is read.
    edit("guideline/v2/guideline.yaml", (text) => `${aliasBomb}\n${text}`);
    const first = await check();
    expect(first.status).toBe(1);
    expect(first.stdout).toBe("");
    expect(first.stderr.trimEnd().split("\n")).toEqual([
      "guideline/v2/guideline.yaml: YAML aliases copy anchored values more than 100 times, the most allowed: " +
        "write the values out instead",
      "guideline:check: fix the authored files above",
    ]);
    cpSync(join(projectRoot, "guideline/v2/guideline.yaml"), join(copy, "guideline/v2/guideline.yaml"));

    edit("data/items/edge-1a.md", (text) =>
      text.replace("---\n", `---\ndeep: ${"[".repeat(5000)}${"]".repeat(5000)}\n`),
    );
    edit("data/items/example-1.md", (text) => text.replace("---\n", `---\n${aliasBomb}\n`));
    edit("data/items/example-2.md", (text) => text.replace("## Request", "## constructor\n\nx\n\n## Request"));
    edit("data/items/example-3.md", (text) => `${text}\n${"> ".repeat(31_500_000)}x\n`);
    secondLine("data/items/example-4.md", [0x78, 0x00, 0x79]);
    secondLine("data/items/example-5.md", [0x63, 0x61, 0x66, 0xe9]);
    edit("data/items/example-6.md", (text) => text.replace("## Request", "## __proto__\n\nx\n\n## Request"));
    edit("data/items/example-7.md", (text) => `${text}\n${"> ".repeat(3000)}x\n`);
    const result = await check();
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const sections = '"## request", "## request gloss", "## response", "## response gloss"';
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      "data/items/edge-1a.md: front matter nests deeper than 32 levels of mappings and lists: flatten it",
      "data/items/example-1.md: YAML aliases in the front matter copy anchored values more than 100 times, " +
        "the most allowed: write the values out instead",
      `data/items/example-2.md at ## constructor: unknown section: expected one of ${sections}`,
      "data/items/example-3.md: larger than 64 kB, the most an item file may hold: shorten it",
      "data/items/example-4.md: holds a NUL byte (line 2): remove it",
      "data/items/example-5.md: not valid UTF-8 (line 2): save it as UTF-8",
      `data/items/example-6.md at ## __proto__: unknown section: expected one of ${sections}`,
      "data/items/example-7.md: the sections nest quotes or lists deeper than 16 levels: flatten them",
      "guideline:check: fix the authored files above",
    ]);
  });
});

// judge:score: a run's figures worked out again from its file against today's rulings, on a run written by hand.
// Every expected figure is worked out by hand from the ruled scores in data/items (calibration-a 4, calibration-b 2,
// calibration-c 1, calibration-d 5) and the deciding rules of their checklists (b: "One sentence", not met, rule
// purpose; c: the refused main task, rule refusal).
import {cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {formatJudgeScore, judgeScore} from "../../lib/judges/score-report.js";
import type {JudgeRun} from "../../lib/judges/schema.node.js";
import {loadGuidelines, loadItems, projectRoot} from "../../lib/node/load.js";
import {judgeScore as judgeScoreCommand} from "../../scripts/judge-score.js";
import {
  addFlagsPrompt,
  addTestPrompt,
  calibrationRun,
  flagsPrompt,
  flagsPromptHash,
  record,
  runFile,
  scoreOnlyReply,
  writeRun,
} from "../unit/judges/run-files.js";
import {runCommand} from "./run.js";

/**
 * The judge gives scores alone: a 4 (exact), b 3 (one off, above), c 4 (three off, above), d in prose. Case a was
 * ruled 5 when the run was made (4 now): its recorded figures count it one off, today's exact.
 */
function scoreOnlyRun(): JudgeRun {
  const run = calibrationRun();
  run.answers = [
    record("calibration-a", 5, scoreOnlyReply(4), 0),
    record("calibration-b", 2, scoreOnlyReply(3), 1),
    record("calibration-c", 1, scoreOnlyReply(4), 2),
    run.answers[3]!,
  ];
  run.figures = {asked: 4, replied: 4, answered: 3, exact: 0, oneOff: 2, twoOrMoreOff: 1};
  return run;
}

let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "judge-score-"));
  for (const dir of ["data/items", "guideline"]) cpSync(join(projectRoot, dir), join(root, dir), {recursive: true});
  addTestPrompt(root);
  addFlagsPrompt(root);
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("judgeScore", () => {
  it("works out every figure against today's rulings", () => {
    const score = judgeScore(runFile, scoreOnlyRun(), loadItems(), loadGuidelines(), false);
    expect(score).toMatchObject({
      file: runFile,
      model: "example/judge-1",
      servedBy: "example/judge-1",
      against: "v2",
      asked: 4,
      answered: 3,
      unanswered: [{case: "calibration-d", status: "unparsed", problem: "not JSON: the reply is not a JSON object"}],
      missing: [],
      exact: 1,
      oneOff: 1,
      twoOrMoreOff: 1,
      lean: {kind: "higher", above: 2, below: 0},
      rulesMisapplied: [
        {rule: "purpose", title: "Purpose", cases: ["calibration-b"]},
        {rule: "refusal", title: "Refusals", cases: ["calibration-c"]},
      ],
      rulingChanged: [{case: "calibration-a", recorded: 5, now: 4}],
      unknownCases: [],
    });
    // (0 + 1 + 3) / 3 points above the ruling on average.
    expect(score.lean.kind === "higher" && score.lean.mean).toBeCloseTo(4 / 3);
    // Rows: the judge's 1-5 and n/a; columns: the ruled 1-5 and n/a.
    expect(score.matrix.counts).toEqual([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 1, 0, 0, 0, 0],
      [1, 0, 0, 1, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
  });

  it("writes the report as text, the matrix as a small table", () => {
    const lines = formatJudgeScore(judgeScore(runFile, scoreOnlyRun(), loadItems(), loadGuidelines(), false));
    expect(lines[0]).toBe(
      `${runFile}: example/judge-1, prompt check-test-v1, guideline v2, started 2026-11-30T10:00:00.000Z`,
    );
    expect(lines.slice(1, 5)).toEqual([
      "Against today's rulings (guideline v2):",
      "  4 asked, 3 answered, 1 not answered",
      "    calibration-d: unparsed (not JSON: the reply is not a JSON object)",
      "  1 exact, 1 one off, 1 two or more off, of 3 answered cases",
    ]);
    expect(lines[5]).toBe("  Lean: It tends to score higher than the ruling: both misses were above it.");
    expect(lines.slice(6)).toEqual([
      "  Score matrix (the judge's score down, the ruled score across):",
      "    judge \\ ruled     1    2    3    4    5  n/a",
      "    1                 .    .    .    .    .    .",
      "    2                 .    .    .    .    .    .",
      "    3                 .    1    .    .    .    .",
      "    4                 1    .    .    1    .    .",
      "    5                 .    .    .    .    .    .",
      "    n/a               .    .    .    .    .    .",
      // Scores alone: no checklist, so no main task and nothing implied; no answer has flags.
      "  Scored against its own checklist: 0 cases.",
      "  Score slips, its checklist right and its score off: 0 cases.",
      "  Flags: not asked for by its prompt, check-test-v1.",
      "  Rules misapplied:",
      "    Purpose (purpose): 1 case, calibration-b",
      "    Refusals (refusal): 1 case, calibration-c",
      "  Rulings changed since the run:",
      "    calibration-a: ruled 5 then, 4 now (the figures use now)",
    ]);
  });

  it("counts the cases a stopped run has not asked yet apart, and says it is incomplete", () => {
    const run = scoreOnlyRun();
    run.answers = run.answers.slice(0, 2);
    const score = judgeScore(
      runFile,
      {...run, complete: false, finishedAt: null},
      loadItems(),
      loadGuidelines(),
      false,
    );
    expect(score).toMatchObject({asked: 4, answered: 2, unanswered: [], missing: ["calibration-c", "calibration-d"]});
    const lines = formatJudgeScore(score);
    expect(lines[0]).toMatch(/, incomplete$/);
    expect(lines).toContain("  4 asked, 2 answered, 2 not answered");
    expect(lines).toContain("    calibration-d: not asked yet (the run stopped before it)");
  });
});

const rulingChanged =
  `${runFile} at answers[0].ruled: "calibration-a" was ruled 5 when the run was made and is ruled 4 now: its ` +
  "results are against today's ruling";

const judgeScoreRun = (args: string[]) => runCommand(judgeScoreCommand, args);

/**
 * A run held to its own checklists (issue 30, section 3), over three cases ruled (data/items) example-2 3 (main task
 * met; three bullet points met, the closing question not met: 1 of 2, at least half), example-5 5 with an accuracy
 * flag, edge-6 5 with a prompt flag. Example 2: its checklist is the ruled one, which implies 3, but it scored 2:
 * against its own checklist, and a slip. Example 5: as ruled, 5, the accuracy flag raised. Edge 6: a score alone, 5,
 * and the quality flag, not the prompt flag. Figures: example-2 one off, the others exact.
 */
function ownChecklistRun(): JudgeRun {
  const line = (instruction: string, main: boolean, rule: string, verdict: string) => ({
    instruction,
    main,
    rule,
    verdict,
  });
  const reply = (score: number, checklist: object[], flags: string[]) => JSON.stringify({checklist, score, flags});
  // Under a prompt that asks for flags (its answer's shape names them).
  const run = {...calibrationRun(), prompt: flagsPrompt, promptHash: flagsPromptHash};
  run.cases = ["example-2", "example-5", "edge-6"];
  run.answers = [
    record(
      "example-2",
      3,
      reply(
        2,
        [
          line("Summarize this article on city bike-sharing", true, "main-task", "met"),
          line("in three bullet points", false, "numbers", "met"),
          line("end with one question for discussion", false, "stated-constraints", "not-met"),
        ],
        [],
      ),
      0,
    ),
    record(
      "example-5",
      5,
      reply(
        5,
        [
          line("what is 15% of 80?", true, "main-task", "met"),
          line("Just the answer, no explanation", false, "only-just", "met"),
        ],
        ["accuracy"],
      ),
      1,
    ),
    record("edge-6", 5, reply(5, [], ["quality"]), 2),
  ];
  run.figures = {asked: 3, replied: 3, answered: 3, exact: 2, oneOff: 1, twoOrMoreOff: 0};
  return run;
}

describe("npm run judge:score", () => {
  it("prints per run what /judges shows: the cases against its own checklist, the slips, the flags", async () => {
    writeRun(root, ownChecklistRun());
    const result = await judgeScoreRun(["--root", root, join(root, runFile)]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "  Scored against its own checklist: 1 case (example-2: its checklist implies 3, it scored 2).\n" +
        "  Score slips, its checklist right and its score off: 1 case (example-2).\n" +
        "  Flags, where the ruling has them: it raised 1 of the 2 flags the rulings raise in the cases it answered " +
        "(example-5, edge-6).\n",
    );
  });

  it("counts no flags for a run whose prompt did not ask for them, though its model added some", async () => {
    // The same answers, flags and all, under the test prompt, whose answer's shape names no flags.
    writeRun(root, {...ownChecklistRun(), prompt: calibrationRun().prompt, promptHash: calibrationRun().promptHash});
    const result = await judgeScoreRun(["--root", root, join(root, runFile)]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("  Flags: not asked for by its prompt, check-test-v1.\n");
    expect(result.stdout).not.toContain("it raised 1 of the 2 flags");
  });

  it("prints the report, and --json the same figures as data", async () => {
    writeRun(root, scoreOnlyRun());
    const text = await judgeScoreRun(["--root", root, join(root, runFile)]);
    expect(text.stderr).toBe(`warning: ${rulingChanged}\n`);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("  1 exact, 1 one off, 1 two or more off, of 3 answered cases\n");
    const json = await judgeScoreRun(["--root", root, join(root, runFile), "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({asked: 4, answered: 3, exact: 1, oneOff: 1, twoOrMoreOff: 1});
  });

  it("checks the file first: a tampered one exits 1 with its file and field, and is not scored", async () => {
    const run = scoreOnlyRun();
    // calibration-b's answer edited to its ruled 2, and the figures to match: the reply still says 3.
    run.answers[1]!.answer!.score = 2;
    run.figures = {...run.figures, exact: 1, oneOff: 1};
    writeRun(root, run);
    const result = await judgeScoreRun(["--root", root, join(root, runFile)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `warning: ${rulingChanged}\n${runFile} at answers[1].answer.score: 2, but its reply says 3: an answer is read from its reply, never ` +
        "edited\njudge:score: 1 problem: not scored\n",
    );
  });

  it("quotes nothing of a file that is not a run, a link to a system file given by mistake", async () => {
    const secret = join(root, "passwd");
    writeFileSync(secret, "root:x:0:0:root:/root:/bin/bash\n");
    symlinkSync(secret, join(root, "passwd.json"));
    const result = await judgeScoreRun(["--root", root, join(root, "passwd.json")]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "passwd.json: invalid json: an unexpected character at line 1, column 1\njudge:score: 1 problem: not scored\n",
    );
  });

  it("scores the run the guide names, typed from the project's folder as the guide shows it", async () => {
    const file = "data/judges/runs/2026-08-10T12-00-00.000Z--openai-gpt-5-mini.json";
    // Served as the model asked for, with a dated suffix: judges:check refuses any other model's name.
    const run = calibrationRun();
    const answers = run.answers.map((answer) => ({...answer, servedBy: "openai/gpt-5-mini-2025-08-07"}));
    writeRun(root, {...run, answers, model: "openai/gpt-5-mini", startedAt: "2026-08-10T12:00:00.000Z"}, file);
    const from = process.cwd();
    process.chdir(root);
    try {
      const result = await judgeScoreRun(["--root", root, file]);
      expect([result.code, result.stderr]).toEqual([0, ""]);
      expect(result.stdout).toMatch(
        new RegExp(`^${file}: openai/gpt-5-mini \\(served as openai/gpt-5-mini-2025-08-07\\), `),
      );
    } finally {
      process.chdir(from);
      rmSync(join(root, file));
    }
  });

  it("names a run file outside the project as typed, and the --root given in the command that finishes a run", async () => {
    // Before, a file elsewhere was named from the project ("../../tmp/…"); the hint to finish a run left out --root.
    const elsewhere = mkdtempSync(join(tmpdir(), "judge-score-elsewhere-"));
    try {
      const outside = join(elsewhere, "run.json");
      writeFileSync(outside, JSON.stringify(calibrationRun()));
      const scored = await judgeScoreRun(["--root", root, outside]);
      expect([scored.code, scored.stderr]).toEqual([0, ""]);
      expect(scored.stdout.startsWith(`${outside}: example/judge-1, `)).toBe(true);
    } finally {
      rmSync(elsewhere, {recursive: true, force: true});
    }
    const run = calibrationRun();
    run.answers = run.answers.slice(0, 3);
    writeRun(root, {...run, complete: false, finishedAt: null, figures: {...run.figures, replied: 3}});
    const incomplete = await judgeScoreRun(["--root", root, join(root, runFile)]);
    expect(incomplete.code).toBe(0);
    expect(incomplete.stderr).toContain(
      `warning: ${runFile} at complete: incomplete: 3 of 4 cases recorded; finish it with npm run judge:run -- ` +
        `--resume ${runFile} --model example/judge-1 --root ${root}\n`,
    );
  });

  it("finds the run judge:run names from its root, typed back with the same --root from another folder", async () => {
    // judge:run --root prints "recorded data/judges/runs/…", from the root; typed back from the project's folder the
    // file was looked for there alone, and not found (--resume looked in the root too).
    const file = "data/judges/runs/2026-08-11T09-00-00.000Z--example-judge-1.json";
    writeRun(root, {...calibrationRun(), startedAt: "2026-08-11T09:00:00.000Z"}, file);
    try {
      expect(existsSync(join(process.cwd(), file))).toBe(false);
      const result = await judgeScoreRun(["--root", root, file]);
      expect([result.code, result.stderr]).toEqual([0, ""]);
      expect(result.stdout.startsWith(`${file}: example/judge-1, `)).toBe(true);
    } finally {
      rmSync(join(root, file));
    }
  });

  it("says in plain words that a run file given is not there, exit 2", async () => {
    const result = await judgeScoreRun(["--root", root, join(root, "data/judges/runs/nothing.json")]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `judge:score: "${join(root, "data/judges/runs/nothing.json")}": no such file: check its name and its folder\n`,
    );
    // The guide's run, not made here: its whole name (the end, its date and model, is where a slip shows; it was cut
    // at 60 characters), and where npm looked for it.
    const guides = "data/judges/runs/2026-08-10T12-00-00.000Z--openai-gpt-5-mini.json";
    const relative = await judgeScoreRun(["--root", root, guides]);
    expect([relative.code, relative.stderr]).toEqual([
      2,
      `judge:score: "${guides}": no such file: check its name and its folder (looked for as ` +
        `"${join(process.cwd(), guides)}" and "${join(root, guides)}")\n`,
    ]);
  });

  it("exits 2 for a usage error", async () => {
    const missing = await judgeScoreRun([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing <run file>; usage: npm run judge:score -- <run file> [--json]");
    const unknown = await judgeScoreRun(["x.json", "--csv"]);
    expect(unknown.code).toBe(2);
  });
});

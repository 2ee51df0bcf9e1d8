// A judge's run file read as a rater: the cases it answered, scored in the guideline phase; the others give nothing.
import {describe, expect, it} from "vitest";
import {readJsonFile, jsonFileOf} from "../../../lib/agreement/cohort-files.js";
import {RatingsCollector, formatInputProblem} from "../../../lib/agreement/ratings.js";
import {judgeRaterName} from "../../../lib/agreement/rater-name.js";
import {jsonFileSizeProblem, judgeRunByteCap, readJudgeRun} from "../../../lib/agreement/ratings-judge.js";
import {runFigures} from "../../../lib/judges/figures.js";
import {JudgeRun} from "../../../lib/judges/schema.node.js";
import {loadItems} from "../../../lib/node/load.js";
import {readTraineeFile} from "../../../lib/agreement/ratings-progress.js";
import {serializeProgress} from "../../../lib/trainee/progress.js";
import {progressOf} from "./helpers.js";
import {judgeRunOf} from "./judge-run.js";

const itemIds = loadItems().map((item) => item.id);
const model = "openai/gpt-5-mini";
const name = "openai/gpt-5-mini (judge, 2026-08-10 12:00:41.500 UTC)";

// The examples are ruled 5, 3, 3, 3, 5, 2, 3 (data/items/example-*.md). This judge gives 5, 3, 2, 3, 3, 2 and no
// answer on example-7: 4 exact (1, 2, 4, 6), 1 one off (3), 1 two off (5), 6 answered of 7.
const cases = [
  ["example-1", 5],
  ["example-2", 3],
  ["example-3", 2],
  ["example-4", 3],
  ["example-5", 3],
  ["example-6", 2],
  ["example-7", null],
] as const;
const run = judgeRunOf(model, "2026-08-10T12:00:41.500Z", cases);

const read = (value: unknown, file = "run.json") =>
  readJudgeRun(JSON.parse(JSON.stringify(value)) as Record<string, unknown>, file, itemIds);

describe("a judge's run as a rater", () => {
  it("is a valid run, with the figures worked by hand", () => {
    expect(JudgeRun.safeParse(run).success).toBe(true);
    expect(runFigures(run)).toEqual({asked: 7, replied: 7, answered: 6, exact: 4, oneOff: 1, twoOrMoreOff: 1});
  });

  it("gives each answered case's score in the guideline phase, named by the model and the moment it started", () => {
    const collector = read(run);
    expect(collector.problems).toEqual([]);
    expect(collector.ratings).toEqual(
      [5, 3, 2, 3, 3, 2].map((score, index) => ({
        rater: name,
        item: `example-${index + 1}`,
        phase: "guideline",
        score,
        file: "run.json",
        answer: index,
      })),
    );
  });

  it("skips every case whose reply was no answer: not JSON, invalid, cut off or too large", () => {
    const unanswered = judgeRunOf(model, run.startedAt, [
      ["example-1", null],
      ["example-2", 4],
      ["example-3", null],
    ]);
    unanswered.answers[2]!.status = "truncated";
    expect(read(unanswered).ratings.map((rating) => [rating.item, rating.score])).toEqual([["example-2", 4]]);
    expect(read(judgeRunOf(model, run.startedAt, [["example-1", null]])).result()).toEqual([]);
  });

  it("names two runs of one model apart, so both count as raters", () => {
    const later = judgeRunOf(model, "2026-08-11T09:05:00.000Z", cases, {prompt: "checklist-v2"});
    const collector = new RatingsCollector();
    readJudgeRun(run as unknown as Record<string, unknown>, "first.json", itemIds, collector);
    readJudgeRun(later as unknown as Record<string, unknown>, "second.json", itemIds, collector);
    expect(collector.problems).toEqual([]);
    expect([...new Set(collector.result().map((rating) => rating.rater))]).toEqual([
      name,
      "openai/gpt-5-mini (judge, 2026-08-11 09:05:00.000 UTC)",
    ]);
  });

  it("names two runs of one model started in the same minute apart, so both count as raters (issue 28)", () => {
    const soon = judgeRunOf(model, "2026-08-10T12:00:59.250Z", cases);
    const collector = new RatingsCollector();
    readJudgeRun(run as unknown as Record<string, unknown>, "first.json", itemIds, collector);
    readJudgeRun(soon as unknown as Record<string, unknown>, "second.json", itemIds, collector);
    expect(collector.problems).toEqual([]);
    expect(collector.result()).toHaveLength(12);
    expect(new Set(collector.result().map((rating) => rating.rater)).size).toBe(2);
  });

  it("takes every model slug judge:run accepts, up to 200 characters, and names the field past that", () => {
    const longest = `vendor/${"m".repeat(193)}`;
    expect(longest).toHaveLength(200);
    const collector = read(judgeRunOf(longest, run.startedAt, cases));
    expect(collector.problems).toEqual([]);
    expect(collector.ratings[0]!.rater.startsWith(`${longest} (judge, `)).toBe(true);
    expect(read(judgeRunOf(`${longest}m`, run.startedAt, cases)).problems.map(formatInputProblem)).toEqual([
      "run.json at model: longer than 200 characters, the most judge:run accepts: expected a model slug like " +
        "openai/gpt-5-mini",
    ]);
  });

  it("reports one run given twice as the same rater scoring again", () => {
    const collector = new RatingsCollector();
    readJudgeRun(run as unknown as Record<string, unknown>, "run.json", itemIds, collector);
    readJudgeRun(run as unknown as Record<string, unknown>, "copy.json", itemIds, collector);
    // One problem for the two files, not one per score; the name is quoted whole (quoteName: cut at 40, two runs of
    // one model read alike).
    expect(collector.problems.map(formatInputProblem)).toEqual([
      'copy.json: "openai/gpt-5-mini (judge, 2026-08-10 12:00:41.500 UTC)" is also in run.json, which already holds 6 ' +
        "of this " +
        "file's scores (a rater scores each item once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
        "remove only these raters' scores from it.",
    ]);
  });

  it("names an unknown case in the words a trainee's file gets, and gives no rating", () => {
    const unknown = judgeRunOf(model, run.startedAt, [
      ["example-1", 5],
      ["example-99", 4],
    ]);
    const collector = read(unknown);
    expect(collector.ratings).toEqual([]);
    expect(collector.problems).toHaveLength(1);
    expect(collector.problems[0]).toMatchObject({file: "run.json", field: "answers[1].case"});
    const trainee = readTraineeFile(
      serializeProgress(progressOf([["example-99", "vague", 4]])),
      "ann.json",
      itemIds,
    ).problems;
    expect(trainee).toHaveLength(1);
    expect(collector.problems[0]!.message).toBe(trainee[0]!.message);
    expect(collector.problems[0]!.message).toMatch(/^unknown item "example-99": expected one of example-1, /);
  });

  it("sets a broken run aside with its problems: the file, the field and the fix", () => {
    const broken = {...run, model: 7, startedAt: "yesterday"};
    expect(read(broken).problems).toEqual([
      {file: "run.json", field: "model", message: "expected the model's name as text, like openai/gpt-5-mini"},
      {file: "run.json", field: "startedAt", message: "expected when the run started, like 2026-08-10T12:00:00.000Z"},
    ]);
    expect(read({kind: "judge-run", model, startedAt: run.startedAt}).problems).toEqual([
      {file: "run.json", field: "answers", message: "expected the run's case records as a list"},
    ]);
    const records = structuredClone(run.answers) as unknown[];
    records[0] = "example-1";
    (records[1] as {status: string}).status = "fine";
    (records[2] as {answer: null}).answer = null;
    (records[3] as {answer: {score: unknown}}).answer.score = "3";
    (records[4] as {answer: {score: unknown}}).answer.score = 6;
    delete (records[5] as {answer: {score?: unknown}}).answer.score;
    const collector = read({...run, answers: records});
    expect(collector.ratings).toEqual([]);
    expect(collector.problems.map(formatInputProblem)).toEqual([
      "run.json at answers[0]: expected a case record (case, status, answer)",
      "run.json at answers[1].status: expected one of answered, unparsed, invalid, truncated, oversized",
      "run.json at answers[2].answer: expected the judge's answer, with its score",
      `run.json at answers[3].answer.score: "\\"3\\"" is not a score: expected 1, 2, 3, 4, 5 or n/a`,
      'run.json at answers[4].answer.score: "6" is not a score: expected 1, 2, 3, 4, 5 or n/a',
      "run.json at answers[5].answer.score: missing: expected 1, 2, 3, 4, 5 or n/a",
    ]);
  });

  it("counts the score its reply gives: a score edited in the file sets the run aside, in judges:check's words", () => {
    // example-1's reply gives 5 (the cases above); the file says 1. judge:score refuses the same file the same way.
    const records = structuredClone(run.answers);
    records[0]!.answer!.score = 1;
    const edited = read({...run, answers: records});
    expect(edited.ratings).toEqual([]);
    expect(edited.problems.map(formatInputProblem)).toEqual([
      "run.json at answers[0].answer.score: 1, but its reply says 5: an answer is read from its reply, never edited",
    ]);
    const noReply = structuredClone(run.answers) as unknown[];
    delete (noReply[1] as {reply?: string}).reply;
    expect(read({...run, answers: noReply}).problems.map(formatInputProblem)).toEqual([
      "run.json at answers[1].reply: missing: expected the judge's reply, which its answer is read from",
    ]);
    const prose = structuredClone(run.answers);
    prose[2]!.reply = "I would give it a 2.";
    expect(read({...run, answers: prose}).problems.map(formatInputProblem)).toEqual([
      "run.json at answers[2].status: answered, but its reply is unparsed (not JSON: the reply is not a JSON object): " +
        "never a score",
    ]);
  });

  it("refuses a model whose name would not print as itself, by the rater-name rule", () => {
    const problems = read({...run, model: "evil\u202Emodel"}).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({field: "model"});
    expect(problems[0]!.message).toMatch(/^rater name .* may not hold control characters/);
  });

  it("is read through the shared JSON reader, as both the page and the command read it", () => {
    const text = JSON.stringify(run);
    expect(readJsonFile(jsonFileOf(text), text, "run.json", itemIds).result()).toHaveLength(6);
  });

  it("holds a JSON file to a judge run's cap, 8 MiB, before it is read", () => {
    expect(judgeRunByteCap).toBe(8 * 1024 * 1024);
    expect(jsonFileSizeProblem(8 * 1024 * 1024)).toBeNull();
    expect(jsonFileSizeProblem(9_000_000)).toBe(
      "the file is 9 MB; a judge run is at most 8 MiB and a progress file at most 2 MB",
    );
  });

  it("names the judge by its model and the moment its run started, as recorded", () => {
    expect(judgeRaterName("anthropic/claude-sonnet-4", "2026-01-02T03:04:05Z")).toBe(
      "anthropic/claude-sonnet-4 (judge, 2026-01-02 03:04:05 UTC)",
    );
    expect(judgeRaterName("anthropic/claude-sonnet-4", "2026-01-02T03:04:05.678Z")).toBe(
      "anthropic/claude-sonnet-4 (judge, 2026-01-02 03:04:05.678 UTC)",
    );
  });
});

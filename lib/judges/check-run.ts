// What `judges:check` checks of one judge run whose file has been read and shape validated. Pure: check.node.ts reads
// the files, judge:score checks one the same way.
import type {Problem, Report} from "../authored/problems.js";
import type {Score} from "../authored/schemas/verdict.js";
import {isStopReason} from "../probes/runner-error.js";
import {quoteText, quoteValue} from "../text/quote-text.js";
import {plural} from "../text/format.js";
import {answerLimits, readAnswer, unreadProblem, type JudgeAnswer} from "./answer.js";
import {runFigures} from "./figures.js";
import type {CaseRecord, JudgeRun, PromptHashes, RunFigures} from "./schema.node.js";

export interface RunContext {
  prompts: ReadonlyMap<string, {file: string; hash: string}>;
  /** Null when missing or broken (its own problem says so). */
  hashes: PromptHashes | null;
  versions: readonly string[];
  ruled: ReadonlyMap<string, Score>;
}

export const resumeHint = (file: string): string => `finish it with npm run judge:run -- --resume ${file}`;

const figureNames: (keyof RunFigures)[] = ["asked", "replied", "answered", "exact", "oneOff", "twoOrMoreOff"];

/** Where two answers first differ, as a field under `at` and both values; null when they are the same. */
function answerDifference(recorded: JudgeAnswer, read: JudgeAnswer, at: string): Problem | null {
  const differs = (field: string, was: unknown, is: unknown): Problem => ({
    file: "",
    field: `${at}.${field}`,
    message: `${quoteValue(was)}, but its reply says ${quoteValue(is)}: an answer is read from its reply, never edited`,
  });
  if (recorded.score !== read.score) return differs("score", recorded.score, read.score);
  const flags = (answer: JudgeAnswer) => (answer.flags === undefined ? "none asked" : answer.flags.join(", "));
  if (flags(recorded) !== flags(read)) return differs("flags", flags(recorded), flags(read));
  if (recorded.checklist.length !== read.checklist.length)
    return differs("checklist", plural(recorded.checklist.length, "line"), plural(read.checklist.length, "line"));
  for (const [index, line] of recorded.checklist.entries()) {
    const other = read.checklist[index]!;
    for (const key of ["instruction", "main", "rule", "verdict"] as const)
      if (line[key] !== other[key]) return differs(`checklist[${index}].${key}`, line[key], other[key]);
  }
  return null;
}

/**
 * One record's answer and problem against its reply: an answered case's answer is its reply read again; else there
 * is none, and the problem is the reader's (read again when the whole reply is kept) or the runner's words for a
 * reply it did not read.
 */
function checkRecord(
  record: CaseRecord,
  at: string,
  maxTokens: number,
  problem: (field: string, message: string) => void,
): void {
  const notTheReaders = (expected: string | null) => {
    if (record.problem !== expected)
      problem(
        `${at}.problem`,
        expected === null
          ? "set on an answered case: only a reply that is no answer has a problem"
          : `not what reading the reply gives (${quoteText(expected, 120)}): a problem is the reader's, never edited`,
      );
  };
  if (record.status === "answered") {
    notTheReaders(null);
    const reading = readAnswer(record.reply);
    if (!reading.ok)
      problem(`${at}.status`, `answered, but its reply is ${reading.status} (${reading.problem}): never a score`);
    else if (!record.answer) problem(`${at}.answer`, "null on an answered case: it is the reply read as an answer");
    else {
      const difference = answerDifference(record.answer, reading.answer, `${at}.answer`);
      if (difference) problem(difference.field, difference.message);
    }
    return;
  }
  if (record.answer !== null)
    problem(`${at}.answer`, `set on a case with status ${record.status}: only an answered case has an answer`);
  if (record.status === "truncated" || record.status === "oversized")
    notTheReaders(unreadProblem(record.status, maxTokens));
  if (record.reply.length > answerLimits.excerpt)
    problem(
      `${at}.reply`,
      `${record.reply.length} characters: a case with no answer keeps its reply's first ${answerLimits.excerpt}`,
    );
  else if (
    record.reply.length < answerLimits.excerpt &&
    record.status !== "truncated" &&
    record.status !== "oversized"
  ) {
    // The whole reply was kept: reading it again must fail the same way, for the same reason.
    const reading = readAnswer(record.reply);
    if (reading.ok || reading.status !== record.status)
      problem(`${at}.status`, `${record.status}, but its reply reads as ${reading.ok ? "an answer" : reading.status}`);
    else notTheReaders(reading.problem);
  }
}

/**
 * Checks one run read from `file`: problems (each naming the file and the field) and warnings go to `report`.
 * Returns true when the run passed every check.
 */
export function checkJudgeRun(file: string, run: JudgeRun, context: RunContext, report: Report): boolean {
  const before = report.problems.length;
  const problem = (field: string, message: string) => report.problems.push({file, field, message});
  const warning = (field: string, message: string) => report.warnings.push({file, field, message});

  const prompt = context.prompts.get(run.prompt);
  const listed = context.hashes?.[run.prompt];
  if (!prompt) problem("prompt", `no valid prompt file data/judges/prompts/${run.prompt}.md`);
  else if (context.hashes && listed === undefined)
    problem("prompt", `${run.prompt} is not listed in data/judges/prompts/hashes.json: no run can have used it`);
  else if (listed !== undefined && listed !== run.promptHash)
    problem("promptHash", `does not match ${prompt.file} as listed: a run stays with the prompt that produced it`);
  if (!context.versions.includes(run.guideline))
    problem("guideline", `no guideline version ${run.guideline} (guideline/${run.guideline}/guideline.yaml)`);

  const unknown = (id: string) => `unknown case ${quoteValue(id)}: there is no data/items/${id}.md`;
  const asked = new Map<string, number>();
  run.cases.forEach((id, index) => {
    if (!context.ruled.has(id)) problem(`cases[${index}]`, unknown(id));
    if (asked.has(id)) problem(`cases[${index}]`, `${quoteValue(id)} is asked twice (cases[${asked.get(id)}])`);
    else asked.set(id, index);
  });
  const answered = new Map<string, number>();
  let lastAsked = -1;
  run.answers.forEach((record, index) => {
    const at = `answers[${index}]`;
    const place = asked.get(record.case);
    if (!context.ruled.has(record.case)) problem(`${at}.case`, unknown(record.case));
    if (place === undefined) problem(`${at}.case`, `${quoteValue(record.case)} was not asked: it is not in cases`);
    else if (answered.has(record.case))
      problem(`${at}.case`, `${quoteValue(record.case)} is recorded twice (answers[${answered.get(record.case)}])`);
    else if (place < lastAsked)
      problem(`${at}.case`, `${quoteValue(record.case)} is out of the asked order: cases lists it earlier`);
    if (place !== undefined && !answered.has(record.case)) {
      answered.set(record.case, index);
      lastAsked = Math.max(lastAsked, place);
    }
    checkRecord(record, at, run.parameters.maxTokens, problem);
    const now = context.ruled.get(record.case);
    if (now !== undefined && now !== record.ruled)
      warning(
        `${at}.ruled`,
        `${quoteValue(record.case)} was ruled ${record.ruled} when the run was made and is ruled ${now} now: ` +
          "its results are against today's ruling",
      );
  });

  const missing = run.cases.filter((id) => !answered.has(id));
  if (run.complete && missing.length)
    problem(
      "complete",
      `true, but ${plural(missing.length, "case")} asked ${missing.length === 1 ? "has" : "have"} no record ` +
        `(${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""}): set it false and ${resumeHint(file)}`,
    );
  if (!run.complete && !missing.length) problem("complete", "false, but every case asked has a record: set it true");
  if (run.complete && run.finishedAt === null) problem("finishedAt", "null on a complete run: set when it finished");
  if (!run.complete && run.finishedAt !== null) problem("finishedAt", "set on an incomplete run: null until it ends");
  if (run.complete && run.stopped !== null)
    problem("stopped", "set on a complete run: a run that finished did not stop; set it null");
  else if (run.stopped !== null && !isStopReason(run.stopped))
    problem(
      "stopped",
      "not one of the runner's reasons to stop: a run records why it stopped in the runner's words, never an " +
        "endpoint's; set it null",
    );
  if (!run.complete && missing.length)
    warning("complete", `incomplete: ${run.answers.length} of ${run.cases.length} cases recorded; ${resumeHint(file)}`);

  const figures = runFigures(run);
  for (const name of figureNames)
    if (run.figures[name] !== figures[name])
      problem(
        `figures.${name}`,
        `${run.figures[name]}, but its answers give ${figures[name]}: the figures are recomputed from the answers`,
      );
  return report.problems.length === before;
}

// Everything `judges:check` checks, for the CLI, judge:score and the build: the prompts (immutable once listed) and
// every run under data/judges/runs/, read as probe runs are (bounded, refused whole when it holds a secret).
import {existsSync} from "node:fs";
import {join} from "node:path";
import {AuthoredFileError, problemsFromZod, type Report, type Problem} from "../authored/problems.js";
import type {Item} from "../authored/schemas/item.js";
import {guidelineVersions, loadItems} from "../node/load.js";
import {listDir} from "../probes/files.node.js";
import {maskedProblem, noteStrayTempFile, readRunFile, usableKey} from "../probes/run-file.node.js";
import {
  checkPromptHashes,
  loadPromptHashes,
  loadPrompts,
  promptHashesFile,
  judgeGuideline,
  type LoadedPrompt,
} from "./prompts.node.js";
import {judgeRunFile, judgeRunsDir, resumeCommand} from "./runs.node.js";
import {JudgeRun, type CaseRecord, type PromptHashes, type RunFigures} from "./schema.node.js";
import type {Score} from "../authored/schemas/verdict.js";
import {isStopReason} from "../probes/runner-error.js";
import {isServedModel, servedByRule} from "../probes/run-metadata.js";
import {quoteText, quoteValue} from "../text/quote-text.js";
import {plural} from "../text/format.js";
import {answerLimits, editedAnswer, readAnswer, unreadAnswer, unreadProblem, type JudgeAnswer} from "./answer.js";
import {runFigures} from "./figures.js";
import {exportKind} from "../trainee/transfer.js";
import {Run as ProbeRun} from "../probes/schema.node.js";
import {runsDir} from "../probes/load-runs.node.js";

export interface LoadedJudgeRun {
  file: string;
  data: JudgeRun;
}

export interface JudgesCheck extends Report {
  prompts: LoadedPrompt[];
  runs: LoadedJudgeRun[];
}

interface Options {
  /** A run holding it in any form is refused too. */
  apiKey?: string | undefined;
  items?: readonly Item[];
  /** The --root the command was given, which the command that finishes an incomplete run must name too. */
  rootFlag?: string | undefined;
}

/** The run, its answers, a record, its answer, the checklist, a line. */
const judgeRunDepth = 6;

/**
 * A guideline version's text hashed as judge:run hashes what it gives a judge, loaded when a run first names it (the
 * build checks runs of one version, and none when there is no run); undefined for a version that fails to load (its
 * own check names its problem).
 */
function guidelineHashes(root: string): (version: string) => string | undefined {
  const hashes = new Map<string, string | undefined>();
  return (version) => {
    if (!hashes.has(version))
      try {
        hashes.set(version, judgeGuideline(version, root).hash);
      } catch (error) {
        if (!(error instanceof AuthoredFileError)) throw error;
        hashes.set(version, undefined);
      }
    return hashes.get(version);
  };
}

function loadContext(root: string, report: Report, {items, rootFlag}: Options) {
  const loaded = loadPrompts(root);
  report.problems.push(...loaded.problems);
  report.warnings.push(...loaded.warnings);
  // With no prompt and no run there is nothing to list: a project without judges needs no hashes file.
  const anyRun = listDir(join(root, judgeRunsDir)).length > 0;
  const hashes =
    loaded.prompts.length || anyRun || existsSync(join(root, promptHashesFile)) ? loadPromptHashes(root, report) : {};
  if (hashes) checkPromptHashes(loaded.prompts, hashes, report);
  let cases = items;
  if (!cases)
    try {
      cases = loadItems(root);
    } catch (error) {
      if (!(error instanceof AuthoredFileError)) throw error;
      report.problems.push(...error.problems);
    }
  const context: RunContext | null = cases
    ? {
        prompts: new Map(loaded.prompts.map((prompt) => [prompt.name, prompt])),
        hashes,
        versions: guidelineVersions(root),
        guidelineHash: guidelineHashes(root),
        ruled: new Map(cases.map((item) => [item.id, item.score])),
        rootFlag,
      }
    : null;
  return {prompts: loaded.prompts, context};
}

function checkRunFile(
  root: string,
  file: string,
  context: RunContext,
  report: Report,
  apiKey: string | undefined,
): JudgeRun | null {
  const json = readRunFile(root, file, report, {apiKey, usualDepth: judgeRunDepth});
  if (json === undefined) return null;
  const other = notAJudgeRun(json);
  if (other) {
    report.problems.push({file, ...other});
    return null;
  }
  const parsed = JudgeRun.safeParse(json);
  if (!parsed.success) {
    report.problems.push(...problemsFromZod(file, parsed.error, json));
    return null;
  }
  return checkJudgeRun(file, parsed.data, context, report) ? parsed.data : null;
}

/**
 * Why a file is not a judge run, when it is one of the other files a judge run is mistaken for: one line where the
 * schema would give one for each field the two do not share. A trainee's export is the other file a coordinator
 * collects (given to judge:score by mistake); a probe's run is the other run a runner writes (it has a probe's name
 * and no kind, where a judge run has its kind).
 */
function notAJudgeRun(json: unknown): {field: string; message: string} | null {
  if (typeof json !== "object" || json === null) return null;
  const {kind, probe} = json as {kind?: unknown; probe?: unknown};
  if (kind === exportKind)
    return {
      field: "kind",
      message:
        `not a judge run: its kind is ${quoteValue(exportKind)}, a trainee's progress file, ` +
        "which npm run agreement and /cohort read",
    };
  if (!("kind" in json) && typeof probe === "string" && ProbeRun.shape.probe.safeParse(probe).success)
    return {
      field: "probe",
      message:
        `not a judge run: it is a run of the probe ${quoteValue(probe)} (probes:run writes those in ${runsDir}/, ` +
        "and npm run probes:check checks them there)",
    };
  return null;
}

const masked = (report: Report, apiKey: string | undefined): Report => ({
  problems: report.problems.map(maskedProblem(apiKey)),
  warnings: report.warnings.map(maskedProblem(apiKey)),
});

/** A run is its model and its start, so two files holding the same would ship and count it twice. The file judge:run
 *  named is kept, else the first by name. */
function withoutCopies(runs: readonly LoadedJudgeRun[], report: Report): LoadedJudgeRun[] {
  const byRun = new Map<string, LoadedJudgeRun[]>();
  for (const run of runs) {
    const id = JSON.stringify([run.data.model, run.data.startedAt]);
    byRun.set(id, [...(byRun.get(id) ?? []), run]);
  }
  const kept: LoadedJudgeRun[] = [];
  for (const same of byRun.values()) {
    const original = same.find((run) => run.file === judgeRunFile(run.data)) ?? same[0]!;
    kept.push(original);
    for (const copy of same)
      if (copy !== original)
        report.problems.push({
          file: copy.file,
          field: "startedAt",
          message:
            `the same run as ${original.file} (${copy.data.model}, started ${copy.data.startedAt}): ` +
            "a run is recorded once; delete this copy",
        });
  }
  return kept;
}

/** Every prompt and recorded run under root, checked. With `apiKey`, a run holding it in any form is refused too. */
export function checkJudges(root: string, options: Options = {}): JudgesCheck {
  const apiKey = usableKey(options.apiKey);
  const report: Report = {problems: [], warnings: []};
  const {prompts, context} = loadContext(root, report, options);
  const runs: LoadedJudgeRun[] = [];
  for (const name of listDir(join(root, judgeRunsDir))) {
    const file = `${judgeRunsDir}/${name}`;
    noteStrayTempFile(name, file, report);
    if (!name.endsWith(".json") || !context) continue;
    const run = checkRunFile(root, file, context, report, apiKey);
    if (run) runs.push({file, data: run});
  }
  const kept = withoutCopies(runs, report);
  kept.sort((a, b) => (a.data.startedAt < b.data.startedAt ? -1 : a.data.startedAt > b.data.startedAt ? 1 : 0));
  return {prompts, runs: kept, ...masked(report, apiKey)};
}

/**
 * Checks one run file (its path from root, which may lead outside it) as `judges:check` checks every recorded run,
 * against the prompts and cases under root: the run, or null, with the problems that stop it, and whether its prompt
 * asks for flags.
 */
export function checkJudgeRunFile(
  root: string,
  file: string,
  options: Options = {},
): Report & {run: JudgeRun | null; flagsAsked: boolean} {
  const apiKey = usableKey(options.apiKey);
  const setup: Report = {problems: [], warnings: []};
  const {context} = loadContext(root, setup, options);
  // Only this file's problems stop it; another prompt's or run's are judges:check's to report.
  if (!context) return {run: null, flagsAsked: false, ...masked(setup, apiKey)};
  const report: Report = {problems: [], warnings: []};
  const run = checkRunFile(root, file, context, report, apiKey);
  const flagsAsked = !!run && !!context.prompts.get(run.prompt)?.asksForFlags;
  return {run, flagsAsked, ...masked(report, apiKey)};
}

// What `judges:check` checks of one recorded judge run once its file has been read and its shape validated: the
// prompt and guideline it names, the cases it asked and answered, the answers read again from their replies, its
// completeness (a complete run has no reason it stopped; an incomplete one gives the runner's, if any) and its
// figures recomputed. Pure: check.node.ts reads the files, judge:score checks one the same way.
export interface RunContext {
  /** The prompts whose files read, by name, with the sha256 of each file's text and whether it asks for flags. */
  prompts: ReadonlyMap<string, Pick<LoadedPrompt, "file" | "hash" | "asksForFlags">>;
  /** data/judges/prompts/hashes.json, or null when it is missing or broken (its own problem says so). */
  hashes: PromptHashes | null;
  /** The guideline versions there are (guideline/vN). */
  versions: readonly string[];
  /** The sha256 of each version's text as a judge is given it, by version; a version that does not load has none. */
  guidelineHash: (version: string) => string | undefined;
  /** Each case's ruled score today, by id. */
  ruled: ReadonlyMap<string, Score>;
  /** The --root the command was given, named in the command that finishes an incomplete run. */
  rootFlag?: string | undefined;
}

/** How to finish an interrupted run: the command judge:run itself gives. */
const resumeHint = (file: string, run: JudgeRun, {rootFlag}: RunContext): string =>
  `finish it with ${resumeCommand(file, run, {root: rootFlag, keyEnv: run.keyVariable})}`;

const figureNames: (keyof RunFigures)[] = ["asked", "replied", "answered", "exact", "oneOff", "twoOrMoreOff"];

/** Where two answers first differ, as a field under `at` and both values; null when they are the same. */
function answerDifference(recorded: JudgeAnswer, read: JudgeAnswer, at: string): Problem | null {
  const differs = (field: string, was: unknown, is: unknown): Problem => ({
    file: "",
    field: `${at}.${field}`,
    message: editedAnswer(was, is),
  });
  if (recorded.score !== read.score) return differs("score", recorded.score, read.score);
  const flags = (answer: JudgeAnswer) => (answer.flags === undefined ? "no flags field" : answer.flags.join(", "));
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
    if (!reading.ok) problem(`${at}.status`, unreadAnswer(reading));
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
  else {
    const now = context.guidelineHash(run.guideline);
    if (now !== undefined && now !== run.guidelineHash)
      warning(
        "guidelineHash",
        `does not match guideline/${run.guideline} as it is now: the judge read other words (the version edited ` +
          "since, or the run's guideline changed by hand); its figures are against today's rulings",
      );
  }

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
    // The build ships it: a slug-shaped key must not pass for the model that served the case.
    if (record.servedBy !== null && !isServedModel(record.servedBy, run.model))
      problem(`${at}.servedBy`, `${servedByRule}; a run is a real answer, never edited: delete the file`);
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
        `(${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""}): ` +
        `set it false and ${resumeHint(file, run, context)}`,
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
    warning(
      "complete",
      `incomplete: ${run.answers.length} of ${run.cases.length} cases recorded; ${resumeHint(file, run, context)}`,
    );

  const figures = runFigures(run);
  for (const name of figureNames)
    if (run.figures[name] !== figures[name])
      problem(
        `figures.${name}`,
        `${run.figures[name]}, but its answers give ${figures[name]}: the figures are recomputed from the answers`,
      );
  return report.problems.length === before;
}

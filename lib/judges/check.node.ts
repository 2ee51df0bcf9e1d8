// Everything `judges:check` checks, for the CLI, judge:score and the build: the prompts (immutable once listed) and
// every run under data/judges/runs/, read as probe runs are (bounded, refused whole when it holds a secret).
import {existsSync} from "node:fs";
import {join} from "node:path";
import {AuthoredFileError, problemsFromZod, type Report} from "../authored/problems.js";
import type {Item} from "../authored/schemas/item.js";
import {guidelineVersions, loadItems} from "../node/load.js";
import {listDir} from "../probes/files.node.js";
import {maskedProblem, noteStrayTempFile, readRunFile, usableKey} from "../probes/run-file.node.js";
import {checkJudgeRun, type RunContext} from "./check-run.js";
import {checkPromptHashes, loadPromptHashes, loadPrompts, promptHashesFile, type LoadedPrompt} from "./prompts.node.js";
import {judgeRunFile, judgeRunsDir} from "./runs.node.js";
import {JudgeRun} from "./schema.node.js";

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
}

/** The run, its answers, a record, its answer, the checklist, a line. */
const judgeRunDepth = 6;

function loadContext(root: string, report: Report, items: readonly Item[] | undefined) {
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
        ruled: new Map(cases.map((item) => [item.id, item.score])),
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
  const parsed = JudgeRun.safeParse(json);
  if (!parsed.success) {
    report.problems.push(...problemsFromZod(file, parsed.error, json));
    return null;
  }
  return checkJudgeRun(file, parsed.data, context, report) ? parsed.data : null;
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
  const {prompts, context} = loadContext(root, report, options.items);
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
 * against the prompts and cases under root: the run, or null, with the problems that stop it.
 */
export function checkJudgeRunFile(root: string, file: string, options: Options = {}): Report & {run: JudgeRun | null} {
  const apiKey = usableKey(options.apiKey);
  const setup: Report = {problems: [], warnings: []};
  const {context} = loadContext(root, setup, options.items);
  // Only this file's problems stop it; another prompt's or run's are judges:check's to report.
  if (!context) return {run: null, ...masked(setup, apiKey)};
  const report: Report = {problems: [], warnings: []};
  const run = checkRunFile(root, file, context, report, apiKey);
  return {run, ...masked(report, apiKey)};
}

// npm run judge:run -- --model <slug> [--base-url URL] [--guideline v2] [--cases all|calibration|edge-cases|examples|
//   fresh|<id,id>] [--prompt checklist-v1] [--timeout 120] [--retries 3] [--key-env NAME] [--resume <run file>]
//   [--root DIR]
// Sends each case, with the guideline as a trainee reads it, to an OpenAI-compatible chat-completions endpoint and
// records the judge's checklists and scores in data/judges/runs/, rewritten after every case: a run cut short keeps
// the cases so far, marked incomplete, and --resume finishes it. The flags, the key and the printing are probes:run's
// (lib/node/model-cli.ts). Everything that can be checked is checked before the first call.
import {dirname, isAbsolute, relative, resolve} from "node:path";
import type {Item} from "../lib/authored/schemas/item.js";
import {formatProblem, type Problem} from "../lib/authored/problems.js";
import {fail, parseCommandLine, quote, quotePath, runCli} from "../lib/node/cli.js";
import {lineWriter, rootFolder, runAsEntry, typedOrInRoot, type CommandIO} from "../lib/node/command.js";
import {guidelineVersions, loadItems} from "../lib/node/load.js";
import {unreadableFile} from "../lib/node/read-file.js";
import {
  modelCall,
  modelCallFlags,
  modelCliOutput,
  realWorld,
  writing,
  type CallWorld,
  type ModelCliOutput,
} from "../lib/node/model-cli.js";
import {checkJudgeRunFile} from "../lib/judges/check.node.js";
import {
  checkPromptHashes,
  judgeGuideline,
  loadPromptHashes,
  promptsDir,
  readPrompt,
} from "../lib/judges/prompts.node.js";
import {resumeProblem, runJudge} from "../lib/judges/run-loop.js";
import {
  checkJudgeRunsFolder,
  judgeRunFile,
  judgeRunsDir,
  resumeCommand,
  runFileWanted,
  writeJudgeRun,
} from "../lib/judges/runs.node.js";
import type {CaseRecord, JudgeRun} from "../lib/judges/schema.node.js";
import {compareScores} from "../lib/trainee/score-distance.js";
import {listDir} from "../lib/probes/files.node.js";
import {RunWriteError} from "../lib/probes/runs.node.js";

const usage =
  "npm run judge:run -- --model <slug> [--base-url URL] [--guideline v2] " +
  "[--cases all|calibration|edge-cases|examples|fresh|<id,id>] [--prompt checklist-v1] [--timeout 120] " +
  "[--retries 3] [--key-env NAME] [--resume <run file>] [--root DIR]";
const defaultPrompt = "checklist-v1";

/** The case sets --cases names, by the set each reads. */
const caseSets: Record<string, Item["set"]> = {
  "examples": "examples",
  "edge-cases": "edge-cases",
  "calibration": "calibration",
  "fresh": "fresh-calibration",
};

/**
 * The cases --cases names, comma-separated: all, or sets and case ids in any mix (calibration,fresh or
 * edge-cases,example-1); a set's cases in the order a trainee walks them, everything in the order given.
 */
function selectCases(items: readonly Item[], chosen: string): Item[] {
  const names = chosen.split(",").map((name) => name.trim());
  if (names.includes("all")) {
    if (names.length > 1) fail("--cases: all is every case: give it alone");
    return [...items];
  }
  const casesOf = (name: string): Item[] => {
    const set = Object.hasOwn(caseSets, name) ? caseSets[name] : undefined;
    return set ? items.filter((item) => item.set === set) : items.filter((item) => item.id === name);
  };
  const unknown = names.filter((name) => !casesOf(name).length);
  if (unknown.length)
    fail(
      `--cases: no case ${unknown.map((id) => quote(id)).join(", ")}: expected all, ` +
        `${Object.keys(caseSets).join(", ")} or case ids like example-1,edge-4, in any mix`,
    );
  const picked = names.flatMap(casesOf);
  const twice = picked.find((item, index) => picked.indexOf(item) !== index);
  const inSet = names.some((name) => Object.hasOwn(caseSets, name));
  if (twice) fail(`--cases: ${quote(twice.id)} is named twice${inSet ? " (a set holds it too)" : ""}: name each once`);
  return picked;
}

/**
 * The run file --resume names (from the root, or absolute), as a path from the root: a run file directly under
 * data/judges/runs/ (a path that leaves the root, or another folder, is refused).
 */
function resumeFile(root: string, given: string): string {
  const file = relative(root, resolve(root, given)).split("\\").join("/");
  if (isAbsolute(file) || dirname(file) !== judgeRunsDir || !file.endsWith(".json"))
    fail(`--resume: expected a run file in ${judgeRunsDir}/, got ${quotePath(given)}`);
  const unreadable = unreadableFile(resolve(root, file), runFileWanted);
  if (unreadable !== null) fail(`--resume ${quotePath(file)}: ${unreadable}`);
  return file;
}

const problemsLine = (problems: readonly Problem[]) => problems.map(formatProblem).join("; ");

/** What the check of the run to resume needs: the key it must not hold, the cases, the --root given for its hints. */
interface ResumeCheck {
  apiKey: string;
  items: readonly Item[];
  rootFlag: string | undefined;
}

/**
 * The run --resume names, read and checked as judges:check checks a recorded run (bounded, nothing key-shaped nor
 * the key, its prompt listed with its hash, its cases known, its answers read again, its figures recomputed), and
 * recorded under the name it would be written to now, so finishing it rewrites that file and no other.
 */
function runToResume(root: string, given: string, {apiKey, items, rootFlag}: ResumeCheck) {
  const file = resumeFile(root, given);
  const checked = checkJudgeRunFile(root, file, {apiKey, items, rootFlag});
  if (!checked.run) fail(`--resume ${file}: ${problemsLine(checked.problems)}; nothing called`, 1);
  const named = judgeRunFile(checked.run);
  if (named !== file)
    fail(
      `--resume ${file}: a run started at ${checked.run.startedAt} on ${checked.run.model} is ${named}: ` +
        "rename it back; nothing called",
      1,
    );
  return {file, run: checked.run};
}

/** One case's line: its status, and its score against the ruled one. */
function caseLine(record: CaseRecord): string {
  if (record.status !== "answered" || !record.answer)
    return `${record.case}: ${record.status}${record.problem ? ` (${record.problem})` : ""}, not scored`;
  const {distance} = compareScores(record.answer.score, record.ruled);
  return `${record.case}: answered ${record.answer.score}, ruled ${record.ruled} (${distance.replaceAll("-", " ")})`;
}

const figuresLine = ({figures}: JudgeRun): string =>
  `${figures.answered} of ${figures.asked} cases answered (${figures.replied - figures.answered} not read as an ` +
  `answer): ${figures.exact} exact, ${figures.oneOff} one off, ${figures.twoOrMoreOff} two or more off`;

/** The command; a test passes its own world (the network, the clock, its waits) where the run needs it. */
export async function judgeRun(
  args: readonly string[],
  io: CommandIO,
  world: Partial<CallWorld> = {},
): Promise<number> {
  const output = modelCliOutput(io);
  const err = lineWriter(io.stderr);
  return runCli(
    "judge:run",
    (line) => err(output.scrub(line)),
    () => main(args, io, world, output),
    output.say,
  );
}

async function main(
  args: readonly string[],
  io: CommandIO,
  world: Partial<CallWorld>,
  output: ModelCliOutput,
): Promise<void> {
  const {say} = output;
  const {values} = parseCommandLine(args, {
    usage,
    options: modelCallFlags({
      guideline: {type: "string"},
      cases: {type: "string"},
      prompt: {type: "string"},
      resume: {type: "string"},
    }),
  });
  const {model, apiKey, endpoint, timeoutMs, maxRetries} = modelCall(values, {usage, output, env: io.env});
  const root = rootFolder(io, values.root);
  const items = loadItems(root);

  // A resumed run is asked as it was made: its prompt, guideline and cases unless told (and then they must match).
  const resume =
    values.resume === undefined
      ? undefined
      : runToResume(root, typedOrInRoot(io, root, values.resume), {apiKey, items, rootFlag: values.root});

  const promptName = values.prompt ?? resume?.run.prompt ?? defaultPrompt;
  const prompts = listDir(resolve(root, promptsDir))
    .filter((entry) => entry.endsWith(".md"))
    .map((entry) => entry.slice(0, -3));
  if (!prompts.includes(promptName))
    fail(`--prompt: no prompt ${quote(promptName)}: expected one of ${prompts.join(", ") || "none"} in ${promptsDir}`);
  const read = readPrompt(root, promptName);
  const report = {problems: read.problems, warnings: []};
  const hashes = loadPromptHashes(root, report);
  if (read.prompt && hashes)
    checkPromptHashes(
      [read.prompt],
      hashes[promptName] === undefined ? {} : {[promptName]: hashes[promptName]},
      report,
    );
  if (report.problems.length || !read.prompt) fail(`${problemsLine(report.problems)}; nothing called`, 1);
  const prompt = read.prompt;

  const versions = guidelineVersions(root);
  const version = values.guideline ?? resume?.run.guideline ?? versions.at(-1)!;
  if (!versions.includes(version))
    fail(`--guideline: no version ${quote(version)}: expected one of ${versions.join(", ")}`);

  const cases =
    values.cases === undefined && resume
      ? selectCases(items, resume.run.cases.join(","))
      : selectCases(items, values.cases ?? "all");
  writing(() => checkJudgeRunsFolder(root));

  let file = resume?.file;
  const resumeLine = (file: string) =>
    resumeCommand(file, {model, endpoint}, {keyEnv: values["key-env"], root: values.root});
  const asked = {
    prompt: {name: prompt.name, hash: prompt.hash, templates: prompt, parameters: prompt.settings.parameters},
    guideline: judgeGuideline(version, root),
    items: cases,
    model,
    endpoint,
    keyVariable: values["key-env"],
  };
  // A run that cannot be resumed so is refused before the line that says what will be asked.
  const refused = resume && resumeProblem(resume.run, asked);
  if (refused) fail(`--resume ${resume.file}: ${refused}; nothing called`, 1);
  const done = resume?.run.answers.length ?? 0;
  say(
    `judge:run: ${cases.length - done} of ${cases.length} cases, prompt ${prompt.name}, guideline ${version}, ` +
      `on ${model} via ${new URL(endpoint).host}`,
  );
  const outcome = await runJudge({
    ...asked,
    settings: {
      apiKey,
      ...realWorld,
      ...world,
      timeoutMs,
      maxRetries,
      log: (line) => say(`judge:run: ${line}`),
    },
    ...(resume ? {resume: resume.run} : {}),
    save: (run) => {
      try {
        file = writeJudgeRun(root, run);
      } catch (error) {
        if (!(error instanceof RunWriteError)) throw error;
        // The file as last written is still whole: say so, and how to go on from it.
        const kept = file ? `the run as it stood before is in ${file}: ${resumeLine(file)}` : "nothing recorded";
        fail(`${error.message}; ${kept}`, 1);
      }
    },
    onCase: (record) => say(`judge:run: ${caseLine(record)}`),
  });
  if (outcome.status === "refused")
    fail(`${resume ? `--resume ${resume.file}: ` : ""}${outcome.reason}; nothing called`, 1);
  if (outcome.status === "stopped") {
    if (file === undefined) fail(`${outcome.error.message}; stopped at the first case: nothing recorded`, 1);
    const kept = outcome.run.answers.length;
    fail(
      `${outcome.error.message}; stopped with ${kept} of ${outcome.run.cases.length} cases recorded in ` +
        `${file}: to finish it, ${resumeLine(file)}`,
      1,
    );
  }
  say(`judge:run: ${figuresLine(outcome.run)}`);
  say(`judge:run: recorded ${file}`);
}

await runAsEntry(import.meta, judgeRun);

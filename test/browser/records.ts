// Test-only records (judge runs, probe runs) a browser test file's site holds, without a build: they are written into
// a copy of the project's authored files, lib/node/site-data.ts builds the data files from the copy in process (the
// code the build's data loader runs), and the test server answers the built data files they change with those
// (site.ts openSite's `data`). Everything else, pages and modules included, is dist/ as built. No real run exists, and
// none is ever invented in the project's own data/.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {expect} from "vitest";
import {formatProblem} from "../../lib/authored/problems.js";
import type {Score} from "../../lib/authored/schemas/verdict.js";
import {runFigures} from "../../lib/judges/figures.js";
import {JudgeRun} from "../../lib/judges/schema.node.js";
import {loadItems} from "../../lib/node/load.js";
import {siteData} from "../../lib/node/site-data.js";
import type {FetchLike, Sleep} from "../../lib/probes/endpoint-call.js";
import {loadProbes} from "../../lib/probes/load.node.js";
import {runProbe} from "../../lib/probes/runner.js";
import {modelFileStem, writeRun as writeProbeRun} from "../../lib/probes/runs.node.js";
import {calibrationJudgeRun, carefulRun, lenientRun, pageRunFiles, reply} from "../unit/judges/page-runs.js";
import {
  addTestPrompt,
  answerReply,
  guidelineHashOf,
  record,
  testPrompt,
  testPromptHash,
  writeRun,
} from "../unit/judges/run-files.js";
import {distDir} from "./site.js";

/** Records a file's site holds: `write` puts them into the copy's folder and returns what a test reads of them. */
export interface Records<T = unknown> {
  /** Names the copy's folder and, in the list of page states, the site that holds them. */
  name: string;
  write(folder: string): T | Promise<T>;
}

const dataDir = join(distDir, "_file/data");

/**
 * Where dist/ holds a data file ("judges.json" at /_file/data/judges.<hash>.json): the path its pages fetch. None
 * for a file no page loads (items.json, which only checks the build): Framework ships only what a page asks for.
 */
function builtPath(name: string): string | undefined {
  const stem = name.replace(/\.json$/, "");
  const found = readdirSync(dataDir).filter((file) => new RegExp(`^${stem}\\.[0-9a-f]{8}\\.json$`).test(file));
  if (found.length > 1) throw new Error(`dist/ holds ${found.length} files for data/${name}: run \`npm run build\``);
  return found[0] && `/_file/data/${found[0]}`;
}

/**
 * What a build of `root` would ship against dist/: every data file of dist/ compared (by the path dist/ serves it
 * at), and those that differ, with the text the data loader writes (their JSON); none differ when `root` holds what
 * dist/ was built from.
 */
export function builtData(root: string): {compared: string[]; changed: Map<string, string>} {
  const {files, problems} = siteData(root);
  if (problems.length) throw new Error(`the records do not pass the build's checks:\n${problems.map(formatProblem)}`);
  const compared: string[] = [];
  const changed = new Map<string, string>();
  for (const [name, data] of files) {
    const path = builtPath(name);
    if (!path) continue;
    compared.push(path);
    const text = JSON.stringify(data);
    if (readFileSync(join(distDir, path), "utf8") !== text) changed.set(path, text);
  }
  return {compared, changed};
}

// ---- The judges' page: two runs over the calibration cases (test/unit/judges/page-runs.ts) ----

/** Careful and lenient, with the judges' tests' prompt listed in the copy. */
export const judgePageRuns: Records<void> = {
  name: "judges-page",
  write(copy) {
    addTestPrompt(copy);
    writeRun(copy, carefulRun(), pageRunFiles[0]);
    writeRun(copy, lenientRun(), pageRunFiles[1]);
  },
};

// ---- The judges' page with many runs, and a model's long words (issue 28) ----

/** A model slug of 167 characters with no place to break a line: the first run's model. */
export const longModelSlug = `test-only/${"long".repeat(39)}x`;
/** An instruction of 1,000 characters (the most an answer's line holds) with no place to break a line. */
export const longInstruction = `https://example.com/${"a".repeat(980)}`;

/**
 * `count` complete runs over the four calibration cases, a day apart; the first by the long model slug (served by
 * no name: past a slug's 128 characters, the runner keeps none), its line for calibration A the long instruction.
 * Scores: a 4 (exact), b 3 (one off), c 1 and d 5 (exact).
 */
export const manyJudgeRuns = (count: number): Records<void> => ({
  name: `judges-${count}-runs`,
  write(copy) {
    addTestPrompt(copy);
    for (let index = 0; index < count; index++) {
      const model = index === 0 ? longModelSlug : `test-only/judge-${index + 1}`;
      const startedAt = `2026-10-${String(index + 1).padStart(2, "0")}T09:00:00.000Z`;
      const run = calibrationJudgeRun(model, startedAt, [
        reply(4, [index === 0 ? longInstruction : "Write the email", true, "main-task", "met"]),
        reply(3, ["Describe the plot of Romeo and Juliet", true, "main-task", "met"]),
        reply(1, ["Write a limerick about my cat, Pixel", true, "refusal", "not-met"]),
        reply(5, ["Translate this into the language my grandmother speaks", true, "clarifying-question", "met"]),
      ]);
      // As served: the runner keeps a served name only when it is the model asked for (lib/probes/run-metadata.ts),
      // and a slug holds at most 128 characters, so the model asked for in 200 has none.
      run.answers = run.answers.map((answer) => ({...answer, servedBy: model.length <= 128 ? model : null}));
      writeRun(copy, run, `data/judges/runs/${startedAt.replaceAll(":", "-")}--${modelFileStem(model)}.json`);
    }
  },
});

// ---- The author's question on /authors: two runs over the fresh cases and example-2 ----

/** A complete run file in the copy, valid as the schema and judges:check read it: given text, a reply no answer. */
function writeJudgeRun(
  ruled: ReadonlyMap<string, Score>,
  copy: string,
  model: string,
  startedAt: string,
  guideline: string,
  given: [string, Score | string][],
) {
  const answers = given.map(([id, score], minute) => ({
    ...record(id, ruled.get(id)!, typeof score === "number" || score === "n/a" ? answerReply(score) : score, minute),
    servedBy: model,
  }));
  const cases = given.map(([id]) => id);
  const run = JudgeRun.parse({
    kind: "judge-run",
    model,
    endpoint: "http://127.0.0.1:9/test-only-stub/v1/chat/completions",
    prompt: testPrompt,
    promptHash: testPromptHash,
    guideline,
    guidelineHash: guidelineHashOf(guideline, copy),
    parameters: {maxTokens: 1400, temperature: 0},
    cases,
    startedAt,
    finishedAt: startedAt.replace("T09", "T10"),
    complete: true,
    stopped: null,
    answers,
    figures: runFigures({cases, answers}),
  });
  writeRun(copy, run, `data/judges/runs/${startedAt.replaceAll(":", "-")}--${modelFileStem(model)}.json`);
}

/**
 * Lenient, given v2, and careful, given v1 with one reply that is no answer (it counts 3 answered cases). Ruled:
 * fresh-1 5, fresh-2 3, fresh-3 3, fresh-4 2, fresh-5 5, example-2 3.
 */
export const authorJudgeRuns: Records<void> = {
  name: "authors-judges",
  write(copy) {
    addTestPrompt(copy);
    const ruled = new Map(loadItems(copy).map((item) => [item.id, item.score]));
    writeJudgeRun(ruled, copy, "test-only/lenient", "2026-01-01T09:00:00.000Z", "v2", [
      ["fresh-1", 3],
      ["fresh-2", 3],
      ["fresh-3", 3],
      ["fresh-4", 2],
      ["fresh-5", 5],
    ]);
    writeJudgeRun(ruled, copy, "test-only/careful", "2026-01-02T09:00:00.000Z", "v1", [
      ["fresh-1", 5],
      ["fresh-2", 2],
      ["fresh-3", "I would give this response a 3."],
      ["example-2", 3],
    ]);
  },
};

// ---- The probe page: two runs of six-step-chain, recorded the way `npm run probes:run` records them ----

export const correctReply = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731";
/** Cut off by v1's 400-token budget: the first steps are there, the end marker never came. */
const cutOff = "BEGIN-7731\n- Jupiter\n- Saturn\n- Ura";
const stubEndpoint = "http://127.0.0.1:9/test-only-stub/v1/chat/completions";

/** A chat-completions answer, without a network: the runner's fetch is passed in. */
const stubFetch =
  (content: string, finishReason: string): FetchLike =>
  async () =>
    new Response(
      JSON.stringify({
        id: "gen-test-only",
        model: "test-only/stub-model",
        choices: [{index: 0, finish_reason: finishReason, message: {role: "assistant", content}}],
        usage: {
          prompt_tokens: 120,
          completion_tokens: finishReason === "length" ? 400 : 30,
          total_tokens: finishReason === "length" ? 520 : 150,
        },
      }),
      {status: 200, headers: {"content-type": "application/json"}},
    );
/** The stub answers at once: the runner's timeout (a sleep with a signal) only ends when the runner aborts it. */
const sleep: Sleep = (_ms, signal) =>
  new Promise((done) => {
    if (signal) signal.addEventListener("abort", () => done());
    else done();
  });

/** Records one run in the copy through the real runner core and writeRun; returns the file's path from the root. */
async function recordRun(
  copy: string,
  version: "v1" | "v2",
  model: string,
  startedAt: string,
  content: string,
  finishReason: string,
): Promise<string> {
  const loaded = loadProbes(copy);
  expect(loaded.problems).toEqual([]);
  const target = loaded.probes
    .find((p) => p.probe === "six-step-chain")
    ?.versions.find((v) => v.data.version === version);
  if (!target) throw new Error(`no six-step-chain ${version} in the copy`);
  let clock = Date.parse(startedAt);
  const outcome = await runProbe({
    version: target.data,
    versionHash: target.hash,
    model,
    // No 8 characters of it in any recorded text: the runner refuses a run holding a piece of its key.
    apiKey: "k3y-f0r-the-browser-test",
    endpoint: stubEndpoint,
    fetch: stubFetch(content, finishReason),
    now: () => new Date((clock += 1000) - 1000),
    sleep,
  });
  if (!outcome.ok) throw outcome.error;
  return writeProbeRun(copy, outcome.run);
}

/** A v1 run cut off by its token budget (truncated, not scored) and a complete v2 run; the files written. */
export const probeRuns: Records<string[]> = {
  name: "probe-runs",
  write: async (copy) => [
    await recordRun(copy, "v1", "test-only/stub-truncated", "2026-01-01T09:00:00.000Z", cutOff, "length"),
    await recordRun(copy, "v2", "test-only/stub-complete", "2026-01-02T09:00:00.000Z", correctReply, "stop"),
  ],
};

// `npm run judge:run` called in process against a stub of the chat-completions endpoint on 127.0.0.1, in a temporary
// project: the lines it prints and the run it records for each judge the stub plays, with the figures worked out by
// hand from the ruled scores; a run cut short on case 3 and finished with --resume; everything refused before any
// call.
import {createHash} from "node:crypto";
import {mkdirSync, readFileSync, renameSync, writeFileSync} from "node:fs";
import {basename, join} from "node:path";
import {describe, expect, it} from "vitest";
import {formatProblem} from "../../lib/authored/problems.js";
import {checkJudgeRunFile} from "../../lib/judges/check.node.js";
import {guidelineText} from "../../lib/judges/guideline-text.js";
import {readPrompt} from "../../lib/judges/prompts.node.js";
import {writeJudgeRun} from "../../lib/judges/runs.node.js";
import type {JudgeRun} from "../../lib/judges/schema.node.js";
import {loadGuideline} from "../../lib/node/load.js";
import {judgeRun as judgeRunCommand} from "../../scripts/judge-run.js";
import {judgesCheck as judgesCheckCommand} from "../../scripts/judges-check.js";
import {completion, json, stubEndpoint, stubSleep} from "../unit/probes/helpers.js";
import {
  caseSet,
  carefulReply,
  inventingReply,
  judgeRoot,
  judgeRun,
  KEY,
  keyInFiles,
  leaks,
  lenientReply,
  recordedRuns,
  sentMessages,
} from "../unit/judges/helpers.js";
import {record} from "../unit/judges/run-files.js";
import {runCommand, type CommandResult} from "./run.js";

const stub = stubEndpoint();
const {queue, seen} = stub;
const calibration = caseSet("calibration");
const run = (root: string, args: string[], {key = KEY, world = {}}: Parameters<typeof judgeRun>[3] = {}) =>
  judgeRun(root, stub.baseUrl, args, {key, world});
const host = () => new URL(stub.baseUrl).host;
const readRun = (root: string, file: string) => JSON.parse(readFileSync(join(root, file), "utf8")) as JudgeRun;
const lines = (text: string) => text.trimEnd().split("\n");

/** One line on stderr, no stack trace, the exit code, and no request reached the stub. */
function refusedBeforeCalling(result: CommandResult, exitCode: number): string {
  expect(result.code).toBe(exitCode);
  expect(lines(result.stderr)).toHaveLength(1);
  // Refused before the line that says what would be asked (a --resume refused printed "4 of 7 cases…" first).
  expect(result.stdout).toBe("");
  expect(seen).toHaveLength(0);
  expect(leaks(result.stdout + result.stderr)).toBe(false);
  return result.stderr.trim();
}

describe("judge:run records a run", () => {
  it("a careful judge on the calibration set: every case exact, a valid run, the key nowhere", async () => {
    const root = judgeRoot();
    queue.push(...calibration.map((item) => completion({content: carefulReply(item), model: "example/model-2026"})));
    const result = await run(root, ["--model", "example/model", "--cases", "calibration"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [file, ...others] = recordedRuns(root);
    expect(others).toEqual([]);
    expect(file).toMatch(/^data\/judges\/runs\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z--example-model\.json$/);
    // Ruled (data/items/calibration-*.md): a 4, b 2, c 1, d 5, d-twist 2; a careful judge gives each.
    expect(lines(result.stdout)).toEqual([
      `judge:run: 5 of 5 cases, prompt checklist-v1, guideline v2, on example/model via ${host()}`,
      "judge:run: calibration-a: answered 4, ruled 4 (exact)",
      "judge:run: calibration-b: answered 2, ruled 2 (exact)",
      "judge:run: calibration-c: answered 1, ruled 1 (exact)",
      "judge:run: calibration-d: answered 5, ruled 5 (exact)",
      "judge:run: calibration-d-twist: answered 2, ruled 2 (exact)",
      "judge:run: 5 of 5 cases answered (0 not read as an answer): 5 exact, 0 one off, 0 two or more off",
      `judge:run: recorded ${file}`,
    ]);
    const recorded = readRun(root, file!);
    expect(recorded).not.toHaveProperty("keyVariable");
    expect(recorded.figures).toEqual({asked: 5, replied: 5, answered: 5, exact: 5, oneOff: 0, twoOrMoreOff: 0});
    const text = guidelineText(loadGuideline("v2", "."));
    expect(recorded).toMatchObject({
      model: "example/model",
      endpoint: stub.endpoint,
      prompt: "checklist-v1",
      promptHash: readPrompt(".", "checklist-v1").prompt!.hash,
      guideline: "v2",
      guidelineHash: createHash("sha256").update(text, "utf8").digest("hex"),
      complete: true,
      stopped: null,
    });
    expect(recorded.answers.map((answer) => answer.servedBy)).toEqual(Array(5).fill("example/model-2026"));
    expect(checkJudgeRunFile(root, file!, {apiKey: KEY})).toMatchObject({problems: [], warnings: []});
    expect(sentMessages(seen[0]!.body)[0]!.content).toContain(text.trim());
    expect(seen.map((request) => request.authorization)).toEqual(Array(5).fill(`Bearer ${KEY}`));
    expect(keyInFiles(root)).toBe(false);
    expect(leaks(result.stdout + result.stderr)).toBe(false);
  });

  it("asks a model served on this machine as the guide shows, keyed by the variable --key-env names", async () => {
    // docs/model-judges.md, Without the internet: a local server that reads no key, LOCAL_KEY set to random characters.
    const root = judgeRoot();
    queue.push(...calibration.map((item) => completion({content: carefulReply(item)})));
    const args = [
      "--model",
      "llama3.1",
      "--base-url",
      stub.baseUrl,
      "--key-env",
      "LOCAL_KEY",
      "--cases",
      "calibration",
    ];
    const result = await runCommand((given, io) => judgeRunCommand(given, io), ["--root", root, ...args], {
      env: {LOCAL_KEY: "5f8c1a9e7b"},
    });
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout)[0]).toBe(
      `judge:run: 5 of 5 cases, prompt checklist-v1, guideline v2, on llama3.1 via ${host()}`,
    );
    expect(seen.map((request) => request.authorization)).toEqual(Array(5).fill("Bearer 5f8c1a9e7b"));
    // The variable's name is recorded, for the line that finishes the run; the default variable is recorded as none.
    expect(readRun(root, recordedRuns(root)[0]!)).toMatchObject({
      model: "llama3.1",
      endpoint: stub.endpoint,
      keyVariable: "LOCAL_KEY",
    });
    // A key too short is refused in words left whole: known as the key, "k" blotted out every k of the message.
    const short = await runCommand((given, io) => judgeRunCommand(given, io), ["--root", root, ...args], {
      env: {LOCAL_KEY: "k"},
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/^judge:run: the api key in LOCAL_KEY is 1 character long: /);
    expect(short.stderr).toContain("(like 5f8c1a9e7b), which no reply holds by chance");
    expect(short.stderr).not.toContain("[redacted]");
  });

  it("a lenient judge (always 5): the figures worked out by hand", async () => {
    const root = judgeRoot();
    queue.push(...calibration.map((item) => completion({content: lenientReply(item)})));
    const result = await run(root, ["--model", "example/model", "--cases", "calibration"]);
    expect(result.code).toBe(0);
    // Ruled a 4, b 2, c 1, d 5, d-twist 2: 5 is one off a, exact for d, three or four off the rest.
    expect(lines(result.stdout).slice(1, -1)).toEqual([
      "judge:run: calibration-a: answered 5, ruled 4 (one off)",
      "judge:run: calibration-b: answered 5, ruled 2 (two or more off)",
      "judge:run: calibration-c: answered 5, ruled 1 (two or more off)",
      "judge:run: calibration-d: answered 5, ruled 5 (exact)",
      "judge:run: calibration-d-twist: answered 5, ruled 2 (two or more off)",
      "judge:run: 5 of 5 cases answered (0 not read as an answer): 1 exact, 1 one off, 3 two or more off",
    ]);
  });

  it("asks sets and case ids named together: each set in the walk's order, all in the order given", async () => {
    // Before, "calibration,fresh" was refused as "no case", its message listing both as what it expects.
    const root = judgeRoot();
    const example1 = caseSet("examples")[0]!;
    queue.push(...[example1, ...calibration].map((item) => completion({content: lenientReply(item)})));
    const result = await run(root, ["--model", "example/model", "--cases", "example-1,calibration"]);
    expect(result.code).toBe(0);
    const said = lines(result.stdout);
    expect(said[0]).toMatch(/^judge:run: 6 of 6 cases, /);
    expect(said.slice(1, 7).map((line) => line.split(": ")[1])).toEqual([
      "example-1",
      "calibration-a",
      "calibration-b",
      "calibration-c",
      "calibration-d",
      "calibration-d-twist",
    ]);
  });

  it("a judge inventing ids and one answering in prose: recorded as given, prose kept to 2,000 characters", async () => {
    const root = judgeRoot();
    const prose = `I would give this a 4.${" The response meets the request.".repeat(100)}`;
    queue.push(completion({content: inventingReply}), completion({content: prose}));
    const result = await run(root, ["--model", "example/model", "--cases", "calibration-a,calibration-b"]);
    expect(result.code).toBe(0);
    expect(lines(result.stdout).slice(1, -1)).toEqual([
      "judge:run: calibration-a: answered 4, ruled 4 (exact)",
      "judge:run: calibration-b: unparsed (not JSON: the reply is not a JSON object), not scored",
      "judge:run: 1 of 2 cases answered (1 not read as an answer): 1 exact, 0 one off, 0 two or more off",
    ]);
    const file = recordedRuns(root)[0]!;
    const [invented, unparsed] = readRun(root, file).answers;
    expect(invented!.answer!.checklist.map((line) => line.rule)).toEqual(["main-task", "tone-warmth"]);
    expect(invented!.case).toBe("calibration-a");
    expect(prose.length).toBe(3222);
    expect(unparsed!.reply).toBe(prose.slice(0, 2000));
    expect(checkJudgeRunFile(root, file).problems).toEqual([]);
  });

  it("429 then success: waits as Retry-After says, and records", async () => {
    const root = judgeRoot();
    queue.push(
      json(429, {error: {message: "rate limited"}}, {"retry-after": "1"}),
      completion({content: carefulReply(calibration[0]!)}),
    );
    const waits: number[] = [];
    const result = await run(root, ["--model", "example/model", "--cases", "calibration-a"], {
      world: {sleep: stubSleep(waits)},
    });
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toContain("judge:run: http 429: rate limited, retry 1 of 3 in 1 s (retry-after)");
    expect(waits).toEqual([1000]);
    expect(lines(result.stdout)).toContain("judge:run: calibration-a: answered 4, ruled 4 (exact)");
    expect(seen).toHaveLength(2);
  });
});

describe("judge:run stops at a failed call, keeping the cases so far", () => {
  const resumeLine = (root: string, file: string) =>
    `npm run judge:run -- --resume ${file} --model example/model --base-url ${stub.baseUrl} --root ${root}`;

  it("a judge echoing the key: stops, and no piece of the key in any file or output", async () => {
    const root = judgeRoot();
    queue.push(
      completion({content: carefulReply(calibration[0]!)}),
      completion({content: `${carefulReply(calibration[1]!)}\nBearer ${KEY}`}),
    );
    const result = await run(root, ["--model", "example/model", "--cases", "calibration"]);
    expect(result.code).toBe(1);
    const file = recordedRuns(root)[0]!;
    expect(lines(result.stderr)).toEqual([
      "judge:run: the reply holds the api key or a piece of it: a run must never hold the key; stopped with 1 of 5 " +
        `cases recorded in ${file}: to finish it, ${resumeLine(root, file)}`,
    ]);
    expect(readRun(root, file).answers.map((answer) => answer.case)).toEqual(["calibration-a"]);
    expect(keyInFiles(root)).toBe(false);
    expect(leaks(result.stdout + result.stderr)).toBe(false);
  });

  it("a slow judge: times out on its first case, and nothing is recorded", async () => {
    const root = judgeRoot();
    queue.push((req, res) => {
      const timer = setTimeout(() => completion()(req, res, ""), 5000);
      res.on("close", () => clearTimeout(timer));
    });
    const result = await run(root, ["--model", "example/model", "--cases", "calibration-a", "--timeout", "1"]);
    expect(result.code).toBe(1);
    // A run with no answer held nothing to finish: kept, each retry added another, and /judges listed each as a run
    // that answered 0 of its cases.
    expect(result.stderr.trim()).toBe(
      "judge:run: no complete answer within 1 s: timed out; stopped at the first case: nothing recorded",
    );
    expect(recordedRuns(root)).toEqual([]);
  });

  it("interrupted on case 3: a valid incomplete run with 2 cases; --resume asks only the other 3", async () => {
    const root = judgeRoot();
    queue.push(
      completion({content: carefulReply(calibration[0]!)}),
      completion({content: carefulReply(calibration[1]!)}),
      json(500, {error: {message: "upstream exploded"}}),
    );
    const cut = await run(root, ["--model", "example/model", "--cases", "calibration"]);
    expect(cut.code).toBe(1);
    const file = recordedRuns(root)[0]!;
    expect(cut.stderr.trim()).toBe(
      "judge:run: http 500: the endpoint failed; try again later; stopped with 2 of 5 cases " +
        `recorded in ${file}: to finish it, ${resumeLine(root, file)}`,
    );
    const checked = checkJudgeRunFile(root, file);
    expect(checked.problems).toEqual([]);
    expect(checked.warnings.map(formatProblem)).toEqual([
      `${file} at complete: incomplete: 2 of 5 cases recorded; finish it with npm run judge:run -- --resume ${file} ` +
        `--model example/model --base-url ${stub.baseUrl}`,
    ]);
    // By hand: calibration A and B, both answered as ruled.
    expect(checked.run!.figures).toEqual({asked: 5, replied: 2, answered: 2, exact: 2, oneOff: 0, twoOrMoreOff: 0});

    seen.length = 0;
    queue.push(...calibration.slice(2).map((item) => completion({content: carefulReply(item)})));
    const resumed = await run(root, ["--resume", file, "--model", "example/model"]);
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(lines(resumed.stdout)).toEqual([
      `judge:run: 3 of 5 cases, prompt checklist-v1, guideline v2, on example/model via ${host()}`,
      "judge:run: calibration-c: answered 1, ruled 1 (exact)",
      "judge:run: calibration-d: answered 5, ruled 5 (exact)",
      "judge:run: calibration-d-twist: answered 2, ruled 2 (exact)",
      "judge:run: 5 of 5 cases answered (0 not read as an answer): 5 exact, 0 one off, 0 two or more off",
      `judge:run: recorded ${file}`,
    ]);
    expect(seen).toHaveLength(3);
    expect(recordedRuns(root)).toEqual([file]);
    const finished = checkJudgeRunFile(root, file);
    expect(finished).toMatchObject({problems: [], warnings: []});
    expect(finished.run).toMatchObject({complete: true, stopped: null, startedAt: checked.run!.startedAt});
  });

  it("judges:check's line for a stopped run, run as written, finishes it on the run's own model and endpoint", async () => {
    const root = judgeRoot();
    queue.push(
      completion({content: carefulReply(calibration[0]!)}),
      json(500, {error: {message: "upstream exploded"}}),
    );
    expect((await run(root, ["--model", "example/model", "--cases", "calibration"])).code).toBe(1);
    const file = recordedRuns(root)[0]!;
    const check = await runCommand(judgesCheckCommand, ["--root", root], {env: {}});
    expect(check.code).toBe(0);
    const command = "npm run judge:run -- ";
    const [warning] = lines(check.stderr);
    expect(warning).toBe(
      `warning: ${file} at complete: incomplete: 1 of 5 cases recorded; finish it with ${command}--resume ${file} ` +
        `--model example/model --base-url ${stub.baseUrl} --root ${root}`,
    );

    // The line's own words alone: its --root is the temporary project judges:check was given.
    seen.length = 0;
    queue.push(...calibration.slice(1).map((item) => completion({content: carefulReply(item)})));
    const args = warning!.slice(warning!.indexOf(command) + command.length).split(" ");
    const resumed = await runCommand((given, io) => judgeRunCommand(given, io), args, {
      env: {OPENROUTER_API_KEY: KEY},
    });
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(seen).toHaveLength(4);
    expect(readRun(root, file)).toMatchObject({complete: true, endpoint: stub.endpoint, model: "example/model"});
  });
});

describe("judge:run --resume refuses before any call", () => {
  const prompt = readPrompt(".", "checklist-v1").prompt!;
  const v2Text = guidelineText(loadGuideline("v2", "."));

  /** Calibration on example/model via the stub, cut after A and B (answered as ruled), written as judge:run would. */
  function cutRun(root: string, change: Partial<JudgeRun> = {}): string {
    const answers = [
      record("calibration-a", 4, carefulReply(calibration[0]!), 0),
      record("calibration-b", 2, carefulReply(calibration[1]!), 1),
    ];
    const cut: JudgeRun = {
      kind: "judge-run",
      model: "example/model",
      endpoint: stub.endpoint,
      prompt: "checklist-v1",
      promptHash: prompt.hash,
      guideline: "v2",
      guidelineHash: createHash("sha256").update(v2Text, "utf8").digest("hex"),
      parameters: {maxTokens: 4000, temperature: 0},
      cases: calibration.map((item) => item.id),
      startedAt: "2026-11-30T10:00:00.000Z",
      finishedAt: null,
      complete: false,
      stopped: "http 500: the endpoint failed; try again later",
      answers: answers.map((answer) => ({...answer, servedBy: "example/model"})),
      // By hand: A and B answered as ruled.
      figures: {asked: 5, replied: 2, answered: 2, exact: 2, oneOff: 0, twoOrMoreOff: 0},
      ...change,
    };
    return writeJudgeRun(root, cut);
  }

  const differs = (what: string, recorded: string, now: string) =>
    `the run was made with ${what} ${recorded}, not ${now}: resume it as it was made, or start a new run; nothing called`;

  it("another model, another endpoint, another guideline", async () => {
    const root = judgeRoot();
    const file = cutRun(root);
    const other = await run(root, ["--resume", file, "--model", "example/other"]);
    expect(refusedBeforeCalling(other, 1)).toBe(
      `judge:run: --resume ${file}: ${differs("model", "example/model", "example/other")}`,
    );
    const elsewhere = `http://${host()}/v1`;
    const moved = await judgeRun(root, elsewhere, ["--resume", file, "--model", "example/model"]);
    expect(refusedBeforeCalling(moved, 1)).toBe(
      `judge:run: --resume ${file}: ${differs("endpoint", stub.endpoint, `${elsewhere}/chat/completions`)}`,
    );
    const v1 = await run(root, ["--resume", file, "--model", "example/model", "--guideline", "v1"]);
    expect(refusedBeforeCalling(v1, 1)).toBe(`judge:run: --resume ${file}: ${differs("guideline", "v2", "v1")}`);
    // Typed in the runs' folder, the file's own name finds it (read from there, not from the project's folder); typed
    // in another folder, the path the finishing line prints (from the project's folder) still does.
    const typed = await judgeRun(root, stub.baseUrl, ["--resume", basename(file), "--model", "example/other"], {
      typedIn: join(root, "data/judges/runs"),
    });
    expect(refusedBeforeCalling(typed, 1)).toBe(
      `judge:run: --resume ${file}: ${differs("model", "example/model", "example/other")}`,
    );
    const printed = await judgeRun(root, stub.baseUrl, ["--resume", file, "--model", "example/other"], {
      typedIn: join(root, "data/items"),
    });
    expect(refusedBeforeCalling(printed, 1)).toBe(
      `judge:run: --resume ${file}: ${differs("model", "example/model", "example/other")}`,
    );
  });

  it("a prompt changed since the run, even listed again with its new hash", async () => {
    const root = judgeRoot();
    const file = cutRun(root);
    const promptFile = join(root, "data/judges/prompts/checklist-v1.md");
    const changed = `${readFileSync(promptFile, "utf8")}\nBe lenient.\n`;
    writeFileSync(promptFile, changed);
    const hash = createHash("sha256").update(changed, "utf8").digest("hex");
    writeFileSync(join(root, "data/judges/prompts/hashes.json"), JSON.stringify({"checklist-v1": hash}));
    const result = await run(root, ["--resume", file, "--model", "example/model"]);
    expect(refusedBeforeCalling(result, 1)).toBe(
      `judge:run: --resume ${file}: ${file} at promptHash: does not match data/judges/prompts/checklist-v1.md as ` +
        "listed: a run stays with the prompt that produced it; nothing called",
    );
  });

  it("a complete run", async () => {
    const root = judgeRoot();
    const answers = calibration.map((item, index) => ({
      ...record(item.id, item.score, carefulReply(item), index),
      servedBy: "example/model",
    }));
    const figures = {asked: 5, replied: 5, answered: 5, exact: 5, oneOff: 0, twoOrMoreOff: 0};
    const file = cutRun(root, {
      answers,
      figures,
      complete: true,
      finishedAt: "2026-11-30T10:05:00.000Z",
      stopped: null,
    });
    const result = await run(root, ["--resume", file, "--model", "example/model"]);
    expect(refusedBeforeCalling(result, 1)).toBe(
      `judge:run: --resume ${file}: the run is complete: nothing to resume; nothing called`,
    );
  });

  it("a run file renamed, or holding the key, or outside the runs folder", async () => {
    const root = judgeRoot();
    const file = cutRun(root);
    const renamed = "data/judges/runs/mine.json";
    renameSync(join(root, file), join(root, renamed));
    const result = await run(root, ["--resume", renamed, "--model", "example/model"]);
    expect(refusedBeforeCalling(result, 1)).toBe(
      `judge:run: --resume ${renamed}: a run started at 2026-11-30T10:00:00.000Z on example/model is ${file}: ` +
        "rename it back; nothing called",
    );
    const withKey = readFileSync(join(root, renamed), "utf8").replace(
      "http 500: the endpoint failed; try again later",
      KEY,
    );
    writeFileSync(join(root, file), withKey);
    const leaky = await run(root, ["--resume", file, "--model", "example/model"]);
    expect(refusedBeforeCalling(leaky, 1)).toContain(
      `judge:run: --resume ${file}: ${file} at stopped: holds the api key or a piece of it: ` +
        "a run must never hold the key; delete the file",
    );
    const outside = await run(root, ["--resume", join(root, "data/items/example-1.md"), "--model", "example/model"]);
    expect(refusedBeforeCalling(outside, 2)).toBe(
      `judge:run: --resume: expected a run file in data/judges/runs/, got "${join(root, "data/items/example-1.md")}"`,
    );
  });
});

describe("judge:run checks everything before any call", () => {
  it.each([
    [
      ["--model", "m", "--cases", "nope"],
      2,
      '--cases: no case "nope": expected all, examples, edge-cases, calibration, fresh',
    ],
    [["--model", "m", "--cases", "all,fresh"], 2, "--cases: all is every case: give it alone"],
    [
      ["--model", "m", "--cases", "calibration,calibration-a"],
      2,
      '--cases: "calibration-a" is named twice (a set holds it too): name each once',
    ],
    [["--model", "m", "--cases", "example-1,example-1"], 2, '--cases: "example-1" is named twice: name each once'],
    [["--model", "m", "--guideline", "../v2"], 2, '--guideline: no version "../v2": expected one of v1, v2'],
    [["--model", "m", "--prompt", "nope"], 2, '--prompt: no prompt "nope": expected one of checklist-v1'],
    [
      ["--model", "m", "--resume", "data/judges/runs/none.json"],
      2,
      '--resume "data/judges/runs/none.json": no such file: check its name and its folder',
    ],
    [["--cases", "all"], 2, "missing --model <slug>; usage: npm run judge:run -- --model <slug>"],
    [["--model", "m", "--bogus"], 2, 'unknown option "--bogus": expected --model, --guideline, --cases, --prompt'],
  ] as const)("%j: one line naming the problem, nothing called", async (args, exitCode, message) => {
    const result = await run(judgeRoot(), [...args]);
    expect(refusedBeforeCalling(result, exitCode)).toContain(`judge:run: ${message}`);
  });

  it("a --resume that names a folder: not a regular file, exit 2, nothing called", async () => {
    // Before, judges:check's words for a folder among the runs came back: "a run is a file; delete it", exit 1.
    const root = judgeRoot();
    mkdirSync(join(root, "data/judges/runs/folder.json"), {recursive: true});
    const result = await run(root, ["--model", "m", "--resume", "data/judges/runs/folder.json"]);
    expect(refusedBeforeCalling(result, 2)).toBe(
      'judge:run: --resume "data/judges/runs/folder.json": not a regular file: give a run file, like those ' +
        "judge:run writes in data/judges/runs/",
    );
  });

  it("a prompt edited after it was listed, or not listed at all", async () => {
    const root = judgeRoot();
    const promptFile = join(root, "data/judges/prompts/checklist-v1.md");
    writeFileSync(promptFile, `${readFileSync(promptFile, "utf8")}\nBe lenient.\n`);
    const edited = await run(root, ["--model", "m"]);
    expect(refusedBeforeCalling(edited, 1)).toContain(
      "judge:run: data/judges/prompts/checklist-v1.md: text changed after it was listed",
    );
    writeFileSync(join(root, "data/judges/prompts/hashes.json"), "{}\n");
    const unlisted = await run(root, ["--model", "m"]);
    expect(refusedBeforeCalling(unlisted, 1)).toContain(
      'judge:run: data/judges/prompts/checklist-v1.md: not listed: add "checklist-v1"',
    );
  });

  it("a base url that is not http or https, such as javascript:, is refused (the rule a run file's endpoint is held to)", async () => {
    const result = await judgeRun(judgeRoot(), "javascript:alert(document.domain)", ["--model", "m"]);
    expect(refusedBeforeCalling(result, 2)).toBe(
      'judge:run: --base-url: expected an http or https url, got "javascript:alert(document.domain)"',
    );
  });

  it("a key-shaped model slug is refused unprinted (the checks probes:run shares)", async () => {
    const result = await run(judgeRoot(), ["--model", `x/${KEY}`]);
    expect(refusedBeforeCalling(result, 2)).toBe(
      "judge:run: --model holds the api key or a piece of it: pass the model's slug, like openai/gpt-5-mini",
    );
  });
});

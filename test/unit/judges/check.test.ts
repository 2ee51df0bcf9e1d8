// judges:check's checks of the prompts and the recorded judge runs, on run files written by hand in a temporary
// project (the cases and the guideline copied): each tampering gives its one problem line, naming file and field.
import {createHash} from "node:crypto";
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {formatProblem} from "../../../lib/authored/problems.js";
import {checkJudges} from "../../../lib/judges/check.node.js";
import {projectRoot} from "../../../lib/node/load.js";
import {emptyProgress, recordAnswer} from "../../../lib/trainee/progress.js";
import {exportFile} from "../../../lib/trainee/transfer.js";
import {
  addTestPrompt,
  answerReply,
  calibrationRun,
  record,
  runFile,
  testPrompt,
  testPromptHash,
  writeRun,
} from "./run-files.js";
import {recordedRun} from "../probes/helpers.js";

let root = "";
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "judges-check-"));
  for (const dir of ["data/items", "guideline"]) cpSync(join(projectRoot, dir), join(root, dir), {recursive: true});
  addTestPrompt(root);
});
afterEach(() => rmSync(root, {recursive: true, force: true}));

const lines = (apiKey?: string) => checkJudges(root, {apiKey}).problems.map(formatProblem);
const warnings = () => checkJudges(root).warnings.map(formatProblem);
const at = (field: string, message: string) => `${runFile} at ${field}: ${message}`;

describe("checkJudges", () => {
  it("passes a project with no judges at all: no prompt, no hashes file, no run", () => {
    rmSync(join(root, "data/judges"), {recursive: true});
    expect(checkJudges(root)).toEqual({problems: [], warnings: [], prompts: [], runs: []});
  });

  it("passes a run written by hand, with the figures worked out from the ruled scores", () => {
    const run = calibrationRun();
    writeRun(root, run);
    const check = checkJudges(root);
    expect(check.problems).toEqual([]);
    expect(check.warnings).toEqual([]);
    expect(check.prompts.map((prompt) => prompt.name)).toContain(testPrompt);
    expect(check.runs).toEqual([{file: runFile, data: run}]);
  });

  it("lists the runs oldest first", () => {
    const later = {...calibrationRun(), startedAt: "2026-11-30T12:00:00.000Z"};
    writeRun(root, later, "data/judges/runs/a-later.json");
    writeRun(root, calibrationRun(), "data/judges/runs/b-earlier.json");
    expect(checkJudges(root).runs.map((run) => run.file)).toEqual([
      "data/judges/runs/b-earlier.json",
      "data/judges/runs/a-later.json",
    ]);
  });

  it("recomputes the figures and names the one that differs with both values", () => {
    writeRun(root, {...calibrationRun(), figures: {...calibrationRun().figures, exact: 2}});
    expect(lines()).toEqual([
      at("figures.exact", "2, but its answers give 1: the figures are recomputed from the answers"),
    ]);
  });

  it("reads every answer again from its reply: a score edited by hand is caught", () => {
    const run = calibrationRun();
    // calibration-b's reply says 3; the record is edited to the ruled 2, and the figures to match it.
    run.answers[1]!.answer!.score = 2;
    run.figures = {...run.figures, exact: 2, oneOff: 0};
    writeRun(root, run);
    expect(lines()).toEqual([
      at("answers[1].answer.score", "2, but its reply says 3: an answer is read from its reply, never edited"),
    ]);
  });

  it("names a checklist line edited by hand", () => {
    const run = calibrationRun();
    run.answers[0]!.answer!.checklist[0]!.rule = "style-register";
    writeRun(root, run);
    expect(lines()).toEqual([
      at(
        "answers[0].answer.checklist[0].rule",
        '"style-register", but its reply says "main-task": an answer is read from its reply, never edited',
      ),
    ]);
  });

  it("refuses a run whose prompt hash is not the listed one", () => {
    writeRun(root, {...calibrationRun(), promptHash: "b".repeat(64)});
    expect(lines()).toEqual([
      at(
        "promptHash",
        `does not match data/judges/prompts/${testPrompt}.md as listed: a run stays with the prompt that produced it`,
      ),
    ]);
  });

  it("refuses a prompt whose text changed after it was listed, and one never listed", () => {
    const file = join(root, `data/judges/prompts/${testPrompt}.md`);
    const changed = readFileSync(file, "utf8").replace("Rate the case", "Score the case");
    writeFileSync(file, changed);
    const unlisted = changed.replace("never sent", "never listed");
    writeFileSync(join(root, "data/judges/prompts/unlisted-v1.md"), unlisted);
    const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    expect(lines()).toEqual([
      `data/judges/prompts/${testPrompt}.md: text changed after it was listed (sha256 ` +
        `${sha256(changed).slice(0, 12)}, listed ${testPromptHash.slice(0, 12)}): runs used the listed text; put the ` +
        "change in a new prompt file",
      `data/judges/prompts/unlisted-v1.md: not listed: add "unlisted-v1": "${sha256(unlisted)}" to ` +
        "data/judges/prompts/hashes.json before a run uses it",
    ]);
  });

  it("refuses a run naming a prompt there is no file of, or a guideline version there is not", () => {
    writeRun(root, {...calibrationRun(), prompt: "gone-v1", guideline: "v9"});
    expect(lines()).toEqual([
      at("prompt", "no valid prompt file data/judges/prompts/gone-v1.md"),
      at("guideline", "no guideline version v9 (guideline/v9/guideline.yaml)"),
    ]);
  });

  it("refuses an unknown case id, in the cases asked and in the answers", () => {
    const run = calibrationRun();
    run.cases[3] = "calibration-z";
    run.answers[3]!.case = "calibration-z";
    writeRun(root, run);
    expect(lines()).toEqual([
      at("cases[3]", 'unknown case "calibration-z": there is no data/items/calibration-z.md'),
      at("answers[3].case", 'unknown case "calibration-z": there is no data/items/calibration-z.md'),
    ]);
  });

  it("refuses answers to cases not asked, twice, or out of the asked order", () => {
    const run = calibrationRun();
    run.answers = [run.answers[1]!, run.answers[0]!, run.answers[0]!, record("example-1", 5, answerReply(5))];
    run.cases = run.cases.slice(0, 2);
    run.figures = {asked: 2, replied: 4, answered: 4, exact: 3, oneOff: 1, twoOrMoreOff: 0};
    writeRun(root, run);
    expect(lines()).toEqual([
      at("answers[1].case", '"calibration-a" is out of the asked order: cases lists it earlier'),
      at("answers[2].case", '"calibration-a" is recorded twice (answers[1])'),
      at("answers[3].case", '"example-1" was not asked: it is not in cases'),
    ]);
  });

  it("refuses complete: true with a case missing, and warns of an honest incomplete run", () => {
    const run = calibrationRun();
    run.answers = run.answers.slice(0, 3);
    run.figures = {...run.figures, replied: 3};
    writeRun(root, run);
    expect(lines()).toEqual([
      at(
        "complete",
        `true, but 1 case asked has no record (calibration-d): set it false and finish it with npm run judge:run -- ` +
          `--resume ${runFile} --model example/judge-1`,
      ),
    ]);
    writeRun(root, {
      ...run,
      complete: false,
      finishedAt: null,
      stopped: "http 503: the endpoint failed; try again later",
    });
    expect(lines()).toEqual([]);
    expect(warnings()).toEqual([
      at(
        "complete",
        `incomplete: 3 of 4 cases recorded; finish it with npm run judge:run -- --resume ${runFile} ` +
          "--model example/judge-1",
      ),
    ]);
  });

  it("names the key's variable the run recorded in the command that finishes it", () => {
    const run = calibrationRun();
    run.answers = run.answers.slice(0, 3);
    writeRun(root, {
      ...run,
      keyVariable: "LOCAL_KEY",
      complete: false,
      finishedAt: null,
      figures: {...run.figures, replied: 3},
    });
    expect(warnings()).toEqual([
      at(
        "complete",
        `incomplete: 3 of 4 cases recorded; finish it with npm run judge:run -- --resume ${runFile} ` +
          "--model example/judge-1 --key-env LOCAL_KEY",
      ),
    ]);
    expect(lines()).toEqual([]);
    writeRun(root, {...run, keyVariable: "LOCAL KEY", complete: false, finishedAt: null});
    expect(lines()).toEqual([
      at(
        "keyVariable",
        `got "LOCAL KEY": expected an environment variable's name: letters, digits and _, not first a digit`,
      ),
    ]);
  });

  it("refuses finishedAt on an incomplete run and a missing one on a complete run", () => {
    writeRun(root, {...calibrationRun(), finishedAt: null});
    expect(lines()).toEqual([at("finishedAt", "null on a complete run: set when it finished")]);
    const run = calibrationRun();
    run.answers = run.answers.slice(0, 3);
    writeRun(root, {...run, complete: false, figures: {...run.figures, replied: 3}});
    expect(lines()).toEqual([at("finishedAt", "set on an incomplete run: null until it ends")]);
  });

  it("warns of a case whose ruling changed since the run, with both scores", () => {
    const run = calibrationRun();
    run.answers[0]!.ruled = 5;
    run.figures = {...run.figures, exact: 0, oneOff: 2};
    writeRun(root, run);
    expect(lines()).toEqual([]);
    expect(warnings()).toEqual([
      at(
        "answers[0].ruled",
        '"calibration-a" was ruled 5 when the run was made and is ruled 4 now: its results are against today\'s ruling',
      ),
    ]);
  });

  it("warns of a run whose guideline text is not the version's as it is now (its version changed by hand)", () => {
    // Made with v2's text, then said to be v1's: it passed as "all as recorded", and /judges named v1.
    const run = calibrationRun();
    run.guideline = "v1";
    writeRun(root, run);
    expect(lines()).toEqual([]);
    const said =
      "does not match guideline/v1 as it is now: the judge read other words (the version edited since, or the " +
      "run's guideline changed by hand); its figures are against today's rulings";
    expect(warnings()).toEqual([at("guidelineHash", said)]);
    writeRun(root, {...calibrationRun(), guidelineHash: "0".repeat(64)});
    expect(warnings()).toEqual([at("guidelineHash", said.replace("v1", "v2"))]);
  });

  it("refuses an answer kept on a case with no answer, and a failed reply kept whole", () => {
    const run = calibrationRun();
    run.answers[3]!.answer = {checklist: [], score: 5};
    writeRun(root, run);
    expect(lines()).toEqual([
      at("answers[3].answer", "set on a case with status unparsed: only an answered case has an answer"),
    ]);
    const long = calibrationRun();
    long.answers[3]!.reply = "I would give it a 5. ".repeat(100);
    writeRun(root, long);
    expect(lines()).toEqual([
      at("answers[3].reply", "2100 characters: a case with no answer keeps its reply's first 2000"),
    ]);
  });

  it("refuses a key-shaped token in a reply, never quoting it", () => {
    const token = "sk-or-v1-0123456789abcdef0123456789abcdef";
    const run = calibrationRun();
    run.answers[3]!.reply = `Here is my key ${token}`;
    writeRun(root, run);
    const problems = lines();
    expect(problems).toEqual([
      at("answers[3].reply", 'holds an sk- key ("sk-or-…"): a run must never hold a secret; delete the file'),
    ]);
    expect(problems.join("\n")).not.toContain(token);
  });

  it("refuses the given key in base64 in any field, never printing it", () => {
    const key = "sk-test-judges-check-0000";
    const run = {...calibrationRun(), stopped: `echoed: ${Buffer.from(key).toString("base64")}`, complete: false};
    writeRun(root, run);
    // Without the key it is refused for its shape; with it, as the key.
    expect(lines()).toEqual([
      at("stopped", 'holds a long random token ("c2st…"): a run must never hold a secret; delete the file'),
    ]);
    const problems = lines(key);
    expect(problems).toEqual([
      at("stopped", "holds the api key or a piece of it: a run must never hold the key; delete the file"),
    ]);
    expect(problems.join("\n")).not.toContain(key);
  });

  it("refuses the key JSON-escaped one character a line in a reply kept as an excerpt, key at hand or not", () => {
    // issue 28: the reply is no answer (score 9), so it is kept as written, never parsed; read as JSON reads it,
    // its note spells the key.
    const key = `sk-or-v1-${createHash("sha256").update("judges-check excerpt").digest("hex")}`;
    const run = calibrationRun();
    Object.assign(run.answers[3]!, {
      status: "invalid",
      reply: `{"score": 9, "checklist": [], "note": "${[...key].join("\\n")}"}`,
      problem: 'score: expected 1 to 5 or "n/a"',
    });
    writeRun(root, run);
    expect(lines(key)).toEqual([
      at("answers[3].reply", "holds the api key or a piece of it: a run must never hold the key; delete the file"),
    ]);
    expect(lines()).toEqual([
      at(
        "answers[3].reply",
        'holds an sk-or-v1- key, spaced out or disguised ("sk-or-…"): a run must never hold a secret; delete the file',
      ),
    ]);
  });

  it("refuses the key with tags or escaped tabs between its characters, or %-encoded three times, in stopped", () => {
    const key = "sk-test-9f3a7c1e5b2d-0000";
    const percent = [...key].map((c) => `%2525${c.charCodeAt(0).toString(16)}`).join("");
    for (const disguise of [[...key].join("<b></b>"), [...key].join("\\t"), percent]) {
      writeRun(root, {...calibrationRun(), complete: false, finishedAt: null, answers: [], stopped: disguise});
      expect(lines(key), disguise).toEqual([
        at("stopped", "holds the api key or a piece of it: a run must never hold the key; delete the file"),
      ]);
    }
  });

  it("refuses a problem edited by hand: the reader's, read again from a whole reply, or the runner's words", () => {
    const run = calibrationRun();
    run.answers[3]!.problem = "see https://example.com for why";
    run.answers[0]!.problem = "fine";
    writeRun(root, run);
    expect(lines()).toEqual([
      at("answers[0].problem", "set on an answered case: only a reply that is no answer has a problem"),
      at(
        "answers[3].problem",
        'not what reading the reply gives ("not JSON: the reply is not a JSON object"): a problem is the reader\'s, ' +
          "never edited",
      ),
    ]);
    const cut = calibrationRun();
    Object.assign(cut.answers[3]!, {status: "truncated", problem: "cut off"});
    writeRun(root, cut);
    expect(lines()).toEqual([
      at(
        "answers[3].problem",
        'not what reading the reply gives ("cut off by the token limit (maxTokens 1400): not read"): a problem is ' +
          "the reader's, never edited",
      ),
    ]);
  });

  it("refuses a copy of a run under another name, naming the run it copies", () => {
    writeRun(root, calibrationRun());
    writeRun(root, calibrationRun(), "data/judges/runs/a-copy.json");
    const check = checkJudges(root);
    expect(check.problems.map(formatProblem)).toEqual([
      "data/judges/runs/a-copy.json at startedAt: the same run as " +
        `${runFile} (example/judge-1, started 2026-11-30T10:00:00.000Z): a run is recorded once; delete this copy`,
    ]);
    expect(check.runs.map((run) => run.file)).toEqual([runFile]);
  });

  it("refuses a complete run with a reason it stopped", () => {
    writeRun(root, {...calibrationRun(), stopped: "http 500: the endpoint failed; try again later"});
    expect(lines()).toEqual([at("stopped", "set on a complete run: a run that finished did not stop; set it null")]);
  });

  it("refuses a reason to stop in other words than the runner's", () => {
    const incomplete = {...calibrationRun(), complete: false, finishedAt: null, answers: []};
    incomplete.figures = {asked: 4, replied: 0, answered: 0, exact: 0, oneOff: 0, twoOrMoreOff: 0};
    writeRun(root, {...incomplete, stopped: "http 500: the endpoint failed; try again later"});
    expect(lines()).toEqual([]);
    writeRun(root, {...incomplete, stopped: "http 500: upstream said: try ABC later"});
    expect(lines()).toEqual([
      at(
        "stopped",
        "not one of the runner's reasons to stop: a run records why it stopped in the runner's words, " +
          "never an endpoint's; set it null",
      ),
    ]);
  });

  it("refuses an endpoint that is not an http or https url", () => {
    writeRun(root, {...calibrationRun(), endpoint: "javascript:alert(document.domain)"});
    expect(lines()).toEqual([
      at(
        "endpoint",
        "expected an http or https url with no user name or password, like https://openrouter.ai/api/v1/chat/completions",
      ),
    ]);
  });

  it("refuses a servedBy that is not the run's model, as probes:check does: the build would ship it", () => {
    // A slug-shaped key (ROT13 of a model's name here) passes for a model; only the run's own model, with at most a
    // short version suffix, is the one that served it.
    const run = calibrationRun();
    const answers = run.answers.map((answer, index) =>
      index === 1 ? {...answer, servedBy: "frbyhgr/frperg"} : {...answer, servedBy: "example/judge-1-2026-08-01"},
    );
    writeRun(root, {...run, answers});
    expect(lines()).toEqual([
      at(
        "answers[1].servedBy",
        "not the run's model, or that model and a version suffix (- : or @ and at most 15 more of a-z 0-9 . : -); " +
          "a run is a real answer, never edited: delete the file",
      ),
    ]);
  });

  it("refuses a megabyte of [[[ unread, before parsing it", () => {
    writeRun(root, "[".repeat(1024 * 1024));
    expect(lines()).toEqual([`${runFile}: too deep: nested more than 8 levels, where a run is 6; delete it`]);
  });

  it("warns of a write's leftover temp file", () => {
    writeRun(root, calibrationRun());
    writeRun(root, "{", "data/judges/runs/.x.json.tmp");
    expect(lines()).toEqual([]);
    expect(warnings()).toEqual(["data/judges/runs/.x.json.tmp: left by an interrupted write: delete it"]);
  });

  it("names a byte order mark before a run's JSON, where the parser's words place nothing", () => {
    writeRun(root, `\uFEFF${calibrationRun()}`);
    expect(lines()).toEqual([
      `${runFile}: invalid json: a byte order mark at line 1, column 1: save the file as UTF-8 without one`,
    ]);
  });

  it("says in one line that a trainee's progress file is not a run, not a line for each of its fields", () => {
    const at = "2026-03-01T10:00:00.000Z";
    const progress = recordAnswer(emptyProgress(), {
      item: "example-1",
      phase: "guideline",
      guideline: "v2",
      score: 3,
      at,
    });
    writeRun(root, exportFile(progress, {rater: "ana", now: "2026-03-01T12:00:00.000Z"}));
    expect(lines()).toEqual([
      `${runFile} at kind: not a judge run: its kind is "progress-export", a trainee's progress file, which npm run ` +
        "agreement and /cohort read",
    ]);
  });

  it("says in one line that a probe's run is not a judge run, not a line for each of its fields", () => {
    writeRun(root, JSON.stringify(recordedRun()));
    expect(lines()).toEqual([
      `${runFile} at probe: not a judge run: it is a run of the probe "six-step-chain" (probes:run writes those in ` +
        "data/runs/, and npm run probes:check checks them there)",
    ]);
  });

  it("quotes nothing of a file that is not a run: not JSON, or JSON whose top level is not an object", () => {
    const passwd = "root:x:0:0:root:/root:/bin/bash\n";
    writeRun(root, passwd);
    expect(lines()).toEqual([`${runFile}: invalid json: an unexpected character at line 1, column 1`]);
    writeRun(root, JSON.stringify(passwd));
    expect(lines()).toEqual([`${runFile}: expected object, got a string`]);
    writeRun(root, JSON.stringify([passwd]));
    expect(lines()).toEqual([`${runFile}: expected object, got a list`]);
    writeRun(root, '{\n  "kind": "judge-run",\n}');
    expect(lines()).toEqual([`${runFile}: invalid json: expected double-quoted property name at line 3, column 1`]);
    writeRun(root, '{"kind": "judge-run"} root:x:0:0');
    expect(lines()).toEqual([
      `${runFile}: invalid json: unexpected non-whitespace character after JSON at line 1, column 23`,
    ]);
    writeRun(root, '{"kind": "judge-run", "model": tru}');
    expect(lines()).toEqual([`${runFile}: invalid json: an unexpected character`]);
    writeRun(root, '{"kind": "judge-run", "model": "root:x');
    expect(lines()).toEqual([`${runFile}: invalid json: unterminated string at line 1, column 39`]);
    writeRun(root, '{"kind": "judge-run", "model": ');
    expect(lines()).toEqual([`${runFile}: invalid json: it ends before its JSON is complete`]);
  });

  it("names a run's field the schema refuses", () => {
    writeRun(root, {...calibrationRun(), kind: "probe-run"} as unknown as ReturnType<typeof calibrationRun>);
    expect(lines()).toEqual([at("kind", 'got "probe-run": expected one of "judge-run"')]);
  });
});

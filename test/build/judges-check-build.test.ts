// judges:check as part of the build: the build's judges.json ships the checked runs, only as much of each as /judges
// shows (no answered case's reply, no endpoint), and stops on a run holding the user's key, in a reply kept as an
// excerpt too. (judges:check as a command is test/cli/judges-check.test.ts.)
import {createHash} from "node:crypto";
import {rmSync} from "node:fs";
import {afterEach, expect, it} from "vitest";
import {isBrokenData} from "../../lib/authored/broken-data.js";
import {formatProblem} from "../../lib/authored/problems.js";
import {siteData} from "../../lib/node/site-data.js";
import {copyProject} from "../../scripts/copy-project.js";
import {addTestPrompt, calibrationRun, runFile, writeRun} from "../unit/judges/run-files.js";

let copy = "";
afterEach(() => {
  rmSync(copy, {recursive: true, force: true});
  delete process.env.OPENROUTER_API_KEY;
});

it("the build ships the checked runs in judges.json, and stops on a run holding the user's key", () => {
  copy = copyProject("judges-check-build-");
  addTestPrompt(copy);
  const key = "sk-test-judges-build-key-0000";
  const run = calibrationRun();
  run.answers[3]!.reply = `I would give it a 5. (key ${key.slice(0, 14)}…)`;
  writeRun(copy, run);
  const built = siteData(copy);
  expect(built.problems).toEqual([]);
  const data = built.files.get("judges.json") as {runs: {model: string}[]; files: string[]; promptNames: string[]};
  expect(data.runs.map((shipped) => shipped.model)).toEqual([run.model]);
  expect(data.files).toEqual([runFile]);
  expect(data.promptNames).toContain("check-test-v1");

  process.env.OPENROUTER_API_KEY = key;
  const stopped = siteData(copy);
  expect(stopped.problems.map(formatProblem)).toEqual([
    `${runFile} at answers[3].reply: holds the api key or a piece of it: a run must never hold the key; delete the file`,
  ]);
  expect(isBrokenData(stopped.files.get("judges.json"))).toBe(true);
  expect(JSON.stringify(stopped.problems)).not.toContain(key);
});

it("judges.json holds what /judges shows: no reply of an answered case, no endpoint, no timings", () => {
  copy = copyProject("judges-published-");
  addTestPrompt(copy);
  const run = calibrationRun();
  writeRun(copy, run);
  const data = siteData(copy).files.get("judges.json") as {runs: Record<string, unknown>[]};
  const text = JSON.stringify(data);
  // calibration-a, -b and -c are answered; their replies are JSON text, so they would ship escaped.
  for (const record of run.answers.slice(0, 3)) expect(text).not.toContain(JSON.stringify(record.reply).slice(1, -1));
  expect(text).not.toContain(run.endpoint);
  expect(text).not.toContain("openrouter");
  const [shipped] = data.runs;
  expect(Object.keys(shipped!).sort()).toEqual(
    ["answers", "cases", "complete", "guideline", "model", "prompt", "startedAt", "stopped"].sort(),
  );
  // The reply that is no answer (calibration-d, prose) ships as the excerpt the page shows; an answer ships read.
  expect(shipped!.answers).toEqual([
    ...run.answers.slice(0, 3).map((record) => ({
      case: record.case,
      ruled: record.ruled,
      status: "answered",
      answer: record.answer,
      excerpt: null,
      problem: null,
      startedAt: record.startedAt,
      servedBy: "example/judge-1",
    })),
    {
      case: "calibration-d",
      ruled: 5,
      status: "unparsed",
      answer: null,
      excerpt: "I would give it a 5: every instruction is met.",
      problem: "not JSON: the reply is not a JSON object",
      startedAt: "2026-11-30T10:03:00.000Z",
      servedBy: "example/judge-1",
    },
  ]);
});

it("the build stops on the key JSON-escaped one character a line in a reply kept as an excerpt", () => {
  copy = copyProject("judges-excerpt-key-");
  addTestPrompt(copy);
  const key = `sk-or-v1-${createHash("sha256").update("judges build excerpt").digest("hex")}`;
  const run = calibrationRun();
  // No answer (score 9), so the reply is kept as written: read as JSON reads it, its note spells the key.
  Object.assign(run.answers[3]!, {
    status: "invalid",
    reply: `{"score": 9, "checklist": [], "note": "${[...key].join("\\n")}"}`,
    problem: 'score: expected 1 to 5 or "n/a"',
  });
  writeRun(copy, run);
  process.env.OPENROUTER_API_KEY = key;
  const stopped = siteData(copy);
  expect(stopped.problems.map(formatProblem)).toEqual([
    `${runFile} at answers[3].reply: holds the api key or a piece of it: a run must never hold the key; delete the file`,
  ]);
  expect(isBrokenData(stopped.files.get("judges.json"))).toBe(true);
});

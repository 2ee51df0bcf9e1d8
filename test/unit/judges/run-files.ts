// Judge runs written by hand for the tests of judges:check and judge:score: a test-only prompt listed with its hash
// in a temporary copy of the project, and run files whose answers, scores and figures the tests state themselves.
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {judgeGuideline} from "../../../lib/judges/prompts.node.js";
import type {CaseRecord, JudgeRun} from "../../../lib/judges/schema.node.js";
import {projectRoot} from "../../../lib/node/load.js";

export const testPrompt = "check-test-v1";
const promptText = `---
description: A prompt written for the judges:check tests; never sent.
parameters: {maxTokens: 1400, temperature: 0}
---

## System

Rate the case with the guideline.

{{guideline}}

## User

{{conversation}}

{{request}}

{{response}}
`;

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
export const testPromptHash = sha256(promptText);

/** The hash judge:run records of a guideline version: its text as a judge is given it (judges:check compares it). */
export const guidelineHashOf = (version: string, root = projectRoot): string => judgeGuideline(version, root).hash;

/** A test prompt that asks for flags: its answer's shape names them (lib/judges/prompt.ts asksForFlags). */
export const flagsPrompt = "check-test-flags-v1";
const flagsPromptText = promptText.replace(
  "Rate the case with the guideline.",
  'Rate the case with the guideline. Answer with {"checklist": [], "score": 5, "flags": []}.',
);
export const flagsPromptHash = sha256(flagsPromptText);

/** Adds a prompt, listed, to a copy (beside any prompt the project has). */
function addPrompt(root: string, name: string, text: string, hash: string): void {
  const dir = join(root, "data/judges/prompts");
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, `${name}.md`), text);
  const hashesFile = join(dir, "hashes.json");
  const hashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, "utf8")) as object) : {};
  writeFileSync(hashesFile, JSON.stringify({...hashes, [name]: hash}, null, 2) + "\n");
}

/** Adds the test prompt, listed, to a copy (beside any prompt the project has). */
export const addTestPrompt = (root: string): void => addPrompt(root, testPrompt, promptText, testPromptHash);

/** Adds the test prompt that asks for flags, listed, to a copy. */
export const addFlagsPrompt = (root: string): void => addPrompt(root, flagsPrompt, flagsPromptText, flagsPromptHash);

/** A reply that reads as an answer: one main line met, and the score. */
export const answerReply = (score: number | "n/a", rule = "main-task") =>
  JSON.stringify({checklist: [{instruction: "Write the email", main: true, rule, verdict: "met"}], score});

/** A reply that reads as an answer with no checklist: a score alone, blamed on the case's deciding rule. */
export const scoreOnlyReply = (score: number | "n/a") => JSON.stringify({checklist: [], score});

/** One case's record: answered when its reply reads as an answer, else unparsed with the reader's problem. */
export function record(id: string, ruled: CaseRecord["ruled"], reply: string, minute = 0): CaseRecord {
  let answer: CaseRecord["answer"];
  try {
    answer = JSON.parse(reply) as CaseRecord["answer"];
  } catch {
    answer = null;
  }
  return {
    case: id,
    ruled,
    status: answer ? "answered" : "unparsed",
    answer,
    reply,
    replyBytes: Buffer.byteLength(reply),
    problem: answer ? null : "not JSON: the reply is not a JSON object",
    startedAt: `2026-11-30T10:0${minute}:00.000Z`,
    ms: 1200,
    servedBy: "example/judge-1",
    finishReason: "stop",
    usage: {promptTokens: 3000, completionTokens: 80, reasoningTokens: null, totalTokens: 3080},
  };
}

/**
 * Four calibration cases, ruled (data/items): calibration-a 4, calibration-b 2, calibration-c 1, calibration-d 5.
 * The judge scores a 4 (exact), b 3 (one off), c 4 (three off) and answers d in prose (not an answer).
 */
export function calibrationRun(): JudgeRun {
  return {
    kind: "judge-run",
    model: "example/judge-1",
    endpoint: "https://openrouter.ai/api/v1/chat/completions",
    prompt: testPrompt,
    promptHash: testPromptHash,
    guideline: "v2",
    guidelineHash: guidelineHashOf("v2"),
    parameters: {maxTokens: 1400, temperature: 0},
    cases: ["calibration-a", "calibration-b", "calibration-c", "calibration-d"],
    startedAt: "2026-11-30T10:00:00.000Z",
    finishedAt: "2026-11-30T10:04:00.000Z",
    complete: true,
    stopped: null,
    answers: [
      record("calibration-a", 4, answerReply(4), 0),
      record("calibration-b", 2, answerReply(3), 1),
      record("calibration-c", 1, answerReply(4), 2),
      record("calibration-d", 5, "I would give it a 5: every instruction is met.", 3),
    ],
    // By hand: 4 asked, 4 replied, 3 answered: a exact, b one off, c two or more off.
    figures: {asked: 4, replied: 4, answered: 3, exact: 1, oneOff: 1, twoOrMoreOff: 1},
  };
}

export const runFile = "data/judges/runs/2026-11-30T10-00-00.000Z--example-judge-1.json";

/** Writes a run (or any text) as a run file in the copy; returns its path from the root. */
export function writeRun(root: string, run: JudgeRun | string, file = runFile): string {
  mkdirSync(join(root, "data/judges/runs"), {recursive: true});
  writeFileSync(join(root, file), typeof run === "string" ? run : JSON.stringify(run, null, 2) + "\n");
  return file;
}

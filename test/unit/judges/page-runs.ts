// Two judge runs over the four calibration cases, written by hand for the /judges page's tests (its view in
// test/unit/judges/judges-page.test.ts, the built page in test/browser/judges.test.ts). Each is a valid run file: its
// answers are its replies read again, its figures recorded with runFigures, its prompt the judges' tests' prompt.
// Ruled (data/items): calibration-a 4, calibration-b 2, calibration-c 1, calibration-d 5.
import type {JudgeAnswer, JudgeVerdict} from "../../../lib/judges/answer.js";
import {runFigures} from "../../../lib/judges/figures.js";
import type {CaseRecord, JudgeRun} from "../../../lib/judges/schema.node.js";
import {guidelineHashOf, record, testPrompt, testPromptHash} from "./run-files.js";

const ruled: Record<string, CaseRecord["ruled"]> = {
  "calibration-a": 4,
  "calibration-b": 2,
  "calibration-c": 1,
  "calibration-d": 5,
};
const cases = Object.keys(ruled);

type Line = [instruction: string, main: boolean, rule: string, verdict: JudgeVerdict];
/** A reply that reads as an answer: its checklist, line by line, and its score. */
export const reply = (score: JudgeAnswer["score"], ...lines: Line[]) =>
  JSON.stringify({
    checklist: lines.map(([instruction, main, rule, verdict]) => ({instruction, main, rule, verdict})),
    score,
  });

// The cases' lines in the request's words, as the ruled checklists quote them.
const email: Line = ["E-Mail an meine Vermieterin, Frau Berger, schreiben", true, "main-task", "met"];
const short: Line = ["kurze", false, "size-words", "met"];
const plot: Line = ["Describe the plot of Romeo and Juliet", true, "main-task", "met"];
const limerick: Line = ["Write a limerick about my cat, Pixel", true, "refusal", "not-met"];
const translate: Line = ["Translate this into the language my grandmother speaks", true, "clarifying-question", "met"];

/** The HTML a hostile reply holds: it must show as these characters, never run. */
export const htmlReply =
  '<img src=x onerror="window.judgePwned=1"><script>window.judgePwned=2</script> I would give it a 3.';

/** The rule id the lenient judge invents for "in one sentence". */
export const inventedRule = "one-sentence-rule";

/** A complete run over the four calibration cases, one reply each, in order; started on the hour. */
export function calibrationJudgeRun(model: string, startedAt: string, replies: string[]): JudgeRun {
  const answers = replies.map((text, minute) => ({
    ...record(cases[minute]!, ruled[cases[minute]!]!, text, minute),
    startedAt: startedAt.replace(":00:00", `:0${minute}:00`),
    servedBy: model,
  }));
  return {
    kind: "judge-run",
    model,
    endpoint: "http://127.0.0.1:9/test-only-stub/v1/chat/completions",
    prompt: testPrompt,
    promptHash: testPromptHash,
    guideline: "v2",
    guidelineHash: guidelineHashOf("v2"),
    parameters: {maxTokens: 1400, temperature: 0},
    cases,
    startedAt,
    finishedAt: startedAt.replace(":00:00", ":05:00"),
    complete: true,
    stopped: null,
    answers,
    figures: runFigures({cases, answers}),
  };
}

/**
 * Careful: a 4 with the ruled lines (exact); b 3, reading "in one sentence" as a size rule partly met where the
 * ruling has the purpose rule not met (one off, above); c 1 (exact); d 5 (exact).
 */
export const carefulRun = (): JudgeRun =>
  calibrationJudgeRun("test-only/careful", "2026-11-20T09:00:00.000Z", [
    reply(4, email, short, ["förmliche", false, "style-register", "met-flaw"]),
    reply(3, plot, ["in one sentence", false, "size-words", "partly"]),
    reply(1, limerick),
    reply(5, translate),
  ]);

/**
 * Lenient: a 5, formal fully met (one off, above); b 4, "in one sentence" met under a rule it invents (two off,
 * above); c answered in HTML, not JSON (not counted); d 5 (exact).
 */
export const lenientRun = (): JudgeRun =>
  calibrationJudgeRun("test-only/lenient", "2026-11-21T09:00:00.000Z", [
    reply(5, email, short, ["förmliche", false, "style-register", "met"]),
    reply(4, plot, ["in one sentence", false, inventedRule, "met"]),
    htmlReply,
    reply(5, translate),
  ]);

/** Each run's file, as the runner names it. */
export const pageRunFiles = [
  "data/judges/runs/2026-11-20T09-00-00.000Z--test-only-careful.json",
  "data/judges/runs/2026-11-21T09-00-00.000Z--test-only-lenient.json",
];

// A judge's answer read from its untrusted reply: JSON (a single ```json fence allowed, nothing else guessed),
// measured for depth before parsing, checked field by field. No schema library: page and runner read it the same way.
import {excerpt, jsonDepth} from "../probes/limits.js";
import {quoteValue} from "../text/quote-text.js";

/** The trainee's five, and "not-applicable" for a justified refusal's main task. */
export const judgeVerdicts = ["met", "met-flaw", "partly", "not-met", "cannot-check", "not-applicable"] as const;
export type JudgeVerdict = (typeof judgeVerdicts)[number];

export interface JudgeLine {
  instruction: string;
  main: boolean;
  /** As the judge wrote it: shown as unknown when the guideline has no such id. */
  rule: string;
  verdict: JudgeVerdict;
}

export const judgeFlags = ["accuracy", "quality", "prompt", "safety-review"] as const;
export type JudgeFlag = (typeof judgeFlags)[number];

export interface JudgeAnswer {
  checklist: JudgeLine[];
  score: number | "n/a";
  /** Only where the reply has the field. */
  flags?: JudgeFlag[];
}

/** More lines, longer texts or deeper JSON is no checklist of a case. */
export const answerLimits = {
  lines: 40,
  instruction: 1000,
  rule: 80,
  depth: 6,
  /** What a failed answer keeps of its reply. */
  excerpt: 2000,
} as const;

export type AnswerReading =
  | {ok: true; answer: JudgeAnswer}
  /** "unparsed": not JSON; "invalid": JSON that fails the answer's shape. */
  | {ok: false; status: "unparsed" | "invalid"; problem: string};

function jsonText(reply: string): string {
  const trimmed = reply.trim();
  const fenced = /^```(?:json)?[ \t]*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  return fenced ? fenced[1]!.trim() : trimmed;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function readScore(value: unknown): JudgeAnswer["score"] | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5) return value;
  if (typeof value === "string" && /^(n\/a|not applicable)$/i.test(value.trim())) return "n/a";
  return null;
}

function readLine(value: unknown, at: string): JudgeLine | string {
  if (!isObject(value)) return `${at}: expected an object with instruction, main, rule and verdict`;
  const {instruction, main, rule, verdict} = value;
  if (typeof instruction !== "string" || instruction.trim() === "")
    return `${at}.instruction: expected the instruction in the request's words`;
  if (instruction.length > answerLimits.instruction)
    return `${at}.instruction: longer than ${answerLimits.instruction} characters`;
  if (typeof main !== "boolean") return `${at}.main: expected true or false`;
  if (typeof rule !== "string" || rule.trim() === "") return `${at}.rule: expected a rule id`;
  if (rule.length > answerLimits.rule) return `${at}.rule: longer than ${answerLimits.rule} characters`;
  if (typeof verdict !== "string" || !(judgeVerdicts as readonly string[]).includes(verdict))
    return `${at}.verdict: expected one of ${judgeVerdicts.join(", ")}`;
  return {instruction, main, rule: rule.trim(), verdict: verdict as JudgeVerdict};
}

/** Reads the flags: a list of the guideline's flags, each once. */
function readFlags(value: unknown): JudgeFlag[] | string {
  const expected = `flags: expected a list of ${judgeFlags.join(", ")}, each at most once`;
  if (!Array.isArray(value) || value.length > judgeFlags.length) return expected;
  const flags: JudgeFlag[] = [];
  for (const flag of value) {
    if (
      typeof flag !== "string" ||
      !(judgeFlags as readonly string[]).includes(flag) ||
      flags.includes(flag as JudgeFlag)
    )
      return expected;
    flags.push(flag as JudgeFlag);
  }
  return flags;
}

/** Reads a judge's reply as an answer, or says why it is not one. */
export function readAnswer(reply: string): AnswerReading {
  const text = jsonText(reply);
  if (!text.startsWith("{"))
    return {ok: false, status: "unparsed", problem: "not JSON: the reply is not a JSON object"};
  if (jsonDepth(text, answerLimits.depth) > answerLimits.depth)
    return {ok: false, status: "invalid", problem: `nested deeper than ${answerLimits.depth} levels`};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {ok: false, status: "unparsed", problem: "not JSON: the reply does not parse"};
  }
  if (!isObject(json)) return {ok: false, status: "invalid", problem: "expected a JSON object"};
  const score = readScore(json.score);
  if (score === null) return {ok: false, status: "invalid", problem: 'score: expected 1 to 5 or "n/a"'};
  if (!Array.isArray(json.checklist)) return {ok: false, status: "invalid", problem: "checklist: expected a list"};
  if (json.checklist.length > answerLimits.lines)
    return {ok: false, status: "invalid", problem: `checklist: more than ${answerLimits.lines} lines`};
  const checklist: JudgeLine[] = [];
  for (const [index, value] of json.checklist.entries()) {
    const line = readLine(value, `checklist[${index}]`);
    if (typeof line === "string") return {ok: false, status: "invalid", problem: line};
    checklist.push(line);
  }
  if (json.flags === undefined) return {ok: true, answer: {checklist, score}};
  const flags = readFlags(json.flags);
  if (typeof flags === "string") return {ok: false, status: "invalid", problem: flags};
  return {ok: true, answer: {checklist, score, flags}};
}

/** Why a reply cut off by the token limit, or larger than it allows, is not read: the runner's words, recorded. */
export const unreadProblem = (status: "truncated" | "oversized", maxTokens: number): string =>
  status === "truncated"
    ? `cut off by the token limit (maxTokens ${maxTokens}): not read`
    : `larger than maxTokens ${maxTokens} allows: not read`;

/** What a failed answer keeps of its reply. */
export const failedReplyExcerpt = (reply: string): string => excerpt(reply, answerLimits.excerpt);

/** A recorded answer's field that differs from its reply read again: judges:check's words, and the cohort's. */
export const editedAnswer = (was: unknown, is: unknown): string =>
  `${quoteValue(was)}, but its reply says ${quoteValue(is)}: an answer is read from its reply, never edited`;

/** An answered record whose reply does not read as an answer: judges:check's words, and the cohort's. */
export const unreadAnswer = (reading: {status: string; problem: string}): string =>
  `answered, but its reply is ${reading.status} (${reading.problem}): never a score`;

// A judge's prompt settings and recorded run; validated at build time, so the browser needs the types alone.
import {z} from "zod";
import {Score} from "../authored/schemas/verdict.js";
import {DroppedNote, Endpoint, FinishReason, RunParameters, Usage} from "../probes/schema.node.js";
import {modelMaxLength} from "../probes/limits.js";
import {isModelSlug} from "../probes/run-metadata.js";
import {keyVariablePattern} from "../probes/request.js";
import {answerLimits, judgeFlags, judgeVerdicts} from "./answer.js";

/** The runner's reasons are far shorter: check.node.ts holds it to them. */
const stoppedLength = 400;

const caseId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a case id like example-1");
const promptName = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a prompt name like checklist-v1");
const versionName = z.string().regex(/^v[1-9][0-9]*$/, "expected a guideline version like v2");
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "expected a sha256: 64 lowercase hex digits");
const ServedBy = z.string().refine(isModelSlug, {message: "expected a model slug like openai/gpt-5-mini"});

export const JudgeLine = z.strictObject({
  instruction: z.string().min(1).max(answerLimits.instruction),
  main: z.boolean(),
  rule: z.string().min(1).max(answerLimits.rule),
  verdict: z.enum(judgeVerdicts),
});

export const JudgeAnswerRecord = z.strictObject({
  checklist: z.array(JudgeLine).max(answerLimits.lines),
  score: Score,
  flags: z.array(z.enum(judgeFlags)).max(judgeFlags.length).optional(),
});

export const CaseStatus = z.enum(["answered", "unparsed", "invalid", "truncated", "oversized"]);
export type CaseStatus = z.infer<typeof CaseStatus>;

export const CaseRecord = z.strictObject({
  case: caseId,
  /** The figures recorded with the run are against these. */
  ruled: Score,
  status: CaseStatus,
  answer: JudgeAnswerRecord.nullable(),
  /** Its first 2,000 characters unless answered. */
  reply: z.string(),
  replyBytes: z.int().nonnegative(),
  problem: z.string().max(300).nullable(),
  startedAt: z.iso.datetime(),
  /** Retries included. */
  ms: z.int().nonnegative(),
  servedBy: ServedBy.nullable(),
  finishReason: FinishReason.nullable(),
  dropped: z.array(DroppedNote).optional(),
  usage: Usage,
});
export type CaseRecord = z.infer<typeof CaseRecord>;

export const RunFigures = z.strictObject({
  asked: z.int().nonnegative(),
  replied: z.int().nonnegative(),
  answered: z.int().nonnegative(),
  exact: z.int().nonnegative(),
  oneOff: z.int().nonnegative(),
  twoOrMoreOff: z.int().nonnegative(),
});
export type RunFigures = z.infer<typeof RunFigures>;

export const JudgeRun = z.strictObject({
  kind: z.literal("judge-run"),
  model: z.string().min(1).max(modelMaxLength),
  endpoint: Endpoint,
  prompt: promptName,
  /** Prompts are immutable once a run uses them. */
  promptHash: sha256,
  guideline: versionName,
  guidelineHash: sha256,
  parameters: RunParameters,
  /**
   * The environment variable judge:run read the key from, where it was not OPENROUTER_API_KEY: the command that
   * finishes the run names it. Absent in runs recorded before it was kept.
   */
  keyVariable: z
    .string()
    .regex(keyVariablePattern, "expected an environment variable's name: letters, digits and _, not first a digit")
    .optional(),
  cases: z.array(caseId).min(1),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** False until every case asked has a record: `npm run judge:run -- --resume <file>` finishes it. */
  complete: z.boolean(),
  stopped: z.string().max(stoppedLength).nullable(),
  answers: z.array(CaseRecord),
  figures: RunFigures,
});
export type JudgeRun = z.infer<typeof JudgeRun>;

export const PromptSettings = z.strictObject({
  description: z.string().min(1),
  parameters: RunParameters,
});
export type PromptSettings = z.infer<typeof PromptSettings>;

export const PromptHashes = z.record(promptName, sha256);
export type PromptHashes = z.infer<typeof PromptHashes>;

// The shape of a judge's prompt settings and of a recorded judge run (data/judges/runs/). Validated at build time
// and by judges:check; the browser only receives the validated JSON, so it needs the types alone.
import {z} from "zod";
import {Score} from "../authored/schemas/verdict.js";
import {DroppedNote, Endpoint, FinishReason, RunParameters, Usage} from "../probes/schema.node.js";
import {modelMaxLength} from "../probes/limits.js";
import {isModelSlug} from "../probes/run-metadata.js";
import {answerLimits, judgeFlags, judgeVerdicts} from "./answer.js";

/** The longest `stopped` a run may hold (the runner's reasons are far shorter: check.node.ts holds it to them). */
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
  /** The flags it raised, where its prompt asked for them (checklist-v2). */
  flags: z.array(z.enum(judgeFlags)).max(judgeFlags.length).optional(),
});

/** Why a case has no answer to score: the reply was not JSON, failed the answer's shape, was cut off or too large. */
export const CaseStatus = z.enum(["answered", "unparsed", "invalid", "truncated", "oversized"]);
export type CaseStatus = z.infer<typeof CaseStatus>;

export const CaseRecord = z.strictObject({
  case: caseId,
  /** The case's ruled score when the run was made: the figures recorded with the run are against these. */
  ruled: Score,
  status: CaseStatus,
  /** The answer read from the reply; null unless answered. */
  answer: JudgeAnswerRecord.nullable(),
  /** The reply as received when answered; else its first 2,000 characters. */
  reply: z.string(),
  replyBytes: z.int().nonnegative(),
  /** Why the reply is not an answer (where and what), or null. */
  problem: z.string().max(300).nullable(),
  startedAt: z.iso.datetime(),
  /** How long the call took, in milliseconds, retries included. */
  ms: z.int().nonnegative(),
  servedBy: ServedBy.nullable(),
  finishReason: FinishReason.nullable(),
  dropped: z.array(DroppedNote).optional(),
  usage: Usage,
});
export type CaseRecord = z.infer<typeof CaseRecord>;

/** The figures a run records, against the ruled scores it recorded; judges:check recomputes them. */
export const RunFigures = z.strictObject({
  asked: z.int().nonnegative(),
  /** Cases with a reply recorded, answered or not. */
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
  /** sha256 of the prompt file's text when the run was made: prompts are immutable once a run uses them. */
  promptHash: sha256,
  /** The guideline version given to the model (guideline/vN), and the sha256 of the guideline text sent. */
  guideline: versionName,
  guidelineHash: sha256,
  parameters: RunParameters,
  /** The cases asked, in the order asked. */
  cases: z.array(caseId).min(1),
  startedAt: z.iso.datetime(),
  /** When the last case was answered; null while the run is incomplete. */
  finishedAt: z.iso.datetime().nullable(),
  /** False until every case asked has a record: `npm run judge:run -- --resume <file>` finishes it. */
  complete: z.boolean(),
  /** Why the run stopped before its end, when it did: the runner's reason (lib/probes/runner-error.ts stopReason). */
  stopped: z.string().max(stoppedLength).nullable(),
  answers: z.array(CaseRecord),
  figures: RunFigures,
});
export type JudgeRun = z.infer<typeof JudgeRun>;

/** What a prompt file's front matter holds: what it is for, and how it is sent. */
export const PromptSettings = z.strictObject({
  description: z.string().min(1),
  parameters: RunParameters,
});
export type PromptSettings = z.infer<typeof PromptSettings>;

/** Prompts a run has used, and the sha256 of each file's text: data/judges/prompts/hashes.json. */
export const PromptHashes = z.record(promptName, sha256);
export type PromptHashes = z.infer<typeof PromptHashes>;

// A probe version and a recorded run; validated at build time, so the browser needs the types alone.
import {z} from "zod";
import {RuleId} from "../authored/schemas/item.js";
import {defaultEndpoint, endpointUrlFault} from "./request.js";
import {droppedNotes, finishReasons, isModelSlug, modelSlugMaxLength} from "./run-metadata.js";

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "expected lowercase letters, digits, - or _");
const text = z.string().min(1, "must not be empty");
const versionName = z.string().regex(/^v[1-9][0-9]*$/, "expected a version like v2");
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "expected a sha256: 64 lowercase hex digits");

/** As --base-url allows (request.ts endpointUrlFault). */
export const Endpoint = z.string().refine((text) => endpointUrlFault(text) === null, {
  message: `expected an http or https url with no user name or password, like ${defaultEndpoint}`,
});

export const Message = z.strictObject({
  role: z.enum(["system", "user", "assistant"]),
  content: text,
});
export type Message = z.infer<typeof Message>;

/** How a probe is run: the request's token limit and temperature. */
export const RunParameters = z.strictObject({
  maxTokens: z.int().positive(),
  temperature: z.number().min(0).max(2),
});
export type RunParameters = z.infer<typeof RunParameters>;

/** Flags a rule may use. No g or y: they make RegExp stateful, and scoring must not depend on call order. */
export const RuleFlags = z.string().regex(/^(?!.*(.).*\1)[imsu]*$/, "expected distinct flags from i, m, s, u");

export const ProbeRule = z.strictObject({
  id,
  /** The prompt step this rule checks (1-based). */
  step: z.int().positive(),
  mode: z.enum(["must-match", "must-not-match"]),
  pattern: text,
  flags: RuleFlags,
  /** What it checks: the rubric line. */
  checks: text,
  /** Why: the author's note on what a pass or a fail means. */
  description: text,
  /** The prompt's instruction in the guideline's terms. */
  instruction: text,
  /** Whether this step is the main task or one of the other instructions (guideline Step 1). */
  role: z.enum(["main-task", "instruction"]),
  /** The guideline rule that decides this step when a rater checks it by hand. */
  guidelineRule: RuleId,
  /** How that guideline rule applies here. */
  guidelineNote: text,
});
export type ProbeRule = z.infer<typeof ProbeRule>;

export const Outcome = z.enum(["pass", "fail"]);
export type Outcome = z.infer<typeof Outcome>;

export const Example = z.strictObject({
  kind: z.enum(["correct", "rejected"]),
  label: text,
  text: z.string(),
  /** The expected total, as published (two decimals). */
  total: z.number().min(0).max(1),
  /** The expected outcome of every rule, by rule id. */
  expected: z.record(z.string(), Outcome),
});
export type Example = z.infer<typeof Example>;

export const ProbeVersion = z.strictObject({
  probe: id,
  version: versionName,
  category: text,
  title: text,
  summary: text,
  /** What the probe tests. */
  tests: text,
  messages: z.array(Message).min(1),
  parameters: RunParameters,
  rubricIntro: text,
  rules: z.array(ProbeRule).min(1),
  examples: z.array(Example).min(1),
  /** One line: what this version changed, and why. */
  changelog: text,
  /** Date the version was published (YYYY-MM-DD), if known. */
  published: z.iso.date().optional(),
});
export type ProbeVersion = z.infer<typeof ProbeVersion>;

export const Usage = z.strictObject({
  promptTokens: z.int().nonnegative().nullable(),
  completionTokens: z.int().nonnegative().nullable(),
  reasoningTokens: z.int().nonnegative().nullable(),
  totalTokens: z.int().nonnegative().nullable(),
});
export type Usage = z.infer<typeof Usage>;

export const RuleResultRecord = z.strictObject({
  id,
  outcome: Outcome,
});

export const FinishReason = z.enum(finishReasons);
export type FinishReason = z.infer<typeof FinishReason>;

export const DroppedNote = z.enum([droppedNotes.servedBy, droppedNotes.finishReason]);
export type DroppedNote = z.infer<typeof DroppedNote>;

const ServedBy = z.string().refine(isModelSlug, {
  message:
    `expected a model slug like openai/gpt-5-mini (letters, digits, . _ : @ ~ + - and /, at most ` +
    `${modelSlugMaxLength} characters, no run of 16 hex digits)`,
});

export const Run = z.strictObject({
  probe: id,
  version: versionName,
  /** sha256 of the version's canonical content when the run was made: a run never moves to another version. */
  versionHash: sha256,
  model: text,
  /**
   * The model the endpoint says answered, when it says and it is the model asked for, or that model and a short
   * version suffix (else null, and a dropped note; probes:check holds the run to this).
   */
  servedBy: ServedBy.nullable(),
  endpoint: Endpoint,
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  parameters: RunParameters,
  /** The reply as received; when oversized, only its first 2,000 characters (lib/probes/limits.ts). */
  reply: z.string(),
  /** The whole reply's size in UTF-8 bytes. Absent in runs recorded before it was kept. */
  replyBytes: z.int().nonnegative().optional(),
  /**
   * The reply was larger than the version allows (maxTokens × 16 bytes): recorded as an excerpt, not scored.
   * False in runs recorded before it was kept.
   */
  oversized: z.boolean().default(false),
  /** The endpoint's finish reason, when it gave one the API defines (else null, and a dropped note). */
  finishReason: FinishReason.nullable(),
  /** What the endpoint sent that was not what it can be, so was not recorded: named, never quoted. */
  dropped: z.array(DroppedNote).optional(),
  /** The reply was cut off by the token limit: recorded, not scored. */
  truncated: z.boolean(),
  usage: Usage,
  /** Strict score; null when the reply was truncated or oversized. */
  score: z
    .strictObject({
      passed: z.int().nonnegative(),
      of: z.int().positive(),
      total: z.number().min(0).max(1),
      rules: z.array(RuleResultRecord),
    })
    .nullable(),
});
export type Run = z.infer<typeof Run>;

/** Released versions and the sha256 of their canonical content. */
export const Hashes = z.record(id, z.record(versionName, sha256));
export type Hashes = z.infer<typeof Hashes>;

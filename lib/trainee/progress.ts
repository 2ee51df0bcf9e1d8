// The trainee's saved state: one record under one versioned localStorage key, validated on load. The same record is
// the export/import file. No Date in here: the caller passes the time in.
//
// The schema is superstruct's, not zod's: it keeps the trainee pages smallest (lib/trainee/transfer.ts says by how
// much). It is the record's one schema: the pages and `npm run progress:check` read a record with it.
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  max,
  min,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  union,
  validate,
  type Infer,
  type Struct,
} from "superstruct";
import type {CaseSet} from "../authored/schemas/item.js";
import {impossibleShape} from "../text/json-shape.js";
import {fieldPath} from "../authored/problems.js";
import type {Phase} from "../authored/schemas/parts.js";
import {quoteValue} from "../text/quote-text.js";

/** Where the record lives in localStorage. The suffix is the record's version: a new shape gets a new key. */
export const progressKey = "rater-notebook:progress:v1";
export const progressVersion = 1;
const app = "rater-notebook";

const count = min(integer(), 0);
/** A moment as an ISO date and time in UTC, as the caller passed it in. */
export const isoDateTime = refine(
  pattern(string(), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
  "iso-date-time",
  (value) => !Number.isNaN(Date.parse(value)),
);

/** The longest line of its own words a trainee's checklist holds. */
export const freeTextLimit = 500;

/**
 * How a trainee listed a line in Step 1: words they selected in the request (or in an earlier quoted turn,
 * "turn-1"), a line of their own for an instruction with no words, or an option they ticked on the list a
 * described request offers (the index of that checklist line).
 */
export const Listing = union([
  object({kind: literal("mark"), in: pattern(string(), /^(request|turn-[1-9][0-9]*)$/), start: count, end: count}),
  object({kind: literal("free"), text: size(string(), 1, freeTextLimit)}),
  object({kind: literal("option"), index: count}),
]);
export type Listing = Infer<typeof Listing>;

/** The verdicts a trainee can give a line in Step 2. */
export const TraineeVerdict = enums(["met", "met-flaw", "partly", "not-met", "cannot-check"]);
export type TraineeVerdict = Infer<typeof TraineeVerdict>;

export const TraineeLine = object({
  listing: Listing,
  /** This line is the main task (exactly one line should be). */
  main: optional(boolean()),
  /** Step 2; absent until the trainee checks the line. */
  verdict: optional(TraineeVerdict),
});
export type TraineeLine = Infer<typeof TraineeLine>;

/**
 * When the main task is not met, how the response stands to the request, which the rubric needs to tell 2 from 1
 * or from "not applicable": it engages with the request (2), ignores it or does a different task (1), declines a
 * harmless request (1), or is a refusal of a request that shouldn't be fulfilled (not applicable).
 */
export const MainNotMet = enums(["engages", "ignores", "declines-harmless", "justified-refusal"]);
export type MainNotMet = Infer<typeof MainNotMet>;

export const TraineeChecklist = object({
  lines: size(array(TraineeLine), 0, 200),
  mainNotMet: optional(MainNotMet),
});
export type TraineeChecklist = Infer<typeof TraineeChecklist>;

export const TraineeScore = union([max(min(integer(), 1), 5), literal("n/a")]);

export const Answer = object({
  item: pattern(string(), /^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** "vague": scored under the one-line instruction (Part 1); "guideline": with the guideline. */
  phase: enums(["vague", "guideline"]),
  /** "self-check": the blind calibration run; absent: the walk through the parts. */
  mode: optional(literal("self-check")),
  /** 1 for the first attempt, which is the one that counts; retries are kept. */
  attempt: min(integer(), 1),
  score: TraineeScore,
  /** Steps 1 and 2; absent when the trainee committed a score alone. */
  checklist: optional(TraineeChecklist),
  /** On the edge-case map: the rule the trainee picked as the one that settles the case (a rule id). */
  decidingRule: optional(pattern(size(string(), 1, 60), /^[a-z]+(-[a-z]+)*$/)),
  /** The guideline version the answer was scored under, e.g. "v2". */
  guideline: pattern(string(), /^v[0-9]+$/),
  /** When, as an ISO date and time the caller passes in. */
  at: isoDateTime,
});
export type Answer = Infer<typeof Answer>;

export const Progress = object({
  app: literal(app),
  version: literal(progressVersion),
  answers: array(Answer),
});
export type Progress = Infer<typeof Progress>;

export type Mode = "walk" | "self-check";
const modeOf = (answer: Answer): Mode => answer.mode ?? "walk";

export const emptyProgress = (): Progress => ({app, version: progressVersion, answers: []});

/** Why a saved record was set aside: unreadable JSON or a broken shape, another app's data, or another version. */
export type SetAsideReason = "corrupted" | "foreign" | "older" | "newer";

export type ParsedProgress =
  {ok: true; progress: Progress} | {ok: false; reason: SetAsideReason; message: string; raw: string};

/**
 * How deep a record or a file holding one may nest: a record nests eight deep
 * (progress.answers[0].checklist.lines[0].listing.start, in a file), so twelve leaves room and stops a hostile
 * value long before anything could overflow.
 */
export const recordNestingLimit = 12;
/** The most answers a record may hold: every case, both phases, dozens of retries each, is far fewer. */
export const recordAnswerLimit = 10_000;

/** What a schema check reports: where, what was there, and which check failed. */
export interface Failure {
  path: (string | number)[];
  value: unknown;
  type: string;
  refinement?: string;
  message: string;
}

/** superstruct's validate, which should not throw; if it ever does, that is a failure like any other. */
export function validateSafely<T, S>(value: unknown, struct: Struct<T, S>): [Failure, undefined] | [undefined, T] {
  try {
    return validate(value, struct);
  } catch {
    return [{path: [], value, type: "unknown", message: "the schema check failed"}, undefined];
  }
}

/** The slot an answer fills: its item, phase and mode; attempts at one slot are numbered 1, 2, 3 … */
export const slotOf = (answer: Answer): string => `${answer.item} ${answer.phase} ${answer.mode ?? "walk"}`;
const describeSlot = (answer: Answer) =>
  `${answer.item} (${answer.phase}${answer.mode === "self-check" ? ", self-check" : ""})`;

/**
 * What a record the schema accepts may still get wrong: too many answers, a marked span that ends before it starts,
 * and attempts that are not 1, 2, 3 … at each item (a repeat or a gap would make the next answer's attempt number
 * clash). Null when fine. `prefix` is where the record sits in its file ("progress" in an export file).
 */
export function recordProblem(progress: Progress, prefix = "progress"): string | null {
  if (progress.answers.length > recordAnswerLimit)
    return `${prefix}.answers holds ${progress.answers.length} answers; a record holds at most ${recordAnswerLimit}`;
  for (const [index, answer] of progress.answers.entries())
    for (const [line, {listing}] of (answer.checklist?.lines ?? []).entries())
      if (listing.kind === "mark" && listing.end < listing.start)
        return `${prefix}.answers[${index}].checklist.lines[${line}].listing ends before it starts`;
  const bySlot = new Map<string, Answer[]>();
  for (const answer of progress.answers) bySlot.set(slotOf(answer), [...(bySlot.get(slotOf(answer)) ?? []), answer]);
  for (const answers of bySlot.values()) {
    const numbers = answers.map((answer) => answer.attempt).sort((a, b) => a - b);
    const repeated = numbers.find((number, index) => index > 0 && numbers[index - 1] === number);
    if (repeated !== undefined) return `the answers to ${describeSlot(answers[0]!)} repeat attempt ${repeated}`;
    const gap = numbers.findIndex((number, index) => number !== index + 1);
    if (gap >= 0) return `the answers to ${describeSlot(answers[0]!)} skip attempt ${gap + 1}`;
  }
  return null;
}

/**
 * Reads a saved record. Nothing saved yet is an empty record. Anything else that is not a valid record of this
 * version (what an import would refuse as a bare record) is set aside with a reason and its raw text (for the
 * trainee to download), never thrown: no text under the record's key may stop a page.
 */
export function parseProgress(text: string | null | undefined): ParsedProgress {
  if (text === null || text === undefined || text.trim() === "") return {ok: true, progress: emptyProgress()};
  const raw = text;
  const setAside = (reason: SetAsideReason, message: string): ParsedProgress => ({ok: false, reason, message, raw});
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return setAside("corrupted", "the saved progress is not readable JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || (value as {app?: unknown}).app !== app)
    return setAside("foreign", "this is not a Rater Notebook progress record");
  // Before the version: a version of 1e400 is an impossible number, not a newer record.
  const shape = impossibleShape(value, recordNestingLimit);
  if (shape?.kind === "too-deep")
    return setAside("corrupted", `the record nests deeper than a progress record can, at ${shape.path}`);
  if (shape) return setAside("corrupted", `the record has an impossible number at ${shape.path}`);
  const version = (value as {version?: unknown}).version;
  if (version !== progressVersion) {
    const newer = typeof version === "number" && version > progressVersion;
    return setAside(
      newer ? "newer" : "older",
      `the record is version ${quoteValue(version ?? null)}; this site reads version ${progressVersion}`,
    );
  }
  const [error, progress] = validateSafely(value, Progress);
  if (error) return setAside("corrupted", `the record is damaged at ${fieldPath(error.path) || "the top level"}`);
  const problem = recordProblem(progress, "");
  if (problem) return setAside("corrupted", `the record is damaged: ${problem.replace(/^\./, "")}`);
  return {ok: true, progress};
}

export const serializeProgress = (progress: Progress): string => JSON.stringify(progress);

/** The record a page shows once one is saved: the one shown when it holds the same answers, so nothing is redrawn. */
export const nextRecord = (shown: Progress, saved: Progress): Progress =>
  shown === saved || serializeProgress(shown) === serializeProgress(saved) ? shown : saved;

const sameSlot = (answer: Answer, item: string, phase: Phase, mode: Mode): boolean =>
  answer.item === item && answer.phase === phase && modeOf(answer) === mode;

/** Adds an answer as the next attempt at its item, phase and mode. Returns a new record; the old one is untouched. */
export function recordAnswer(progress: Progress, answer: Omit<Answer, "attempt">): Progress {
  const mode = answer.mode ?? "walk";
  const previous = progress.answers.filter((seen) => sameSlot(seen, answer.item, answer.phase, mode)).length;
  return {...progress, answers: [...progress.answers, {...answer, attempt: previous + 1}]};
}

/** Every attempt at an item in a phase and mode, first attempt first. */
export function attempts(progress: Progress, item: string, phase: Phase, mode: Mode = "walk"): Answer[] {
  return progress.answers.filter((answer) => sameSlot(answer, item, phase, mode)).sort((a, b) => a.attempt - b.attempt);
}

/** The attempt that counts: the first. */
export const firstAttempt = (progress: Progress, item: string, phase: Phase, mode: Mode = "walk"): Answer | undefined =>
  attempts(progress, item, phase, mode)[0];

/**
 * Whether an example has no "before" score to give: the trainee has read its ruling (answered it with the guideline,
 * Part 4) and gave none before. A score under the vague line given now would not be one from before the guideline,
 * and would count as one in their results and a coordinator's figures; so Part 1 takes none, and counts it done.
 */
export const beforeClosed = (progress: Progress, item: string): boolean =>
  firstAttempt(progress, item, "vague") === undefined && firstAttempt(progress, item, "guideline") !== undefined;

/**
 * The "before" score that counts: the first under the vague line, where it was given before the example's first
 * answer with the guideline (a record from before Part 1 was closed to it may hold one given after).
 */
export function beforeAnswer(progress: Progress, item: string): Answer | undefined {
  const before = firstAttempt(progress, item, "vague");
  const after = firstAttempt(progress, item, "guideline");
  // As dates: an ISO time may be written with or without its fraction of a second.
  return before && (!after || Date.parse(before.at) <= Date.parse(after.at)) ? before : undefined;
}

/** Whether an item is done in `phase`: answered, or (Part 1) closed to a "before" score. */
export const doneIn = (progress: Progress, id: string, phase: Phase): boolean =>
  firstAttempt(progress, id, phase) !== undefined || (phase === "vague" && beforeClosed(progress, id));

/**
 * How far a trainee is in a part: of the items the part scores (in its phase), how many they have scored, and how many
 * are done (doneIn: scored, or in Part 1 closed to a "before" score).
 */
export function partProgress(
  progress: Progress,
  items: readonly {id: string; set: CaseSet}[],
  part: {items?: CaseSet; phase?: Phase},
): {scored: number; done: number; total: number} {
  if (!part.items || !part.phase) return {scored: 0, done: 0, total: 0};
  const scoredHere = items.filter((item) => item.set === part.items);
  const scored = scoredHere.filter((item) => firstAttempt(progress, item.id, part.phase!) !== undefined).length;
  const done = scoredHere.filter((item) => doneIn(progress, item.id, part.phase!)).length;
  return {scored, done, total: scoredHere.length};
}

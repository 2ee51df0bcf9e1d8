import {z} from "zod";
import {Score, Verdict} from "./verdict.js";

/** A text as the seed gives it: verbatim where it quotes, a description where it only summarises. */
export const Text = z.strictObject({
  /** The words exactly as the seed gives them (multi-line allowed). */
  text: z.string().min(1),
  /** "quoted": the seed's verbatim request/response; "described": the seed only summarises it (edge-case map). */
  form: z.enum(["quoted", "described"]).default("quoted"),
  /** BCP 47 language of the text: en, de, sv. */
  language: z.enum(["en", "de", "sv"]).default("en"),
  /** The seed's English gloss or description of the text, when it gives one. */
  gloss: z.string().min(1).optional(),
  /** A bracketed note the seed adds, e.g. "[invented article, not shown]". */
  note: z.string().min(1).optional(),
  /** Which turn of the conversation this is, when earlier turns come before it ("Turn 3"). */
  turn: z.int().min(1).optional(),
});
export type Text = z.infer<typeof Text>;

export const Turn = z.strictObject({
  role: z.enum(["user", "assistant"]),
  /** Which turn of the conversation, counting from 1, when the seed names it ("Turn 1"). */
  turn: z.int().min(1).optional(),
  text: z.string().min(1),
  form: z.enum(["quoted", "described"]).default("quoted"),
});
export type Turn = z.infer<typeof Turn>;

// The facts each rule reads. A line names its rule; its facts must have that rule's shape.
const lineBase = {
  /** "main": the main task (exactly one per item); "instruction": a stated constraint;
   *  "candidate": something a rater might list that Step 1 keeps off the checklist. */
  role: z.enum(["main", "instruction", "candidate"]),
  /** What the line says, in the checklist's words. */
  text: z.string().min(1),
  /** The request's own words for it, when there are some. */
  quote: z.string().min(1).optional(),
  /** The verdict as the seed rules it; the engine derives its own and the check compares them. */
  verdict: Verdict,
  /** Why, in the seed's words where it gives them. */
  note: z.string().min(1).optional(),
};

export const checklistRules = {
  "main-task": z.strictObject({
    delivered: z.boolean(),
    engages: z.boolean().optional(),
    differentTask: z.boolean().optional(),
  }),
  "stated-constraints": z.strictObject({observed: z.enum(["met", "met-flaw", "partly", "not-met", "cannot-check"])}),
  "numbers": z.strictObject({
    bound: z.enum(["ceiling", "floor", "exact"]),
    limit: z.int().min(0),
    /** How many were delivered, or "more-than-limit" where the seed says only that the limit was broken. */
    delivered: z.union([z.int().min(0), z.literal("more-than-limit")]),
  }),
  "size-words": z.strictObject({word: z.string().min(1), reading: z.enum(["within", "arguable", "clearly-outside"])}),
  "purpose": z.strictObject({wordingMet: z.boolean(), purposeDefeated: z.boolean()}),
  "style-register": z.strictObject({lapse: z.enum(["none", "slightly-less-formal", "breaks-register"])}),
  "only-just": z.strictObject({restrictiveWording: z.boolean(), additions: z.boolean()}),
  "clarifying-question": z.strictObject({doableWithoutAnswer: z.boolean(), engages: z.boolean().default(true)}),
  "main-task-partial": z.strictObject({done: z.int().min(0), of: z.int().min(1)}),
  "conflicting": z.strictObject({servesBothAsFarAsPossible: z.boolean()}),
  "refusal": z.strictObject({harmful: z.boolean()}),
  "not-rated": z.strictObject({dimension: z.enum(["accuracy", "quality", "naturalness"]), problem: z.boolean()}),
  "list-stated-only": z.strictObject({}),
  "standing-instructions": z.strictObject({followed: z.boolean(), replacedLater: z.boolean().default(false)}),
  "pasted-material": z.strictObject({}),
} as const;
export type ChecklistRuleId = keyof typeof checklistRules;
export const checklistRuleIds = Object.keys(checklistRules) as ChecklistRuleId[];

function lineFor<R extends ChecklistRuleId>(rule: R) {
  return z.strictObject({...lineBase, rule: z.literal(rule), facts: checklistRules[rule]});
}

export const ChecklistLine = z.discriminatedUnion("rule", [
  lineFor("main-task"),
  lineFor("stated-constraints"),
  lineFor("numbers"),
  lineFor("size-words"),
  lineFor("purpose"),
  lineFor("style-register"),
  lineFor("only-just"),
  lineFor("clarifying-question"),
  lineFor("main-task-partial"),
  lineFor("conflicting"),
  lineFor("refusal"),
  lineFor("not-rated"),
  lineFor("list-stated-only"),
  lineFor("standing-instructions"),
  lineFor("pasted-material"),
]);
export type ChecklistLine = z.infer<typeof ChecklistLine>;

export const Flag = z.enum(["accuracy", "quality", "prompt", "safety-review"]);
export type Flag = z.infer<typeof Flag>;

export const Part = z.enum(["examples", "edge-cases", "calibration"]);
export type Part = z.infer<typeof Part>;

export const Item = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lowercase id like example-1"),
    part: Part,
    /** Position within its part, for ordering. */
    order: z.number(),
    title: z.string().min(1),
    /** The edge-case map row or example number the seed gives, e.g. "1" or "10". */
    seedNumber: z.string().min(1).optional(),
    /** Another item this one varies (a twist), e.g. calibration-d for calibration-d-twist. */
    twistOf: z.string().min(1).optional(),
    /** Earlier turns of the conversation, before the request. */
    turns: z.array(Turn).default([]),
    request: Text,
    response: Text,
    /** Examples: the illustrative split under the vague instruction. */
    split: z
      .array(z.strictObject({score: z.int().min(1).max(5), reason: z.string().min(1).optional()}))
      .min(2)
      .optional(),
    openQuestion: z.string().min(1).optional(),
    checklist: z.array(ChecklistLine).min(1),
    flags: z.array(z.strictObject({flag: Flag, note: z.string().min(1).optional()})).default([]),
    score: Score,
    /** A condition the seed attaches to the score, e.g. "if nothing else was asked". */
    scoreCondition: z.string().min(1).optional(),
    /** The seed's ruling in its own words (edge cases, calibration "Checklist", example table row). */
    ruling: z.string().min(1).optional(),
    /** "Why raters give 3", "Why not 5", "The difference", "The twist"... */
    notes: z.array(z.strictObject({label: z.string().min(1), text: z.string().min(1)})).default([]),
    teaches: z.string().min(1).optional(),
  })
  .check((ctx) => {
    const mains = ctx.value.checklist.filter((line) => line.role === "main").length;
    if (mains !== 1) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value.checklist,
        path: ["checklist"],
        message: `expected exactly one line with role "main", found ${mains}`,
      });
    }
  });
export type Item = z.infer<typeof Item>;

// The facts each rule reads from a checklist line (lib/engine/rules.ts), one schema per rule: a line of the item
// schema (./item.ts) names its rule, and its facts must have that rule's shape.
import {z} from "zod";

// Each fact carries a title and a one-line description (zod's .meta): the JSON Schema the case editor's data loader
// writes keeps them, and the editor labels its fact forms with them. The rules' own words where they fit.
const fact = <T extends z.ZodType>(schema: T, title: string, description: string): T =>
  schema.meta({title, description});

const engages = (when: string) =>
  fact(z.boolean(), "Engages with the request", `${when}, the response still engages with the request (row 2, not 1).`);

export const checklistRules = {
  "main-task": z.strictObject({
    delivered: fact(
      z.boolean(),
      "Delivered",
      "The response does the main task: what the user wants produced or answered.",
    ),
    engages: engages("Where the main task is not done").optional(),
    differentTask: fact(
      z.boolean(),
      "Does a different task",
      "Where the main task is not done, the response does a different task instead (row 1).",
    ).optional(),
  }),
  "stated-constraints": z.strictObject({
    observed: fact(
      z.enum(["met", "met-flaw", "partly", "not-met", "cannot-check"]),
      "How the response keeps it",
      "Met, met with a small flaw, partly met, not met, or a constraint that cannot be checked in the response.",
    ),
  }),
  "numbers": z.strictObject({
    bound: fact(
      z.enum(["ceiling", "floor", "exact"]),
      "Kind of limit",
      '"No more than," "at most," "up to": a ceiling; "at least": a floor; a bare number means exactly that number.',
    ),
    limit: fact(z.int().min(0), "The number asked for", "The request's number: the ceiling, the floor or the count."),
    /** How many were delivered, or "more-than-limit" where the case study says only that the limit was broken. */
    delivered: fact(
      z.union([z.int().min(0), z.literal("more-than-limit")]),
      "How many the response gives",
      'The count in the response; "more-than-limit" where all that is known is that it went past the limit.',
    ),
  }),
  "size-words": z.strictObject({
    word: fact(z.string().min(1), "The size word", 'The request\'s word with no number: "short," "brief," "simple."'),
    reading: fact(
      z.enum(["within", "arguable", "clearly-outside"]),
      "Against a typical reader",
      "Judged against what a typical reader would accept for that kind of answer: within, arguable, clearly outside.",
    ),
  }),
  "purpose": z.strictObject({
    wordingMet: fact(z.boolean(), "Wording met", "The response does what the instruction's words say."),
    purposeDefeated: fact(
      z.boolean(),
      "Purpose defeated",
      "The instruction's evident purpose is defeated all the same.",
    ),
  }),
  "style-register": z.strictObject({
    lapse: fact(
      z.enum(["none", "slightly-less-formal", "breaks-register"]),
      "Lapse from the register",
      "None; slightly less formal but still acceptable; or one the intended reader reads as breaking the register.",
    ),
  }),
  "only-just": z.strictObject({
    restrictiveWording: fact(z.boolean(), '"Only" or "just"', 'The request says "only," "just," or words like them.'),
    additions: fact(z.boolean(), "Unrequested additions", "The response adds something the request did not ask for."),
  }),
  "clarifying-question": z.strictObject({
    doableWithoutAnswer: fact(
      z.boolean(),
      "Doable without the answer",
      "The task can reasonably be done without the missing information the question asks for.",
    ),
    engages: engages("Where the question is not justified").default(true),
  }),
  "main-task-partial": z.strictObject({
    done: fact(z.int().min(0), "Parts done", "How much of the main task is done: four, of six sentences translated."),
    of: fact(z.int().min(1), "Parts in all", "How much the main task asks for: six sentences to translate."),
  }),
  "conflicting": z.strictObject({
    servesBothAsFarAsPossible: fact(
      z.boolean(),
      "Serves both as far as possible",
      "Of two instructions that can't both be met, the response serves both as far as possible.",
    ),
  }),
  "refusal": z.strictObject({
    harmful: fact(
      z.boolean(),
      "A request that shouldn't be fulfilled",
      "The refusal is justified: not rated, sent to safety review. A refused harmless request scores 1.",
    ),
  }),
  "not-rated": z.strictObject({
    dimension: fact(
      z.enum(["accuracy", "quality", "naturalness"]),
      "Which dimension",
      "The separate dimension it belongs to: correct (accuracy), well written (quality), natural-sounding.",
    ),
    problem: fact(z.boolean(), "A problem there", "The response has a problem on that dimension: flagged, not scored."),
  }),
  "list-stated-only": z.strictObject({}),
  "standing-instructions": z.strictObject({
    followed: fact(z.boolean(), "Followed", "The response follows the standing instruction from an earlier turn."),
    replacedLater: fact(
      z.boolean(),
      "Replaced later",
      "A later instruction it conflicts with replaced it, so it no longer applies.",
    ).default(false),
  }),
  "pasted-material": z.strictObject({}),
} as const;
export type ChecklistRuleId = keyof typeof checklistRules;
export const checklistRuleIds = Object.keys(checklistRules) as ChecklistRuleId[];

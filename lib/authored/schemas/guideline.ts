import {z} from "zod";
import {quoteValue} from "../../text/quote-text.js";
import {RuleId} from "./item.js";
import type {GuidelineLogic, ParameterValues} from "./logic.js";

const ruleId = RuleId;

/** A part of a version the case study does not give, which the site had to write so the engine can score. Pages
 *  show it as reconstructed, with the reason. */
export const Reconstructed = z.strictObject({
  /** What in the case study it rests on. */
  because: z.string().min(1),
});
export type Reconstructed = z.infer<typeof Reconstructed>;

/** `fields` names the reconstructed ones (all when left out). */
const reconstructedFields = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.strictObject({...Reconstructed.shape, fields: z.array(z.enum(fields)).min(1).optional()});

export const GuidelineRule = z.strictObject({
  /** Items cite it, so it is never renamed. */
  id: ruleId,
  /** 0: the opening on what is not rated; 1: listing the instructions; 2: checking each one. */
  step: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  title: z.string().min(1),
  text: z.string().min(1),
  parameters: z.array(z.string().min(1)).default([]),
  /** Set when the case study does not give this rule's words for this version. */
  reconstructed: reconstructedFields(["title", "text"]).optional(),
});
export type GuidelineRule = z.infer<typeof GuidelineRule>;

/** Applied by the author when scoring but not stated by the version's text: a line it decides is scored with no rule
 *  a trainee could cite. */
export const UnwrittenRule = z.strictObject({
  id: ruleId,
  text: z.string().min(1),
  /** The case study's words for where the author held it. */
  caseStudy: z.string().min(1),
  note: z.string().min(1).optional(),
});
export type UnwrittenRule = z.infer<typeof UnwrittenRule>;

export const RubricLevel = z.strictObject({
  score: z.int().min(1).max(5),
  meaning: z.string().min(1),
  checklist: z.string().min(1),
  reconstructed: reconstructedFields(["meaning", "checklist"]).optional(),
});
export type RubricLevel = z.infer<typeof RubricLevel>;

export const GuidelineFile = z
  .strictObject({
    version: z.string().regex(/^v[0-9]+$/, "expected a version like v2"),
    replaces: z
      .string()
      .regex(/^v[0-9]+$/)
      .optional(),
    title: z.string().min(1),
    summary: z.string().min(1),
    vague: z.string().min(1),
    notRated: z.strictObject({title: z.string().min(1), text: z.string().min(1)}).optional(),
    steps: z.array(z.strictObject({step: z.int().min(1).max(3), title: z.string().min(1)})).length(3),
    rules: z.array(GuidelineRule).min(1),
    rubric: z.array(RubricLevel).length(5),
    notApplicable: z.string().min(1),
    /** The first rubric's accuracy rule. */
    unwrittenRules: z.array(UnwrittenRule).optional(),
    /** Written by "Save as a new version": each change with its setting (as `--set` spells it) or reworded rule. */
    changes: z
      .array(
        z.strictObject({
          words: z.string().min(1),
          setting: z.string().min(1).optional(),
          rule: z.string().min(1).optional(),
        }),
      )
      .optional(),
    reconstructed: z
      .strictObject({
        notRated: Reconstructed.optional(),
        steps: Reconstructed.optional(),
        notApplicable: Reconstructed.optional(),
      })
      .optional(),
  })
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.rules.forEach((rule, index) => {
      if (seen.has(rule.id))
        ctx.issues.push({
          code: "custom",
          input: rule.id,
          path: ["rules", index, "id"],
          message: `duplicate rule id "${rule.id}"`,
        });
      seen.add(rule.id);
    });
    // A rule is either stated or unwritten: the engine must know which, to say whether a trainee can cite it.
    (ctx.value.unwrittenRules ?? []).forEach((rule, index) => {
      if (seen.has(rule.id))
        ctx.issues.push({
          code: "custom",
          input: rule.id,
          path: ["unwrittenRules", index, "id"],
          message: `rule id "${rule.id}" is already a stated rule: an unwritten rule is one the text does not state`,
        });
      seen.add(rule.id);
    });
    const scores = ctx.value.rubric.map((level) => level.score).join(",");
    if (scores !== "5,4,3,2,1")
      ctx.issues.push({
        code: "custom",
        input: scores,
        path: ["rubric"],
        message: `expected rubric levels 5, 4, 3, 2, 1 in that order, found ${scores}`,
      });
  });
export type GuidelineFile = z.infer<typeof GuidelineFile>;

/** A guideline version as loaded: guideline.yaml and, beside it, logic.yaml (lib/node/load.ts reads both). */
/**
 * A version as the loader reads it: its texts, its logic, and its parameters' values, which are the logic's (one
 * place: logic.yaml's `parameters:`), put here by the loader.
 */
export type Guideline = GuidelineFile & {logic: GuidelineLogic; parameters: ParameterValues};

/**
 * guideline.yaml as its version's logic declares the rules: each rule and unwritten rule is one the logic declares,
 * and a rule's parameters are the logic's. Read after the file's own schema, so a problem names its field as that
 * schema's do.
 */
export function declaredGuidelineFile(logic: GuidelineLogic): z.ZodType<GuidelineFile> {
  const declared = logic.rules.map((rule) => rule.id);
  // A rule taken out of logic.yaml and left here: the fix may be in either file, so both are named.
  const ids = z.string().check((ctx) => {
    if (!declared.includes(ctx.value))
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message:
          `logic.yaml beside this file declares no rule ${quoteValue(ctx.value)}: write its logic there, or correct ` +
          `the id to one it declares: ${declared.join(", ")}`,
      });
  });
  const names = logic.parameters.map((parameter) => parameter.name);
  const parameter = names.length ? z.enum(names as [string, ...string[]]) : z.never();
  return (GuidelineFile as z.ZodType).pipe(
    z.looseObject({
      rules: z.array(z.looseObject({id: ids, parameters: z.array(parameter)})),
      unwrittenRules: z.array(z.looseObject({id: ids})).optional(),
    }),
  ) as unknown as z.ZodType<GuidelineFile>;
}

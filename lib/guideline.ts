import {z} from "zod";
import {checklistRuleIds} from "./item.js";
import {GuidelineParameters} from "./parameters.js";

const parameterNames = Object.keys(GuidelineParameters.shape) as [
  keyof GuidelineParameters,
  ...(keyof GuidelineParameters)[],
];

export const GuidelineRule = z.strictObject({
  /** Stable id that items cite; one of the rules the engine knows how to apply. */
  id: z.enum(checklistRuleIds as [string, ...string[]]),
  /** 0: the opening on what is not rated; 1: listing the instructions; 2: checking each one. */
  step: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  title: z.string().min(1),
  text: z.string().min(1),
  /** The parameters this rule reads, so an author sees what each threshold changes. */
  parameters: z.array(z.enum(parameterNames)).default([]),
});
export type GuidelineRule = z.infer<typeof GuidelineRule>;

export const RubricLevel = z.strictObject({
  score: z.int().min(1).max(5),
  meaning: z.string().min(1),
  checklist: z.string().min(1),
});
export type RubricLevel = z.infer<typeof RubricLevel>;

export const Guideline = z
  .strictObject({
    version: z.string().regex(/^v[0-9]+$/, "expected a version like v2"),
    replaces: z
      .string()
      .regex(/^v[0-9]+$/)
      .optional(),
    title: z.string().min(1),
    summary: z.string().min(1),
    /** The one-line instruction raters often get, which the guideline replaces. */
    vague: z.string().min(1),
    notRated: z.strictObject({title: z.string().min(1), text: z.string().min(1)}).optional(),
    steps: z.array(z.strictObject({step: z.int().min(1).max(3), title: z.string().min(1)})).length(3),
    rules: z.array(GuidelineRule).min(1),
    rubric: z.array(RubricLevel).length(5),
    notApplicable: z.string().min(1),
    parameters: GuidelineParameters,
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
    const scores = ctx.value.rubric.map((level) => level.score).join(",");
    if (scores !== "5,4,3,2,1")
      ctx.issues.push({
        code: "custom",
        input: scores,
        path: ["rubric"],
        message: `expected rubric levels 5, 4, 3, 2, 1 in that order, found ${scores}`,
      });
  });
export type Guideline = z.infer<typeof Guideline>;

// Schemas of the authored prose and tables around the items: the case study's opening and close, the rubric-writer
// check (edge case 11) and the calibration self-check's pass rule. Node-only (full zod): data loaders validate these
// files at build time and pages receive the validated JSON.
import {z} from "zod";

const paragraphs = z
  .array(
    z.strictObject({
      /** Names a paragraph a page points to, e.g. "disclosure". */
      id: z
        .string()
        .regex(/^[a-z]+(-[a-z]+)*$/)
        .optional(),
      text: z.string().min(1),
    }),
  )
  .min(1);

const section = z.strictObject({title: z.string().min(1), paragraphs});

/** The case study's own opening ("The Problem", "What I did", "The Artifact") and close ("The Result"). */
export const CaseStudy = z.strictObject({
  problem: section,
  whatIDid: section,
  artifact: section,
  result: z.strictObject({
    title: z.string().min(1),
    paragraphs,
    skills: z.strictObject({label: z.string().min(1), text: z.string().min(1)}),
  }),
});
export type CaseStudy = z.infer<typeof CaseStudy>;

const count = z.int().min(0);

export const CountConstraint = z.discriminatedUnion("kind", [
  z.strictObject({kind: z.literal("at-most"), n: count}),
  z.strictObject({kind: z.literal("at-least"), n: count}),
  z.strictObject({kind: z.literal("exactly"), n: count}),
  z.strictObject({kind: z.literal("between"), min: count, max: count}),
]);

/** [min, max] allowed counts; max null: no upper bound. */
export const CountRange = z
  .tuple([count, count.nullable()])
  .refine(([min, max]) => max === null || min <= max, "expected [min, max] with min <= max");

export const Relation = z.enum(["same", "narrower", "broader", "partial-overlap", "no-overlap"]);

/** Edge case 11: the case study's intro and five-row table, with the structured fields a classifier tests against. */
export const RubricWriter = z.strictObject({
  caseStudyNumber: z.string().min(1),
  title: z.string().min(1),
  /** The case's row in the case study's edge-case map. */
  mapRow: z.strictObject({case: z.string().min(1), ruling: z.string().min(1), score: z.string().min(1)}),
  intro: z.string().min(1),
  columns: z.strictObject({
    relationship: z.string().min(1),
    example: z.string().min(1),
    problem: z.string().min(1),
  }),
  request: z.strictObject({text: z.string().min(1), constraint: CountConstraint}),
  rows: z
    .array(
      z.strictObject({
        relation: Relation,
        /** The case study's words for the relation, e.g. "Partial overlap". */
        relationship: z.string().min(1),
        /** The example criterion, e.g. "exactly two". */
        criterion: z.string().min(1),
        range: CountRange,
        problem: z.string().min(1),
      }),
    )
    .min(1),
});
export type RubricWriter = z.infer<typeof RubricWriter>;

/** When a calibration self-check passes. */
export const PassRule = z
  .strictObject({
    /** At least this many items scored exactly as ruled... */
    exactAtLeast: z.int().min(0),
    /** ...of this many (every item of the run)... */
    of: z.int().min(1),
    /** ...and at most this many two or more points off (or "not applicable" against a score). */
    maxTwoOrMoreOff: z.int().min(0),
  })
  .refine((rule) => rule.exactAtLeast <= rule.of, {
    message: "exactAtLeast cannot be more than of",
    path: ["exactAtLeast"],
  });
export type PassRule = z.infer<typeof PassRule>;

/** The calibration self-check: its items, its pass rule, and where the rule comes from. */
export const CalibrationCheck = z
  .strictObject({
    items: z.array(z.string().min(1)).min(1),
    pass: PassRule,
    /** Where the pass rule comes from, shown before the first item. */
    source: z.string().min(1),
    /** About how long the run takes, in minutes: the home page says "about N min". */
    minutes: z.int().min(1).max(240),
  })
  .check((ctx) => {
    const {items, pass} = ctx.value;
    if (pass.of !== items.length)
      ctx.issues.push({
        code: "custom",
        input: pass.of,
        path: ["pass", "of"],
        message: `the run has ${items.length} items: set of: ${items.length}`,
      });
    if (new Set(items).size !== items.length)
      ctx.issues.push({code: "custom", input: items, path: ["items"], message: "an item is listed twice"});
  });
export type CalibrationCheck = z.infer<typeof CalibrationCheck>;

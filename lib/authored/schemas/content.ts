// Schemas of the authored prose and tables around the items (case study's opening and close, edge case 11, the blind
// self-check). Node-only (full zod): pages receive the validated JSON.
import {z} from "zod";
import {CaseSet, itemId} from "./item.js";
import {quoteText} from "../../text/quote-text.js";

const paragraphs = z
  .array(
    z.strictObject({
      /** A page points to it, e.g. "disclosure". */
      id: z
        .string()
        .regex(/^[a-z]+(-[a-z]+)*$/)
        .optional(),
      text: z.string().min(1),
      /**
       * The notebook's mark, not the case study's: the paragraph tells how some of the cases are ruled, so the start
       * page folds it until the reader opens it, as it folds which case gets which score.
       */
      tellsRulings: z.literal(true).optional(),
    }),
  )
  .min(1);

const section = z.strictObject({title: z.string().min(1), paragraphs});

/** The case study's own opening ("The Problem", "What I did", "The Artifact") and close ("The Result"). */
export const CaseStudy = z.strictObject({
  /** The cases the case study rules, by their files' ids: the build holds the items' origin to it (item-checks.ts
   *  caseStudyOriginProblems). Not shown on any page. */
  cases: z
    .array(itemId)
    .min(1)
    .superRefine((ids, ctx) =>
      ids.forEach((id, index) => {
        if (ids.indexOf(id) !== index)
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: `${quoteText(id)} is listed already: list each case once`,
          });
      }),
    ),
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
/** What the home page shows of it: the list of cases is the build's. */
export type ShownCaseStudy = Omit<CaseStudy, "cases">;

const count = z.int().min(0);

export const CountConstraint = z.discriminatedUnion("kind", [
  z.strictObject({kind: z.literal("at-most"), n: count}),
  z.strictObject({kind: z.literal("at-least"), n: count}),
  z.strictObject({kind: z.literal("exactly"), n: count}),
  z.strictObject({kind: z.literal("between"), min: count, max: count}),
]);

/** Max null: no upper bound. */
export const CountRange = z
  .tuple([count, count.nullable()])
  .refine(([min, max]) => max === null || min <= max, "expected [min, max] with min <= max");

export const Relation = z.enum(["same", "narrower", "broader", "partial-overlap", "no-overlap"]);

/** Edge case 11: the case study's intro and five-row table, with the fields a classifier tests against. */
export const RubricWriter = z
  .strictObject({
    caseStudyNumber: z.string().min(1),
    title: z.string().min(1),
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
          /** The case study's words, e.g. "Partial overlap". */
          relationship: z.string().min(1),
          /** e.g. "exactly two". */
          criterion: z.string().min(1),
          range: CountRange,
          problem: z.string().min(1),
          /**
           * The notebook's reading of a problem the table gives by reference ("Both of the above"): the rows whose
           * problems it means, named where the row is shown alone.
           */
          problemOf: z.array(Relation).min(1).optional(),
        }),
      )
      .min(1),
  })
  .check((ctx) => {
    const relations = ctx.value.rows.map((row) => row.relation);
    ctx.value.rows.forEach((row, at) =>
      row.problemOf?.forEach((relation, index) => {
        if (!relations.includes(relation))
          ctx.issues.push({
            code: "custom",
            input: relation,
            path: ["rows", at, "problemOf", index],
            message: `no row is ${relation}: expected one of ${relations.join(", ")}`,
          });
      }),
    );
  });
export type RubricWriter = z.infer<typeof RubricWriter>;

const poolId = z.string().regex(/^[a-z]+(-[a-z]+)*$/, "expected a lowercase name like fresh");

/** Every item of the pool is one case of the run, in this order. */
export const SelfCheckPool = z.strictObject({
  id: poolId,
  /** The loader checks each item is in it. */
  set: CaseSet,
  items: z.array(z.string().min(1)).min(1),
  /** The home page says "about N min". */
  minutes: z.int().min(1).max(240),
});
export type SelfCheckPool = z.infer<typeof SelfCheckPool>;

export const PassRule = z
  .strictObject({
    pool: poolId,
    /** Passes with this many exact of `of` (every item of the pool), and at most `maxTwoOrMoreOff` two or more points
     *  off (or "not applicable" against a score). */
    exactAtLeast: z.int().min(0),
    of: z.int().min(1),
    maxTwoOrMoreOff: z.int().min(0),
    /** Shown before the first item. */
    source: z.string().min(1),
  })
  .refine((rule) => rule.exactAtLeast <= rule.of, {
    message: "exactAtLeast cannot be more than of",
    path: ["exactAtLeast"],
  });
export type PassRule = z.infer<typeof PassRule>;

/** An item belongs to one pool at most: a ruling seen in one run would spoil another pool's. */
export const CalibrationCheck = z
  .strictObject({
    pools: z.array(SelfCheckPool).min(1),
    pass: z.array(PassRule).min(1),
  })
  .check((ctx) => {
    const {pools, pass} = ctx.value;
    const issue = (path: PropertyKey[], input: unknown, message: string) =>
      ctx.issues.push({code: "custom", input, path, message});
    const ids = pools.map((pool) => pool.id);
    const inPool = new Map<string, string>();
    pools.forEach((pool, at) => {
      if (ids.indexOf(pool.id) !== at) issue(["pools", at, "id"], pool.id, `a second pool named ${pool.id}: rename it`);
      pool.items.forEach((item, index) => {
        const other = inPool.get(item);
        if (other !== undefined)
          issue(
            ["pools", at, "items", index],
            item,
            other === pool.id
              ? "an item is listed twice"
              : `${quoteText(item)} is already in pool ${other}: list it in one pool`,
          );
        else inPool.set(item, pool.id);
      });
      if (!pass.some((rule) => rule.pool === pool.id))
        issue(["pass"], pass, `pool ${pool.id} has no pass rule: add one with pool: ${pool.id}`);
    });
    pass.forEach((rule, at) => {
      const pool = pools.find((candidate) => candidate.id === rule.pool);
      if (!pool)
        issue(
          ["pass", at, "pool"],
          rule.pool,
          `no pool named ${quoteText(rule.pool)}: expected one of ${ids.map((id) => quoteText(id)).join(", ")}`,
        );
      else if (pass.findIndex((other) => other.pool === rule.pool) !== at)
        issue(["pass", at, "pool"], rule.pool, `a second pass rule for pool ${rule.pool}: keep one`);
      else if (rule.of !== pool.items.length)
        issue(
          ["pass", at, "of"],
          rule.of,
          `pool ${pool.id} has ${pool.items.length} items: set of: ${pool.items.length}`,
        );
    });
  });
export type CalibrationCheck = z.infer<typeof CalibrationCheck>;

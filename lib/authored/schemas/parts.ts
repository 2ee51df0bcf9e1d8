import {z} from "zod";
import type {Guideline} from "./guideline.js";
import {CaseSet} from "./item.js";

/** The two phases a trainee scores in: under the one-line instruction, then with the guideline. */
export const Phase = z.enum(["vague", "guideline"]);
export type Phase = z.infer<typeof Phase>;

/** The guideline fields a part's prose may point to instead of repeating them. */
const guidelineTexts = ["vague"] as const;

/**
 * One paragraph of a part's opening: the case study's words, or a text the guideline version already holds.
 * `tellsRulings`, the notebook's mark, folds a paragraph that tells how some of the part's cases are scored.
 */
export const IntroParagraph = z.union([
  z.strictObject({text: z.string().min(1), tellsRulings: z.literal(true).optional()}),
  z.strictObject({guideline: z.enum(guidelineTexts)}),
]);
export type IntroParagraph = z.infer<typeof IntroParagraph>;

export const TrainingPart = z
  .strictObject({
    id: z.string().regex(/^[a-z-]+$/),
    number: z.int().min(1),
    title: z.string().min(1),
    /** The part's short name in the site's navigation; the title when absent. */
    navTitle: z.string().min(1).optional(),
    description: z.string().min(1),
    /** The page that teaches this part. */
    path: z.string().startsWith("/"),
    /** The case set this page shows, if any. */
    items: z.optional(CaseSet),
    /** The phase a trainee scores those items in; absent when the page only shows them. */
    phase: Phase.optional(),
    /** The case study's prose that opens the part, word for word. */
    intro: z.array(IntroParagraph).default([]),
    /** The case study's prose that ends the part, word for word. */
    closing: z.array(z.string().min(1)).default([]),
    /**
     * The rubric beside the part's cases: with its levels' worked examples ("(e.g. …)"), or with them left out where
     * an example is one of the part's cases. The blind self-check always leaves them out.
     */
    rubricExamples: z.enum(["shown", "left-out"]).default("shown"),
    /** Part 4: the heading and column names of the case study's "The Seven Examples, Scored" table (rows:
     *  scoredRow). */
    scoredTable: z
      .strictObject({
        title: z.string().min(1),
        columns: z.strictObject({
          number: z.string().min(1),
          mainTask: z.string().min(1),
          others: z.string().min(1),
          score: z.string().min(1),
        }),
      })
      .optional(),
  })
  .check((ctx) => {
    if (ctx.value.phase && !ctx.value.items)
      ctx.issues.push({
        code: "custom",
        input: ctx.value.phase,
        path: ["phase"],
        message: "a part scored in a phase needs the items it scores: add items",
      });
  });
export type TrainingPart = z.infer<typeof TrainingPart>;

export const TrainingParts = z.array(TrainingPart).min(1);

/** A part's opening as plain paragraphs; `from` says which guideline field a paragraph was taken from. */
export interface ResolvedParagraph {
  text: string;
  from?: (typeof guidelineTexts)[number];
  tellsRulings?: true;
}

/** Resolves a part's intro against a guideline version, so a page gets text only. */
export function resolveIntro(part: Pick<TrainingPart, "intro">, guideline: Guideline): ResolvedParagraph[] {
  return part.intro.map((paragraph) =>
    "text" in paragraph ? paragraph : {text: guideline[paragraph.guideline], from: paragraph.guideline},
  );
}

import {z} from "zod";
import type {Guideline} from "./guideline.js";
import {CaseSet} from "./item.js";

export const Phase = z.enum(["vague", "guideline"]);
export type Phase = z.infer<typeof Phase>;

const guidelineTexts = ["vague"] as const;

/** The case study's words, or a text the guideline version already holds. */
export const IntroParagraph = z.union([
  z.strictObject({text: z.string().min(1)}),
  z.strictObject({guideline: z.enum(guidelineTexts)}),
]);
export type IntroParagraph = z.infer<typeof IntroParagraph>;

export const TrainingPart = z
  .strictObject({
    id: z.string().regex(/^[a-z-]+$/),
    number: z.int().min(1),
    title: z.string().min(1),
    /** The title when absent. */
    navTitle: z.string().min(1).optional(),
    description: z.string().min(1),
    path: z.string().startsWith("/"),
    items: CaseSet.optional(),
    /** Absent when the page only shows them. */
    phase: Phase.optional(),
    /** The case study's words, word for word. */
    intro: z.array(IntroParagraph).default([]),
    /** The case study's words, word for word. */
    closing: z.array(z.string().min(1)).default([]),
    /** Part 4: the case study's "The Seven Examples, Scored" table's heading and columns (rows: scoredRow). */
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

export interface ResolvedParagraph {
  text: string;
  from?: (typeof guidelineTexts)[number];
}

export function resolveIntro(part: Pick<TrainingPart, "intro">, guideline: Guideline): ResolvedParagraph[] {
  return part.intro.map((paragraph) =>
    "text" in paragraph ? {text: paragraph.text} : {text: guideline[paragraph.guideline], from: paragraph.guideline},
  );
}

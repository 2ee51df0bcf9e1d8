import {z} from "zod";
import {Part as ItemPart} from "./item.js";

export const TrainingPart = z.strictObject({
  id: z.string().regex(/^[a-z-]+$/),
  number: z.int().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  /** The page that teaches this part. */
  path: z.string().startsWith("/"),
  /** The item part a trainee scores on this page, if any. */
  items: ItemPart.optional(),
});
export type TrainingPart = z.infer<typeof TrainingPart>;

export const TrainingParts = z.array(TrainingPart).min(1);

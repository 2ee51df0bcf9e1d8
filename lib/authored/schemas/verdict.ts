import {z} from "zod";

/** "not-instruction" is a Step-1 candidate that is not on the checklist. */
export const Verdict = z.enum([
  "met",
  "met-flaw",
  "partly",
  "not-met",
  "cannot-check",
  "not-instruction",
  "not-applicable",
]);
export type Verdict = z.infer<typeof Verdict>;

/** "n/a" when the response is not rated on this dimension (a justified refusal). */
export const Score = z.union([z.int().min(1).max(5), z.literal("n/a")]);
export type Score = z.infer<typeof Score>;

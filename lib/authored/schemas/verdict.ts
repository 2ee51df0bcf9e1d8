import * as z from "zod/mini";

/** What a checklist line can be ruled. "not-instruction" is a Step-1 candidate that is not on the checklist. */
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

/** A 1-5 score, or "n/a" when the response is not rated on this dimension (a justified refusal). */
export const Score = z.union([z.int().check(z.minimum(1), z.maximum(5)), z.literal("n/a")]);
export type Score = z.infer<typeof Score>;

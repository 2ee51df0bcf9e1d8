import {z} from "zod";

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

/** The verdicts a rater can choose for a line (not-applicable belongs to the whole response, via the refusal rule). */
export const raterVerdicts = ["met", "met-flaw", "partly", "not-met", "cannot-check", "not-instruction"] as const;

export const verdictLabels: Record<Verdict, string> = {
  "met": "met",
  "met-flaw": "met, with a small flaw",
  "partly": "partly met",
  "not-met": "not met",
  "cannot-check": "can't be checked",
  "not-instruction": "not an instruction",
  "not-applicable": "not applicable",
};

/** A 1-5 score, or "n/a" when the response is not rated on this dimension (a justified refusal). */
export const Score = z.union([z.int().min(1).max(5), z.literal("n/a")]);
export type Score = z.infer<typeof Score>;

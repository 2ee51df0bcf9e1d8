// How each verdict reads on a page. Browser-safe (no zod): lib/verdict.ts holds the schema.
import type {Verdict} from "./verdict.js";

export const verdictLabels: Record<Verdict, string> = {
  "met": "met",
  "met-flaw": "met, with a small flaw",
  "partly": "partly met",
  "not-met": "not met",
  "cannot-check": "can't be checked",
  "not-instruction": "not an instruction",
  "not-applicable": "not applicable",
};

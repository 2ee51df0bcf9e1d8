import {z} from "zod";

/**
 * What a guideline author may change without writing code. Defaults are the case study's final guideline (v2).
 * Every field is read by exactly one rule or by the rubric; the comment names which.
 */
export const GuidelineParameters = z.strictObject({
  /** rubric: how much a "partly met" instruction counts toward the share met. */
  partlyWeight: z.number().min(0).max(1).default(0.5),
  /** rubric: how row 3 and row 2 split the other instructions.
   *  "at-least-half": share met >= 1/2 is a 3; "more-than-half": share met > 1/2 is a 3;
   *  "most-missed": the first rubric's "most instructions missed", which has no counting rule and leaves
   *  exactly half undecided. */
  counting: z.enum(["at-least-half", "more-than-half", "most-missed"]).default("at-least-half"),
  /** rubric: the highest score when the main task is only partly done. Above 3 it changes nothing: rows 5 and 4
   *  need every instruction met, the main task included. */
  partialMainCap: z.int().min(1).max(5).default(3),
  /** rubric: how a response whose main task is not met scores.
   *  "engages-clause": 2 when it engages with the request, else 1; "unspecified": the first rubric, which could
   *  not tell 1 from 2. */
  mainNotMet: z.enum(["engages-clause", "unspecified"]).default("engages-clause"),
  /** numbers: a ceiling ("no more than two") is met only if at least one is delivered. */
  ceilingNeedsOne: z.boolean().default(true),
  /** style-register: what a lapse that breaks the requested register counts as. */
  registerBreak: z.enum(["not-met", "partly", "met-flaw"]).default("not-met"),
  /** style-register: what a choice slightly less formal than requested, but still acceptable, counts as.
   *  "met-flaw": the final rule, which separates it from a register break: met with a small flaw;
   *  "flaw-or-partly": the first wording (v1), which did not: a small flaw or the register only partly kept, so the
   *  line has two verdicts and the rubric is read for each (Calibration A falls between 4 and 3);
   *  "flaw-or-break": a small flaw or a break (counted as registerBreak says). */
  slightLapse: z.enum(["met-flaw", "flaw-or-partly", "flaw-or-break"]).default("met-flaw"),
  /** only-just: whether unrequested additions break a request that has no "only"/"just" wording. */
  additionsBreakWithoutWording: z.boolean().default(false),
  /** main-task-partial: the share of the main task that makes it "partly met" rather than "not met". */
  mainPartThreshold: z.enum(["at-least-half", "more-than-half"]).default("at-least-half"),
  /** clarifying-question: when a question asked instead of the task counts as doing it.
   *  "needed-information": only when the task can't reasonably be done without the answer; "never"; "always". */
  clarifyingQuestionTest: z.enum(["needed-information", "never", "always"]).default("needed-information"),
  /** not-rated: whether a factual error is an instruction-following failure. */
  accuracyRated: z.boolean().default(false),
});
export type GuidelineParameters = z.infer<typeof GuidelineParameters>;

/**
 * The case study's final values, as the tests written before logic.yaml held them state them.
 * @internal Only the tests read it: the engine takes each version's values from its logic.yaml.
 */
export const defaultParameters: GuidelineParameters = GuidelineParameters.parse({});

import {z} from "zod";
import {itemProblems} from "../item-checks.js";
import {Score, Verdict} from "./verdict.js";

/** As guideline/vN/logic.yaml declares it. */
export const RuleId = z
  .string()
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, "expected a rule id: lower-case words joined by hyphens")
  .meta({description: "a rule id: lower-case words joined by hyphens"});
export type ChecklistRuleId = string;

export const Text = z.strictObject({
  /** Exactly as the case study gives them (multi-line allowed). */
  text: z.string().min(1),
  /** "described": the case study only summarises it (edge-case map). */
  form: z.enum(["quoted", "described"]).default("quoted"),
  /** Any well-formed BCP 47 tag, as Intl writes it (en, es, pt-BR): item-checks.ts holds it to that everywhere. */
  language: z.string().default("en"),
  /** The case study's English gloss or description, when it gives one. */
  gloss: z.string().min(1).optional(),
  /** The case study's bracketed note, e.g. "[invented article, not shown]". */
  note: z.string().min(1).optional(),
  /** The site's own note on how the case study gives this text: not the case study's words. */
  siteNote: z.string().min(1).optional(),
  turn: z.int().min(1).optional(),
});
export type Text = z.infer<typeof Text>;

export const Turn = z.strictObject({
  role: z.enum(["user", "assistant"]),
  /** Counting from 1, when the case study names it ("Turn 1"). */
  turn: z.int().min(1).optional(),
  text: z.string().min(1),
  form: z.enum(["quoted", "described"]).default("quoted"),
});
export type Turn = z.infer<typeof Turn>;

/** "inferred": the site reads it in (a main-task line the engine needs, a flag a rule raises, a candidate the case
 *  study implies); pages show it as the site's reading, not the case study's ruling. */
export const Source = z.enum(["case-study", "inferred"]);
export type Source = z.infer<typeof Source>;

/** "notebook": written to pin a parameter no case-study case tests, or for a fresh blind pool; it states no case-study
 *  number, and each line carries a note saying why its facts are what they are. */
export const Origin = z.enum(["case-study", "notebook"]);
export type Origin = z.infer<typeof Origin>;

/** An earlier turn by its number ("turn-1"). */
export const QuoteIn = z.union([
  z.literal("request"),
  z
    .string()
    .regex(/^turn-[1-9][0-9]*$/, 'expected "request" or an earlier turn like "turn-1"')
    .meta({description: 'an earlier turn like "turn-1"'}),
]);
export type QuoteIn = z.infer<typeof QuoteIn>;

// Which rules there are, and which facts each reads, is the version's logic: ../declared-checks.ts holds a line to it.
const lineBase = {
  /** "main": the main task (exactly one per item); "candidate": something a rater might list that Step 1 keeps off
   *  the checklist. */
  role: z.enum(["main", "instruction", "candidate"]),
  text: z.string().min(1),
  /** Exactly as in the request (Step 1 compares a trainee's marks with them); a main task may quote several. */
  quote: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  quoteIn: QuoteIn.default("request"),
  /** Why a ruled line of a quoted request has no quote (the case study quotes only part of the request). */
  unquoted: z.string().min(1).optional(),
  /** As the case study rules it; the engine derives its own and the check compares them. */
  verdict: Verdict,
  /** The case study's words for a line it states; for an inferred line, the site's words may stand. */
  note: z.string().min(1).optional(),
  source: Source.default("case-study"),
  /** For an inferred line: what in the case study the reading rests on. */
  because: z.string().min(1).optional(),
};

/** A version's logic adds the rule and facts it declares (./facts.ts). */
export const lineFields = lineBase;

export const ChecklistLine = z.strictObject({
  ...lineBase,
  rule: RuleId,
  facts: z.looseObject({}),
});
export type ChecklistLine = z.infer<typeof ChecklistLine>;

export const Flag = z
  .string()
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, "expected a flag: lower-case words joined by hyphens")
  .meta({description: "a flag: lower-case words joined by hyphens"});
export type Flag = z.infer<typeof Flag>;

/** "fresh-calibration": written for the notebook, the blind pool for a trainee who has seen Part 6's rulings. */
export const CaseSet = z.enum(["examples", "edge-cases", "calibration", "fresh-calibration"]);
export type CaseSet = z.infer<typeof CaseSet>;

// The description is what the case editor says when the pattern fails: zod's message is not in its JSON Schema.
const itemId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lowercase id like example-1")
  .meta({description: "a lowercase id like example-1"});

const flagFields = {
  note: z.string().min(1).optional(),
  source: Source.default("case-study"),
  because: z.string().min(1).optional(),
};
export const ItemFlag = z.strictObject({flag: Flag, ...flagFields});
export type ItemFlag = z.infer<typeof ItemFlag>;

/** A note that addresses a score ("Why not 5") carries it in `score`, so a page shows it when the trainee gives that
 *  score; `compare` names the items it points to ("Compare Example 3" -> example-3). */
export const ItemNote = z.strictObject({
  label: z.string().min(1),
  text: z.string().min(1),
  score: Score.optional(),
  compare: z.array(itemId).default([]),
});
export type ItemNote = z.infer<typeof ItemNote>;

/** Cell by cell in the case study's words. */
export const ScoredRow = z.strictObject({
  mainTask: z.string().min(1),
  others: z.string().min(1),
  /** As the case study writes it, e.g. "5 + accuracy flag". */
  score: z.string().min(1),
});
export type ScoredRow = z.infer<typeof ScoredRow>;

/** A version's logic gives the rules, facts and flags it declares (declaredItem in ./facts.ts). */
export const itemOver = <L extends z.ZodType, F extends z.ZodType, R extends z.ZodType>(line: L, flag: F, rule: R) =>
  z
    .strictObject({
      id: itemId,
      set: CaseSet,
      order: z.number(),
      origin: Origin.default("case-study"),
      /** The case study's own name for the case ("Justified clarifying question"). It often states the ruling, so a
       *  trainee sees it only after Check, as the ruling's headline. */
      title: z.string().min(1),
      /** Neutral words that give nothing away ("translation without a language"): the title before Check. */
      topic: z.string().min(1),
      /** The edge-case map row or example number the case study gives, e.g. "1" or "10". */
      caseStudyNumber: z.string().min(1).optional(),
      twistOf: z.string().min(1).optional(),
      turns: z.array(Turn).default([]),
      request: Text,
      response: Text,
      /** Examples: the illustrative split under the vague instruction. */
      split: z
        .array(z.strictObject({score: z.int().min(1).max(5), reason: z.string().min(1).optional()}))
        .min(2)
        .optional(),
      openQuestion: z.string().min(1).optional(),
      checklist: z.array(line).min(1),
      flags: z.array(z.strictObject({flag, ...flagFields})).default([]),
      score: Score,
      /** A condition the case study attaches to the score, e.g. "if nothing else was asked". */
      scoreCondition: z.string().min(1).optional(),
      /** The case study's ruling in its own words (edge-case map row, calibration "Checklist"). */
      ruling: z.string().min(1).optional(),
      scoredRow: ScoredRow.optional(),
      notes: z.array(ItemNote).default([]),
      /** Items the case study's ruling points to ("see Calibration D", "the contrast to Example 3"). */
      compare: z.array(itemId).default([]),
      teaches: z.string().min(1).optional(),
      /** The case study's one sentence on why the case is ruled so, for a case with no "what it teaches" (the seven
       *  examples), from wherever it says it (`from`). */
      lesson: z.strictObject({text: z.string().min(1), from: z.string().min(1)}).optional(),
      /** The rule the case study's ruling names as settling the case: needed where every line is met (the engine's
       *  trace then names no rule); elsewhere it adds to the rules the trace names. */
      decidingRule: rule.optional(),
    })
    .check((ctx) => {
      for (const {path, message} of itemProblems(ctx.value as unknown as Item))
        ctx.issues.push({code: "custom", input: ctx.value, path: [...path], message});
    });

export const Item = itemOver(ChecklistLine, Flag, RuleId);
export type Item = z.infer<typeof Item>;

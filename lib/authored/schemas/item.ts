// The item schema, in zod/mini: the build reads every item file with it, and the case editor's page checks a case
// with it too (issue 32). Full zod's chained methods do not shake out of a page's bundle (this schema with full zod:
// 95 kB gzip; with zod/mini: about 8 kB).
import * as z from "zod/mini";
import {itemProblems} from "../item-checks.js";
import {Score, Verdict} from "./verdict.js";

/** A rule's id as the version's logic declares it (guideline/vN/logic.yaml): lower-case words joined by hyphens. */
export const RuleId = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, "expected a rule id: lower-case words joined by hyphens"))
  .register(z.globalRegistry, {description: "a rule id: lower-case words joined by hyphens"});
export type ChecklistRuleId = string;

/** A text as the case study gives it: verbatim where it quotes, a description where it only summarises. */
export const Text = z.strictObject({
  /** The words exactly as the case study gives them (multi-line allowed). */
  text: z.string().check(z.minLength(1)),
  /** "quoted": the case study's verbatim request/response; "described": the case study only summarises it (edge-case
   *  map). */
  form: z._default(z.enum(["quoted", "described"]), "quoted"),
  /** The text's language: a well-formed BCP 47 tag of a language, written as Intl writes it (en, es, pt-BR);
   *  item-checks.ts holds it to that, in the build and in the case editor alike. */
  language: z._default(z.string(), "en"),
  /** The case study's English gloss or description of the text, when it gives one. */
  gloss: z.optional(z.string().check(z.minLength(1))),
  /** The case whose text is these same words, where the case study glosses them (the build holds `gloss` to that
   *  case's, word for word); the page says where the gloss comes from. */
  glossFrom: z.optional(z.string().check(z.minLength(1))),
  /** A bracketed note the case study adds, e.g. "[invented article, not shown]" (the case study's words). */
  note: z.optional(z.string().check(z.minLength(1))),
  /** The site's own note on how the case study gives this text (e.g. only as a variation): not the case study's
   *  words. */
  siteNote: z.optional(z.string().check(z.minLength(1))),
  /** Which turn of the conversation this is, when earlier turns come before it ("Turn 3"). */
  turn: z.optional(z.int().check(z.minimum(1))),
});
export type Text = z.infer<typeof Text>;

export const Turn = z.strictObject({
  role: z.enum(["user", "assistant"]),
  /** Which turn of the conversation, counting from 1, when the case study names it ("Turn 1"). */
  turn: z.optional(z.int().check(z.minimum(1))),
  text: z.string().check(z.minLength(1)),
  form: z._default(z.enum(["quoted", "described"]), "quoted"),
});
export type Turn = z.infer<typeof Turn>;

/**
 * Whether the case study states a thing for this item ("case-study") or the site reads it in ("inferred": a main-task
 * line the engine needs where the case study rules one instruction, a flag a rule raises, a candidate the case study
 * implies). Pages show an inferred thing as the site's reading, not the case study's ruling.
 */
export const Source = z.enum(["case-study", "inferred"]);
export type Source = z.infer<typeof Source>;

/**
 * Where a case comes from: the case study ("case-study"), or written for the notebook ("notebook": to pin a parameter
 * no case-study case tests, or for a fresh blind calibration pool). A notebook case states no case-study number, and
 * each of its lines carries a note saying why its facts are what they are; pages say it was written for the notebook.
 */
export const Origin = z.enum(["case-study", "notebook"]);
export type Origin = z.infer<typeof Origin>;

/** Which text a quote is taken from: the request, or an earlier turn by its number ("turn-1"). */
export const QuoteIn = z.union([
  z.literal("request"),
  z
    .string()
    .check(z.regex(/^turn-[1-9][0-9]*$/, 'expected "request" or an earlier turn like "turn-1"'))
    .register(z.globalRegistry, {description: 'an earlier turn like "turn-1"'}),
]);
export type QuoteIn = z.infer<typeof QuoteIn>;

// What every checklist line holds; a line names its rule and holds the facts that rule reads. Which rules there are,
// and which facts each reads, is the version's logic (logic.yaml): declaredItem in ./facts.ts holds a line to it.
const lineBase = {
  /** "main": the main task (exactly one per item); "instruction": a stated constraint;
   *  "candidate": something a rater might list that Step 1 keeps off the checklist. */
  role: z.enum(["main", "instruction", "candidate"]),
  /** What the line says, in the checklist's words. */
  text: z.string().check(z.minLength(1)),
  /** The request's own words for it, exactly as they appear there (Step 1 compares a trainee's marks with
   *  them). A main task may quote several stretches. */
  quote: z.optional(
    z.union([z.string().check(z.minLength(1)), z.array(z.string().check(z.minLength(1))).check(z.minLength(1))]),
  ),
  /** The text the quote is in: the request (default), or an earlier turn for a standing instruction. */
  quoteIn: z._default(QuoteIn, "request"),
  /** Why a ruled line of a quoted request has no quote (the case study quotes only part of the request). */
  unquoted: z.optional(z.string().check(z.minLength(1))),
  /** The verdict as the case study rules it; the engine derives its own and the check compares them. */
  verdict: Verdict,
  /** Why: the case study's words for a line the case study states; for an inferred line, the site's words may stand. */
  note: z.optional(z.string().check(z.minLength(1))),
  /** Whether the case study states this line (and its verdict) for this item, or the site reads it in. */
  source: z._default(Source, "case-study"),
  /** For an inferred line: what in the case study the reading rests on. */
  because: z.optional(z.string().check(z.minLength(1))),
};

/** A checklist line's fields but its rule and facts: a version's logic adds those it declares (./facts.ts). */
export const lineFields = lineBase;

export const ChecklistLine = z.strictObject({
  ...lineBase,
  rule: RuleId,
  /** The facts the rule reads, as its logic declares them. */
  facts: z.looseObject({}),
});
export type ChecklistLine = z.infer<typeof ChecklistLine>;

/** A flag a clause raises, as the version's logic declares it (its `flags`). */
export const Flag = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, "expected a flag: lower-case words joined by hyphens"))
  .register(z.globalRegistry, {description: "a flag: lower-case words joined by hyphens"});
export type Flag = z.infer<typeof Flag>;

/** The case sets: the case study's examples, edge cases and calibration cases, and the notebook's fresh calibration
 *  cases (written for the notebook: the blind self-check pool for a trainee who has seen Part 6's rulings). */
export const CaseSet = z.enum(["examples", "edge-cases", "calibration", "fresh-calibration"]);
export type CaseSet = z.infer<typeof CaseSet>;

// The description is what the case editor says when the pattern fails: zod's message is not in its JSON Schema.
export const itemId = z
  .string()
  .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lowercase id like example-1"))
  .register(z.globalRegistry, {description: "a lowercase id like example-1"});

const flagFields = {
  note: z.optional(z.string().check(z.minLength(1))),
  source: z._default(Source, "case-study"),
  because: z.optional(z.string().check(z.minLength(1))),
};
export const ItemFlag = z.strictObject({flag: Flag, ...flagFields});
export type ItemFlag = z.infer<typeof ItemFlag>;

/**
 * A note on the item. One that addresses a score ("Why raters give 3", "Why not 5", "Why not "not applicable"")
 * carries it in `score`, so a page shows it when the trainee gives that score; `compare` names the items it
 * points to ("Compare Example 3" -> example-3). One that answers a note on a score, the label of that note in
 * `answers` (Calibration D's "The difference" answers "Why raters give 2", which says only why the case looks like a
 * 2), leads the ruling for that score, the note it answers folded under it.
 */
export const ItemNote = z.strictObject({
  label: z.string().check(z.minLength(1)),
  text: z.string().check(z.minLength(1)),
  score: z.optional(Score),
  answers: z.optional(z.string().check(z.minLength(1))),
  compare: z._default(z.array(itemId), []),
});
export type ItemNote = z.infer<typeof ItemNote>;

/** An example's row in the case study's "The Seven Examples, Scored" table, cell by cell in the case study's words. */
export const ScoredRow = z.strictObject({
  mainTask: z.string().check(z.minLength(1)),
  others: z.string().check(z.minLength(1)),
  /** The score cell as the case study writes it, e.g. "5 + accuracy flag". */
  score: z.string().check(z.minLength(1)),
});
export type ScoredRow = z.infer<typeof ScoredRow>;

/**
 * The item schema over a given line, flag and rule id: ChecklistLine, Flag and RuleId here; a version's logic gives
 * the rules, facts and flags it declares (declaredItem in ./facts.ts), to which the build and the case editor hold
 * items.
 */
export const itemOver = <L extends z.ZodMiniType, F extends z.ZodMiniType, R extends z.ZodMiniType>(
  line: L,
  flag: F,
  rule: R,
) =>
  z.strictObject({
    id: itemId,
    set: CaseSet,
    /** Position within its case set, for ordering. */
    order: z.number(),
    origin: z._default(Origin, "case-study"),
    /** The case study's own name for the case ("Justified clarifying question"). It often states the ruling, so a
     *  trainee sees it only after Check, as the ruling's headline. */
    title: z.string().check(z.minLength(1)),
    /** What the case is about, in neutral words that give nothing away ("translation without a language"): the
     *  item's title before Check, after its number ("Edge case 4: translation without a language"). */
    topic: z.string().check(z.minLength(1)),
    /** The edge-case map row or example number the case study gives, e.g. "1" or "10". */
    caseStudyNumber: z.optional(z.string().check(z.minLength(1))),
    /** Another item this one varies (a twist), e.g. calibration-d for calibration-d-twist. */
    twistOf: z.optional(z.string().check(z.minLength(1))),
    /** Earlier turns of the conversation, before the request. */
    turns: z._default(z.array(Turn), []),
    request: Text,
    response: Text,
    /** Examples: the illustrative split under the vague instruction. */
    split: z.optional(
      z
        .array(
          z.strictObject({
            score: z.int().check(z.minimum(1), z.maximum(5)),
            reason: z.optional(z.string().check(z.minLength(1))),
          }),
        )
        .check(z.minLength(2)),
    ),
    openQuestion: z.optional(z.string().check(z.minLength(1))),
    checklist: z.array(line).check(z.minLength(1)),
    flags: z._default(z.array(z.strictObject({flag, ...flagFields})), []),
    score: Score,
    /** A condition the case study attaches to the score, e.g. "if nothing else was asked". */
    scoreCondition: z.optional(z.string().check(z.minLength(1))),
    /** The case study's ruling in its own words (edge-case map row, calibration "Checklist"). */
    ruling: z.optional(z.string().check(z.minLength(1))),
    /** Examples: the row of the case study's "The Seven Examples, Scored" table. */
    scoredRow: z.optional(ScoredRow),
    /** "Why raters give 3", "Why not 5", "The difference", "The twist"... */
    notes: z._default(z.array(ItemNote), []),
    /** Items the case study's ruling of this one points to ("see Calibration D", "the contrast to Example 3"). */
    compare: z._default(z.array(itemId), []),
    teaches: z.optional(z.string().check(z.minLength(1))),
    /**
     * The one sentence from the case study that says why this case is ruled as it is, for a case with no "what it
     * teaches" of its own (the seven examples): the case study's words, from wherever it says it (`from`).
     */
    lesson: z.optional(
      z.strictObject({text: z.string().check(z.minLength(1)), from: z.string().check(z.minLength(1))}),
    ),
    /**
     * The rule the case study's ruling names as settling the case. Needed where every line is met (nothing in the
     * engine's trace lowers the score, so the trace names no rule); elsewhere it adds to the rules the trace names.
     */
    decidingRule: z.optional(rule),
  });

/**
 * An item's shape held to the item's own rules (./item-checks.ts), which the build holds every item to. The shape
 * alone is what the case editor reads a case still being written with.
 */
export const withItemChecks = <S extends z.ZodMiniType>(shape: S): S =>
  shape.check((ctx) => {
    for (const {path, message} of itemProblems(ctx.value as unknown as Item))
      ctx.issues.push({code: "custom", input: ctx.value, path: [...path], message});
  });

export const Item = withItemChecks(itemOver(ChecklistLine, Flag, RuleId));
export type Item = z.infer<typeof Item>;

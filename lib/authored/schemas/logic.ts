// What a guideline version decides, as data (logic.yaml): parameters, each rule's facts and clauses, the rubric's
// rows. Conditions are CEL; the engine compiles them once and names nothing of any one guideline.
import {z} from "zod";
import {quoteValue} from "../../text/quote-text.js";
import {Score, Verdict} from "./verdict.js";
import {rowTexts, saysPhrase} from "../../engine/labels.js";

/** CEL's reserved words are refused. */
const celReserved = new Set([
  ...["as", "break", "const", "continue", "else", "false", "for", "function", "if", "import", "in", "let", "loop"],
  ...["package", "namespace", "null", "return", "true", "var", "void", "while"],
]);
const celName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected a name CEL can read: letters, digits and _, not starting with a digit")
  .refine((name) => !celReserved.has(name), {message: "a word CEL reserves: choose another name"});

const id = z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, "expected lower-case words joined by hyphens");

/** Parsed and type-checked when the logic is compiled. */
const Condition = z.string().min(1);

/** `$registerBreak`. */
const ParameterReference = z.custom<`$${string}`>(
  (value) => typeof value === "string" && /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(value),
  {error: "expected $ and a parameter's name"},
);

/** A value of a CEL expression, for a verdict or a flag that depends on the facts. */
const Expression = z.strictObject({cel: Condition});

const words = z.record(z.string(), z.string().min(1));

const parameterCommon = {
  name: celName,
  /** What the parameter decides, as a heading: "How 'at least half' counts the other instructions". */
  title: z.string().min(1),
  /** What it decides, in a sentence, for the preview's listing. */
  description: z.string().min(1),
};

/** Why a count's or a number's value is outside its range, with the range; null when it is within. */
const outOfRange = ({value, min, max}: {value: number; min: number; max: number}): string | null =>
  value >= min && value <= max ? null : `${value} is outside its range: expected a value from ${min} to ${max}`;

/** A value that is not one of a choice parameter's: said one way wherever a value is named. */
const notOneOf = (value: string, {name, values}: {name: string; values: readonly string[]}): string =>
  `${quoteValue(value)} is not one of ${name}'s values: expected one of ${values.join(", ")}`;

export const LogicParameter = z
  .discriminatedUnion("type", [
    z.strictObject({
      ...parameterCommon,
      type: z.literal("yes-no"),
      value: z.boolean(),
      /** Each value in words, keyed "true" and "false". */
      words: z.strictObject({true: z.string().min(1), false: z.string().min(1)}).optional(),
    }),
    z.strictObject({
      ...parameterCommon,
      type: z.literal("choice"),
      values: z.array(z.string().min(1)).min(2),
      value: z.string().min(1),
      words: words.optional(),
    }),
    z.strictObject({
      ...parameterCommon,
      type: z.literal("count"),
      min: z.int(),
      max: z.int(),
      value: z.int(),
    }),
    z.strictObject({
      ...parameterCommon,
      type: z.literal("number"),
      min: z.number(),
      max: z.number(),
      value: z.number(),
    }),
  ])
  .check((ctx) => {
    // A typo in the value: named with the parameter and the values it may take (a value added to `values` would be
    // one no rule handles).
    const parameter = ctx.value;
    const refuse = (message: string) =>
      ctx.issues.push({code: "custom", input: parameter.value, path: ["value"], message});
    if (parameter.type === "choice" && !parameter.values.includes(parameter.value))
      refuse(notOneOf(parameter.value, parameter));
    if (parameter.type === "count" || parameter.type === "number") {
      const range = outOfRange(parameter);
      if (range) refuse(`${parameter.name}: ${range}`);
    }
  });
export type LogicParameter = z.infer<typeof LogicParameter>;
/** A parameter's value: a yes-no's, a choice's, a count's or a number's. */
export type ParameterValue = LogicParameter["value"];
/** A version's parameter values, keyed by the names its logic declares. */
export type ParameterValues = Readonly<Record<string, ParameterValue>>;

/** Parameters that encode one phrase of the guideline, each for another part of a response. */
export const LinkedParameters = z.strictObject({
  phrase: z.string().min(1),
  /** Each parameter with what it applies the phrase to. */
  members: z.array(z.strictObject({name: celName, to: z.string().min(1)})).min(2),
});
export type LinkedParameters = z.infer<typeof LinkedParameters>;

const factCommon = {
  name: celName,
  /** The fact as the case editor labels it, and its one-line description. */
  title: z.string().min(1),
  description: z.string().min(1),
  /** The fact may be left out of an item: the item is filled in with this value when it is. */
  default: z.union([z.boolean(), z.int(), z.string()]).optional(),
  /** The fact may be left out and stays out; a condition reads this value in its place. */
  absent: z.union([z.boolean(), z.int(), z.string()]).optional(),
};

export const LogicFact = z.discriminatedUnion("type", [
  z.strictObject({...factCommon, type: z.literal("yes-no")}),
  z.strictObject({...factCommon, type: z.literal("choice"), values: z.array(z.string().min(1)).min(1)}),
  z.strictObject({
    ...factCommon,
    type: z.literal("count"),
    min: z.int().optional(),
    max: z.int().optional(),
    /** Words the fact may hold in place of a count ("more-than-limit", where all that is known is that). */
    words: z.array(z.string().min(1)).min(1).optional(),
  }),
  z.strictObject({...factCommon, type: z.literal("text")}),
]);
export type LogicFact = z.infer<typeof LogicFact>;

const parameterPattern = /^\$[A-Za-z_][A-Za-z0-9_]*$/;
const verdictWords: readonly string[] = Verdict.options;

/** A verdict word, or a parameter whose value is one ($registerBreak). */
const VerdictOrParameter = z.custom<Verdict | `$${string}`>(
  (value) => typeof value === "string" && (verdictWords.includes(value) || parameterPattern.test(value)),
  {error: `a verdict (${Verdict.options.join(", ")}) or $ and a parameter's name`},
);

const ClauseVerdict = z.union([VerdictOrParameter, Expression]);
export type ClauseVerdict = z.infer<typeof ClauseVerdict>;

/** The first entry whose condition (over parameters) holds. */
export const OpenVerdicts = z.strictObject({
  when: Condition,
  /** The same verdict twice counts once. */
  verdicts: z.array(VerdictOrParameter).min(2),
});
export type OpenVerdicts = z.infer<typeof OpenVerdicts>;

export const LogicClause = z.strictObject({
  /** Unique in its rule: `set=<rule>.<clause>=<verdict>` names it. */
  id,
  /** The notebook's few words, from the clause's sentence: "Numbers, a ceiling with none delivered: not met → partly
   *  met" on the authors' page. */
  words: z.string().min(1).optional(),
  /** The first clause of the rule whose condition holds decides. Left out: always. */
  when: Condition.optional(),
  verdict: ClauseVerdict,
  /** A declared flag, or a CEL expression giving one or "" for none. */
  flag: z.union([id, Expression]).optional(),
  /** Quoted from the rule's text (a version whose text lacks it shows the whole text). */
  sentence: z.string().min(1).optional(),
  open: z.array(OpenVerdicts).min(1).optional(),
  /** For the main task (CEL or yes/no). */
  engages: z.union([z.boolean(), Condition]).optional(),
  declines: z.boolean().optional(),
});
export type LogicClause = z.infer<typeof LogicClause>;

export const LogicRule = z.strictObject({
  /** Its title and text stay in guideline.yaml under the same id. */
  id,
  facts: z.array(LogicFact),
  /** Where the deciding sentence follows a fact rather than the clause. */
  sentences: z.strictObject({fact: celName, values: words}).optional(),
  clauses: z.array(LogicClause).min(1),
});
export type LogicRule = z.infer<typeof LogicRule>;

const RowScore = z.union([Score, ParameterReference]);

export const RowThreshold = z
  .strictObject({
    name: celName,
    /** "How many small flaws a 4 allows". */
    title: z.string().min(1),
    description: z.string().min(1),
    type: z.enum(["count", "number"]),
    min: z.number(),
    max: z.number(),
    value: z.number(),
    /** How the rows' words say this number: at `value` they say each phrase ("half"); set otherwise, its other form,
     *  "#" the number and "#%" the number as a percentage ("#%": "at least 60% met"). */
    wording: z
      .strictObject({
        value: z.number(),
        phrases: z.record(z.string().min(1), z.string().regex(/#/, 'expected "#" where the number goes')),
        /** The parameters' values whose words say the number too: `counting: [at-least-half]` ("at least half met is
         *  row 3"), and not most-missed, whose "half" is a count. */
        parameters: z.record(celName, z.array(z.string().min(1)).min(1)).optional(),
      })
      .optional(),
  })
  .check((ctx) => {
    const range = outOfRange(ctx.value);
    if (range) ctx.issues.push({code: "custom", input: ctx.value.value, path: ["value"], message: range});
  })
  .refine((threshold) => threshold.type !== "count" || Number.isInteger(threshold.value), {
    message: "expected a whole number for a count",
    path: ["value"],
  });
export type RowThreshold = z.infer<typeof RowThreshold>;

/** One wording, or one for each value of a parameter that decides what the row says ("more than half met"). */
export const RowShortWords = z.union([z.string().min(1), z.strictObject({parameter: celName, values: words})]);
export type RowShortWords = z.infer<typeof RowShortWords>;

const rowWords = {
  /** Where its rubric level joins rows ("every instruction met, one with a small flaw"). Left out, the ruling quotes
   *  the level and other pages say the short words. */
  words: z.string().min(1).optional(),
  /** "one small flaw". */
  short: RowShortWords,
};

/** For the rule a trainee is taught as settling a case (lib/trainee/deciding-rule.ts): "none" is no line lowering the
 *  score; "main" the main task's line; "not-applicable" the lines ruled not applicable; "flaws" the lines met with a
 *  small flaw; "shortfall" each counted line not fully met, and the main task's when only partly done. */
export const RowDecidedBy = z.enum(["none", "main", "not-applicable", "flaws", "shortfall"]);
export type RowDecidedBy = z.infer<typeof RowDecidedBy>;

export const RubricRowData = z.strictObject({
  id,
  ...rowWords,
  /** Left out, "shortfall". */
  decidedBy: RowDecidedBy.optional(),
  /** Over the checklist's summary and the parameters: the first row that holds gives the score. */
  when: Condition,
  score: RowScore,
  /** The rows that also apply when the condition holds. */
  open: z.array(z.strictObject({when: Condition, rows: z.array(id).min(1)})).optional(),
  /** Declared so an author can change it (`set=rubric.<row id>=<value>`); it belongs to the row, not the parameters. */
  threshold: RowThreshold.optional(),
});
export type RubricRowData = z.infer<typeof RubricRowData>;

export const LogicRubric = z
  .strictObject({
    /** A verdict left out counts 0. */
    credit: z.partialRecord(Verdict, z.union([z.number().min(0).max(1), ParameterReference])),
    rows: z.array(RubricRowData).min(1),
    /** When its condition holds, a higher score is lowered to it, under its own row id. */
    cap: z
      .strictObject({
        id,
        ...rowWords,
        /** Left out, "main": a cap lowers the score for what the main task's line says. */
        decidedBy: RowDecidedBy.optional(),
        when: Condition,
        score: z.union([z.int().min(1).max(5), ParameterReference]),
      })
      .optional(),
  })
  .check((ctx) => {
    // The rows' words only, as the wording reads them: the cap says no threshold.
    const texts = ctx.value.rows.flatMap(rowTexts);
    ctx.value.rows.forEach(({threshold}, at) => {
      for (const phrase of Object.keys(threshold?.wording?.phrases ?? {}))
        if (!texts.some((text) => saysPhrase(text, phrase)))
          ctx.issues.push({
            code: "custom",
            input: phrase,
            path: ["rows", at, "threshold", "wording", "phrases", phrase],
            message: `"${phrase}" is in no row's words: write it as a row's words or short words say it`,
          });
    });
  });
export type LogicRubric = z.infer<typeof LogicRubric>;

/** `what` names the names, for the message. */
function unique<T>(
  ctx: z.core.ParsePayload<unknown>,
  list: readonly T[],
  key: (entry: T) => string,
  path: (string | number)[],
  field: string,
  what: string,
) {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const name = key(entry);
    if (seen.has(name))
      ctx.issues.push({
        code: "custom",
        input: name,
        path: [...path, index, field],
        message: `duplicate ${what} "${name}"`,
      });
    seen.add(name);
  });
}

export const GuidelineLogic = z
  .strictObject({
    parameters: z.array(LogicParameter),
    linked: z.array(LinkedParameters).default([]),
    /** The flags a clause may raise. */
    flags: z.array(id),
    /** Each flag in words, as a trainee's ruling shows it ("Safety review"): every declared flag has its words. */
    flagWords: z.record(id, z.string().min(1)),
    rules: z.array(LogicRule).min(1),
    rubric: LogicRubric,
  })
  .check((ctx) => {
    const {parameters, rules, rubric, flags, flagWords} = ctx.value;
    flags.forEach((flag, index) => {
      if (!Object.hasOwn(flagWords, flag))
        ctx.issues.push({
          code: "custom",
          input: flag,
          path: ["flags", index],
          message: `flag "${flag}" has no words: add it to flagWords, as a trainee's ruling shows it`,
        });
    });
    unique(ctx, parameters, (parameter) => parameter.name, ["parameters"], "name", "parameter");
    unique(ctx, rules, (rule) => rule.id, ["rules"], "id", "rule id");
    rules.forEach((rule, index) => {
      unique(ctx, rule.facts, (fact) => fact.name, ["rules", index, "facts"], "name", `fact of ${rule.id}`);
      unique(ctx, rule.clauses, (clause) => clause.id, ["rules", index, "clauses"], "id", `clause of ${rule.id}`);
    });
    unique(ctx, rubric.rows, (row) => row.id, ["rubric", "rows"], "id", "rubric row");
    // Names and values the words refer to: each must be declared, or a page would say the wrong thing or fail.
    const declared = new Map(parameters.map((parameter) => [parameter.name, parameter]));
    const issue = (path: PropertyKey[], input: unknown, message: string) =>
      ctx.issues.push({code: "custom", input, path, message});
    const names = [...declared.keys()].join(", ");
    ctx.value.linked.forEach((link, index) =>
      link.members.forEach((member, at) => {
        if (!declared.has(member.name))
          issue(
            ["linked", index, "members", at, "name"],
            member.name,
            `no parameter "${member.name}": use one of ${names}`,
          );
      }),
    );
    /** The choice parameter `name`, or none with an issue at `path` saying which to name. */
    const choiceNamed = (name: string, path: PropertyKey[], which: string) => {
      const parameter = declared.get(name);
      if (parameter?.type === "choice") return parameter;
      issue(path, name, `no choice parameter "${name}": name ${which}`);
      return null;
    };
    parameters.forEach((parameter, index) => {
      if (parameter.type !== "choice" || !parameter.words) return;
      for (const value of Object.keys(parameter.words))
        if (!parameter.values.includes(value))
          issue(["parameters", index, "words", value], value, notOneOf(value, parameter));
    });
    const shortOf = (short: RowShortWords, path: PropertyKey[]) => {
      if (typeof short === "string") return;
      const parameter = choiceNamed(
        short.parameter,
        [...path, "parameter"],
        "one of the parameters with listed values",
      );
      if (!parameter) return;
      for (const value of parameter.values)
        if (!Object.hasOwn(short.values, value))
          issue([...path, "values"], value, `no words for ${short.parameter} = ${value}: add them`);
    };
    rubric.rows.forEach((row, index) => shortOf(row.short, ["rubric", "rows", index, "short"]));
    if (rubric.cap) shortOf(rubric.cap.short, ["rubric", "cap", "short"]);
    rubric.rows.forEach(({threshold}, index) => {
      for (const [name, values] of Object.entries(threshold?.wording?.parameters ?? {})) {
        const path = ["rubric", "rows", index, "threshold", "wording", "parameters", name];
        const parameter = choiceNamed(name, path, "one whose values' words say this number");
        if (!parameter) continue;
        values.forEach((value, at) => {
          if (!parameter.values.includes(value)) issue([...path, at], value, notOneOf(value, parameter));
        });
      }
    });
  });
export type GuidelineLogic = z.infer<typeof GuidelineLogic>;

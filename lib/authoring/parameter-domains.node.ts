// Node-only: turns the GuidelineParameters zod schema into plain data (lib/engine/parameter-values.ts) that a page, the
// preview CLI and the dependence report can use without zod. Read from the schema itself, field by field, so a
// field added to lib/authored/schemas/parameters.ts shows up here with no change to this file.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {z} from "zod";
import type {Guideline} from "../authored/schemas/guideline.js";
import {checklistRuleIds} from "../authored/schemas/item.js";
import type {ParameterDomain, ParameterName, ParameterValue} from "../engine/parameter-values.js";
import {defaultParameters, GuidelineParameters} from "../authored/schemas/parameters.js";

const parametersFile = "lib/authored/schemas/parameters.ts";

/** The doc comment of each field of the schema, by field name: the comments are the fields' documentation. */
export function fieldComments(
  source = readFileSync(join(import.meta.dirname, "../authored/schemas/parameters.ts"), "utf8"),
) {
  const comments = new Map<string, string>();
  for (const [, body, name] of source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*([A-Za-z_$][\w$]*)\s*:/g)) {
    const text = body!
      .split("\n")
      .map((line) => line.replace(/^\s*\*?\s?/, "").trim())
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    comments.set(name!, text);
  }
  return comments;
}

/** Splits "numbers: a ceiling ..." into the reader the comment names and the meaning. */
function readerAndMeaning(comment: string | undefined): {reader: string | null; meaning: string} {
  const match = /^([a-z][a-z-]*):\s+(.*)$/s.exec(comment ?? "");
  return match ? {reader: match[1]!, meaning: match[2]!} : {reader: null, meaning: comment ?? ""};
}

type Schema = z.core.$ZodType;
const typeOf = (schema: Schema): string => schema._zod.def.type;

/** The schema under default(), optional() and the like: the one that says what values are allowed. */
function unwrap(schema: Schema): Schema {
  const def = schema._zod.def as {type: string; innerType?: Schema};
  return def.innerType && ["default", "prefault", "optional", "nonoptional", "readonly", "catch"].includes(def.type)
    ? unwrap(def.innerType)
    : schema;
}

// A bound this large means none was given (z.int() alone ranges over the safe integers).
const bounded = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER
    ? null
    : value;

const tidy = (n: number): number => Number(n.toPrecision(12));

/** A few values along a number's range: its ends, the quarters between them, and the default. */
function numberSamples(min: number | null, max: number | null, fallback: number): number[] {
  const low = min ?? Math.min(0, fallback);
  const high = max ?? Math.max(low + 1, fallback * 2);
  const quarters = [0, 0.25, 0.5, 0.75, 1].map((step) => tidy(low + (high - low) * step));
  return [...new Set([...quarters, fallback])].sort((a, b) => a - b);
}

/** Every whole number of a short range, or its ends, middle and default when the range is long. */
function integerSamples(min: number | null, max: number | null, fallback: number): number[] {
  const low = min ?? Math.min(0, fallback);
  const high = max ?? Math.max(low + 10, fallback * 2);
  const all = high - low <= 20;
  const values = all
    ? Array.from({length: high - low + 1}, (_, step) => low + step)
    : [low, Math.round((low + high) / 2), high, fallback];
  return [...new Set(values)].sort((a, b) => a - b);
}

function unsupported(name: string, type: string): never {
  throw new Error(
    `${parametersFile} at ${name}: the preview cannot list the values of a ${type} field: ` +
      "use z.boolean(), z.enum([...]), z.int() or z.number() with .min() and .max()",
  );
}

type Kind = Pick<ParameterDomain, "kind" | "values" | "min" | "max">;

function kindOf(name: string, field: Schema, fallback: ParameterValue): Kind {
  const schema = unwrap(field);
  switch (typeOf(schema)) {
    case "boolean":
      return {kind: "boolean", values: [false, true], min: null, max: null};
    case "enum":
      return {kind: "choice", values: (schema as z.ZodEnum).options as string[], min: null, max: null};
    case "literal": {
      const values = [...(schema as z.ZodLiteral).values];
      if (!values.every((value) => typeof value === "string")) unsupported(name, "non-string literal");
      return {kind: "choice", values: values as string[], min: null, max: null};
    }
    case "number": {
      const number = schema as z.ZodNumber;
      const checks = (number._zod.def.checks ?? []).map(
        (check) => check._zod.def as {check: string; inclusive?: boolean},
      );
      if (checks.some((check) => check.inclusive === false))
        unsupported(name, "number with an exclusive bound (gt, lt)");
      if (checks.some((check) => check.check === "multiple_of")) unsupported(name, "number with multipleOf");
      const min = bounded(number.minValue);
      const max = bounded(number.maxValue);
      return number.isInt
        ? {kind: "integer", values: integerSamples(min, max, fallback as number), min, max}
        : {kind: "number", values: numberSamples(min, max, fallback as number), min, max};
    }
    default:
      return unsupported(name, typeOf(schema));
  }
}

export interface DomainOptions {
  /** The object schema to read: GuidelineParameters unless a test gives another. */
  schema?: z.ZodObject;
  /** The fields' doc comments by name: those of lib/authored/schemas/parameters.ts unless given. */
  comments?: ReadonlyMap<string, string>;
}

/**
 * Every field of GuidelineParameters as a domain: its kind, its values (every one, or samples for a number), its
 * range, its default, its meaning and reader from the doc comment, and, when a guideline version is given, the
 * rules of that version that read it.
 */
export function parameterDomains(
  guideline?: Guideline,
  {schema = GuidelineParameters, comments = fieldComments()}: DomainOptions = {},
): ParameterDomain[] {
  const shape = schema.shape as Record<string, Schema & z.ZodType>;
  const defaults = (schema === GuidelineParameters ? defaultParameters : schema.parse({})) as Record<
    string,
    ParameterValue
  >;
  return Object.keys(shape).map((key): ParameterDomain => {
    const name = key as ParameterName;
    const field = shape[key]!;
    const fallback = defaults[key]!;
    const kind = kindOf(key, field, fallback);
    // Keep only values the schema accepts: the samples are computed, the schema is the authority.
    const values = kind.values.filter((value) => field.safeParse(value).success);
    const {reader, meaning} = readerAndMeaning(comments.get(key));
    const rules = guideline
      ? guideline.rules.filter((rule) => rule.parameters.includes(name) || rule.id === reader).map((rule) => rule.id)
      : reader !== null && (checklistRuleIds as string[]).includes(reader)
        ? [reader]
        : [];
    return {name, ...kind, values, default: fallback, meaning, reader, rules};
  });
}

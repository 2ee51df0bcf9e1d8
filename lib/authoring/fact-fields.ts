// A line's fact form, made from its rule's fact schema as JSON Schema (zod's export, written by the data loader), so
// the form needs no schema library: one field per fact, of the kind its schema allows, and the reading of what the
// author types into a value the schema accepts, or a message. A value the schema refuses cannot be entered.
import {factValueLabels, yesNoLabels} from "./case-words.js";
import {quoteText} from "../text/quote-text.js";

/** A JSON Schema as zod's toJSONSchema writes it (the case editor's data loader): what a fact form is built from. */
export type JsonSchema = {[keyword: string]: unknown};

export interface FactOption {
  value: string;
  label: string;
}

export interface FactField {
  name: string;
  label: string;
  hint?: string;
  required: boolean;
  /** "text": a word the author writes (the size word of Size words). */
  kind: "yes-no" | "choice" | "count" | "count-or-choice" | "text";
  options?: FactOption[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

export type FactInput = {ok: true; value: unknown} | {ok: false; message: string};

type Property = {[keyword: string]: unknown};

const isObject = (value: unknown): value is Property =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function stringValues(property: Property): string[] | null {
  if (property.type !== "string") return null;
  if (Array.isArray(property.enum)) return property.enum.filter((value): value is string => typeof value === "string");
  return typeof property.const === "string" ? [property.const] : null;
}

const option = (value: string): FactOption => ({value, label: factValueLabels[value] ?? value});

function fieldOf(name: string, property: Property, required: boolean): FactField {
  // One wording, kept with the fact (lib/authored/schemas/facts.ts).
  if (typeof property.title !== "string") throw new Error(`fact ${name}: its schema has no title to label its field`);
  const field: FactField = {
    name,
    label: property.title,
    required,
    kind: "text",
  };
  if (typeof property.description === "string") field.hint = property.description;
  if (property.default !== undefined) field.default = property.default;
  const range = (count: Property) => {
    if (typeof count.minimum === "number") field.minimum = count.minimum;
    if (typeof count.maximum === "number") field.maximum = count.maximum;
  };
  const values = stringValues(property);
  if (property.type === "boolean") field.kind = "yes-no";
  else if (values) Object.assign(field, {kind: "choice", options: values.map(option)});
  else if (property.type === "integer") {
    field.kind = "count";
    range(property);
  } else if (Array.isArray(property.anyOf) && property.anyOf.every(isObject)) {
    const count = property.anyOf.find((branch) => branch.type === "integer");
    const words = property.anyOf.flatMap((branch) => stringValues(branch) ?? []);
    if (!count || words.length + 1 !== property.anyOf.length) throw new Error(`fact ${name}: no form for its schema`);
    Object.assign(field, {kind: "count-or-choice", options: words.map(option)});
    range(count);
  } else if (property.type !== "string") throw new Error(`fact ${name}: no form for its schema`);
  return field;
}

/** One field per property of a rule's fact schema, in the schema's order. */
export function factFields(schema: JsonSchema): FactField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).map(([name, property]) =>
    fieldOf(name, isObject(property) ? property : {}, required.includes(name)),
  );
}

function readCount(field: FactField, text: string): FactInput {
  const minimum = field.minimum ?? 0;
  const range = field.maximum !== undefined ? ` from ${minimum} to ${field.maximum}` : ` of at least ${minimum}`;
  // Read as a number input reads it ("3", "3.0", "1e3"); the schema's own test is then a whole number in range.
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < minimum || (field.maximum !== undefined && value > field.maximum))
    return {ok: false, message: `${field.label}: enter a whole number${range}, not ${quoteText(text)}`};
  return {ok: true, value};
}

/** What to do about a fact not given, by its kind. */
export const missingFact = (field: Pick<FactField, "kind">): string =>
  field.kind === "yes-no" ? "choose yes or no" : "fill it in";

/**
 * What the author typed or chose in a field, as the fact's value: {ok: true, value} (undefined: leave the fact out,
 * allowed only where the schema does not require it), or a message saying what to enter instead.
 */
export function readFactInput(field: FactField, raw: string): FactInput {
  const text = field.kind === "text" ? raw : raw.trim();
  if (text === "")
    return field.required
      ? {ok: false, message: `${field.label}: missing: ${missingFact(field)}`}
      : {ok: true, value: undefined};
  const offered = field.options?.find((choice) => choice.value === text);
  switch (field.kind) {
    case "yes-no":
      if (text === yesNoLabels.yes || text === "true") return {ok: true, value: true};
      if (text === yesNoLabels.no || text === "false") return {ok: true, value: false};
      return {ok: false, message: `${field.label}: choose yes or no, not ${quoteText(text)}`};
    case "choice":
      return offered
        ? {ok: true, value: offered.value}
        : {
            ok: false,
            message: `${field.label}: choose one of ${field.options!.map((choice) => choice.label).join("; ")}`,
          };
    case "count":
      return readCount(field, text);
    case "count-or-choice":
      return offered ? {ok: true, value: offered.value} : readCount(field, text);
    case "text":
      return {ok: true, value: text};
  }
}

/** A fact's value as its field shows it ("" for a fact left out): what readFactInput reads back to the value. */
export function factInputText(field: FactField, value: unknown): string {
  if (value === undefined) return "";
  if (field.kind === "yes-no") return value === true ? yesNoLabels.yes : value === false ? yesNoLabels.no : "";
  return String(value);
}

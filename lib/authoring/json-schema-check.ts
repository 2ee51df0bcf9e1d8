// PLACEHOLDER (issue 18, being written on branch h18-file): checks a value against the JSON Schema that zod's
// toJSONSchema writes for the item schema, in the browser, without a schema library.

/** A JSON Schema as zod's toJSONSchema writes it. */
export type JsonSchema = {[keyword: string]: unknown};

export interface SchemaProblem {
  path: (string | number)[];
  message: string;
}

/** Every place `value` breaks `schema`, each with a message that names the fix. */
export function schemaProblems(_schema: JsonSchema, _value: unknown): SchemaProblem[] {
  throw new Error("schemaProblems: not written yet (issue 18)");
}

/** A copy of a valid `value` with the schema's defaults filled in: what zod's parse would return. */
export function withDefaults<T>(_schema: JsonSchema, _value: unknown): T {
  throw new Error("withDefaults: not written yet (issue 18)");
}

// Checks a value against the JSON Schema zod 4 writes for the item schema (z.toJSONSchema(Item, {io: "input"})), and
// fills in its defaults, in the browser. Hand-written on purpose: issue 18 forbids a schema library on the case
// editor's page (zod stays at build time), and this follows only the keywords that export writes for
// lib/authored/schemas/item.ts. A schema with any other keyword throws, so a schema change this cannot follow fails
// test/unit/authoring/json-schema-check.test.ts instead of passing values unchecked. Messages use the words
// lib/authored/problems.ts gives zod's issues; test/unit/authoring/case-file.test.ts holds the verdicts to zod's.
// It also checks a work in progress (kindProblems: the case editor's saved draft) by the same walk. Long because it is
// one interpreter of one schema language: split, its keywords' checks and their words would be read in two places.
import {authoredLimits} from "../authored/limits.js";
import {tooDeepAt} from "../text/json-shape.js";
import {quoteValue} from "../text/quote-text.js";

/** A JSON Schema as zod's toJSONSchema writes it. */
export type JsonSchema = {[keyword: string]: unknown};

export interface SchemaProblem {
  path: (string | number)[];
  message: string;
  /** A value of the right kind outside its bounds (a length, a count, a range, a pattern), or an unknown field: zod
   *  goes on to the item's own rules after problems of these kinds alone, and so does lib/authoring/case-file.ts. */
  continuable?: true;
}

// The keywords followed here. `title` and `description` label the fact forms; `$schema` and `default` check nothing.
const knownKeywords = new Set([
  ...["$schema", "type", "properties", "required", "additionalProperties", "items", "minItems", "minLength"],
  ...["pattern", "enum", "const", "minimum", "maximum", "anyOf", "oneOf", "default", "title", "description"],
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const followed = new WeakSet<object>();

/** Throws when the schema, anywhere in it, uses a keyword or a form of one that is not followed here. */
function assertFollowed(schema: JsonSchema, at = "#"): void {
  if (followed.has(schema)) return;
  if (!isRecord(schema)) throw new Error(`json-schema-check: the schema at ${at} is not an object`);
  for (const keyword of Object.keys(schema))
    if (!knownKeywords.has(keyword))
      throw new Error(
        `json-schema-check: the schema uses "${keyword}" at ${at}, which this checker does not follow: ` +
          "teach lib/authoring/json-schema-check.ts the keyword",
      );
  const type = schema.type;
  if (type !== undefined && !(typeof type === "string" && Object.hasOwn(typeChecks, type)))
    throw new Error(`json-schema-check: unfollowed type ${JSON.stringify(type)} at ${at}`);
  // false: no other field; {} (any value, as a line's facts are before the logic's facts are read): as if absent.
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false && !(isRecord(additional) && !Object.keys(additional).length))
    throw new Error(`json-schema-check: only additionalProperties: false or {} is followed (at ${at})`);
  if (isRecord(schema.properties))
    for (const [key, inner] of Object.entries(schema.properties))
      assertFollowed(inner as JsonSchema, `${at}/properties/${key}`);
  if (schema.items !== undefined) assertFollowed(schema.items as JsonSchema, `${at}/items`);
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (branches === undefined) continue;
    if (!Array.isArray(branches)) throw new Error(`json-schema-check: ${keyword} at ${at} is not a list`);
    branches.forEach((branch, index) => assertFollowed(branch as JsonSchema, `${at}/${keyword}/${index}`));
  }
  followed.add(schema);
}

const typeChecks: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === "string",
  // zod's number refuses Infinity and NaN, which YAML's .inf and .nan give.
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => typeof value === "number" && Number.isInteger(value),
  boolean: (value) => typeof value === "boolean",
  object: isRecord,
  array: Array.isArray,
  null: (value) => value === null,
};

const list = (values: readonly unknown[]): string => values.map((value) => quoteValue(value)).join(", ");
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

/** A number's bounds in words; zod writes the safe-integer limits as bounds of every whole number, left unsaid. */
function range(schema: JsonSchema): string {
  const low = typeof schema.minimum === "number" && schema.minimum > Number.MIN_SAFE_INTEGER ? schema.minimum : null;
  const high = typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : null;
  if (low !== null && high !== null) return ` from ${low} to ${high}`;
  if (low !== null) return ` of at least ${low}`;
  if (high !== null) return ` of at most ${high}`;
  return "";
}

/** What a schema expects, for "missing: expected …" and "expected … or …". */
function expected(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${list(schema.enum)}`;
  if (schema.const !== undefined) return quoteValue(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return discriminatorOf(branches) ? "object" : branches.map(expected).join(" or ");
  switch (schema.type) {
    case "integer":
      return `a whole number${range(schema)}`;
    case "number":
      return range(schema) ? `a number${range(schema)}` : "number";
    case "string":
      return typeof schema.pattern === "string" ? patternWords(schema) : "string";
    default:
      return typeof schema.type === "string" ? schema.type : "a value";
  }
}

/** The property whose const tells the branches apart (a checklist line's `rule`), or null when none does. */
function discriminatorOf(branches: JsonSchema[]): string | null {
  const [first] = branches;
  if (!first || !branches.every((branch) => branch.type === "object" && isRecord(branch.properties))) return null;
  const constOf = (branch: JsonSchema, key: string): unknown => {
    const properties = branch.properties as Record<string, JsonSchema>;
    return Object.hasOwn(properties, key) ? properties[key]!.const : undefined;
  };
  for (const key of Object.keys(first.properties as object)) {
    const values = branches.map((branch) => constOf(branch, key));
    if (values.every((value) => value !== undefined) && new Set(values).size === values.length) return key;
  }
  return null;
}

/** The branch of a discriminated union the value's discriminator picks, or a problem saying which values exist. */
function pickBranch(
  branches: JsonSchema[],
  key: string,
  value: Record<string, unknown>,
): {branch: JsonSchema} | {problem: string} {
  const options = branches.map((branch) => (branch.properties as Record<string, JsonSchema>)[key]!.const);
  const chosen = Object.hasOwn(value, key) ? value[key] : undefined;
  const index = chosen === undefined ? -1 : options.indexOf(chosen);
  if (index >= 0) return {branch: branches[index]!};
  const found = chosen === undefined ? `missing ${key}` : `unknown ${key} ${quoteValue(chosen)}`;
  return {problem: `${found}: expected one of ${list(options)}`};
}

/** Whether a branch could be meant for a value of this kind: its type admits the value's (any number for integer). */
function admits(branch: JsonSchema, value: unknown): boolean {
  if (branch.type === undefined) return true;
  if (branch.type === "integer") return typeof value === "number";
  return typeChecks[branch.type as string]!(value);
}

type Report = (path: (string | number)[], message: string, continuable?: true) => void;
/** Where problems go, and whether the value is a work in progress: a draft may lack any field (kindProblems). */
type Checking = {report: Report; draft: boolean};

function check(schema: JsonSchema, value: unknown, path: (string | number)[], checking: Checking): void {
  const {report} = checking;
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) return checkUnion(schema, branches, value, path, checking);
  if (Array.isArray(schema.enum)) {
    if (!schema.enum.includes(value)) report(path, `got ${quoteValue(value)}: expected one of ${list(schema.enum)}`);
    return;
  }
  if (schema.const !== undefined) {
    if (value !== schema.const) report(path, `got ${quoteValue(value)}: expected ${quoteValue(schema.const)}`);
    return;
  }
  const type = schema.type as string | undefined;
  if (type !== undefined && !typeChecks[type]!(value)) {
    const what = type === "integer" || type === "number" ? expected(schema) : type;
    return report(path, `expected ${what}, got ${quoteValue(value)}`);
  }
  if (typeof value === "number") {
    const tooLow = typeof schema.minimum === "number" && value < schema.minimum;
    const tooHigh = typeof schema.maximum === "number" && value > schema.maximum;
    if (tooLow || tooHigh) report(path, `expected ${expected(schema)}, got ${quoteValue(value)}`, true);
  } else if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength)
      report(
        path,
        `too short: expected at least ${plural(schema.minLength, "character")}, got ${quoteValue(value)}`,
        true,
      );
    // No flags: the pattern is the source of zod's regex, tested as zod tests it.
    else if (typeof schema.pattern === "string" && !new RegExp(schema.pattern).test(value))
      report(path, `expected ${patternWords(schema)}, got ${quoteValue(value)}`, true);
  } else if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems)
      report(path, `too short: expected at least ${plural(schema.minItems, "item")}, got ${value.length}`, true);
    if (isRecord(schema.items))
      value.forEach((item, index) => check(schema.items as JsonSchema, item, [...path, index], checking));
  } else if (isRecord(value)) {
    checkObject(schema, value, path, checking);
  }
}

/** A value counts as absent when its key is not the object's own, or holds undefined (as zod reads it). */
const present = (value: Record<string, unknown>, key: string): boolean =>
  Object.hasOwn(value, key) && value[key] !== undefined;

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: (string | number)[],
  checking: Checking,
): void {
  const {report, draft} = checking;
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const [key, inner] of Object.entries(properties)) {
    if (present(value, key)) check(inner, value[key], [...path, key], checking);
    else if (required.includes(key) && !draft) report([...path, key], `missing: expected ${expected(inner)}`);
  }
  if (schema.additionalProperties === false)
    for (const key of Object.keys(value))
      if (!Object.hasOwn(properties, key)) report([...path, key], "unknown field: remove it or correct its name", true);
}

function checkUnion(
  schema: JsonSchema,
  branches: JsonSchema[],
  value: unknown,
  path: (string | number)[],
  checking: Checking,
): void {
  const {report, draft} = checking;
  const key = discriminatorOf(branches);
  if (key !== null) {
    if (!isRecord(value)) return report(path, `expected object, got ${quoteValue(value)}`);
    if (draft && !present(value, key)) return checkUndecided(branches, key, value, path, checking);
    const picked = pickBranch(branches, key, value);
    if ("problem" in picked) return report([...path, key], picked.problem);
    return check(picked.branch, value, path, checking);
  }
  const results = branches.map((branch) => collect(branch, value, draft));
  const passing = results.filter((problems) => problems.length === 0).length;
  if (passing > 0 && !(schema.oneOf && passing > 1)) return;
  const alternatives = `expected ${branches.map(expected).join(" or ")}`;
  if (passing > 1) return report(path, `${alternatives}: more than one of them fits`);
  const candidates = branches.filter((branch) => admits(branch, value));
  // As zod: where exactly one branch failed by continuable problems alone, the union fails by those, and goes on.
  const continuing = results.filter((problems) => problems.every((problem) => problem.continuable));
  if (continuing.length === 1) {
    // Several branches of the value's kind ("request" or "turn-N" for a word): name them all.
    if (candidates.length > 1) return report(path, `${alternatives}, got ${quoteValue(value)}`, true);
    for (const problem of continuing[0]!) report([...path, ...problem.path], problem.message, true);
    return;
  }
  // One branch of the value's kind: its own problems say most ("n/a" for "na").
  if (candidates.length === 1)
    return check(candidates[0]!, value, path, {report: (at, message) => report(at, message), draft});
  report(path, `${alternatives}, got ${quoteValue(value)}`);
}

/**
 * A draft's object that has not yet chosen its branch (a checklist line with no rule yet): held to the branch it
 * could become that fits it best, its other fields checked as that branch checks them. It fits when any branch does.
 */
function checkUndecided(
  branches: JsonSchema[],
  key: string,
  value: Record<string, unknown>,
  path: (string | number)[],
  checking: Checking,
): void {
  const results = branches.map((branch) => {
    const chosen = (branch.properties as Record<string, JsonSchema>)[key]!.const;
    return collect(branch, {...value, [key]: chosen}, true);
  });
  const wrong = (problems: SchemaProblem[]) => problems.filter((problem) => !problem.continuable).length;
  const best = results.reduce((a, b) => (wrong(b) < wrong(a) ? b : a));
  for (const problem of best) checking.report([...path, ...problem.path], problem.message, problem.continuable);
}

/** The value's problems against the schema (its depth already measured), with paths from the value. */
function collect(schema: JsonSchema, value: unknown, draft = false): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const report: Report = (path, message, continuable) =>
    problems.push(continuable ? {path, message, continuable} : {path, message});
  check(schema, value, [], {report, draft});
  return problems;
}

/** Whether the value fits the schema (the depth already measured). */
function fits(schema: JsonSchema, value: unknown): boolean {
  let fit = true;
  check(schema, value, [], {report: () => (fit = false), draft: false});
  return fit;
}

/** Every place `value` breaks `schema`, each with a message that names the fix. Throws for a schema not followed. */
export function schemaProblems(schema: JsonSchema, value: unknown): SchemaProblem[] {
  return problemsOf(schema, value, false);
}

/**
 * Every place a work in progress (the case editor's draft) holds a value of the wrong kind where `schema` has a field:
 * a value of another type, or not among the values the field allows. What a draft may lack is not a problem: any field
 * (an object with no branch chosen yet, a checklist line with no rule, is held to the branch it fits best), and so are
 * the problems a draft grows out of, a value outside its bounds (an empty text, a short list) or an unknown field.
 */
export function kindProblems(schema: JsonSchema, value: unknown): SchemaProblem[] {
  return problemsOf(schema, value, true).filter((problem) => !problem.continuable);
}

function problemsOf(schema: JsonSchema, value: unknown, draft: boolean): SchemaProblem[] {
  assertFollowed(schema);
  const tooDeep = tooDeepAt(value, authoredLimits.yamlDepth);
  if (tooDeep !== null)
    return [
      {
        path: [],
        message: `nests deeper than ${authoredLimits.yamlDepth} levels (at ${tooDeep || "the top"}): flatten it`,
      },
    ];
  return collect(schema, value, draft);
}

/** A copy of a valid `value` with the schema's defaults filled in: what zod's parse would return. */
export function withDefaults<T>(schema: JsonSchema, value: unknown): T {
  assertFollowed(schema);
  return filled(schema, value) as T;
}

function filled(schema: JsonSchema, value: unknown): unknown {
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) {
    const key = discriminatorOf(branches);
    const picked = key !== null && isRecord(value) ? pickBranch(branches, key, value) : null;
    const branch = picked && "branch" in picked ? picked.branch : branches.find((each) => fits(each, value));
    return branch ? filled(branch, value) : structuredClone(value);
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    return value.map((item) => (isRecord(items) ? filled(items, item) : structuredClone(item)));
  }
  if (!isRecord(value)) return value;
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const entries: [string, unknown][] = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .map((key) => [
      key,
      Object.hasOwn(properties, key) ? filled(properties[key]!, value[key]) : structuredClone(value[key]),
    ]);
  for (const [key, inner] of Object.entries(properties))
    if (!present(value, key) && inner.default !== undefined) entries.push([key, structuredClone(inner.default)]);
  // fromEntries makes every key the copy's own, "__proto__" included: none reaches the prototype.
  return Object.fromEntries(entries);
}

/** What a pattern asks for, in the schema's words where it gives them (an id: "a lowercase id like example-1"). */
function patternWords(schema: JsonSchema): string {
  return typeof schema.description === "string" ? schema.description : `text matching ${String(schema.pattern)}`;
}

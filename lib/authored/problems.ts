import type {z} from "zod";
import {escapeUnsafe, quoteValue} from "../text/quote-text.js";

export interface Problem {
  file: string;
  /** Written like checklist[1].rule; empty for the whole file. */
  field: string;
  message: string;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index ? "." : ""}${String(key)}`))
    .join("");
}

export function formatProblem({file, field, message}: Problem): string {
  // A file name or a key from the file can hold a character that reorders or breaks the line: shown escaped.
  return escapeUnsafe(field ? `${file} at ${field}: ${message}` : `${file}: ${message}`);
}

/**
 * What a check found, on both sides of the project (the guideline's and the probes'): every problem, each of which
 * fails the check, and warnings, shown but never failing. A check returns its report and goes on past a broken file,
 * so one run lists everything; a reader that cannot go on (a loader, a command) throws AuthoredFileError with the
 * report's problems at its edge.
 */
export interface Report {
  problems: Problem[];
  warnings: Problem[];
}

/** Thrown when authored files are broken; the message lists every problem, one per line. */
export class AuthoredFileError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "AuthoredFileError";
  }
}

/** Turns zod's issues into problems; `input` is what was parsed, so a message can quote the value at fault. */
export function problemsFromZod(file: string, error: z.core.$ZodError, input: unknown): Problem[] {
  return error.issues.flatMap((issue) => flatten(file, issue, [], input));
}

function flatten(file: string, issue: z.core.$ZodIssue, prefix: readonly PropertyKey[], input: unknown): Problem[] {
  const path = [...prefix, ...issue.path];
  // A union reports each branch's issues; keep the branch that got furthest, so the message names the real field.
  if (issue.code === "invalid_union" && issue.errors.length) {
    // A union of plain values (a score is 1-5 or "n/a"): name every alternative, not only the first.
    if (issue.errors.every((branch) => branch.length === 1 && branch[0]!.path.length === 0)) {
      const value = valueAt(input, path);
      const expected = issue.errors.map((branch) => alternative(branch[0]!)).join(" or ");
      return [
        {
          file,
          field: fieldPath(path),
          message:
            value === undefined ? `missing: expected ${expected}` : `expected ${expected}, got ${quoteValue(value)}`,
        },
      ];
    }
    const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
    if (best.length) return best.flatMap((inner) => flatten(file, inner, path, input));
  }
  // One problem per unknown key, at the key itself, so the field names what to remove or rename.
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => ({
      file,
      field: fieldPath([...path, key]),
      message: "unknown field: remove it or correct its name",
    }));
  const value = valueAt(input, path);
  // The whole file, when it is not even an object: maybe a file of another kind altogether (a link to a system file
  // given by mistake), so nothing of it is quoted, only what it is.
  if (path.length === 0 && issue.code === "invalid_type" && value !== undefined)
    return [{file, field: "", message: `expected ${issue.expected}, got ${kindOf(value)}`}];
  return [{file, field: fieldPath(path), message: describe(issue, value)}];
}

/** What a value is, in words, without a character of it: "a string", "a list", "null". */
const kindOf = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "a list"
      : typeof value === "object"
        ? "an object"
        : `a ${typeof value}`;

const depth = (issues: z.core.$ZodIssue[]): number => Math.max(0, ...issues.map((issue) => issue.path.length));

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    root,
  );
}

const list = (values: readonly unknown[]): string => values.map((value) => quoteValue(value)).join(", ");

/** What one branch of a union of plain values expects, e.g. `number <= 5` or `"n/a"`. */
function alternative(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected;
    case "invalid_value":
      return list(issue.values);
    case "too_big":
      return `${issue.origin} ${issue.inclusive ? "<=" : "<"} ${String(issue.maximum)}`;
    case "too_small":
      return `${issue.origin} ${issue.inclusive ? ">=" : ">"} ${String(issue.minimum)}`;
    default:
      return issue.message;
  }
}

function describe(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      return value === undefined
        ? `missing: expected ${issue.expected}`
        : `expected ${issue.expected}, got ${quoteValue(value)}`;
    case "invalid_value":
      return value === undefined
        ? `missing: expected one of ${list(issue.values)}`
        : `got ${quoteValue(value)}: expected one of ${list(issue.values)}`;
    case "invalid_union":
      if ("discriminator" in issue) {
        // zod 4 adds the discriminator's allowed values as `options` (not in its issue type).
        const options = (issue as {options?: unknown[]}).options ?? [];
        const name = issue.discriminator === "rule" ? "rule id" : String(issue.discriminator);
        const found = value === undefined ? `missing ${name}` : `unknown ${name} ${quoteValue(value)}`;
        return `${found}: expected one of ${list(options)}`;
      }
      return issue.message;
    case "too_small":
    case "too_big":
      return `${issue.message.replace(/^Too/, "too")}${
        value !== undefined && typeof value !== "object" ? `, got ${quoteValue(value)}` : ""
      }`;
    case "invalid_format":
      return `got ${quoteValue(value)}: ${expectedFormat(issue)}`;
    case "invalid_key":
      // A record key that fails its schema: the path ends at the key, so quote the key itself.
      return `invalid key: ${issue.issues
        .map((inner) => describe(inner as z.core.$ZodIssue, issue.path.at(-1)))
        .join("; ")}`;
    default:
      return issue.message;
  }
}

/** What a string format expects: the schema's own "expected ..." message, else a name for the format. */
function expectedFormat(issue: z.core.$ZodIssueInvalidStringFormat): string {
  if (/^expected /.test(issue.message)) return issue.message;
  switch (issue.format) {
    case "regex":
      return `expected text matching ${String((issue as {pattern?: string}).pattern ?? "its pattern")}`;
    case "date":
      return "expected a date like 2026-08-10";
    case "datetime":
      return "expected a date and time like 2026-08-10T12:00:00.000Z";
    case "url":
      return "expected a url";
    default:
      return `expected ${issue.format}`;
  }
}

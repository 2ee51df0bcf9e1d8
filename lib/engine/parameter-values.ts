// What an author may set a guideline parameter to, as plain data, and the parser for "name=value" that the
// preview's command line (--set) and the page's URL share. Browser-safe: the domains come from
// lib/authoring/parameter-domains.node.ts (Node-only, it reads the version's logic.yaml) through a data loader or a
// CLI.
import type {ParameterValue, ParameterValues} from "./logic.js";
import {quoteText, setTwice} from "../text/quote-text.js";

/** A parameter's name, as its version's logic declares it. */
export type ParameterName = string;
export type {ParameterValue};

/** A parameter's value among a version's values; throws naming it when the version declares no such parameter. */
export function declaredValue(parameters: ParameterValues, name: ParameterName): ParameterValue {
  const value = parameters[name];
  if (value === undefined) throw new Error(`no parameter ${quoteText(name)}: the version declares none of that name`);
  return value;
}

/** One parameter a version's logic declares, as data a page can show and a parser can check against. */
export interface ParameterDomain {
  name: ParameterName;
  /** "choice" is a fixed list of strings; "integer" and "number" are ranges. */
  kind: "boolean" | "choice" | "integer" | "number";
  /** Every value its declaration allows, or, for a "number", a few along its range (the ends, the default). */
  values: ParameterValue[];
  /** The range of an "integer" or a "number" (inclusive), null for the other kinds. */
  min: number | null;
  max: number | null;
  /** Its value in the version (its logic.yaml's `value`). */
  default: ParameterValue;
  /** What it decides, in a sentence: its declaration's description. */
  meaning: string;
  /** The first reader whose conditions read it: a rule id or "rubric" (null when none does). */
  reader: string | null;
  /** The rules of the guideline version that read it (its YAML's `parameters:`, and the reader if a rule). */
  rules: string[];
}

const tidy = (n: number): number => Number(n.toPrecision(12));

/**
 * The values a count or a number is tried at (a parameter's domain, a row threshold in the dependence report): a
 * count's every value when its range is short, else its ends, middle and default; a number's ends, the quarters
 * between them, and its default.
 */
export function rangeSamples(
  type: "count" | "number",
  min: number | null,
  max: number | null,
  value: number,
): number[] {
  if (type === "count") {
    const low = min ?? Math.min(0, value);
    const high = max ?? Math.max(low + 10, value * 2);
    const values =
      high - low <= 20
        ? Array.from({length: high - low + 1}, (_, step) => low + step)
        : [low, Math.round((low + high) / 2), high, value];
    return [...new Set(values)].sort((a, b) => a - b);
  }
  const low = min ?? Math.min(0, value);
  const high = max ?? Math.max(low + 1, value * 2);
  const quarters = [0, 0.25, 0.5, 0.75, 1].map((step) => tidy(low + (high - low) * step));
  return [...new Set([...quarters, value])].sort((a, b) => a - b);
}

/** A parameter set to a value: what `--set name=value` and the page's URL carry. */
export interface Assignment {
  name: ParameterName;
  value: ParameterValue;
}

/** A "name=value" that names no parameter, or a value outside its domain; the message lists what is valid. */
export class AssignmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AssignmentError";
  }
}

/** What a parameter accepts, in words: `one of a, b, c`, `a whole number from 1 to 5`. */
export function describeDomain(domain: ParameterDomain): string {
  switch (domain.kind) {
    case "boolean":
      return "true or false";
    case "choice":
      return `one of ${domain.values.join(", ")}`;
    case "integer":
      return `a whole number${range(domain)}`;
    case "number":
      return `a number${range(domain)}`;
  }
}

const range = ({min, max}: ParameterDomain): string =>
  min !== null && max !== null
    ? ` from ${min} to ${max}`
    : min !== null
      ? ` of at least ${min}`
      : max !== null
        ? ` of at most ${max}`
        : "";

const withinRange = (domain: ParameterDomain, n: number): boolean =>
  (domain.min === null || n >= domain.min) && (domain.max === null || n <= domain.max);

/** Reads a value typed for a parameter, or throws naming the parameter and what it accepts. */
export function parseValue(domain: ParameterDomain, text: string): ParameterValue {
  const wrong = (): never => {
    throw new AssignmentError(`${domain.name}: expected ${describeDomain(domain)}, got ${quoteText(text)}`);
  };
  switch (domain.kind) {
    case "boolean":
      return text === "true" ? true : text === "false" ? false : wrong();
    case "choice":
      return domain.values.includes(text) ? text : wrong();
    case "integer": {
      const n = /^-?[0-9]+$/.test(text) ? Number(text) : NaN;
      return Number.isSafeInteger(n) && withinRange(domain, n) ? n : wrong();
    }
    case "number": {
      const n = /^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/.test(text) ? Number(text) : NaN;
      return Number.isFinite(n) && withinRange(domain, n) ? n : wrong();
    }
  }
}

/** Reads "name=value" against the domains, or throws listing the valid names or the valid values. */
export function parseAssignment(text: string, domains: readonly ParameterDomain[]): Assignment {
  const names = domains.map((domain) => domain.name).join(", ");
  const equals = text.indexOf("=");
  if (equals < 0)
    throw new AssignmentError(`expected <parameter>=<value>, got ${quoteText(text)}: parameters are ${names}`);
  const name = text.slice(0, equals).trim();
  const domain = domains.find((candidate) => candidate.name === name);
  if (!domain) throw new AssignmentError(`unknown parameter ${quoteText(name)}: expected one of ${names}`);
  return {name: domain.name, value: parseValue(domain, text.slice(equals + 1).trim())};
}

/** Reads several "name=value"; a parameter set twice is an error, since only one value can win. */
export function parseAssignments(texts: readonly string[], domains: readonly ParameterDomain[]): Assignment[] {
  const assignments: Assignment[] = [];
  for (const text of texts) {
    const assignment = parseAssignment(text, domains);
    const earlier = assignments.find((seen) => seen.name === assignment.name);
    if (earlier) throw new AssignmentError(setTwice(assignment.name, String(earlier.value), String(assignment.value)));
    assignments.push(assignment);
  }
  return assignments;
}

export const formatAssignment = ({name, value}: Assignment): string => `${name}=${value}`;

/** The assignments as parameter overrides for ruleSetOf. */
export function overridesOf(assignments: readonly Assignment[]): ParameterValues {
  return Object.fromEntries(assignments.map(({name, value}) => [name, value]));
}

/** The preview's choice, as the page keeps it in its URL: a base version, and a candidate version with changes. */
export interface PreviewChoice {
  base: string;
  /** The candidate's version: another version, or the base itself when only parameters change. */
  candidate: string;
  set: Assignment[];
}

/** The choice as a URL query: `base=v2&candidate=v2&set=counting%3Dmost-missed`. */
export function choiceToQuery(choice: PreviewChoice): string {
  const query = new URLSearchParams({base: choice.base, candidate: choice.candidate});
  for (const assignment of choice.set) query.append("set", formatAssignment(assignment));
  return query.toString();
}

/**
 * Reads the choice back from a URL query a colleague was sent. A version not among `versions`, a bad assignment, or
 * a version or parameter given twice throws, naming the valid ones; a missing base is the newest version, a missing
 * candidate the base.
 */
export function choiceFromQuery(
  query: string | URLSearchParams,
  versions: readonly string[],
  domains: readonly ParameterDomain[],
): PreviewChoice {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const version = (key: "base" | "candidate", fallback: string | undefined): string => {
    // Given twice, as a parameter set twice, it is refused: only one could win.
    const [first, again] = params.getAll(key);
    if (first !== undefined && again !== undefined) throw new AssignmentError(setTwice(key, first, again));
    const value = first ?? fallback;
    if (value === undefined || !versions.includes(value)) {
      const problem = value === undefined ? "missing" : `unknown version ${quoteText(value)}`;
      throw new AssignmentError(`${key}: ${problem}: expected one of ${versions.join(", ")}`);
    }
    return value;
  };
  const base = version("base", versions.at(-1));
  return {base, candidate: version("candidate", base), set: parseAssignments(params.getAll("set"), domains)};
}

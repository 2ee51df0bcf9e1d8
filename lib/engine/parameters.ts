// A guideline version's parameters as an author sets them, on the authors' page and in `guideline:preview --set`:
// what each may be set to, a "name=value" read against that, and each in words, with the ones linked by one phrase.
// One module, so a value is offered, refused and described from the one declaration. Browser-safe: the domains come
// from lib/authoring/parameter-domains.node.ts (Node-only) through a data loader or a CLI; the words are the version's
// own (guideline/vN/logic.yaml's `parameters:` and `linked:`).
import type {GuidelineLogic, RowThreshold} from "../authored/schemas/logic.js";
import type {ParameterValue, ParameterValues} from "./logic.js";
import {thresholdNumber, thresholdsBent, thresholdsWorded} from "./labels.js";
import {listWords} from "../text/format.js";
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

// Each parameter and value in an author's words: the words the authors' page, the case editor and the version's
// changelog say of a change.

/** What the words are read from: a version's logic, its declared parameters, their links and the rubric's thresholds
 *  that their values' words say. */
export type ParameterSource = Pick<GuidelineLogic, "parameters" | "linked" | "rubric">;

const declared = (logic: ParameterSource, name: string) => logic.parameters.find((entry) => entry.name === name);

/** What the parameter decides, as a heading: "How “at least half” counts the other instructions"; else its id. */
export const parameterHeading = (logic: ParameterSource, name: string): string => declared(logic, name)?.title ?? name;

/**
 * Each of the parameter's values in words, keyed by the value as the URL spells it, each as the rubric's thresholds
 * read it ("at least 60% met is row 3" with row 3's share at 0.6); undefined for a number.
 */
export function parameterValueWords(
  logic: ParameterSource,
  name: string,
): Readonly<Record<string, string>> | undefined {
  const parameter = declared(logic, name);
  if (!parameter || !("words" in parameter) || !parameter.words) return undefined;
  return Object.fromEntries(
    Object.entries(parameter.words).map(([value, words]) => [
      value,
      thresholdsWorded(logic, words, {parameter: name, value}),
    ]),
  );
}

/** A parameter named in words, its id after: "How “at least half” counts the other instructions (counting)". */
export const parameterTitle = (logic: ParameterSource, name: ParameterName): string =>
  `${parameterHeading(logic, name)} (${name})`;

/**
 * A parameter set to a value, for a one-line description of a candidate, as a change to a clause or row reads: the
 * parameter in words, its id, then the version's own value and the one set, as the URL and `--set` spell them:
 * "How “at least half” counts the other instructions (counting): at-least-half → most-missed".
 */
export function assignmentWords(logic: ParameterSource, {name, value}: Assignment): string {
  const own = declared(logic, name)?.value;
  return `${parameterTitle(logic, name)}: ${own === undefined ? "" : `${String(own)} → `}${String(value)}`;
}

/** A value in words, the value itself after where the words differ: "more than half met is row 3 (more-than-half)". */
export const valueWords = (logic: ParameterSource, name: ParameterName, value: ParameterValue): string =>
  wordsThenValue(parameterValueWords(logic, name), value);

/** As valueWords, from a parameter's values' words already worked out (a menu of every value). */
export function wordsThenValue(words: Readonly<Record<string, string>> | undefined, value: ParameterValue): string {
  const said = words?.[String(value)];
  return said === undefined ? String(value) : `${said} (${String(value)})`;
}

/** What one linked parameter's control says: the phrase, the other parameter, and whether to offer to match it. */
export interface LinkOffer {
  phrase: string;
  to: string;
  other: {name: ParameterName; to: string; value: ParameterValue};
  /**
   * The value to set the other to (this control's), or null when the other already has it or cannot take it, or when
   * only the other was changed from the version: offered there, it would undo that change.
   */
  offer: ParameterValue | null;
  /** The other can take this control's value. */
  settable: boolean;
  /** The thresholds that make one's phrase read otherwise than the other's, whatever their values: row 3's share at
   *  0.6 makes counting's "at least half" 60%, where the main task's is still half. */
  bent: RowThreshold[];
}

/**
 * The link a parameter's control shows, given the candidate's parameters and the version's own (`base`); null for a
 * parameter with no link.
 */
export function linkOf(
  logic: ParameterSource,
  name: ParameterName,
  parameters: ParameterValues,
  accepts: (name: ParameterName, value: ParameterValue) => boolean,
  base: ParameterValues,
): LinkOffer | null {
  const link = logic.linked.find((entry) => entry.members.some((member) => member.name === name));
  if (!link) return null;
  const self = link.members.find((member) => member.name === name)!;
  const other = link.members.find((member) => member.name !== name)!;
  const value = declaredValue(parameters, name);
  const otherValue = declaredValue(parameters, other.name);
  const settable = accepts(other.name, value);
  const changed = (member: ParameterName) => declaredValue(parameters, member) !== declaredValue(base, member);
  const bentSelf = thresholdsBent(logic, {parameter: name, value: String(value)});
  const bentOther = thresholdsBent(logic, {parameter: other.name, value: String(otherValue)});
  return {
    phrase: link.phrase,
    to: self.to,
    other: {name: other.name, to: other.to, value: otherValue},
    offer: value !== otherValue && settable && !(changed(other.name) && !changed(name)) ? value : null,
    settable,
    bent: [
      ...bentSelf.filter((entry) => !bentOther.includes(entry)),
      ...bentOther.filter((e) => !bentSelf.includes(e)),
    ],
  };
}

/**
 * Whether a linked parameter and the other read their phrase alike, given this one's value: they differ, agree, or
 * cannot be set alike; or they have the same value but a row threshold set otherwise makes one read another number
 * ("the share of the other instructions met that a 3 needs is 0.6").
 */
export function linkStanding(link: LinkOffer, value: ParameterValue): string {
  if (value !== link.other.value)
    return link.settable ? "The two now differ." : "The other has no such value, so they cannot be set alike.";
  if (!link.bent.length) return "The two agree.";
  const set = link.bent.map(
    (threshold) =>
      `${threshold.title.charAt(0).toLowerCase()}${threshold.title.slice(1)} is ${thresholdNumber(threshold)}`,
  );
  return `The two have the same value, but ${listWords(set)}: “${link.phrase}” no longer reads alike for both.`;
}

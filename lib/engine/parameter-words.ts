// Each guideline parameter in words, for the authors' page and `guideline:preview`: what it decides, said first,
// and each of its values in words; the id follows wherever a parameter is named. And the parameters that encode one
// phrase of the guideline ("at least half"), which an author changing one should be offered to change together.
// Browser-safe: the words are the version's own (guideline/vN/logic.yaml's `parameters:` and `linked:`).
import type {GuidelineLogic, RowThreshold} from "../authored/schemas/logic.js";
import {thresholdNumber, thresholdsBent, thresholdsWorded} from "./labels.js";
import {listWords} from "../text/format.js";
import {declaredValue, type Assignment, type ParameterName, type ParameterValue} from "./parameter-values.js";
import type {ParameterValues} from "./logic.js";

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

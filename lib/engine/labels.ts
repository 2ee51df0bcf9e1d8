// How the engine's verdicts, rubric rows, flags and a version's rules are named, on every page and in every
// command: one wording for each, and the shorter forms a table or a list needs, each built beside the full one.
// Browser-safe (type imports only, and ./reference.ts, which imports nothing): lib/authored/schemas/verdict.ts and
// lib/engine/rubric.ts hold the values.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {GuidelineLogic, RowShortWords, RowThreshold} from "../authored/schemas/logic.js";
import type {ParameterValues} from "./logic.js";
import {reference} from "./reference.js";
import type {RubricRow} from "./rubric.js";
import type {Verdict} from "../authored/schemas/verdict.js";

/** A verdict on a checklist line, as a page states it. */
export const verdictLabels: Record<Verdict, string> = {
  "met": "met",
  "met-flaw": "met, with a small flaw",
  "partly": "partly met",
  "not-met": "not met",
  "cannot-check": "can't be checked",
  "not-instruction": "not an instruction",
  "not-applicable": "not applicable",
};

/**
 * A verdict inside a list that commas already separate ("two others: one met with a small flaw, one partly met"):
 * the same words without the comma, which would read as a break between entries.
 */
export const verdictInListLabels: Record<Verdict, string> = {...verdictLabels, "met-flaw": "met with a small flaw"};

type RowsWords = Pick<GuidelineLogic, "rubric">;

/** The row, among the rubric's rows and its cap; undefined for an id the rubric does not declare. */
const rowData = ({rubric}: RowsWords, row: RubricRow) =>
  rubric.rows.find((entry) => entry.id === row) ?? (rubric.cap?.id === row ? rubric.cap : undefined);

/** Whether the rubric words the row in full, for the ruling to name it in place of its level's words. */
export const hasRubricRow = (logic: RowsWords, row: RubricRow): boolean => rowData(logic, row)?.words !== undefined;

/**
 * A rubric row, as the ruling, the trainee's implied score and the case editor state it: the version's words for it
 * (guideline/vN/logic.yaml), else its short words as the parameters read them; a row the rubric does not declare is
 * said as "a row of the rubric". The version's words hold for its own values: where the short words follow a
 * parameter set otherwise (row 3's "at least half" under another counting), the short words are what holds.
 */
export function rubricRowWords(
  logic: RowsWords & Pick<GuidelineLogic, "parameters">,
  row: RubricRow,
  parameters: ParameterValues,
): string {
  const data = rowData(logic, row);
  if (!data) return "a row of the rubric";
  const follows = typeof data.short === "string" ? null : data.short.parameter;
  const own =
    follows === null || logic.parameters.find((entry) => entry.name === follows)?.value === parameters[follows];
  return thresholdsWorded(logic, data.words !== undefined && own ? data.words : shortWords(data.short, parameters));
}

/** A row's short words, as the parameters read them: "more than half met" under `counting: more-than-half`. */
function shortWords(short: RowShortWords, parameters: ParameterValues): string {
  if (typeof short === "string") return short;
  return short.values[String(parameters[short.parameter])] ?? Object.values(short.values)[0]!;
}

const numberWords = (n: number): string => String(Number(n.toFixed(4)));

/** The words a row says, in full and short, each form. */
const rowTexts = ({words, short}: {words?: string; short: RowShortWords}): string[] => [
  ...(words === undefined ? [] : [words]),
  ...(typeof short === "string" ? [short] : Object.values(short.values)),
];

/** The rows whose words say a row's threshold: the row itself, and each saying a phrase of its wording (row 2's "fewer
 *  than half" says row 3's "half"). */
export function rowsSaying({rubric}: RowsWords, row: string): string[] {
  const phrases = Object.keys(rubric.rows.find((entry) => entry.id === row)?.threshold?.wording?.phrases ?? {});
  return rubric.rows
    .filter((entry) => entry.id === row || rowTexts(entry).some((text) => phrases.some((p) => text.includes(p))))
    .map((entry) => entry.id);
}

/** The rows' thresholds set otherwise than their words say them; with `parameter`, those its values' words say. */
export const thresholdsBent = ({rubric}: RowsWords, parameter?: string): RowThreshold[] =>
  rubric.rows.flatMap(({threshold}) =>
    threshold?.wording &&
    threshold.wording.value !== threshold.value &&
    (parameter === undefined || threshold.wording.parameters?.includes(parameter))
      ? [threshold]
      : [],
  );

/**
 * A row's words, or with `parameter` a value's words of it, with each threshold set otherwise than they say it, as
 * its wording gives it: "at least half met" under a share of 0.6 is "at least 60% met".
 */
export function thresholdsWorded(logic: RowsWords, text: string, parameter?: string): string {
  let worded = text;
  for (const threshold of thresholdsBent(logic, parameter)) {
    if (!threshold.wording) continue;
    const form = (other: string) =>
      other.replace("#%", `${numberWords(threshold.value * 100)}%`).replace("#", numberWords(threshold.value));
    const phrases = Object.entries(threshold.wording.phrases).sort(([a], [b]) => b.length - a.length);
    for (const [phrase, other] of phrases)
      worded = worded.replace(new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "g"), form(other));
  }
  return worded;
}

/**
 * A rubric row by its number and words, as the version that applies it words it: "row 3, more than half met" under
 * `counting: more-than-half`; the cap names its score ("row 3, the cap for a partly done main task"); a row with no
 * score ("n/a") is its words alone.
 */
export function rubricRowByNumber(logic: RowsWords, row: RubricRow, parameters: ParameterValues): string {
  const data = rowData(logic, row);
  if (!data) return row;
  const words = thresholdsWorded(logic, shortWords(data.short, parameters));
  const named = typeof data.score === "string" ? reference(data.score) : null;
  const score = named ? parameters[named.parameter] : data.score;
  return score === "n/a" ? words : `row ${String(score)}, ${words}`;
}

/** A flag as a trainee's ruling shows it ("Safety review"): the version's words for it (guideline/vN/logic.yaml). */
export const flagLabel = (logic: Pick<GuidelineLogic, "flagWords">, flag: string): string =>
  logic.flagWords[flag] ?? "A flag of the guideline";

/** What marks a rule the author applied but the version does not state. */
const unwrittenWords = "Not in the guideline";
/** What leads an unwritten rule's text. */
export const unwrittenLead = `${unwrittenWords}: `;

type NamedRules = Pick<Guideline, "rules" | "unwrittenRules">;

/** An unwritten rule's text inside a sentence: no full stop, the lead's words after it ("(not in the guideline)"). */
const unwrittenInList = (text: string): string => `${text.replace(/\.$/, "")} (${unwrittenWords.toLowerCase()})`;

/**
 * A rule of a version by its title ("Numbers"); one the version applies but does not state by its text after
 * unwrittenLead ("Not in the guideline: Accuracy is rated separately."), or `inList`, inside a sentence or a list
 * ("Accuracy is rated separately (not in the guideline)"); one it lacks by its id.
 */
export function ruleName(version: NamedRules, id: string, {inList = false} = {}): string {
  const unwritten = version.unwrittenRules?.find((rule) => rule.id === id);
  if (unwritten) return inList ? unwrittenInList(unwritten.text) : `${unwrittenLead}${unwritten.text}`;
  return version.rules.find((rule) => rule.id === id)?.title ?? id;
}

/** Where a parameter's reader stands in a version: the rubric, a rule it states, one it applies unstated, or none. */
export type ReaderStanding =
  | {kind: "rubric"}
  | {kind: "stated"; id: string}
  | {kind: "unwritten"; id: string; text: string}
  | {kind: "missing"; id: string};

/** `reader` as a parameter domain names it (a rule id or "rubric"; null when nothing reads it), in `version`. */
export function readerStanding(version: NamedRules, reader: string | null): ReaderStanding {
  if (!reader || reader === "rubric") return {kind: "rubric"};
  if (version.rules.some((rule) => rule.id === reader)) return {kind: "stated", id: reader};
  const unwritten = version.unwrittenRules?.find((rule) => rule.id === reader);
  return unwritten ? {kind: "unwritten", id: reader, text: unwritten.text} : {kind: "missing", id: reader};
}

/** Every rule's name inside a sentence or a list ("…, a ceiling with none delivered: not met → partly met"), by id. */
export function ruleNamesInList(version: NamedRules): Map<string, string> {
  const ids = [...version.rules, ...(version.unwrittenRules ?? [])].map((rule) => rule.id);
  return new Map(ids.map((id) => [id, ruleName(version, id, {inList: true})]));
}

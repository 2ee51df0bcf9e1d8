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

/** A verdict said of a line in a sentence, after its name: "“Formal” is met, with a small flaw". */
export const verdictPredicates: Record<Verdict, string> = {
  ...(Object.fromEntries(Object.entries(verdictLabels).map(([verdict, label]) => [verdict, `is ${label}`])) as Record<
    Verdict,
    string
  >),
  "cannot-check": verdictLabels["cannot-check"],
  "not-instruction": "is not an instruction here",
};

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

/** A number as a row's words say it: three significant figures at most, no trailing zeros ("0.333", "60"). */
const numberWords = (n: number): string => String(Number(n.toPrecision(3)));

/** A threshold's number as its wording says another value of it: "60%" where a phrase's form is a percentage. */
export function thresholdNumber(threshold: RowThreshold): string {
  const percent = Object.values(threshold.wording?.phrases ?? {}).some((form) => form.includes("#%"));
  return percent ? `${numberWords(threshold.value * 100)}%` : numberWords(threshold.value);
}

const escaped = (phrase: string): string => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A phrase as a whole: not inside a longer word ("half" is not said by "behalf"), in any script. */
const wholePhrases = (phrases: readonly string[]): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.map(escaped).join("|")})(?![\\p{L}\\p{N}])`, "gu");

/** The words a row (or the cap) says, in full and short, each form. */
export const rowTexts = ({words, short}: {words?: string; short: RowShortWords}): string[] => [
  ...(words === undefined ? [] : [words]),
  ...(typeof short === "string" ? [short] : Object.values(short.values)),
];

/** Whether a row's words say a phrase of a threshold's wording: the schema and the wording read it alike. */
export const saysPhrase = (text: string, phrase: string): boolean => wholePhrases([phrase]).test(text);

/** A parameter's value, whose words a threshold's wording may say (`parameters:` in it). */
type ValueOf = {parameter: string; value: string};

/** The rows' thresholds set otherwise than their words say them: all the rows' words say, or those a value's say. */
export const thresholdsBent = ({rubric}: RowsWords, of?: ValueOf): RowThreshold[] =>
  rubric.rows.flatMap(({threshold}) => {
    const wording = threshold?.wording;
    if (!wording || wording.value === threshold.value) return [];
    const applies = !of || (wording.parameters?.[of.parameter]?.includes(of.value) ?? false);
    return applies ? [threshold] : [];
  });

/**
 * A row's words, or a parameter value's, with each threshold set otherwise than they say it, as its wording gives it:
 * "at least half met" under a share of 0.6 is "at least 60% met". One pass, the longest phrase first, so a form put in
 * is never read again.
 */
export function thresholdsWorded(logic: RowsWords, text: string, of?: ValueOf): string {
  const forms = new Map<string, string>();
  for (const threshold of thresholdsBent(logic, of))
    for (const [phrase, other] of Object.entries(threshold.wording!.phrases))
      forms.set(
        phrase,
        other.replaceAll("#%", `${numberWords(threshold.value * 100)}%`).replaceAll("#", numberWords(threshold.value)),
      );
  if (!forms.size) return text;
  const phrases = [...forms.keys()].sort((a, b) => b.length - a.length);
  return text.replace(wholePhrases(phrases), (phrase) => forms.get(phrase)!);
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

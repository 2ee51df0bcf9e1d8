// The case editor's state and every edit to it. The state is the case RECORD, exactly what itemRecord reads and
// writeItemFile writes, so loading a case and changing nothing leaves it as it was. Each edit is pure; an emptied field
// is left out, and nothing is added the author did not enter, except verdicts and score, which follow the engine.
import type {CaseSet, ChecklistRuleId, Flag} from "../authored/schemas/item.js";
import type {ItemSchema} from "../authored/schemas/facts.js";
import {readCaseFile} from "./case-file.js";
import type {Problem} from "../authored/problems.js";
import {stretch, tokens} from "../trainee/draft.js";
import {writeItemFile} from "../authored/item-writer.js";
import {withNewId} from "./new-case.js";
import {canonicalLanguage} from "../authored/language.js";
import {orderAfterLast, orderTaken, type PlacedCase} from "./case-places.js";
import {isRecord, linesOf, withItemMoved, withoutItem, type CaseRecord} from "./case-record.js";
import {quotesOf} from "../authored/quote.js";

export {syncRulings} from "./case-view.js";
export {ruleSetsFromQuery} from "./candidate-choice.js";
export type {CaseDerivation, EditorContext, EditorView, LineReading, LineView} from "./case-view.js";

export {caseFileName, linesOf, type CaseRecord} from "./case-record.js";

export type TextName = "request" | "response";
export type LineRole = "main" | "instruction" | "candidate";

export interface NewLine {
  role: LineRole;
  /** Exactly as the request has them; several stretches for a main task. */
  quote?: string | string[];
  /** A standing instruction has no words to point to. */
  unquoted?: string;
  text?: string;
}

export interface CaseNote {
  label: string;
  text: string;
  score?: number | "n/a";
  compare?: string[];
}

/** Written for the notebook, in the fresh calibration set until the author says otherwise, after the last of its set
 *  as `case:new` orders a case. */
export function blankCase({
  set = "fresh-calibration",
  cases,
}: {set?: CaseSet; cases?: readonly PlacedCase[]} = {}): CaseRecord {
  return {
    id: "new-case",
    set,
    ...(cases ? {order: orderAfterLast(cases, set)} : {}),
    origin: "notebook",
    request: {language: "en"},
    response: {language: "en"},
    checklist: [],
  };
}

export function caseFromFile(
  text: string,
  file: string,
  schema: ItemSchema,
): {record: CaseRecord | null; problems: Problem[]} {
  const {record, problems} = readCaseFile(text, file, schema);
  return {record, problems};
}

/** Exactly what data/items/<id>.md holds. */
export const caseFileText = (record: CaseRecord): string => writeItemFile(record);

/** As the trainee's marking finds them: tokens `from` to `to`, either order. */
export function markedWords(text: string, from: number, to: number): string {
  const mark = stretch(tokens(text), "request", from, to);
  return text.slice(mark.start, mark.end);
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

function withKey<T extends Record<string, unknown>>(object: T, key: string, value: unknown): T {
  const {[key]: _old, ...rest} = object;
  return (isEmpty(value) ? rest : {...object, [key]: value}) as T;
}

export const setField = (record: CaseRecord, name: string, value: unknown): CaseRecord => withKey(record, name, value);

/** Its order follows as `case:new` orders a case when it has none, was the one suggested in the set before, or is
 *  taken in the new set; any other free order the author gave stays. */
export function setSet(record: CaseRecord, set: string, cases: readonly PlacedCase[]): CaseRecord {
  const next = setField(record, "set", set);
  if (set === "") return next;
  const {order} = record;
  const kept =
    typeof order === "number" &&
    order !== nextFreeOrder(record, cases) &&
    !orderTaken(cases, {id: String(record.id), set, order});
  return kept ? next : {...next, order: orderAfterLast(cases, set)};
}

/** Null when the record has no set. */
export const nextFreeOrder = (record: CaseRecord, cases: readonly PlacedCase[]): number | null =>
  typeof record.set === "string" && record.set !== "" ? orderAfterLast(cases, record.set) : null;

/** What else the id changes is decided from the case as loaded (withNewId): under another id a case-study case
 *  becomes the notebook's and one at a taken order moves after the last. `became` says when its origin changed. */
export function setId(
  record: CaseRecord,
  id: string,
  from: {loaded: CaseRecord; cases: readonly PlacedCase[]},
): {record: CaseRecord; became: "notebook" | "case-study" | null} {
  return id === "" ? {record: setField(record, "id", id), became: null} : withNewId(record, id, from);
}

function withTextField(record: CaseRecord, which: TextName, key: string, value: unknown): CaseRecord {
  const holder = isRecord(record[which]) ? record[which] : {};
  return {...record, [which]: withKey(holder, key, value)};
}

export const setText = (record: CaseRecord, which: TextName, text: string): CaseRecord =>
  withTextField(record, which, "text", text);

/** As Intl writes a well-formed tag ("ES-mx" -> "es-MX"); anything else as typed, for the check to name. */
export const setLanguage = (record: CaseRecord, which: TextName, language: string): CaseRecord =>
  withTextField(record, which, "language", canonicalLanguage(language.trim()) ?? language);

/** A gloss typed is the case's own: it is no longer the one taken from another case (glossFrom). */
export const setGloss = (record: CaseRecord, which: TextName, gloss: string): CaseRecord =>
  withTextField(withTextField(record, which, "gloss", gloss), which, "glossFrom", undefined);

function withLines(record: CaseRecord, lines: Record<string, unknown>[]): CaseRecord {
  return {...record, checklist: lines};
}

function withLine(
  record: CaseRecord,
  index: number,
  change: (line: Record<string, unknown>) => Record<string, unknown>,
): CaseRecord {
  const lines = linesOf(record);
  if (index < 0 || index >= lines.length) return record;
  const changed = keepingOtherRules(lines[index]!, change(lines[index]!));
  if (changed === lines[index]) return record;
  return withLines(
    record,
    lines.map((line, at) => (at === index ? changed : line)),
  );
}

export function addLine(record: CaseRecord, line: NewLine): CaseRecord {
  let added: Record<string, unknown> = {role: line.role};
  added = withKey(added, "text", line.text);
  added = withKey(added, "quote", line.quote);
  added = withKey(added, "unquoted", line.unquoted);
  return withLines(record, [...linesOf(record), added]);
}

export function removeLine(record: CaseRecord, index: number): CaseRecord {
  const lines = withoutItem(linesOf(record), index);
  return lines ? withLines(record, lines) : record;
}

/**
 * The line's quote without its stretch at `at`: a stretch the request no longer holds goes, and the author marks the
 * words again. The last one gone leaves the line with no words, for the check to ask for.
 */
export function removeStretch(record: CaseRecord, index: number, at: number): CaseRecord {
  const line = linesOf(record)[index];
  const quote = line?.quote;
  if (!(typeof quote === "string" || Array.isArray(quote))) return record;
  const quotes = quotesOf(quote as string | string[]);
  if (at < 0 || at >= quotes.length) return record;
  const left = quotes.filter((_, each) => each !== at);
  return setLineField(record, index, "quote", left.length > 1 ? left : left[0]);
}

/** Clamped to the checklist. */
export function moveLine(record: CaseRecord, from: number, to: number): CaseRecord {
  const lines = withItemMoved(linesOf(record), from, to);
  return lines ? withLines(record, lines) : record;
}

export const setLineField = (record: CaseRecord, index: number, name: string, value: unknown): CaseRecord =>
  withLine(record, index, (line) => withKey(line, name, value));

/** Any other main line becomes an instruction: exactly one main. */
export function setMainLine(record: CaseRecord, index: number): CaseRecord {
  const lines = linesOf(record);
  if (index < 0 || index >= lines.length) return record;
  return withLines(
    record,
    lines.map((line, at) =>
      at === index
        ? line.role === "main"
          ? line
          : keepingOtherRules(line, {...line, role: "main"})
        : line.role === "main"
          ? keepingOtherRules(line, {...line, role: "instruction"})
          : line,
    ),
  );
}

/** Keyed by the line (records are only copied, never changed) and handed on by each edit of it; never saved. They last
 *  while the page is open. */
const otherRulesFacts = new WeakMap<object, Readonly<Record<string, unknown>>>();

function keepingOtherRules(line: Record<string, unknown>, changed: Record<string, unknown>): Record<string, unknown> {
  const kept = otherRulesFacts.get(line);
  if (kept && changed !== line && !otherRulesFacts.has(changed)) otherRulesFacts.set(changed, kept);
  return changed;
}

/** Its facts are those entered the last time the line had this rule (a rule chosen by mistake loses nothing), else
 *  none, which the schema fills with defaults on reading, so nothing is written the author did not enter. */
export function setRule(record: CaseRecord, index: number, rule: ChecklistRuleId): CaseRecord {
  return withLine(record, index, (line) => {
    if (line.rule === rule) return line;
    const {verdict: _verdict, ...rest} = line;
    const shelved = {...otherRulesFacts.get(line)};
    if (typeof line.rule === "string" && isRecord(line.facts)) shelved[line.rule] = line.facts;
    const {[rule]: kept, ...others} = shelved;
    const changed = {...rest, rule, facts: isRecord(kept) ? kept : {}};
    otherRulesFacts.set(changed, others);
    return changed;
  });
}

/** Undefined leaves it out: the schema's default, or not said. */
export const setFact = (record: CaseRecord, index: number, name: string, value: unknown): CaseRecord =>
  withLine(record, index, (line) =>
    value === undefined && !isRecord(line.facts)
      ? line
      : {...line, facts: withKey(isRecord(line.facts) ? line.facts : {}, name, value)},
  );

const notesOf = (record: CaseRecord): Record<string, unknown>[] =>
  Array.isArray(record.notes) ? record.notes.map((note) => (isRecord(note) ? note : {})) : [];

export function addNote(record: CaseRecord, note: CaseNote): CaseRecord {
  let added: Record<string, unknown> = {};
  for (const key of ["label", "text", "score", "compare"] as const) added = withKey(added, key, note[key]);
  return setField(record, "notes", [...notesOf(record), added]);
}

export function removeNote(record: CaseRecord, index: number): CaseRecord {
  const notes = notesOf(record);
  if (index < 0 || index >= notes.length) return record;
  return setField(
    record,
    "notes",
    notes.filter((_, at) => at !== index),
  );
}

export function setNote(record: CaseRecord, index: number, name: keyof CaseNote, value: unknown): CaseRecord {
  const notes = notesOf(record);
  if (index < 0 || index >= notes.length) return record;
  return setField(
    record,
    "notes",
    notes.map((note, at) => (at === index ? withKey(note, name, value) : note)),
  );
}

/** Dropping a flag drops its note. */
export function toggleFlag(record: CaseRecord, flag: Flag): CaseRecord {
  const flags = Array.isArray(record.flags) ? record.flags : [];
  const has = flags.some((entry) => isRecord(entry) && entry.flag === flag);
  return setField(
    record,
    "flags",
    has ? flags.filter((entry) => !(isRecord(entry) && entry.flag === flag)) : [...flags, {flag}],
  );
}

export const setCompare = (record: CaseRecord, ids: readonly string[]): CaseRecord =>
  setField(record, "compare", [...ids]);

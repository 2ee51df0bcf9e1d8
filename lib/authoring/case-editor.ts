// The case editor's state and every edit an author makes to it (/authors/case). The state is the case RECORD: an item
// file's front matter with its sections' texts in place, exactly what itemRecord reads and writeItemFile writes, so
// loading a case and changing nothing leaves it as it was. Each edit is pure and returns a new record; a field emptied
// is left out rather than written empty, and nothing is added that the author did not enter, except each line's
// verdict and the case's score, which follow the engine (syncRulings in case-view.ts). Browser-safe.
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

export {syncRulings} from "./case-view.js";
export {ruleSetsFromQuery} from "./candidate-choice.js";
export type {CaseDerivation, EditorContext, EditorView, LineReading, LineView} from "./case-view.js";

export {caseFileName, linesOf, type CaseRecord} from "./case-record.js";

/** The two texts an author pastes. */
export type TextName = "request" | "response";
export type LineRole = "main" | "instruction" | "candidate";

/** A new checklist line: the request's words for it (or why it has none), and its role. */
export interface NewLine {
  role: LineRole;
  /** The marked words exactly as the request has them; several stretches for a main task. */
  quote?: string | string[];
  /** Why a line has no words to point to (a standing instruction). */
  unquoted?: string;
  /** What the line says, in the checklist's words. */
  text?: string;
}

/** A likely wrong score and why raters give it. */
export interface CaseNote {
  label: string;
  text: string;
  score?: number | "n/a";
  compare?: string[];
}

/**
 * A new draft: written for the notebook, in the fresh calibration set until the author says otherwise. Given the cases
 * there are, it stands after the last of its set, as `case:new` orders a case.
 */
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

/** A case file's text (a case to start from, or an upload) as a record, with what is wrong with it. */
export function caseFromFile(
  text: string,
  file: string,
  schema: ItemSchema,
): {record: CaseRecord | null; problems: Problem[]} {
  const {record, problems} = readCaseFile(text, file, schema);
  return {record, problems};
}

/** The file the record downloads as: exactly what data/items/<id>.md holds. */
export const caseFileText = (record: CaseRecord): string => writeItemFile(record);

/** The words a mark covers in a text, as the trainee's marking finds them: tokens `from` to `to`, either order. */
export function markedWords(text: string, from: number, to: number): string {
  const mark = stretch(tokens(text), "request", from, to);
  return text.slice(mark.start, mark.end);
}

/** An empty value is left out of the file: an empty text, an empty list, or undefined. */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** A copy of `object` with `key` set to `value`, or without `key` when the value is empty. */
function withKey<T extends Record<string, unknown>>(object: T, key: string, value: unknown): T {
  const {[key]: _old, ...rest} = object;
  return (isEmpty(value) ? rest : {...object, [key]: value}) as T;
}

/** Sets a front-matter field (set, order, title, topic, teaches, ruling …); an empty value leaves it out. */
export const setField = (record: CaseRecord, name: string, value: unknown): CaseRecord => withKey(record, name, value);

/**
 * Sets the case's set. Its order follows, as `case:new` orders a case, when it has none, when it was the one suggested
 * in the set before (after that set's last case), or when another case of the new set stands there: the next free
 * order in the new set, after its last case. Any other order the author gave that is free there stays.
 */
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

/** The order after the last case of the record's set, which `case:new` would give it; null when it has no set. */
export const nextFreeOrder = (record: CaseRecord, cases: readonly PlacedCase[]): number | null =>
  typeof record.set === "string" && record.set !== "" ? orderAfterLast(cases, record.set) : null;

/**
 * Sets the case's id (emptied, it is left out). What else the id changes is decided from the case as it was loaded
 * (withNewId): under another id a case of the case study becomes a case written for the notebook and a case standing
 * at another case's order moves after the last; under the loaded id it is the loaded case again. `became` says when
 * the case changed origin, for the page to tell the author.
 */
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

/** The request's or the response's words, as pasted. */
export const setText = (record: CaseRecord, which: TextName, text: string): CaseRecord =>
  withTextField(record, which, "text", text);

/** A text's language tag, as Intl writes it when it is a well-formed tag ("ES-mx" -> "es-MX"); anything else as typed,
 *  for the check to name. Emptied, it is left out: English. */
export const setLanguage = (record: CaseRecord, which: TextName, language: string): CaseRecord =>
  withTextField(record, which, "language", canonicalLanguage(language.trim()) ?? language);

/** An English gloss of a text in another language; empty leaves it out. */
export const setGloss = (record: CaseRecord, which: TextName, gloss: string): CaseRecord =>
  withTextField(record, which, "gloss", gloss);

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

/** Adds a line at the end of the checklist. */
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

/** Moves a line to position `to` (clamped to the checklist). */
export function moveLine(record: CaseRecord, from: number, to: number): CaseRecord {
  const lines = withItemMoved(linesOf(record), from, to);
  return lines ? withLines(record, lines) : record;
}

/** Sets one field of a line (text, note, role, quote, unquoted, quoteIn, source, because); empty leaves it out. */
export const setLineField = (record: CaseRecord, index: number, name: string, value: unknown): CaseRecord =>
  withLine(record, index, (line) => withKey(line, name, value));

/** Makes line `index` the main task, and any other main line an instruction: exactly one main. */
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

/**
 * The facts each line had under its other rules, by rule, kept beside the record rather than in it: keyed by the line
 * (the records are never changed, only copied), handed on to the line's next copy by every edit of that line, and
 * never saved or written. They last while the page is open.
 */
const otherRulesFacts = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** `changed`, a copy of `line`, with the facts `line` kept under its other rules. */
function keepingOtherRules(line: Record<string, unknown>, changed: Record<string, unknown>): Record<string, unknown> {
  const kept = otherRulesFacts.get(line);
  if (kept && changed !== line && !otherRulesFacts.has(changed)) otherRulesFacts.set(changed, kept);
  return changed;
}

/**
 * Chooses the rule that decides a line. Its facts are those the author entered the last time the line had this rule
 * (a rule chosen by mistake and taken back loses nothing), else they start again from the rule's defaults: an empty
 * set of facts, which the rule's schema fills with its defaults when the case is read (the form shows them), so
 * nothing is written that the author did not enter. Only the chosen rule's facts are in the record. The line's
 * verdict goes too, until the engine derives the new rule's.
 */
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

/** Sets one fact of a line (undefined leaves it out: the schema's default, or not said). */
export const setFact = (record: CaseRecord, index: number, name: string, value: unknown): CaseRecord =>
  withLine(record, index, (line) =>
    value === undefined && !isRecord(line.facts)
      ? line
      : {...line, facts: withKey(isRecord(line.facts) ? line.facts : {}, name, value)},
  );

const notesOf = (record: CaseRecord): Record<string, unknown>[] =>
  Array.isArray(record.notes) ? record.notes.map((note) => (isRecord(note) ? note : {})) : [];

/** Adds a likely wrong score with its note. */
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

/** Sets one field of a note (label, text, score, compare); empty leaves it out. */
export function setNote(record: CaseRecord, index: number, name: keyof CaseNote, value: unknown): CaseRecord {
  const notes = notesOf(record);
  if (index < 0 || index >= notes.length) return record;
  return setField(
    record,
    "notes",
    notes.map((note, at) => (at === index ? withKey(note, name, value) : note)),
  );
}

/** Raises a flag the case does not have, or drops one it has (with its note). */
export function toggleFlag(record: CaseRecord, flag: Flag): CaseRecord {
  const flags = Array.isArray(record.flags) ? record.flags : [];
  const has = flags.some((entry) => isRecord(entry) && entry.flag === flag);
  return setField(
    record,
    "flags",
    has ? flags.filter((entry) => !(isRecord(entry) && entry.flag === flag)) : [...flags, {flag}],
  );
}

/** The cases this one compares with, by id. */
export const setCompare = (record: CaseRecord, ids: readonly string[]): CaseRecord =>
  setField(record, "compare", [...ids]);

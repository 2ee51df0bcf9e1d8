// The case editor's state (/authors/case) and what each of the author's actions makes of it: the draft case, the case
// as loaded, the view of it (lib/authoring/case-view.ts), what was typed and refused, which problems show, the start
// screen, the marking gesture, and the count of downloads asked for. Pure: the page reads its controls into actions
// and does the rest (saving the draft, reading a file, focus) after the patch.
import {
  addLine,
  addNote,
  blankCase,
  caseFromFile,
  linesOf,
  markedWords,
  moveLine,
  removeLine,
  removeStretch,
  removeNote,
  setCompare,
  setField,
  setFact,
  setGloss,
  setId,
  setLanguage,
  setLineField,
  setMainLine,
  setNote,
  setRule,
  setSet,
  setText,
  toggleFlag,
  type CaseRecord,
  type EditorContext,
  type EditorView,
  type TextName,
} from "./case-editor.js";
import {editorView, ruledOtherwiseWords} from "./case-view.js";
import {isRecord} from "./case-record.js";
import {
  addTurn,
  markableTexts,
  moveTurn,
  removeTurn,
  setTurnField,
  type MarkableText,
  type TurnRole,
} from "./case-turns.js";
import {factFields, missingFact, readFactInput, type FactField, type JsonSchema} from "./fact-fields.js";
import {becameWords, loadedWords, withOrigin} from "./new-case.js";
import {replacedUnsavedWords, wrongKinds, type DraftNotice} from "./case-draft-store.js";
import {AuthoredFileError, type Problem} from "../authored/problems.js";
import {problemInWords, type FactLabel} from "../authored/problem-words.js";
import {byteLimit, decodeAuthoredFile, tooLarge} from "../authored/limits.js";
import {locate, quotesOf} from "../authored/quote.js";
import type {CaseSchemas} from "../authored/schemas/facts.js";
import type {ChecklistRuleId, Flag} from "../authored/schemas/item.js";
import {pressWord, tokens, type MarkIn, type Pending} from "../trainee/draft.js";
import type {TraineeLine} from "../trainee/progress.js";

/** What the author typed into a fact that the schema refused: the text, kept in its field, why, and the field. */
export interface RefusedInput {
  raw: string;
  message: string;
  field: string;
}

/** What the start screen says: a loaded case, a refused upload with its problems, or nothing. */
export interface StartSaid {
  said: string;
  problems: readonly Problem[];
}

export interface MarkingState {
  /** The text marked in: "request", or an earlier turn ("turn-1"). */
  chosen: string;
  pending: Pending;
  /** A stretch pressed twice: the status says it is marked already. */
  again: boolean;
  freeText: string;
  freeWhy: string;
  freeError: string | null;
}

export interface CaseEditorState {
  record: CaseRecord;
  /** The case as loaded, or as the page opened: id edits are decided from it (setId). */
  loaded: CaseRecord;
  view: EditorView;
  /** Whether the view holds the file read back, as guideline:check reads it: a keystroke's view waits for idle. */
  complete: boolean;
  /** The line waiting for another stretch of the text to quote, if any. */
  addingTo: number | null;
  /** By control id. */
  refused: Readonly<Record<string, RefusedInput>>;
  /** The ids of the controls the author has edited: their problems show. */
  touched: readonly string[];
  /** A download was refused: every problem shows. */
  showAll: boolean;
  /** The case chosen to start from ("": a blank case). */
  from: string;
  start: StartSaid;
  canUndo: boolean;
  notice: DraftNotice | null;
  /** The file being read, by its name. */
  reading: string | null;
  marking: MarkingState;
  downloads: number;
}

/** A control's `data-` attributes and what it holds, read off the page. */
export interface ControlInput {
  id: string;
  data: Readonly<Record<string, string | undefined>>;
  value: string;
  /** A count that may be a word: what its number field holds, beside the word chosen. */
  count?: string;
}

export type CaseEditorAction =
  | {kind: "edit"; control: ControlInput}
  | {kind: "turn"; act: "add" | "up" | "down" | "remove"; at: number; role?: TurnRole}
  | {kind: "line"; act: "line-up" | "line-down" | "line-remove" | "line-add-stretch"; line: number}
  | {kind: "stretch-remove"; line: number; stretch: number}
  | {kind: "note-add"}
  | {kind: "note-remove"; note: number}
  | {kind: "focus-field"; target: string}
  | {kind: "download"}
  | {kind: "read-back"; record: CaseRecord}
  | {kind: "start-from"; id: string}
  | {kind: "load"}
  | {kind: "upload"; file: File}
  | {kind: "uploaded"; name: string; record: CaseRecord | null; problems: readonly Problem[]}
  | {kind: "undo"; back: CaseRecord | null}
  | {kind: "stored"; notice: DraftNotice | null; kept: boolean}
  | {kind: "mark-in"; chosen: string}
  | {kind: "word"; token: number}
  | {kind: "drag"; from: number; to: number}
  | {kind: "cancel-mark"}
  | {kind: "free"; name: "freeText" | "freeWhy"; value: string}
  | {kind: "free-add"};

/** The id of the control for a field of the case: "checklist[2].facts.limit" -> "case-checklist-2-facts-limit". */
export const fieldId = (field: string): string =>
  `case-${field.replace(/\[(\d+)\]/g, ".$1").replace(/[^A-Za-z0-9]+/g, "-")}`.replace(/-$/, "");

/**
 * The view with each value typed and refused among its problems: the case keeps the value it had, so it derives and
 * would download that one while the field shows another. Until the field is fixed, the download is refused.
 */
export function viewWithRefused({view, refused}: Pick<CaseEditorState, "view" | "refused">): EditorView {
  const typed = Object.values(refused);
  if (!typed.length) return view;
  const file = view.problems[0]?.file ?? "";
  const problems = typed.map(({field, message}) => ({file, field, message}));
  return {...view, problems: [...problems, ...view.problems], downloadable: false};
}

/** The fields a field sits in, nearest first: "checklist[2].facts.limit", "checklist[2].facts", … "checklist". */
export function enclosingFields(field: string): string[] {
  const found: string[] = [];
  let at = field;
  while (at) {
    found.push(at);
    const cut = Math.max(at.lastIndexOf("."), at.lastIndexOf("["));
    at = cut > 0 ? at.slice(0, cut) : "";
  }
  return found;
}

/** The first problem at each field that shows at its control: one the author edited, or every one after showAll. */
export function shownProblems(
  state: Pick<CaseEditorState, "view" | "touched" | "showAll">,
  factLabel?: FactLabel,
): Map<string, string> {
  const shows = (field: string) =>
    state.showAll || enclosingFields(field).some((at) => state.touched.includes(fieldId(at)));
  const found = new Map<string, string>();
  for (const problem of state.view.problems)
    if (!found.has(problem.field) && shows(problem.field))
      found.set(problem.field, problemInWords(problem, "editor", factLabel).message);
  return found;
}

/** Each fact's label as its line's rule declares it, for the problems to name the control the author sees. */
export function factLabels(record: CaseRecord, fieldsOf: (rule: string) => readonly FactField[]): FactLabel {
  const lines = linesOf(record);
  return (line, fact) => {
    const field = factFieldAt(lines[line], fact, fieldsOf);
    return field && {label: field.label, missing: `${missingFact(field)}: the line's rule reads it`};
  };
}

/** A fact's field as the line's rule declares it, or undefined for a line with no rule or a fact it does not read. */
function factFieldAt(
  line: Record<string, unknown> | undefined,
  fact: string | undefined,
  fieldsOf: (rule: string) => readonly FactField[],
): FactField | undefined {
  const rule = line?.rule;
  return typeof rule === "string" ? fieldsOf(rule).find((each) => each.name === fact) : undefined;
}

/** The ids a list field holds, as the author types them: "example-3, calibration-d". */
export const idsText = (value: unknown): string =>
  Array.isArray(value) ? value.filter((id) => typeof id === "string").join(", ") : "";

/** The ids a field holds, as typed: commas or spaces between them. */
const idsOf = (raw: string): string[] => raw.split(/[\s,]+/).filter(Boolean);

/** The values an enumerated field of the item schema allows: `path` walks `properties` (and `items` of a list). */
export function schemaValues(schema: JsonSchema, path: readonly string[]): string[] {
  let at: unknown = schema;
  for (const key of path) {
    const node = at as {properties?: Record<string, unknown>; items?: unknown};
    at = key === "[]" ? node.items : node.properties?.[key];
  }
  const values = (at as {enum?: unknown} | undefined)?.enum;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === "string") : [];
}

/**
 * An uploaded case file read as the build reads one: refused by its size before a byte is read, then as UTF-8, as a
 * case file, and for any value of the wrong kind (a quote that is a number), each named. A case not yet finished (no
 * checklist, a line with no note: what `case:new` writes) is taken as a draft is, its `problems` the check's, which
 * the editor lists as what is left to fix.
 */
export async function readUpload(
  file: Pick<File, "name" | "size" | "arrayBuffer">,
  schemas: CaseSchemas,
): Promise<{record: CaseRecord | null; problems: Problem[]}> {
  try {
    if (file.size > byteLimit("item")) throw tooLarge(file.name, "item");
    const text = decodeAuthoredFile(new Uint8Array(await file.arrayBuffer()), file.name, "item");
    const read = caseFromFile(text, file.name, schemas.item);
    if (!read.record) return read;
    const wrong = wrongKinds(schemas, read.record);
    if (wrong.length) return {record: null, problems: wrong.map((problem) => ({...problem, file: file.name}))};
    return read;
  } catch (error) {
    if (error instanceof AuthoredFileError) return {record: null, problems: error.problems};
    return {
      record: null,
      problems: [{file: file.name, field: "", message: "could not be read: choose the file again"}],
    };
  }
}

/** What a control's change does: a new case, a refused value (kept in its field with the message), or nothing. */
export type ControlEdit = {kind: "record"; record: CaseRecord} | ({kind: "refused"} & RefusedInput) | {kind: "none"};

function noteScore(raw: string): number | "n/a" | undefined {
  if (raw === "") return undefined;
  return raw === "n/a" ? "n/a" : Number(raw);
}

/**
 * The edit a control makes with the value it holds: each one of lib/authoring/case-editor.ts; a fact read with
 * readFactInput first, so a value its schema refuses is never written to the case.
 */
export function controlEdit(
  {data, value, count}: ControlInput,
  record: CaseRecord,
  {fieldsOf, cases = []}: {fieldsOf(rule: string): readonly FactField[]; cases?: EditorContext["cases"]},
): ControlEdit {
  const done = (next: CaseRecord): ControlEdit => ({kind: "record", record: next});
  const {edit, which, name} = data;
  const index = Number(data.line);
  switch (edit) {
    case "text":
      return done(setText(record, which as TextName, value));
    case "language":
      return done(setLanguage(record, which as TextName, value));
    case "gloss":
      return done(setGloss(record, which as TextName, value));
    case "field":
      if (data.kind === "ids") return done(setCompare(record, idsOf(value)));
      if (data.kind === "number") return done(setField(record, name!, value.trim() === "" ? undefined : Number(value)));
      if (name === "set") return done(setSet(record, value, cases ?? []));
      return done(setField(record, name!, value));
    case "flag":
      return done(toggleFlag(record, data.flag as Flag));
    case "note": {
      const at = Number(data.note);
      if (name === "score") return done(setNote(record, at, "score", noteScore(value)));
      if (name === "compare") return done(setNote(record, at, "compare", idsOf(value)));
      return done(setNote(record, at, name as "label" | "text", value));
    }
    case "turn-text":
    case "turn-role":
      return done(setTurnField(record, Number(data.turn), edit.slice("turn-".length) as "text" | "role", value));
    case "line-text":
    case "line-note":
    case "line-unquoted":
      return done(setLineField(record, index, edit.slice("line-".length), value));
    case "line-role":
      return done(value === "main" ? setMainLine(record, index) : setLineField(record, index, "role", value));
    case "line-rule":
      return value ? done(setRule(record, index, value as ChecklistRuleId)) : {kind: "none"};
    case "fact":
    case "fact-kind": {
      const field = factFieldAt(linesOf(record)[index], data.fact, fieldsOf);
      if (!field) return {kind: "none"};
      // The word chosen beside a count ("more than the limit"), or "" for a number, read from the number field.
      const raw = edit === "fact-kind" && value !== "" ? value : ((edit === "fact-kind" ? count : value) ?? "");
      // An emptied field leaves the fact out: the case's problems then say it is missing, where the schema needs it.
      if (raw.trim() === "") return done(setFact(record, index, field.name, undefined));
      const read = readFactInput(field, raw);
      return read.ok
        ? done(setFact(record, index, field.name, read.value))
        : {kind: "refused", raw, message: read.message, field: `checklist[${index}].facts.${field.name}`};
    }
    default:
      return {kind: "none"};
  }
}

/** The quotes of the lines in one text as the trainee's marks, in the lines' order, and which line each belongs to. */
export function marksOf(
  shown: MarkableText,
  lines: readonly Record<string, unknown>[],
): {marks: TraineeLine[]; owners: number[]} {
  const marks: TraineeLine[] = [];
  const owners: number[] = [];
  lines.forEach((line, index) => {
    if ((line.quoteIn ?? "request") !== shown.quoteIn) return;
    for (const quote of quotesOf(line.quote as string | string[] | undefined)) {
      const span = typeof quote === "string" ? locate(shown.text, quote) : null;
      if (!span) continue;
      marks.push({listing: {kind: "mark", in: "request", start: span.start, end: span.end}});
      owners.push(index);
    }
  });
  return {marks, owners};
}

/** Whether the request is described, not quoted: it has no words to mark. */
export const isDescribed = (record: CaseRecord): boolean =>
  isRecord(record.request) && record.request.form === "described";

/** The text whose words are shown to mark (a line waiting for a stretch is marked in its own), or null for none. */
export function markedText(state: Pick<CaseEditorState, "record" | "marking">): MarkableText | null {
  const texts = markableTexts(state.record);
  const shown = texts.find((text) => text.quoteIn === state.marking.chosen) ?? texts[0]!;
  if ((isDescribed(state.record) && shown.quoteIn === "request") || !shown.text.trim()) return null;
  return shown;
}

const noMarking: MarkingState = {
  chosen: "request",
  pending: null,
  again: false,
  freeText: "",
  freeWhy: "",
  freeError: null,
};

/** What the editor needs to work out a view and read a fact: the context of lib/authoring/case-view.ts and the rules'
 *  fact schemas. */
export interface CaseEditorSetup {
  context: EditorContext;
  factSchemas: Readonly<Record<string, JsonSchema>>;
  /** The notebook's cases to start from, each with its file's text. */
  cases: readonly {id: string; text: string}[];
}

export interface CaseEditorModel {
  /**
   * The editor's first state: `record` shown, `said` on the start screen, then `then`. A draft `restored` from before
   * that holds a file's score its facts now rule otherwise says so between them, as its upload or load did.
   */
  initial(
    record: CaseRecord,
    start: {said: string; then?: string; canUndo: boolean; notice: DraftNotice | null; restored?: boolean},
  ): CaseEditorState;
  update(state: CaseEditorState, action: CaseEditorAction): CaseEditorState;
  fieldsOf(rule: string): readonly FactField[];
}

export function caseEditorModel({context, factSchemas, cases: files}: CaseEditorSetup): CaseEditorModel {
  const fieldsByRule = new Map<string, FactField[]>();
  const fieldsOf = (rule: string): FactField[] => {
    if (!fieldsByRule.has(rule))
      fieldsByRule.set(rule, Object.hasOwn(factSchemas, rule) ? factFields(factSchemas[rule]!) : []);
    return fieldsByRule.get(rule)!;
  };
  const cases = context.cases ?? [];

  /** The case changed: its view at once, without the file read back; lines moved or removed drop what was refused. */
  const withRecord = (state: CaseEditorState, record: CaseRecord, structural = false): CaseEditorState => {
    const refused = structural ? {} : state.refused;
    if (record === state.record) return refused === state.refused ? state : {...state, refused};
    const next = {...state, record, refused, view: editorView(record, context, {readBack: false}), complete: false};
    // A gesture begun on words that have changed is dropped.
    const before = markedText(state);
    const after = markedText(next);
    return before?.text === after?.text && before?.quoteIn === after?.quoteIn
      ? next
      : {...next, marking: {...next.marking, pending: null, again: false}};
  };

  /** Another case in place of the draft (a load, an upload, Undo); the page keeps the one replaced, one Undo away. */
  const replaced = (state: CaseEditorState, record: CaseRecord, said: string): CaseEditorState => ({
    ...withRecord({...state, addingTo: null, touched: [], showAll: false}, record, true),
    loaded: record,
    start: {said, problems: []},
    canUndo: true,
    reading: null,
    marking: {...state.marking, pending: null, again: false},
  });

  /** A stretch marked in a text: a new line quoting it, or another stretch of the line waiting for one. */
  const stretched = (state: CaseEditorState, words: string, quoteIn: string): CaseEditorState => {
    const marking = {...state.marking, pending: null, again: false};
    if (state.addingTo === null) {
      const added = addLine(state.record, {role: "instruction", quote: words, text: words});
      const at = linesOf(added).length - 1;
      return withRecord(
        {...state, marking},
        quoteIn === "request" ? added : setLineField(added, at, "quoteIn", quoteIn),
      );
    }
    const to = state.addingTo;
    const quotes = [...quotesOf(linesOf(state.record)[to]?.quote as string | string[] | undefined), words];
    return withRecord(
      {...state, marking, addingTo: null},
      setLineField(state.record, to, "quote", quotes.length === 1 ? quotes[0] : quotes),
    );
  };

  const touch = (state: CaseEditorState, id: string): readonly string[] =>
    state.touched.includes(id) ? state.touched : [...state.touched, id];

  function update(state: CaseEditorState, action: CaseEditorAction): CaseEditorState {
    const {record} = state;
    switch (action.kind) {
      case "edit": {
        const {control} = action;
        const touched = touch(state, control.id);
        if (control.data.edit === "field" && control.data.name === "id") {
          const changed = setId(record, control.value, {loaded: state.loaded, cases});
          const said = becameWords(String(state.loaded.id), changed);
          return withRecord({...state, touched, start: said ? {said, problems: []} : state.start}, changed.record);
        }
        if (control.data.edit === "field" && control.data.name === "origin")
          return withRecord({...state, touched}, withOrigin(record, control.value, {loaded: state.loaded}));
        const edit = controlEdit(control, record, {fieldsOf, cases});
        if (edit.kind === "none") return state;
        // What was refused goes once its fact is given another way (its kind's choice beside its count), or its line
        // takes another rule: a refused value left behind would stop the download from a field no longer shown.
        const line = control.data.line;
        const gone = (field: string) =>
          control.data.edit === "line-rule"
            ? field.startsWith(`checklist[${line}].`)
            : (control.data.edit === "fact" || control.data.edit === "fact-kind") &&
              field === `checklist[${line}].facts.${control.data.fact}`;
        const kept = Object.fromEntries(
          Object.entries(state.refused).filter(([id, input]) => id !== control.id && !gone(input.field)),
        );
        const refused =
          edit.kind === "refused"
            ? {...kept, [control.id]: {raw: edit.raw, message: edit.message, field: edit.field}}
            : kept;
        const next = {...state, touched, refused};
        return edit.kind === "record" ? withRecord(next, edit.record) : next;
      }
      case "turn": {
        const {act, at} = action;
        if (act === "add") return withRecord(state, addTurn(record, action.role ?? "user"), true);
        if (act === "remove") return withRecord(state, removeTurn(record, at), true);
        return withRecord(state, moveTurn(record, at, at + (act === "up" ? -1 : 1)), true);
      }
      case "line": {
        const {act, line} = action;
        if (act === "line-add-stretch") {
          const addingTo = state.addingTo === line ? null : line;
          const quoteIn = addingTo === null ? null : linesOf(record)[addingTo]?.quoteIn;
          const chosen = addingTo === null ? state.marking.chosen : typeof quoteIn === "string" ? quoteIn : "request";
          return {...state, addingTo, marking: {...state.marking, chosen}};
        }
        if (act === "line-remove") return withRecord(state, removeLine(record, line), true);
        return withRecord(state, moveLine(record, line, line + (act === "line-up" ? -1 : 1)), true);
      }
      case "stretch-remove":
        return withRecord(state, removeStretch(record, action.line, action.stretch));
      case "note-add":
        return withRecord(state, addNote(record, {label: "", text: ""}));
      case "note-remove":
        return withRecord(state, removeNote(record, action.note), true);
      case "focus-field":
        // Nothing of the case changes: a new state all the same, so the page's effects move the focus.
        return {...state};
      case "download": {
        const full = state.complete ? state : {...state, view: editorView(record, context), complete: true};
        // Refused with problems left: every problem shows at its control. Else handed over, once per press.
        return viewWithRefused(full).downloadable ? {...full, downloads: full.downloads + 1} : {...full, showAll: true};
      }
      case "read-back":
        return action.record !== record || state.complete
          ? state
          : {...state, view: editorView(record, context), complete: true};
      case "start-from":
        return action.id === state.from ? state : {...state, from: action.id};
      case "load": {
        const found = files.find((entry) => entry.id === state.from);
        if (!found) return replaced(state, blankCase({cases}), "A blank case.");
        const next = caseFromFile(found.text, `${found.id}.md`, context.schemas.item).record;
        return next ? replaced(state, next, loadedWords(next, context.knownIds)) : state;
      }
      case "upload":
        return {...state, reading: action.file.name};
      case "uploaded": {
        if (action.record) {
          // Unfinished by what the editor lists below, not by the file's problems: one the editor mends itself (a
          // score it works out from the facts) leaves nothing to list.
          // Read back in full now, as the list would be once idle: a problem only the file read back shows counts too.
          const loaded = {
            ...replaced(state, action.record, ""),
            view: editorView(action.record, context),
            complete: true,
          };
          const left = loaded.view.problems.length ? " It is not finished: what is left to fix is listed below." : "";
          const next = {...loaded, start: {...loaded.start, said: `Read ${action.name}.${left}`}};
          const otherwise = ruledOtherwiseWords(action.record, next.view, context.rubric);
          return otherwise ? {...next, start: {...next.start, said: `Read ${action.name}.${left} ${otherwise}`}} : next;
        }
        return {
          ...state,
          reading: null,
          start: {said: `${action.name} was not loaded: your draft is as it was.`, problems: action.problems},
        };
      }
      case "undo":
        // Undo swaps: the draft it takes away is set aside in turn, so a second Undo comes back to it.
        return action.back
          ? replaced(state, action.back, "The draft before is back. Undo again returns to the one you left.")
          : state;
      case "stored": {
        const said =
          action.kept || state.start.said.endsWith(replacedUnsavedWords)
            ? state.start
            : {...state.start, said: `${state.start.said} ${replacedUnsavedWords}`};
        const same = JSON.stringify(action.notice) === JSON.stringify(state.notice);
        return same && said === state.start
          ? state
          : {...state, notice: same ? state.notice : action.notice, start: said};
      }
      case "mark-in":
        return action.chosen === state.marking.chosen
          ? state
          : {...state, marking: {...state.marking, chosen: action.chosen, pending: null, again: false}};
      case "word": {
        const shown = markedText(state);
        if (!shown) return state;
        const where = shown.quoteIn as MarkIn;
        const all = tokens(shown.text);
        const {marks} = marksOf(shown, linesOf(record));
        const waited = state.marking.pending !== null;
        const next = pressWord(marks, state.marking.pending, where, all, action.token);
        const same = (a: TraineeLine, b: TraineeLine) => JSON.stringify(a.listing) === JSON.stringify(b.listing);
        const added = next.lines.find((line) => !marks.some((mark) => same(mark, line)));
        if (added?.listing.kind === "mark")
          return stretched(state, shown.text.slice(added.listing.start, added.listing.end), where);
        return {...state, marking: {...state.marking, pending: next.pending, again: waited && next.pending === null}};
      }
      case "drag": {
        const shown = markedText(state);
        return shown ? stretched(state, markedWords(shown.text, action.from, action.to), shown.quoteIn) : state;
      }
      case "cancel-mark":
        return state.marking.pending === null && !state.marking.again
          ? state
          : {...state, marking: {...state.marking, pending: null, again: false}};
      case "free":
        return {...state, marking: {...state.marking, [action.name]: action.value}};
      case "free-add": {
        const said = state.marking.freeText.trim();
        const why = state.marking.freeWhy.trim();
        if (!said || (!why && !isDescribed(record)))
          return {
            ...state,
            marking: {
              ...state.marking,
              freeError: !said ? "Say what the instruction is." : "Say why it has no words to point to.",
            },
          };
        const line = {role: "instruction" as const, text: said, ...(why ? {unquoted: why} : {})};
        return withRecord(
          {...state, marking: {...state.marking, freeText: "", freeWhy: "", freeError: null}},
          addLine(record, line),
        );
      }
    }
  }

  return {
    fieldsOf,
    update,
    initial: (record, {said, then = "", canUndo, notice, restored = false}) => {
      const view = editorView(record, context);
      const otherwise =
        restored && record.score !== undefined ? ruledOtherwiseWords(record, view, context.rubric) : null;
      return {
        record,
        loaded: record,
        view,
        complete: true,
        addingTo: null,
        refused: {},
        touched: [],
        showAll: false,
        from: "",
        start: {said: [said, otherwise, then].filter(Boolean).join(" "), problems: []},
        canUndo,
        notice,
        reading: null,
        marking: noMarking,
        downloads: 0,
      };
    },
  };
}

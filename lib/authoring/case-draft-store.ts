// The case editor's draft, saved as it is typed and never lost: one versioned key holding {version, record}. A draft
// the editor cannot read (not JSON, another version, too large or deep, a value of the wrong kind for the item schema)
// is set aside under its own key, never deleted, and the author told; if the copy cannot be written it stays untouched
// and the draft lives on the page only. Storage full: kept on the page and written at the next edit. A draft a Load
// replaces is copied under one key, overwritten at each Load (copies must not pile up in storage the trainee's record
// shares), and the envelope names it so Undo works after a reload. Pure: the page passes its localStorage.
import {setAside, type KeyValueStorage, type SetAsideFailure} from "../trainee/set-aside.js";
import {tooDeepAt} from "../text/json-shape.js";
import {authoredLimits} from "../authored/limits.js";
import {fieldPath} from "../authored/problems.js";
import {plural} from "../text/format.js";
import type {CaseRecord} from "./case-editor.js";
import {kindProblems, type JsonSchema} from "./json-schema-check.js";

export const caseDraftKey = "rater-notebook:case-draft:v1";
/** A second one goes under `…:set-aside:2`, and so on. */
export const caseDraftSetAsideKey = `${caseDraftKey}:set-aside`;
/** Where the draft the last Load (or upload, or Undo) replaced is copied, for Undo: one key, overwritten each time. */
export const caseDraftReplacedKey = `${caseDraftKey}:replaced`;
export const caseDraftVersion = 1;
/** The longest draft kept, in characters: four times the largest item file, room for JSON's escapes. */
export const caseDraftLimit = 4 * authoredLimits.itemBytes;
/** How deep a draft's record may nest: the item file's YAML limit. */
const draftDepth = authoredLimits.yamlDepth;

/** What the page adds when the draft a Load replaced could not be copied (setAsideReplaced was false). */
export const replacedUnsavedWords =
  "The draft it replaced could not be saved in this browser (its storage may be full): Undo brings it back only " +
  "until this page is closed.";

export type DraftReading =
  /** `replaced`: the key of the copy of the draft the last Load replaced, for Undo. */
  | {ok: true; record: CaseRecord | null; replaced?: string}
  | {ok: false; reason: "corrupted" | "foreign" | "newer" | "too-large"; message: string; raw: string};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads the text kept under the draft's key: the record (null when there is none), or why it cannot be read. The
 * record is held to `itemSchema` (the item schema as JSON Schema) as a draft: it may lack any field, or hold a value
 * out of its bounds, but a value of the wrong kind anywhere (a quote that is a number) sets it aside.
 */
export function parseCaseDraft(text: string | null, itemSchema: JsonSchema): DraftReading {
  if (text === null || text.trim() === "") return {ok: true, record: null};
  const refuse = (reason: Exclude<DraftReading, {ok: true}>["reason"], message: string): DraftReading => ({
    ok: false,
    reason,
    message,
    raw: text,
  });
  if (text.length > caseDraftLimit) return refuse("too-large", "the saved draft is larger than a case can be");
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return refuse("corrupted", "the saved draft is not readable JSON");
  }
  if (!isRecord(envelope) || typeof envelope.version !== "number" || !Object.hasOwn(envelope, "record"))
    return refuse("foreign", "this is not a saved case draft");
  if (envelope.version !== caseDraftVersion)
    return refuse(
      envelope.version > caseDraftVersion ? "newer" : "corrupted",
      envelope.version > caseDraftVersion
        ? "the draft was saved by a newer version of the editor"
        : "the draft's version is not one the editor wrote",
    );
  if (!isRecord(envelope.record)) return refuse("corrupted", "the saved draft holds no case");
  const deep = tooDeepAt(envelope.record, draftDepth);
  if (deep !== null) return refuse("corrupted", `the saved draft nests deeper than a case can, at ${deep}`);
  const wrong = kindProblems(itemSchema, envelope.record);
  if (wrong.length) return refuse("corrupted", wrongKindWords(wrong));
  // Only a key of the replaced drafts' copies: an envelope never leads the editor to read another key.
  const replaced = envelope.replaced;
  return replaced === caseDraftReplacedKey
    ? {ok: true, record: envelope.record, replaced}
    : {ok: true, record: envelope.record};
}

export const serializeCaseDraft = (record: CaseRecord, replaced: string | null = null): string =>
  JSON.stringify(replaced ? {version: caseDraftVersion, record, replaced} : {version: caseDraftVersion, record});

/** An unreadable draft was copied under `key`; the new draft is saved as usual. */
export interface DraftSetAside {
  kind: "set-aside";
  key: string;
  /** Why the draft could not be read. */
  message: string;
}

/** What the author must be told about where their draft is kept; null when it is saved as usual. */
export type DraftNotice =
  | DraftSetAside
  /** It could not be copied, so it stays under the draft's key, untouched: the draft is kept on this page only. */
  | {kind: "held"; cause: SetAsideFailure; message: string}
  /** The draft could not be written (storage full, or the draft is too large): kept on this page, tried again. */
  | {kind: "unsaved"; cause: "refused" | "too-large"; setAside: DraftSetAside | null}
  /** The browser lets the site store nothing: the draft lasts as long as the page. */
  | {kind: "memory"};

export interface CaseDraftStore {
  /** The draft saved before the page opened, or null. */
  saved(): CaseRecord | null;
  /** Saves the draft as it stands now. */
  save(record: CaseRecord): void;
  notice(): DraftNotice | null;
  /**
   * Keeps the draft a Load is about to replace, for Undo: copied under the replaced key (over the last Load's) and
   * named in the draft saved next, or on this page only when the copy is refused. True when it survives a reload: on
   * false the page must say that Undo lasts only as long as the page (replacedUnsavedWords).
   */
  setAsideReplaced(record: CaseRecord): boolean;
  /** The draft the last Load replaced, from this page or from the copy the saved draft names; null when none. */
  replaced(): CaseRecord | null;
}

/** The first value of the wrong kind, by its field, and how many more there are. */
function wrongKindWords(problems: ReturnType<typeof kindProblems>): string {
  const [first] = problems;
  const more = problems.length > 1 ? `, and ${plural(problems.length - 1, "more problem")}` : "";
  return `the saved draft at ${fieldPath(first!.path) || "its top"}: ${first!.message}${more}`;
}

/** The draft store over `storage` (null: none); drafts are read as parseCaseDraft reads them, against `itemSchema`. */
export function openCaseDraftStore(storage: KeyValueStorage | null, itemSchema: JsonSchema): CaseDraftStore {
  let notice: DraftNotice | null = storage ? null : {kind: "memory"};
  let saved: CaseRecord | null = null;
  let unreadable: Extract<DraftReading, {ok: false}> | null = null;
  let replacedKey: string | null = null;
  let replaced: CaseRecord | null = null;

  /** Copies the unreadable draft aside, or holds it where it is; true once it is safe to write the key. */
  const setAsideUnreadable = (): boolean => {
    if (!unreadable) return true;
    const copied = setAside(storage!, unreadable.raw, caseDraftSetAsideKey);
    if ("failure" in copied) {
      notice = {kind: "held", cause: copied.failure, message: unreadable.message};
      return false;
    }
    notice = {kind: "set-aside", key: copied.key, message: unreadable.message};
    unreadable = null;
    return true;
  };

  if (storage) {
    let text: string | null = null;
    try {
      text = storage.getItem(caseDraftKey);
    } catch {
      notice = {kind: "memory"};
    }
    const reading = parseCaseDraft(text, itemSchema);
    if (reading.ok) {
      saved = reading.record;
      replacedKey = reading.replaced ?? null;
      const copy = replacedKey ? readKey(storage, replacedKey, itemSchema) : null;
      if (copy?.ok && copy.record) replaced = copy.record;
      else replacedKey = null;
    } else {
      unreadable = reading;
      setAsideUnreadable();
    }
  }

  return {
    saved: () => saved,
    save(record) {
      if (!storage || notice?.kind === "memory") return;
      if (!setAsideUnreadable()) return;
      const shown = notice?.kind === "set-aside" ? notice : notice?.kind === "unsaved" ? notice.setAside : null;
      const text = serializeCaseDraft(record, replacedKey);
      if (text.length > caseDraftLimit) {
        notice = {kind: "unsaved", cause: "too-large", setAside: shown};
        return;
      }
      try {
        storage.setItem(caseDraftKey, text);
        notice = shown;
      } catch {
        notice = {kind: "unsaved", cause: "refused", setAside: shown};
      }
    },
    notice: () => notice,
    setAsideReplaced(record) {
      replaced = record;
      replacedKey = null;
      if (!storage || notice?.kind === "memory") return false;
      const text = serializeCaseDraft(record);
      if (text.length > caseDraftLimit) return false;
      try {
        storage.setItem(caseDraftReplacedKey, text);
        replacedKey = caseDraftReplacedKey;
      } catch {
        // Refused (storage full): kept on this page; the draft saved next names no copy.
      }
      return replacedKey !== null;
    },
    replaced: () => replaced,
  };
}

/** The draft kept under `key`, read as the draft's own key is; null when the browser refuses the read. */
function readKey(storage: KeyValueStorage, key: string, itemSchema: JsonSchema): DraftReading | null {
  try {
    return parseCaseDraft(storage.getItem(key), itemSchema);
  } catch {
    return null;
  }
}

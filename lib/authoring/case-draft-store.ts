// The case editor's draft, saved in the browser as it is typed, and never lost: one versioned key holding a JSON
// envelope {version, record}. A draft the editor cannot read (not JSON, not an envelope, another version, a record
// that is not an object, too large or too deep, or a record holding a value of the wrong kind anywhere the item
// schema has a field: the schema a case file is held to, read as a work in progress, wrongKinds) is copied under a
// set-aside key, never deleted or overwritten (the trainee record's set-aside, shared), and the author is told in
// words; when the copy cannot be written it stays under its key untouched and the draft is kept on the page only.
// Storage full: the draft is kept on the page, said so, and written again at the next edit. A draft a Load replaces
// is copied under one key of its own, overwritten at each Load (only the last is Undo's, and copies must not pile up
// in the storage the trainee's record shares), and the envelope names that copy ({version, record, replaced}), so Undo
// brings it back after a reload too. Pure: the page passes its localStorage, a test a Map.
import {setAside, type KeyValueStorage, type SetAsideFailure} from "../trainee/set-aside.js";
import {tooDeepAt} from "../text/json-shape.js";
import {authoredLimits} from "../authored/limits.js";
import {problemsFromZod, type Problem} from "../authored/problems.js";
import type {CaseSchemas} from "../authored/schemas/facts.js";
import {plural} from "../text/format.js";
import type {CaseRecord} from "./case-editor.js";
import type {z} from "zod/mini";

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
 * record is held to the item schema as a draft: it may lack any field, or hold a value out of its bounds, but a value
 * of the wrong kind anywhere (a quote that is a number) sets it aside.
 */
export function parseCaseDraft(text: string | null, schemas: CaseSchemas): DraftReading {
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
  const wrong = wrongKinds(schemas, envelope.record);
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

/** A value out of its bounds, not matching its pattern, an unknown field, or a rule across fields: a draft's. */
const unfinished = new Set([
  "too_small",
  "too_big",
  "invalid_format",
  "unrecognized_keys",
  "not_multiple_of",
  "custom",
]);

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (isRecord(value) || Array.isArray(value) ? (value as never)[key] : undefined),
    root,
  );

/** The issues that are a value of the wrong kind: not absent, of another type, or not among the values allowed. */
function wrongKindIssues(issues: readonly z.core.$ZodIssue[], record: unknown): z.core.$ZodIssue[] {
  return issues.filter((issue) => {
    if (unfinished.has(issue.code)) return false;
    // A union one of whose alternatives fails only as a draft may: that alternative is the one meant.
    const value = valueAt(record, issue.path);
    if (issue.code === "invalid_union" && issue.errors.some((branch) => !wrongKindIssues(branch, value).length))
      return false;
    return value !== undefined;
  });
}

/**
 * Every value of the wrong kind in a draft's record, in the build's words: what keeps the editor from taking a record
 * as a work in progress (a saved draft, an uploaded file), where a missing field or a value out of its bounds does not.
 * A line with no rule yet is held to the rule that leaves it the fewest such values: its fields every rule shares, its
 * facts any rule's.
 */
export function wrongKinds(schemas: CaseSchemas, record: Record<string, unknown>): Problem[] {
  const wrongIn = (value: Record<string, unknown>): z.core.$ZodIssue[] => {
    const parsed = schemas.item.safeParse(value);
    return parsed.success ? [] : wrongKindIssues(parsed.error.issues, value);
  };
  const rules = Object.keys(schemas.facts);
  const decided = !Array.isArray(record.checklist)
    ? record
    : {
        ...record,
        checklist: record.checklist.map((line: unknown) => {
          if (!isRecord(line) || line.rule !== undefined || !rules.length) return line;
          const tried = rules.map((rule) => ({...line, rule}));
          const wrong = tried.map((each) => wrongIn({checklist: [each]}).length);
          return tried[wrong.indexOf(Math.min(...wrong))];
        }),
      };
  return problemsFromZod("", {issues: wrongIn(decided)} as z.core.$ZodError, decided);
}

/** The first value of the wrong kind, by its field, and how many more there are. */
function wrongKindWords(problems: readonly Problem[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? `, and ${plural(problems.length - 1, "more problem")}` : "";
  return `the saved draft at ${first!.field || "its top"}: ${first!.message}${more}`;
}

/** The draft store over `storage` (null: none); drafts are read as parseCaseDraft reads them, against `schemas`. */
export function openCaseDraftStore(storage: KeyValueStorage | null, schemas: CaseSchemas): CaseDraftStore {
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
    const reading = parseCaseDraft(text, schemas);
    if (reading.ok) {
      saved = reading.record;
      replacedKey = reading.replaced ?? null;
      const copy = replacedKey ? readKey(storage, replacedKey, schemas) : null;
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
function readKey(storage: KeyValueStorage, key: string, schemas: CaseSchemas): DraftReading | null {
  try {
    return parseCaseDraft(storage.getItem(key), schemas);
  } catch {
    return null;
  }
}

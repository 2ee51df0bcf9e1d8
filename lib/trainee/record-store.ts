// Where the trainee's record is kept and what happens to one the site cannot read: read once when a page opens,
// written at every answer, and never lost. An unreadable record is copied under a set-aside key before anything may
// overwrite it; when the copy cannot be written (storage full), the record stays under its key untouched and the
// answers given meanwhile are kept in memory until the copy succeeds or the trainee chooses to replace it. When the
// record itself cannot be written (storage full), the answers are kept in memory the same way, and the write is tried
// again at the next answer. What the page's notice says of all this follows the store's notices, so it is decided
// here too; and the drafts of unchecked work are kept under keys beside the record's, which Start over clears with it.
// openRecordStore is pure: a test passes a Map; a page opens its localStorage with openProgressStore, which also
// listens for other tabs.
import {
  emptyProgress,
  parseProgress,
  progressKey,
  recordAnswer,
  serializeProgress,
  type Answer,
  type Progress,
  type SetAsideReason,
} from "./progress.js";
import {setAside, type KeyValueStorage, type SetAsideFailure, pageStorage} from "./set-aside.js";

/** Where an unreadable record is copied; a second one goes under `…:set-aside:2`, and so on, none overwritten. */
export const setAsideKey = `${progressKey}:set-aside`;

/** A record the site could not read: why, in words, and its text exactly as it was stored. */
export interface UnreadableRecord {
  reason: SetAsideReason;
  message: string;
  raw: string;
}

/** The unreadable record is copied under `key`; new answers are saved under the record's key as usual. */
export interface SetAsideNotice {
  kind: "set-aside";
  key: string;
  record: UnreadableRecord;
}

/** What the page must tell the trainee about where their answers are kept; null when all is as usual. */
export type RecordNotice =
  | SetAsideNotice
  /**
   * It could not be copied: it stays under the record's key, untouched; new answers are kept in memory only. Cause:
   * the browser refused the copy (storage full), or every set-aside key already holds an earlier record.
   */
  | {kind: "held"; cause: SetAsideFailure; record: UnreadableRecord}
  /**
   * The record could not be written (storage full): the answers are kept in memory, and written again at the next
   * answer. `setAside`: the notice this one stands in for, shown again once the record is written.
   */
  | {kind: "unsaved"; setAside: SetAsideNotice | null}
  /** The browser lets the site store nothing: answers last as long as the page. */
  | {kind: "memory"};

/** Whether a notice means the answers are kept on this page only: a held record, one not written, no storage. */
export const pageOnly = (notice: RecordNotice | null): boolean =>
  notice?.kind === "held" || notice?.kind === "unsaved" || notice?.kind === "memory";

export interface ProgressStore {
  get(): Progress;
  /** Adds an answer as the next attempt at its item; returns it with its attempt number. */
  record(answer: Omit<Answer, "attempt">): Answer;
  /** Replaces the whole record (import, start over). */
  replace(progress: Progress): void;
  /** Calls back after every change to the record or to the notice, here or in another tab. */
  subscribe(listener: (progress: Progress) => void): () => void;
  notice(): RecordNotice | null;
  /** The trainee has the held record (downloaded) and chooses to save the answers given here in its place. */
  replaceHeld(): void;
  /** The record's key was changed in another tab (null: removed). */
  changedElsewhere(text: string | null): void;
}

/**
 * The update of a part drawn from the saved record alone (where the trainee stands, what is next): its state is the
 * record as the store last saved it, in this tab or another; the same object, so no patch, when nothing changed.
 */
export const recordSaved = (_shown: Progress, saved: Progress): Progress => saved;

/** Opens the record kept in `storage`; without storage (blocked, private mode) it works in memory and says so. */
export function openRecordStore(storage: KeyValueStorage | null): ProgressStore {
  const listeners = new Set<(progress: Progress) => void>();
  let progress = emptyProgress();
  /** The record as it stands under its key, as last read or written; empty while an unreadable one is there. */
  let saved = emptyProgress();
  let notice: RecordNotice | null = storage ? null : {kind: "memory"};
  const tell = () => {
    for (const listener of listeners) listener(progress);
  };

  /** Sets an unreadable record aside, or holds it where it is when the copy fails. */
  const setAsideOrHold = (record: UnreadableRecord) => {
    const copied = setAside(storage!, record.raw, setAsideKey);
    if ("key" in copied) notice = {kind: "set-aside", key: copied.key, record};
    // Still held: the same notice, so the page need not rebuild it at every answer.
    else if (notice?.kind !== "held" || notice.record !== record || notice.cause !== copied.failure)
      notice = {kind: "held", cause: copied.failure, record};
  };

  /** Whether answers are kept in memory only: a held record, or a record that could not be written. */
  const keptInMemory = () => notice?.kind !== "memory" && pageOnly(notice);

  /** The answers given on this page that the record under its key does not have. */
  const keptHere = () => {
    const extendsSaved =
      progress.answers.length >= saved.answers.length &&
      saved.answers.every((answer, index) => progress.answers[index] === answer);
    return progress.answers.slice(extendsSaved ? saved.answers.length : 0);
  };

  const write = () => {
    if (!storage || notice?.kind === "memory") return;
    // A held record is retried first: once its copy is written (storage freed), the answers may be saved.
    if (notice?.kind === "held") setAsideOrHold(notice.record);
    if (notice?.kind === "held") return;
    try {
      storage.setItem(progressKey, serializeProgress(progress));
      saved = progress;
      if (notice?.kind === "unsaved") notice = notice.setAside;
    } catch {
      // Quota or a blocked write: the answers stay on this page, the page says so, and the next answer tries again.
      if (notice?.kind !== "unsaved")
        notice = {kind: "unsaved", setAside: notice?.kind === "set-aside" ? notice : null};
    }
  };

  /** Reads a text found under the record's key: adopted when readable, otherwise set aside (or held). */
  const read = (text: string | null) => {
    const parsed = parseProgress(text);
    if (!parsed.ok) {
      saved = emptyProgress();
      setAsideOrHold({reason: parsed.reason, message: parsed.message, raw: parsed.raw});
      return;
    }
    if (keptInMemory()) {
      // Saved elsewhere: what was answered here and is not yet saved goes on top of the record the other tab saved.
      progress = keptHere().reduce(
        (record, {attempt: _attempt, ...answer}) => recordAnswer(record, answer),
        parsed.progress,
      );
      saved = parsed.progress;
      notice = notice?.kind === "unsaved" ? notice.setAside : null;
      write();
      return;
    }
    progress = parsed.progress;
    saved = progress;
  };

  if (storage) {
    let text: string | null = null;
    try {
      text = storage.getItem(progressKey);
    } catch {
      notice = {kind: "memory"};
    }
    read(text);
  }

  return {
    get: () => progress,
    record(answer) {
      progress = recordAnswer(progress, answer);
      write();
      tell();
      return progress.answers.at(-1)!;
    },
    replace(next) {
      progress = next;
      write();
      tell();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notice: () => notice,
    replaceHeld() {
      if (notice?.kind !== "held") return;
      notice = null;
      write();
      tell();
    },
    changedElsewhere(text) {
      if (!storage || notice?.kind === "memory") return;
      read(text);
      tell();
    },
  };
}

/**
 * What the notice area does when the store's notice goes from `shown` (undefined before the first) to `next`: nothing
 * when it is the same notice; when all is as usual again, say so where it follows a trouble the trainee was told
 * of (answers saved again after "unsaved", the record replaced after "held", by their choice), else clear; otherwise
 * show the new notice.
 */
export type NoticeChange =
  | {kind: "unchanged"}
  | {kind: "clear"}
  | {kind: "saved-again"}
  | {kind: "replaced"}
  | {kind: "show"; notice: RecordNotice};

export function noticeChange(shown: RecordNotice | null | undefined, next: RecordNotice | null): NoticeChange {
  if (next === shown) return {kind: "unchanged"};
  if (next !== null) return {kind: "show", notice: next};
  if (shown?.kind === "unsaved") return {kind: "saved-again"};
  if (shown?.kind === "held") return {kind: "replaced"};
  return {kind: "clear"};
}

/**
 * What the page's notice about this store says, as it stands: the store's notice it last showed, what it says now
 * (the notice, that answers are saved again, that the record is replaced, or nothing), whether the trainee has
 * downloaded the record held where it was (only then is replacing it offered), and the last download of everything.
 */
export interface NoticeState {
  notice: RecordNotice | null;
  says: "nothing" | "notice" | "saved-again" | "replaced";
  downloaded: boolean;
  /** When everything answered was last downloaded (the file's time and name come from it). */
  exported: string | null;
}

export type NoticeAction =
  {kind: "notice"; notice: RecordNotice | null} | {kind: "downloaded"} | {kind: "export"; at: string};

export const noticeStart = (notice: RecordNotice | null): NoticeState => ({
  notice,
  says: notice ? "notice" : "nothing",
  downloaded: false,
  exported: null,
});

/** Whether two notices hold the same record where it was. */
const sameHeld = (a: RecordNotice | null, b: RecordNotice) =>
  a?.kind === "held" && b.kind === "held" && a.record.raw === b.record.raw;

export function noticeStep(state: NoticeState, action: NoticeAction): NoticeState {
  switch (action.kind) {
    case "notice": {
      const change = noticeChange(state.notice, action.notice);
      switch (change.kind) {
        case "unchanged":
          return state;
        case "show":
          // Another record held: the download that allows replacing it was of the one before.
          return {
            ...state,
            notice: change.notice,
            says: "notice",
            downloaded: state.downloaded && sameHeld(state.notice, change.notice),
          };
        case "clear":
          return {...state, notice: null, says: "nothing"};
        default:
          return {...state, notice: null, says: change.kind};
      }
    }
    case "downloaded":
      return state.downloaded ? state : {...state, downloaded: true};
    case "export":
      return {...state, exported: action.at};
  }
}

/**
 * Opens the saved progress on the page's localStorage, told when another tab changes the record (the page's "storage"
 * event). Without localStorage (blocked, private mode) it works in memory and says so.
 */
export function openProgressStore(storage: Storage | null = pageStorage()): ProgressStore {
  const store = openRecordStore(storage);
  window.addEventListener("storage", (event) => {
    if (event.storageArea === storage && event.key === progressKey) store.changedElsewhere(event.newValue);
  });
  return store;
}

// The keys of the trainee's unchecked work: each item's draft (lib/trainee/score-card-state.ts) is kept under a key of
// its own beside the record, and "Start over" clears them with it.
/** Every draft's key starts so; the record's own key (`rater-notebook:progress:v1`) never does. */
export const draftKeyPrefix = "rater-notebook:draft:v1:";

/** The storage a draft store needs: read, write and remove one key, and list the keys for "Start over". */
export interface DraftStorage extends KeyValueStorage {
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/** "Start over": removes every item's draft (set-aside copies stay, as the record's do). */
export function clearDrafts(storage: DraftStorage | null): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(draftKeyPrefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage the browser refuses: there is nothing it lets the site remove.
  }
}

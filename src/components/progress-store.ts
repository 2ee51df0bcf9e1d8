// The trainee's progress in the browser: one versioned localStorage key, read and validated once per page, written at
// every answer. A record this site cannot read is set aside under its own key, never deleted and never fatal.
import {
  emptyProgress,
  parseProgress,
  progressKey,
  recordAnswer,
  serializeProgress,
  type Answer,
  type Progress,
  type SetAsideReason,
} from "../lib/trainee/progress.js";

export const setAsideKey = `${progressKey}:set-aside`;

export interface SetAside {
  reason: SetAsideReason | "storage";
  message: string;
  /** The unreadable record, for the trainee to download; empty when storage itself is unavailable. */
  raw: string;
}

export interface ProgressStore {
  get(): Progress;
  /** Saves an answer as the next attempt at its item; returns it with its attempt number. */
  record(answer: Omit<Answer, "attempt">): Answer;
  /** Replaces the whole record (import, start over). */
  replace(progress: Progress): void;
  /** Calls back after every change, here or in another tab. */
  subscribe(listener: (progress: Progress) => void): () => void;
  /** What was set aside when this page opened, if anything. */
  setAside: SetAside | null;
}

function storageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem(progressKey);
    return storage;
  } catch {
    return null;
  }
}

/** Opens the saved progress. Without localStorage (blocked, private mode) it works in memory and says so. */
export function openProgressStore(storage: Storage | null = storageOrNull()): ProgressStore {
  const listeners = new Set<(progress: Progress) => void>();
  let setAside: SetAside | null = null;
  let progress = emptyProgress();
  if (!storage) {
    setAside = {
      reason: "storage",
      message: "this browser does not let the site save anything, so your answers last only until you leave the page",
      raw: "",
    };
  } else {
    const parsed = parseProgress(storage.getItem(progressKey));
    if (parsed.ok) progress = parsed.progress;
    else {
      setAside = {reason: parsed.reason, message: parsed.message, raw: parsed.raw};
      // Keep the unreadable record under its own key first; only then may the next answer overwrite the main key.
      try {
        storage.setItem(setAsideKey, parsed.raw);
      } catch {
        // Storage full: the raw record stays under the main key until the trainee downloads it.
      }
    }
  }
  const save = () => {
    try {
      storage?.setItem(progressKey, serializeProgress(progress));
    } catch {
      // Quota or a blocked write: the answer still counts on this page.
    }
    for (const listener of listeners) listener(progress);
  };
  window.addEventListener("storage", (event) => {
    if (event.key !== progressKey) return;
    const parsed = parseProgress(event.newValue);
    if (!parsed.ok) return;
    progress = parsed.progress;
    for (const listener of listeners) listener(progress);
  });
  return {
    get: () => progress,
    record(answer) {
      progress = recordAnswer(progress, answer);
      save();
      return progress.answers.at(-1)!;
    },
    replace(next) {
      progress = next;
      save();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAside,
  };
}

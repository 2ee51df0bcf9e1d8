// Copying a saved text the site cannot read to a key of its own before anything may overwrite it: shared by the
// trainee's record (record-store.ts) and the case editor's draft (lib/authoring/case-draft-store.ts). No schema
// imports: the case editor's page loads this and must load no schema library.

/** The part of the Web Storage API the stores use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Why no set-aside copy was written: the browser refused it, or every set-aside key holds another record. */
export type SetAsideFailure = "refused" | "slots-taken";

/** How many set-aside keys are tried before the copy counts as failed. */
const setAsideSlots = 100;

/**
 * Copies an unreadable text under the first set-aside key (`base`, then `base:2` …) that is free or already holds
 * it, and reads it back. The key, or why no copy could be written.
 */
export function setAside(
  storage: KeyValueStorage,
  raw: string,
  base: string,
): {key: string} | {failure: SetAsideFailure} {
  for (let slot = 1; slot <= setAsideSlots; slot++) {
    const key = slot === 1 ? base : `${base}:${slot}`;
    let there: string | null;
    try {
      there = storage.getItem(key);
      if (there === raw) return {key};
      if (there !== null) continue;
      storage.setItem(key, raw);
      return storage.getItem(key) === raw ? {key} : {failure: "refused"};
    } catch {
      return {failure: "refused"};
    }
  }
  return {failure: "slots-taken"};
}

/** The page's localStorage, or null where the browser lets the site keep nothing (blocked, or it throws on use). */
export function pageStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem("rater-notebook");
    return storage;
  } catch {
    return null;
  }
}

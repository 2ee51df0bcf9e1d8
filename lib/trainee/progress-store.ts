// The trainee's progress in the browser: the record store of ./record-store.ts on the page's localStorage, told
// when another tab changes the record. No DOM: it only needs `window` for the storage and its "storage" event.
import {progressKey} from "./progress.js";
import {openRecordStore, type ProgressStore} from "./record-store.js";

export type {ProgressStore};

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
  const store = openRecordStore(storage);
  window.addEventListener("storage", (event) => {
    if (event.storageArea === storage && event.key === progressKey) store.changedElsewhere(event.newValue);
  });
  return store;
}

// The trainee's progress in the browser: the record store of ./record-store.ts on the page's localStorage, told
// when another tab changes the record. No DOM: it only needs `window` for the storage and its "storage" event.
import {progressKey} from "./progress.js";
import {openRecordStore, type ProgressStore} from "./record-store.js";
import {pageStorage} from "./set-aside.js";

export type {ProgressStore};

/** Opens the saved progress. Without localStorage (blocked, private mode) it works in memory and says so. */
export function openProgressStore(storage: Storage | null = pageStorage()): ProgressStore {
  const store = openRecordStore(storage);
  window.addEventListener("storage", (event) => {
    if (event.storageArea === storage && event.key === progressKey) store.changedElsewhere(event.newValue);
  });
  return store;
}

// "Move your progress" on the results page: download the record as one file (src/components/transfer-export.ts), and
// import one, seeing what it would change first (src/components/transfer-import.ts).
import type {ItemRef} from "../lib/node/page-data.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {el} from "./dom.js";
import {TransferExport} from "./transfer-export.js";
import {TransferImport} from "./transfer-import.js";

export interface TransferData {
  store: ProgressStore;
  /** The site's cases, to name an answer's case and to spot the cases a file has that this site lacks. */
  itemRefs: readonly ItemRef[];
}

/** `now` is the time written into an export; pages pass the clock in, tests may pass a fixed one. */
export function Transfer({store, itemRefs}: TransferData, {now}: {now?: () => Date} = {}): HTMLElement {
  return el(
    "section",
    {"class": "transfer", "id": "move", "aria-labelledby": "move-title"},
    el("h2", {id: "move-title"}, "Move your progress"),
    el(
      "p",
      {},
      "Download your answers as one file: to keep, to hand to your training coordinator, or to open on another " +
        "machine. The file stays with you; nothing is sent anywhere.",
    ),
    TransferExport(store, {now}),
    TransferImport({store, itemRefs}),
  );
}

// Where a case comes from, in a trainee's words. The case study's own cases say nothing of it; a case written for this
// notebook (its file's `origin: notebook`) says so before it is scored, and its ruling is called the notebook's, never
// the case study's. Pure and browser-safe.
import type {Item} from "../authored/schemas/item.js";

/** Shown with a case written for this notebook, before it is scored; null for a case from the case study. */
export const caseOriginNote = (item: Pick<Item, "origin">): string | null =>
  item.origin === "notebook" ? "Written for this notebook, not taken from the case study." : null;

/** Whose ruling a case's one-paragraph ruling is: "As the case study rules it", "As this notebook rules it". */
export const rulingSource = (item: Pick<Item, "origin">): string =>
  item.origin === "notebook" ? "As this notebook rules it" : "As the case study rules it";

/** A short tag beside a case's name where cases are listed (the authors' page): null for the case study's own. */
export const originTag = (item: Pick<Item, "origin">): string | null =>
  item.origin === "notebook" ? "written for the notebook" : null;

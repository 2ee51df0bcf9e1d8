// A part of a page drawn from the saved record alone (where the trainee stands, what is next, a split shown once
// scored): its state is the record as the store last saved it, in this tab or another.
import type {Progress} from "./progress.js";

/** The record such a part shows once the store has saved `saved`: the same object (no patch) when unchanged. */
export const recordSaved = (_shown: Progress, saved: Progress): Progress => saved;

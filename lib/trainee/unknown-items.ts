// The cases a record answers that this site does not have (a file from another version of it): the results page
// counts them nowhere and the import says they are imported but not shown. One rule for both. Pure.
import type {Progress} from "./progress.js";

/** Ids of the cases `progress` answers that are not in `known`, each once, in the order first answered. */
export function unknownItems(progress: Progress, known: ReadonlySet<string>): string[] {
  return [...new Set(progress.answers.map((answer) => answer.item))].filter((id) => !known.has(id));
}

// What to do for a case of a set the self-check's pools run over that no pool lists: one wording for guideline:check
// (lib/node/load.ts) and the case editor, which can only say it, since the fix is in data/calibration.yaml.
import {quoteText} from "../text/quote-text.js";

/** `pools`: the pools that run over the case's set. */
export function notInPoolWords(id: string, set: string, pools: readonly {id: string}[]): string {
  const named = pools.map((pool) => `pool ${pool.id}'s`).join(" or ");
  return (
    `${quoteText(id)} is in set ${set} but in no pool of data/calibration.yaml: add it to ${named} items, ` +
    "and add 1 to the number of cases its pass rule counts (of)"
  );
}

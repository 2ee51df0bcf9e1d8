import type {NumberedItem} from "../site/links.js";
import type {Score} from "../authored/schemas/verdict.js";

export interface CoverageRow {
  score: Score;
  /** The items the engine scores at this level, in walking order. */
  items: ({id: string; title: string} & NumberedItem)[];
}

/** An item and the score the rule engine derives for it (null when the rubric gives no single score). */
export interface ScoredItem extends NumberedItem {
  title: string;
  score: Score | null;
}

/**
 * Which items show each score level, 5 down to 1, then "not applicable": the case study's coverage table, read
 * from the engine's derived scores rather than the authored rulings.
 */
export function coverage(items: readonly ScoredItem[]): CoverageRow[] {
  const levels: Score[] = [5, 4, 3, 2, 1, "n/a"];
  return levels.map((score) => ({
    score,
    items: items
      .filter((item) => item.score === score)
      .map(({id, title, set, origin, order}) => ({id, title, set, origin, order})),
  }));
}

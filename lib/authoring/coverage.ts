import type {NumberedItem} from "../site/links.js";
import type {Score} from "../authored/schemas/verdict.js";

export interface CoverageRow {
  score: Score;
  items: ({id: string; title: string} & NumberedItem)[];
}

export interface ScoredItem extends NumberedItem {
  title: string;
  score: Score | null;
}

/** The case study's coverage table, read from the engine's derived scores rather than the authored rulings. */
export function coverage(items: readonly ScoredItem[]): CoverageRow[] {
  const levels: Score[] = [5, 4, 3, 2, 1, "n/a"];
  return levels.map((score) => ({
    score,
    items: items
      .filter((item) => item.score === score)
      .map(({id, title, set, origin, order}) => ({id, title, set, origin, order})),
  }));
}

// The cases a trainee should look at again, the first thing the results page shows: every case where a first answer
// was off the ruled score, those two or more off first (a "not applicable" against a score among them), then those
// one off, each group in walking order. The walk and the blind self-check both count: a case missed in either is
// listed once, with each answer that missed, the walk's first, and the rules to look at. Pure and browser-safe.
import type {ChecklistRuleId, Item} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import type {ScoreComparison} from "./score-distance.js";
import type {Mode} from "./progress.js";
import type {ResultRow} from "./results.js";

/** One first answer that missed the ruled score. */
export interface ReviewAnswer {
  mode: Mode;
  trainee: Score;
  score: ScoreComparison;
}

export interface ReviewEntry {
  id: string;
  set: Item["set"];
  ruled: Score;
  /** The farthest of its answers from the ruled score. */
  distance: "two-or-more-off" | "one-off";
  /** Its first answers that missed: the walk's, then the self-check's. */
  answers: ReviewAnswer[];
  /** The rules to look at: those the missed answers got wrong (a wrong score alone: the deciding rule), no repeats. */
  rules: ChecklistRuleId[];
  /**
   * Where its ruling is read: null for its part's page, where the walk answered it; else the self-check pool whose
   * first run did (the part's page shows no ruling to a case it has no answer to).
   */
  pool: string | null;
}

/**
 * The review list: `groups` are the results' groups (the walk, then the self-check), each with its rows; `order` is
 * every case in walking order.
 */
export function reviewList(
  groups: readonly {mode: Mode; rows: readonly ResultRow[]; pool?: string}[],
  order: readonly Pick<Item, "id">[],
): ReviewEntry[] {
  const byId = new Map<string, ReviewEntry>();
  const walked = new Set(groups.flatMap((group) => (group.mode === "walk" ? group.rows.map((row) => row.id) : [])));
  for (const {mode, rows, pool} of groups)
    for (const row of rows) {
      if (row.score.distance === "exact") continue;
      const entry = byId.get(row.id) ?? {
        id: row.id,
        set: row.set,
        ruled: row.ruled,
        distance: row.score.distance,
        answers: [],
        rules: [],
        pool: walked.has(row.id) ? null : (pool ?? null),
      };
      if (row.score.distance === "two-or-more-off") entry.distance = "two-or-more-off";
      entry.answers.push({mode, trainee: row.trainee, score: row.score});
      for (const rule of row.rulesMisapplied) if (!entry.rules.includes(rule)) entry.rules.push(rule);
      byId.set(row.id, entry);
    }
  const position = new Map(order.map((item, index) => [item.id, index]));
  const at = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  const rank = (entry: ReviewEntry) => (entry.distance === "two-or-more-off" ? 0 : 1);
  return [...byId.values()].sort((a, b) => rank(a) - rank(b) || at(a.id) - at(b.id) || a.id.localeCompare(b.id));
}

// What the agreement figures need of an item: its id, its ruled score, the rules its checklist cites and the case
// study's split. Its own module, so the site's data (lib/node/site-data.ts) and the command line can take it without
// the report's code.

/** What the figures need of an item: its id, its ruled score, the rules its checklist cites, the case study's split. */
export interface CohortItem {
  id: string;
  title?: string;
  score: number | "n/a";
  checklist: readonly {rule: string}[];
  split?: readonly {score: number}[];
}

/**
 * What the figures need of an authored item, and nothing more: the site's cohort data (lib/node/site-data.ts) and the
 * command line both take it from here, so the page and `npm run agreement` compute over the same items.
 */
export function cohortItem(item: {
  id: string;
  title: string;
  score: number | "n/a";
  checklist: readonly {rule: string}[];
  split?: readonly {score: number}[];
}): CohortItem {
  return {
    id: item.id,
    title: item.title,
    score: item.score,
    checklist: item.checklist.map((line) => ({rule: line.rule})),
    ...(item.split ? {split: item.split.map((entry) => ({score: entry.score}))} : {}),
  };
}

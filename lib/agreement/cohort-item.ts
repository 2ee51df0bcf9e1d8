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

/** Each rule's title by its id, from a guideline version: the cohort's figures name rules by title, never by id. */
export const ruleTitles = (guideline: {rules: readonly {id: string; title: string}[]}): Record<string, string> =>
  Object.fromEntries(guideline.rules.map((rule) => [rule.id, rule.title]));

/** A rule by its title, or its id where the guideline has none by that id. */
export const ruleTitle = (titles: Readonly<Record<string, string>>, id: string): string => titles[id] ?? id;

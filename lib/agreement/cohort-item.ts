// Its own module, so the site's data and `npm run agreement` take the same items without the report's code.

export interface CohortItem {
  id: string;
  title?: string;
  score: number | "n/a";
  checklist: readonly {rule: string}[];
  split?: readonly {score: number}[];
}

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

/** The cohort's figures name rules by title, never by id. */
export const ruleTitles = (guideline: {rules: readonly {id: string; title: string}[]}): Record<string, string> =>
  Object.fromEntries(guideline.rules.map((rule) => [rule.id, rule.title]));

/** The rule's title; its id only where the guideline has no rule by that id. */
export const ruleTitle = (titles: Readonly<Record<string, string>>, id: string): string => titles[id] ?? id;

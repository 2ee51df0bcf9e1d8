// What each trainee page receives from its data loader: only the items it shows, the current guideline, and the
// little it needs of everything else. Pure: the loaders read the files and call these.
import {coverage, type CoverageRow} from "../authoring/coverage.js";
import {derive, ruleSetOf} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item, CaseSet, ChecklistRuleId} from "../authored/schemas/item.js";
import {resolveIntro, type ResolvedParagraph, type TrainingPart} from "../authored/schemas/parts.js";
import type {Score} from "../authored/schemas/verdict.js";
import type {CalibrationCheck} from "../authored/schemas/content.js";
import {partLoad, partMinutes} from "../trainee/part-time.js";
import {decidingRuleTable} from "../trainee/derived-deciding-rules.js";
import {languageNames} from "../authored/language.js";

/** Enough of every item to link to it, label it and count progress: id, case set, where it comes from (the case
 *  study or this notebook), its order, its neutral topic, its title, its twist's. */
export type ItemRef = Pick<Item, "id" | "set" | "origin" | "order" | "title" | "topic" | "twistOf">;

export const itemRefs = (items: readonly Item[]): ItemRef[] =>
  items.map(({id, set, origin, order, title, topic, twistOf}) => ({
    id,
    set,
    origin,
    order,
    title,
    topic,
    ...(twistOf ? {twistOf} : {}),
  }));

export type PagePart = TrainingPart & {
  hasPage: boolean;
  paragraphs: ResolvedParagraph[];
  /** About how long the part takes, worked out from its words and steps (lib/trainee/part-time.ts). */
  minutes: number;
};

/** The parts with their introductions resolved against the current guideline, whether their page exists, and
 *  about how long each takes. */
export function pageParts(
  parts: readonly TrainingPart[],
  items: readonly Item[],
  guideline: Guideline,
  hasPage: (path: string) => boolean,
): PagePart[] {
  return parts.map((part) => ({
    ...part,
    hasPage: hasPage(part.path),
    paragraphs: resolveIntro(part, guideline),
    minutes: partMinutes(partLoad(part, items, guideline)),
  }));
}

/**
 * Each guideline version's score for each item (null where that version gives no single score), so a page can
 * tell a trainee that an answer scored under an older version has a ruling that moved.
 */
export function rulingsByVersion(
  items: readonly Item[],
  guidelines: readonly Guideline[],
): Record<string, Record<string, Score | null>> {
  return Object.fromEntries(
    guidelines.map((guideline) => {
      const ruleSet = ruleSetOf(guideline);
      return [guideline.version, Object.fromEntries(items.map((item) => [item.id, derive(item, ruleSet).score]))];
    }),
  );
}

export interface SitePageData {
  parts: PagePart[];
  guideline: Guideline;
  /** Every item by id, case set and title, for progress and links. */
  itemRefs: ItemRef[];
  /** Which cases show each score, by the engine's derived scores under the current guideline. */
  coverage: CoverageRow[];
}

export function sitePageData(
  parts: PagePart[],
  items: readonly Item[],
  guidelines: readonly Guideline[],
): SitePageData {
  const guideline = guidelines.at(-1)!;
  const ruleSet = ruleSetOf(guideline);
  const scored = items.map((item) => ({...item, score: derive(item, ruleSet).score}));
  return {parts, guideline, itemRefs: itemRefs(items), coverage: coverage(scored)};
}

export interface PartPageData {
  /** The items of one part, in walking order. */
  items: Item[];
  rulings: Record<string, Record<string, Score | null>>;
  /** Each item's deciding rule under the version taught (the last), derived here so /results never loads the
   *  interpreter (lib/trainee/deciding-rules.ts). */
  decidingRules: Record<string, ChecklistRuleId>;
  /** The English name of each language other than English the items' texts are in, by tag ("de": "German"),
   *  named here so the page need not load the browser's names of languages before its first item. */
  languages: Record<string, string>;
}

/** The tags of the languages the items' request and response are in. */
const languagesOf = (items: readonly Item[]): Record<string, string> =>
  languageNames(new Set(items.flatMap((item) => [item.request.language, item.response.language])));

/** What a page of `items` (in its order) receives: the items, their rulings and deciding rules, their languages. */
const itemsPageData = (shown: Item[], guidelines: readonly Guideline[]): PartPageData => ({
  items: shown,
  rulings: rulingsByVersion(shown, guidelines),
  decidingRules: decidingRuleTable(shown, guidelines.at(-1)!),
  languages: languagesOf(shown),
});

export function partPageData(set: CaseSet, items: readonly Item[], guidelines: readonly Guideline[]): PartPageData {
  return itemsPageData(
    items.filter((item) => item.set === set),
    guidelines,
  );
}

/** The self-check page's data: its pools and pass rules, and the items of every pool, in the pools' order. */
export interface SelfCheckPageData extends PartPageData {
  calibration: CalibrationCheck;
}

export function selfCheckPageData(
  calibration: CalibrationCheck,
  items: readonly Item[],
  guidelines: readonly Guideline[],
): SelfCheckPageData {
  const shown = calibration.pools.flatMap((pool) => pool.items.map((id) => items.find((item) => item.id === id)!));
  return {...itemsPageData(shown, guidelines), calibration};
}

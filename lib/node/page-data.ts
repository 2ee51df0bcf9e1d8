// What each trainee page receives from its data loader: only what it shows. Pure: the loaders read the files.
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

export type ItemRef = Pick<
  Item,
  "id" | "set" | "origin" | "order" | "title" | "topic" | "twistOf" | "caseStudyNumber" | "compare"
>;

export const itemRefs = (items: readonly Item[]): ItemRef[] =>
  items.map(({id, set, origin, order, title, topic, twistOf, caseStudyNumber, compare}) => ({
    id,
    set,
    origin,
    order,
    title,
    topic,
    compare,
    ...(twistOf ? {twistOf} : {}),
    ...(caseStudyNumber ? {caseStudyNumber} : {}),
  }));

export type PagePart = TrainingPart & {
  hasPage: boolean;
  paragraphs: ResolvedParagraph[];
  minutes: number;
};

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

/** Null where a version gives no single score; lets a page say an answer under an older version has moved. */
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
  itemRefs: ItemRef[];
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
  items: Item[];
  rulings: Record<string, Record<string, Score | null>>;
  /** Derived here so /results never loads the interpreter. */
  decidingRules: Record<string, ChecklistRuleId>;
  /** Named here so the page need not load the browser's names of languages before its first item. */
  languages: Record<string, string>;
}

const languagesOf = (items: readonly Item[]): Record<string, string> =>
  languageNames(new Set(items.flatMap((item) => [item.request.language, item.response.language])));

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

/** A page's cases with the self-check's pools: the self-check's, and Part 6's, whose last card offers a run. */
export interface SelfCheckPageData extends PartPageData {
  calibration: CalibrationCheck;
}

/** Part 6's page data: its cases, with the self-check's pools for its lead and its last card. */
export const calibrationPartData = (
  calibration: CalibrationCheck,
  items: readonly Item[],
  guidelines: readonly Guideline[],
): SelfCheckPageData => ({...partPageData("calibration", items, guidelines), calibration});

export function selfCheckPageData(
  calibration: CalibrationCheck,
  items: readonly Item[],
  guidelines: readonly Guideline[],
): SelfCheckPageData {
  const shown = calibration.pools.flatMap((pool) => pool.items.map((id) => items.find((item) => item.id === id)!));
  return {...itemsPageData(shown, guidelines), calibration};
}

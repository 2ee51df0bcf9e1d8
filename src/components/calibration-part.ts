// Part 6: the calibration cases and the twist, with the ruling at once. The blind self-check is its own page
// (self-check-part.ts); this one points experienced raters to it first.
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {hereHref} from "../lib/site/links.js";
import {el} from "./dom.js";
import {GuidelineWalk} from "./guideline-walk-item.js";
import {itemsOf, partContext, type TraineeData} from "../lib/trainee/part-context.js";
import type {SelfCheckPageData} from "../lib/node/page-data.js";
import {afterLastPart, calibrationLeadWhy, offeredPool, poolsOf} from "../lib/trainee/self-check-pool.js";
import {Recorded} from "./recorded.js";
import {PartPage} from "./part-frame.js";
import {PartIntro} from "./part-page.js";
import {PartDebrief} from "./part-debrief.js";
import {NextPart, SelfCheckLead} from "./walk-parts.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {itemLabel, itemNumber} from "../lib/site/links.js";
import {countWord, listWords} from "../lib/text/format.js";

export function CalibrationPart(
  data: TraineeData & {part: SelfCheckPageData},
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const ctx = partContext(data, "calibration", store);
  const items = itemsOf(ctx, "calibration");
  const pools = poolsOf(data.part.calibration, {items: data.site.itemRefs, parts: data.site.parts});
  return PartPage(ctx, {
    body: [
      // Only while a blind run is left for the trainee, as the record stands.
      Recorded({
        store,
        view: (progress) => {
          const why = calibrationLeadWhy(offeredPool(pools, progress.answers), pools);
          return why ? SelfCheckLead(why, {className: "part-lead"}) : el("p", {hidden: true});
        },
      }),
      GuidelineWalk({
        ctx,
        items,
        noun: "Calibration case",
        about: [PartIntro(ctx.part), el("p", {}, partContents(items))],
        end: (progress, keep) => [
          keep("debrief", () => PartDebrief({items, guideline: ctx.guideline, store: ctx.store, hrefOf: hereHref})),
          NextPart(ctx, {after: afterLastPart(offeredPool(pools, progress.answers), pools)}),
        ],
      }),
    ],
  });
}

/**
 * What the part holds, counted from its items: "The four cases, then the twist on Calibration D (D′) that its ruling
 * describes." (the case study's), "The seven cases." (a guideline with no twist).
 */
function partContents(items: readonly Item[]): string {
  const twists = items.flatMap((item) => items.find((other) => other.id === item.twistOf) ?? []);
  const cases = `The ${countWord(items.length - twists.length)} cases`;
  if (!twists.length) return `${cases}.`;
  const named = twists.map((of) => `the twist on ${itemLabel(of)} (${itemNumber(of).number}′)`);
  const describes = twists.length === 1 ? "its ruling describes" : "their rulings describe";
  return `${cases}, then ${listWords(named)} that ${describes}.`;
}

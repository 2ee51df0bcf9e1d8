// Part 1: the seven examples under the one-line instruction, one at a time. These are the trainee's "before" scores:
// Check saves the answer and says there is no ruling to compare with yet.
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {allAnswered, anyAnswered, walkItemState} from "../lib/trainee/walk.js";
import {beforeClosed} from "../lib/trainee/progress.js";
import {itemHref, itemLabel, type ItemPages} from "../lib/site/links.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {CaseText, ReadingCard} from "./item-text.js";
import {walkParts, type PartRef} from "../lib/site/part-refs.js";
import {el} from "./dom.js";
import {itemsOf, partContext, type TraineeData} from "../lib/trainee/part-context.js";
import {PartPage} from "./part-frame.js";
import {PartIntro} from "./part-page.js";
import {PartWalk} from "./part-walk.js";
import {ScoreCard, type WalkCard} from "./score-card.js";
import {VagueSaved} from "./vague-ruling.js";
import {HowToScore, NextPart, VaguePanel} from "./walk-parts.js";

export function VaguePart(data: TraineeData, {store = openProgressStore()}: {store?: ProgressStore} = {}): HTMLElement {
  const ctx = partContext(data, "vague", store);
  const items = itemsOf(ctx, "examples");
  const ids = items.map((item) => item.id);
  return PartPage(ctx, {
    body: PartWalk({
      noun: "Example",
      store,
      items: items.map((item) => ({
        item,
        card: (nav) => {
          // Its ruling read first (with the guideline): a score now would not be from before the guideline.
          if (beforeClosed(store.get(), item.id))
            return ClosedBefore(item, {nav, itemPages: ctx.itemPages, after: walkParts(ctx.parts).after});
          const node = ScoreCard({
            item,
            phase: "vague",
            guideline: ctx.guideline,
            store,
            nav,
            ruling: (answers) => ({lead: VagueSaved(answers)}),
          });
          return {node, focusHeading: () => node.querySelector<HTMLElement>("h2")?.focus({preventScroll: true})};
        },
      })),
      stateOf: (item, progress) => walkItemState(progress, item, "vague"),
      about: PartIntro(ctx.part),
      howTo: HowToScore({phase: "vague"}),
      started: (progress) => anyAnswered(progress, ids, "vague"),
      panel: {
        label: "The one line",
        body: () => VaguePanel(ctx.guideline),
        // On a phone the line itself stands above the examples: it is all a trainee scores by here.
        narrow: () =>
          el("blockquote", {"class": "vague-line is-narrow", "aria-label": "The one line"}, ctx.guideline.vague),
      },
      end: (progress) => [
        allAnswered(progress, ids, "vague")
          ? el(
              "div",
              {class: "callout", role: "status"},
              el(
                "p",
                {},
                el("strong", {}, "That's all seven “before” scores. "),
                "Next, see how raters split on each.",
              ),
            )
          : null,
        NextPart(ctx),
      ],
    }),
  });
}

/**
 * An example whose ruling the trainee read (with the guideline) before giving a "before" score: shown to read, with
 * no score to give, and why. A score given now would be counted as one from before the guideline in their results and
 * in a coordinator's figures.
 */
function ClosedBefore(
  item: Item,
  {nav, itemPages, after}: {nav: HTMLElement; itemPages: ItemPages; after: PartRef | null},
): WalkCard {
  const node = ReadingCard({
    item,
    nav,
    body: [
      // Above the case: under a long response it was past a phone's first screen, which then showed no Score and no
      // word of why.
      el(
        "p",
        {class: "callout before-closed"},
        el("strong", {}, "No “before” score for this one. "),
        "You have read its ruling with the guideline (",
        el("a", {href: itemHref(item.id, itemPages)}, `${itemLabel(item)}${after ? ` in Part ${after.number}` : ""}`),
        "), so a score now would not be one from before it. Go on to the next example.",
      ),
      CaseText(item),
    ],
  });
  return {node, focusHeading: () => node.querySelector<HTMLElement>("h2")?.focus({preventScroll: true})};
}

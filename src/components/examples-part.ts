// Part 2, a part to read, one example at a time as the other parts are: each example with the case study's
// illustrative split beside the trainee's own "before" score once there is one. It loads no scoring code: nothing here
// is scored.
import type {Item} from "../lib/authored/schemas/item.js";
import {itemHref, itemLabel} from "../lib/site/links.js";
import {beforeAnswer, doneIn} from "../lib/trainee/progress.js";
import {anyAnswered, walkItemState} from "../lib/trainee/walk.js";
import {el} from "./dom.js";
import {CaseText, ReadingCard} from "./item-text.js";
import {partContext, itemsOf, type PartContext, type TraineeData} from "../lib/trainee/part-context.js";
import {PartPage} from "./part-frame.js";
import {PartIntro} from "./part-page.js";
import {PartWalk, type WalkItem} from "./part-walk.js";
import {openProgressStore} from "../lib/trainee/record-store.js";
import {VagueRuling} from "./vague-ruling.js";
import {Recorded} from "./recorded.js";
import {NextPart} from "./walk-parts.js";

/** Part 2: the seven examples, one at a time, each with the case study's split beside the trainee's "before" score. */
export function ExamplesPart(data: TraineeData, {store = openProgressStore()} = {}): HTMLElement {
  const ctx = partContext(data, "examples", store);
  const items = itemsOf(ctx, "examples");
  const ids = items.map((item) => item.id);
  return PartPage(ctx, {
    body: PartWalk({
      noun: "Example",
      store,
      items: items.map((item) => exampleToRead(ctx, item)),
      // An example is marked once it has the trainee's "before" score, whose split it then shows.
      stateOf: (item, progress) => walkItemState(progress, item, "vague"),
      // Opened with no example named: the first whose split can be read, not the first still hidden.
      opensOn: "answered",
      about: PartIntro(ctx.part),
      howTo: el(
        "p",
        {},
        "Nothing to score here. Read each example, then how raters could split on it, beside your own “before” " +
          "score from Part 1.",
      ),
      howToTitle: "How to read",
      started: (progress) => anyAnswered(progress, ids, "vague"),
      end: () => NextPart(ctx),
    }),
  });
}

/** One example to read: its texts, then the split and the trainee's "before" score, or where to get one. */
function exampleToRead(ctx: PartContext, item: Item): WalkItem {
  return {
    item,
    card: (nav) => {
      const {store} = ctx;
      const panel = Recorded({
        store,
        view: (progress) => {
          // A score given after its ruling was read is no "before" score; once Part 1 is done with it (a score, or its
          // ruling read), nothing is left to hide.
          const before = beforeAnswer(progress, item.id) ?? null;
          const shown = doneIn(progress, item.id, "vague");
          return el(
            "div",
            {"class": "split-panel", "aria-live": "polite"},
            el(
              "div",
              {},
              shown
                ? [
                    el(
                      "p",
                      {class: "case-name-line"},
                      "The case study calls it ",
                      el("strong", {}, `“${item.title}”`),
                      ".",
                    ),
                    VagueRuling({item, before}),
                  ]
                : el(
                    "p",
                    {class: "split-hidden"},
                    "How raters split stays hidden until you have your own “before” score. ",
                    el("a", {href: itemHref(item.id, ctx.itemPages, "vague")}, `Score ${itemLabel(item)} in Part 1`),
                    ".",
                  ),
            ),
          );
        },
      });
      const node = ReadingCard({item, nav, body: [CaseText(item), panel]});
      return {node, focusHeading: () => node.querySelector<HTMLElement>("h2")?.focus({preventScroll: true})};
    },
  };
}

// Part 2, a reading part: the seven examples with the case study's illustrative split, shown beside the trainee's own
// "before" score once there is one. It loads no scoring code: nothing here is scored.
import {itemHref, itemLabel} from "../lib/site/links.js";
import {firstAttempt} from "../lib/trainee/progress.js";
import {titleBefore} from "../lib/trainee/title.js";
import {el} from "./dom.js";
import {CaseText} from "./item-text.js";
import {partContext, itemsOf, partPage, type TraineeData} from "./part-frame.js";
import {openProgressStore} from "../lib/trainee/progress-store.js";
import {VagueRuling} from "./vague-ruling.js";

/** Part 2: each example with the case study's illustrative split beside the trainee's own "before" score. */
export function ExamplesPart(data: TraineeData, {store = openProgressStore()} = {}): HTMLElement {
  const ctx = partContext(data, "examples", store);
  const cards = itemsOf(ctx, "examples").map((item) => {
    const panel = el("div", {"class": "split-panel", "aria-live": "polite"});
    const render = () => {
      const before = firstAttempt(store.get(), item.id, "vague");
      panel.replaceChildren(
        el(
          "div",
          {},
          before
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
    };
    render();
    store.subscribe(render);
    return el(
      "article",
      {"class": "item-card reading", "id": item.id, "aria-labelledby": `${item.id}-title`},
      el("header", {class: "item-head"}, el("h2", {id: `${item.id}-title`}, titleBefore(item))),
      CaseText(item),
      panel,
    );
  });
  return partPage(ctx, cards);
}

// What Part 1 shows on Check, and Part 2 beside each example: the trainee's "before" score under the vague line,
// which has no ruling to compare with, and (in Part 2) the seed's illustrative split. Its own module, so Part 2, a
// reading page, loads none of the comparison code.
import type {Item} from "../lib/item.js";
import type {Answer} from "../lib/trainee/progress.js";
import {scoreText} from "../lib/trainee/words.js";
import {el} from "./dom.js";

/** Under the vague line there is no ruling yet: the answer is the trainee's "before" score. */
export function VagueRuling(item: Item, answers: Answer[], {showSplit}: {showSplit: boolean}): HTMLElement {
  const first = answers[0]!;
  return el(
    "div",
    {class: "ruling-body"},
    el(
      "p",
      {class: "before-score"},
      "Your “before” score: ",
      el("strong", {}, scoreText(first.score)),
      ". It is kept as it is; you score this example again in Part 4, with the guideline.",
    ),
    showSplit && item.split
      ? el(
          "div",
          {class: "split"},
          el("h3", {}, "How raters could split (illustrative)"),
          el(
            "ul",
            {},
            item.split.map((side) =>
              el("li", {}, el("strong", {}, String(side.score)), side.reason ? ` (${side.reason})` : ""),
            ),
          ),
          item.openQuestion
            ? el("p", {class: "open-question"}, el("strong", {}, "Open question: "), item.openQuestion)
            : null,
        )
      : el("p", {}, el("a", {href: `./examples#${item.id}`}, "See how raters split on this example in Part 2"), "."),
  );
}

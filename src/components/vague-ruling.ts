// What Part 1 shows on Check, and Part 2 beside each example: the trainee's "before" score under the vague line,
// which has no ruling to compare with, and (in Part 2) the case study's illustrative split. Its own module, so Part 2,
// a reading page, loads none of the comparison code.
import type {Item} from "../lib/authored/schemas/item.js";
import type {Answer} from "../lib/trainee/progress.js";
import {scoreText} from "../lib/trainee/words.js";
import {el} from "./dom.js";

/** Part 1 on Check: the answer is saved. There is no ruling under the vague line, and the page says so. */
export function VagueSaved(answers: readonly Answer[]): HTMLElement {
  const first = answers[0]!;
  const latest = answers.at(-1)!;
  return el(
    "div",
    {class: "ruling-lead saved", tabindex: -1},
    el(
      "p",
      {class: "verdict-line"},
      el("span", {"class": "distance-mark", "aria-hidden": "true"}, "●"),
      // One flex item beside the mark, so on a phone the words wrap beside it, never before their "·".
      el(
        "span",
        {class: "verdict-words"},
        el("strong", {}, "Saved"),
        ` · your “before” score: ${scoreText(first.score)}`,
        answers.length > 1 ? ` (you tried ${scoreText(latest.score)} since; the first is the one recorded)` : "",
      ),
    ),
    el(
      "p",
      {class: "case-sentence"},
      "Under this one line there is no ruling to compare with. You score this example again in Part 4, with the " +
        "guideline, and see both.",
    ),
  );
}

/**
 * Part 2: the trainee's "before" score beside the case study's illustrative split and its open question; `before`
 * null where they read the example's ruling before giving one (Part 1 is closed to it).
 */
export function VagueRuling({item, before}: {item: Item; before: Answer | null}): HTMLElement {
  return el(
    "div",
    {class: "ruling-body"},
    before
      ? el("p", {class: "before-score"}, "Your “before” score: ", el("strong", {}, scoreText(before.score)), ".")
      : el("p", {class: "before-score"}, "You have no “before” score for this one: you read its ruling first."),
    item.split
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
      : null,
  );
}

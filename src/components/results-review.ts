// What the results page leads with: the cases to review, two or more off, then one off, each linked to its ruling
// with both scores and the rules to look at; or, plainly, that there is none (yet). The list is
// lib/trainee/review.ts's.
import type {ReviewEntry} from "../lib/trainee/review.js";
import type {TraineeResults} from "../lib/trainee/results.js";
import {describeReviewScores, reviewHeading} from "../lib/trainee/words.js";
import {DistanceMark} from "./distance-mark.js";
import {el, type Child} from "./dom.js";
import {CaseLink, PartLink, RuleLinks, type ResultsContext} from "./results-links.js";

/** One case to review: its mark, its name linked to its ruling, the scores, and the rules to look at. */
function ReviewItem(entry: ReviewEntry, {ctx}: {ctx: ResultsContext}): HTMLElement {
  return el(
    "li",
    {class: `review-entry distance-${entry.distance}`},
    DistanceMark(entry.distance),
    el(
      "span",
      {class: "review-text"},
      el(
        "span",
        {class: "review-case"},
        CaseLink(entry.id, {ctx}),
        el("span", {class: "review-scores"}, ` — ${describeReviewScores(entry)}`),
      ),
      entry.rules.length
        ? el(
            "span",
            {class: "review-rules"},
            entry.rules.length === 1 ? "Rule to look at: " : "Rules to look at: ",
            RuleLinks(entry.rules, {ctx}),
          )
        : null,
    ),
  );
}

export function ReviewSection({results, ctx}: {results: TraineeResults; ctx: ResultsContext}): HTMLElement {
  const {review, walk, selfChecks} = results;
  const section = (title: string, ...body: Child[]) =>
    el(
      "section",
      {"class": `results-review${review.length ? "" : " is-clear"}`, "aria-labelledby": "review-title"},
      el("h2", {id: "review-title"}, title),
      ...body,
    );
  if (!review.length)
    return walk.answered + selfChecks.reduce((sum, group) => sum + group.answered, 0)
      ? section(
          "Nothing to review",
          el("p", {}, "Every first answer you gave with the guideline matched the ruled score."),
        )
      : section(
          "Nothing to review yet",
          el(
            "p",
            {},
            "Score cases with the guideline",
            ...(ctx.walkParts.guideline[0] ? [", from ", PartLink(ctx.walkParts.guideline[0]), " on,"] : []),
            " and any you miss will be listed here to look at again.",
          ),
        );
  const group = (distance: ReviewEntry["distance"], title: string) => {
    const entries = review.filter((entry) => entry.distance === distance);
    if (!entries.length) return null;
    const id = `review-${distance}`;
    return el(
      "div",
      {class: `review-group distance-${distance}`},
      el("h3", {id}, DistanceMark(distance), `${title} (${entries.length})`),
      el(
        "ul",
        {"class": "review-list", "aria-labelledby": id},
        entries.map((entry) => ReviewItem(entry, {ctx})),
      ),
    );
  };
  return section(
    reviewHeading(review.length),
    el(
      "p",
      {class: "results-lead"},
      "Your first answer to each was off the ruled score. Start at the top: open the case, read its ruling, then the " +
        "rule named under it.",
    ),
    group("two-or-more-off", "Two or more off"),
    group("one-off", "One off"),
  );
}

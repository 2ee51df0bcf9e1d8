// The cohort page's headline: the one sentence a manager reads, then ordinal alpha before and after the guideline on
// the items rated both times, the change, the items compared and those rated in one phase only (apart, with their
// alpha), the published guides for alpha and which coefficient to report. Words from lib/agreement/cohort-words.ts.
import type {WithInterval} from "../lib/agreement/bootstrap.js";
import type {CohortReport} from "../lib/agreement/cohort-report.js";
import {coefficientAdvice, guidesText, headlineSentence} from "../lib/agreement/cohort-words.js";
import type {Figure} from "../lib/agreement/figure.js";
import {signed} from "../lib/agreement/figure-text.js";
import {itemHref, type ItemPages} from "../lib/site/links.js";
import {plural, thousands} from "../lib/text/format.js";
import {FigureText, IntervalText} from "./cohort-figures.js";
import {el, type Child} from "./dom.js";

const itemLinks = (items: readonly string[], pages: ItemPages): Child[] =>
  items.map((item, index) => [index ? ", " : "", el("a", {href: itemHref(item, pages)}, item)]);

function OnePhaseOnly(report: CohortReport, pages: ItemPages): HTMLElement {
  const {only} = report.headline;
  return el(
    "ul",
    {class: "headline-apart"},
    (["vague", "guideline"] as const).map((phase) => {
      const when = phase === "vague" ? "before" : "after";
      const {items, alpha} = only[phase];
      return el(
        "li",
        {"data-only": phase},
        items.length
          ? [
              `Rated ${when} the guideline only, apart from the headline: ${plural(items.length, "item")} (`,
              itemLinks(items, pages),
              "), ordinal alpha ",
              FigureText(alpha, {name: `only-${phase}`}),
              alpha.value === null ? ` (not computable: ${alpha.reason})` : IntervalText(alpha),
              ".",
            ]
          : `Rated ${when} the guideline only: no item.`,
      );
    }),
  );
}

export function Headline({report, itemPages}: {report: CohortReport; itemPages: ItemPages}): HTMLElement {
  const {headline} = report;
  const {before, after, change} = headline;
  const side = (label: string, f: WithInterval<Figure>, name: string) =>
    el(
      "div",
      {class: "headline-side"},
      el("div", {class: "headline-label"}, label),
      el("div", {class: "headline-value"}, FigureText(f, {name})),
      el("div", {class: "headline-interval"}, f.value === null ? `Not computable: ${f.reason}` : IntervalText(f)),
    );
  const compared = headline.items.length;
  return el(
    "section",
    {"class": "cohort-headline", "aria-labelledby": "cohort-headline-title"},
    el(
      "h2",
      {id: "cohort-headline-title"},
      "Krippendorff's alpha (ordinal), before and after the guideline, on the items rated both times",
    ),
    el("p", {id: "cohort-headline-sentence", class: "headline-sentence"}, headlineSentence(headline)),
    el(
      "div",
      {class: "headline-pair"},
      side("Before (vague phase)", before, "headline-before"),
      el("div", {"class": "headline-arrow", "aria-hidden": "true"}, "→"),
      side("After (guideline phase)", after, "headline-after"),
    ),
    el(
      "p",
      {},
      "Change: ",
      FigureText(change, {show: signed, name: "headline-change"}),
      IntervalText(change),
      change.value === null ? ` (not computable: ${change.reason})` : null,
      ". ",
      compared
        ? [
            `Compared: the ${plural(compared, "item")} rated both before and after the guideline (`,
            itemLinks(headline.items, itemPages),
            ").",
          ]
        : "No item was rated both before and after the guideline.",
    ),
    OnePhaseOnly(report, itemPages),
    el("p", {class: "headline-guides"}, guidesText),
    el("p", {class: "headline-advice"}, coefficientAdvice),
    el(
      "p",
      {class: "cohort-note"},
      `${plural(report.raters, "rater")}, ${plural(report.items, "item")}, ${plural(report.ratings, "rating")}. ` +
        `Intervals: ${thousands(report.bootstrap.replicates)} bootstrap resamples, seed ${report.bootstrap.seed} ` +
        "(the same figures on every run): the headline's of the items rated both times, the same draws before and " +
        "after, so the change's interval is paired. A resample whose alpha cannot be computed is not used.",
    ),
  );
}

// One phase of the cohort's report: each item's scores beside the case study's split, each rater against the ruled
// scores (cohort-raters.ts), and the items and rules with the most disagreement, linked to where a trainee meets them.
import type {RowSource} from "../lib/agreement/packed-report.js";
import type {PhaseReport} from "../lib/agreement/cohort-report.js";
import type {ItemSpread} from "../lib/agreement/item-spread.js";
import {ruleTitle} from "../lib/agreement/cohort-item.js";
import type {RaterAgreement} from "../lib/agreement/rater-agreement.js";
import {percent} from "../lib/agreement/figure-text.js";
import {plural} from "../lib/text/format.js";
import {FigureText, phaseNames} from "./cohort-figures.js";
import {RaterTable} from "./cohort-raters.js";
import {el} from "./dom.js";
import {itemHref, ruleHref, type ItemPages} from "../lib/site/links.js";
import {Table} from "./table.js";

const scoreKeys = ["1", "2", "3", "4", "5", "n/a"] as const;

/** Each item's scores: stacked into one labelled block per item below 640 px, so it fits a phone's width. */
function SpreadTable(phase: PhaseReport): HTMLElement {
  return Table(
    {
      head: [
        "Item",
        "Ruled",
        ...scoreKeys.map((key) => (key === "n/a" ? "n/a" : `Gave ${key}`)),
        "The case study's split",
        "Pairs who differ",
      ],
      rows: phase.spread.map((entry: ItemSpread) => [
        entry.title ? `${entry.item}: ${entry.title}` : entry.item,
        String(entry.ruled),
        ...scoreKeys.map((key) => String(entry.counts[key])),
        entry.caseStudySplit ? entry.caseStudySplit.join(" vs ") : "–",
        FigureText(entry.disagreement, {show: percent}),
      ]),
    },
    {
      caption: `Each item's scores, ${phaseNames[phase.phase].toLowerCase()}`,
      rowHeaders: true,
      stack: true,
      className: "cohort-items",
    },
  );
}

function MostDisagreement(phase: PhaseReport, pages: ItemPages, titles: Readonly<Record<string, string>>): HTMLElement {
  const named = (rule: string) => ruleTitle(titles, rule);
  const items = phase.mostDisagreement.items;
  const rules = phase.mostDisagreement.rules.filter((rule) => (rule.disagreement.value ?? 0) > 0).slice(0, 5);
  return el(
    "div",
    {class: "cohort-most"},
    el("h4", {}, "Items with the most disagreement"),
    items.length
      ? el(
          "ol",
          {},
          items.map((entry) =>
            el(
              "li",
              {},
              el("a", {href: itemHref(entry.item, pages)}, entry.item),
              `: ${entry.disagreement.value === null ? "–" : percent(entry.disagreement.value)} of pairs differ; ` +
                `ruled ${entry.ruled}; the rules its ruled checklist cites: ${entry.rules.map(named).join(", ")}`,
            ),
          ),
        )
      : el("p", {}, "No item has any disagreement."),
    el("h4", {}, "Rules whose items disagree most"),
    el("p", {class: "muted"}, "A rule's items are those whose ruled checklist cites it; its figure is their mean."),
    rules.length
      ? el(
          "ol",
          {},
          rules.map((rule) =>
            el(
              "li",
              {},
              el("a", {href: ruleHref(rule.rule)}, named(rule.rule)),
              `: ${percent(rule.disagreement.value!)} of pairs differ, over ${plural(rule.items.length, "item")}`,
            ),
          ),
        )
      : el("p", {}, "No rule's items disagree."),
  );
}

export function PhaseSection({
  phase,
  raters,
  itemPages,
  ruleTitles,
}: {
  phase: PhaseReport;
  raters: RowSource<RaterAgreement>;
  itemPages: ItemPages;
  ruleTitles: Readonly<Record<string, string>>;
}): HTMLElement {
  const id = `cohort-${phase.phase}`;
  return el(
    "section",
    {"class": "cohort-phase", "aria-labelledby": `${id}-title`, "data-phase": phase.phase},
    el("h3", {id: `${id}-title`}, `${phaseNames[phase.phase]} (${phase.phase} phase)`),
    phase.ratings
      ? [
          SpreadTable(phase),
          RaterTable({rows: raters, phase: phase.phase}),
          MostDisagreement(phase, itemPages, ruleTitles),
        ]
      : el("p", {}, "No ratings in this phase."),
  );
}

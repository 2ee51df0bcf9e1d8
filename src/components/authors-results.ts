// The authors' page's results: the moved items and why they move, the items with no single score or no rule to cite,
// the distribution, the coverage of 1-5, the rubric's findings and what the worked cases do not test. Each section
// is built once and afterwards patched (patch.ts), only when what it shows changes, so unchanged text keeps its
// layout and a disclosure the author opened stays open. After a change the moved cases and the judges' lines are
// patched at once, in the frame that shows the change, and the other sections after that frame is painted.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {reasonText} from "../lib/authoring/move-reason.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {itemHref, itemLabel, ruleHref, type ItemPages} from "../lib/site/links.js";
import type {LineDecision, Outcome, Preview} from "../lib/authoring/preview.js";
import {plural} from "../lib/text/format.js";
import {scoreText, originTag} from "../lib/trainee/words.js";
import {DistributionChart} from "./authors-distribution.js";
import {Completeness, Untested} from "./authors-findings.js";
import {AuthorsJudges} from "./authors-judges.js";
import {WhatDiffers} from "./authors-differs.js";
import {el, type Child} from "./dom.js";
import {keptParts, type Kept} from "./patch.js";
import {Table} from "./table.js";
import {afterPaint} from "../lib/site/schedule.js";

const outcomeText = (outcome: Pick<Outcome, "candidates">): string =>
  outcome.candidates.length === 0
    ? "no score"
    : outcome.candidates.length === 1
      ? scoreText(outcome.candidates[0]!)
      : `${outcome.candidates.map(scoreText).join(" or ")} (no single score)`;

const decisionText = ({verdict, clause, verdicts, ruled}: LineDecision): string =>
  !ruled
    ? "undecided: no rule decides it"
    : verdict === null
      ? `either ${verdicts.map((each) => verdictLabels[each]).join(" or ")}: the rule allows both`
      : `${verdictLabels[verdict]}${clause ? ` (${clause})` : ""}`;

function MovedItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
): HTMLElement {
  if (!result.moved.length) return el("p", {class: "preview-none"}, "No item's score moves.");
  return Table(
    {
      head: ["Item", result.base, "Candidate", "Why it moves"],
      rows: result.moved.map((moved) => {
        const item = items.get(moved.id)!;
        return [
          [
            el("a", {href: itemHref(item.id, pages)}, moved.label, el("span", {class: "muted"}, `: ${item.title}`)),
            OriginTag(item),
          ],
          outcomeText(moved.from),
          outcomeText(moved.to),
          [
            moved.lines.length
              ? el(
                  "ul",
                  {class: "moved-lines"},
                  moved.lines.map((line) =>
                    el(
                      "li",
                      {},
                      `“${item.checklist[line.index]?.text ?? `line ${line.index + 1}`}”: `,
                      `${decisionText(line.from)} → ${decisionText(line.to)}, by `,
                      el("a", {href: ruleHref(line.rule)}, line.rule),
                    ),
                  ),
                )
              : el("p", {class: "moved-reason"}, "No checklist line changes; the rubric reads it differently."),
            el("p", {class: "moved-reason"}, reasonText(moved.reason, {base: result.base, candidate: "the candidate"})),
          ],
        ];
      }),
    },
    {rowHeaders: true, scroll: true, className: "moved-items"},
  );
}

/** Marks a case written for the notebook, not taken from the case study. */
const OriginTag = (item: Pick<Item, "origin"> | undefined): Child => {
  const tag = item && originTag(item);
  return tag ? el("span", {class: "origin-tag"}, tag) : null;
};

function UnsettledItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
): HTMLElement {
  if (!result.unsettled.length) return el("p", {class: "preview-none"}, "Every item keeps exactly one score.");
  return Table(
    {
      head: ["Item", "Candidate scores", `Under ${result.base}`],
      rows: result.unsettled.map((unsettled) => [
        [el("a", {href: itemHref(unsettled.id, pages)}, unsettled.label), OriginTag(items.get(unsettled.id))],
        unsettled.candidates.map(scoreText).join(" or "),
        unsettled.alreadyUnsettled ? `${outcomeText(unsettled.before)} already` : outcomeText(unsettled.before),
      ]),
    },
    {rowHeaders: true, scroll: true, className: "unsettled-items"},
  );
}

function UncitedItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
): HTMLElement {
  if (!result.uncited.length)
    return el("p", {class: "preview-none"}, "Every line is decided by a rule the guideline states.");
  return Table(
    {
      head: ["Item", "Score", "Lines decided by a rule the candidate does not state"],
      rows: result.uncited.map((uncited) => {
        const item = items.get(uncited.id)!;
        return [
          [el("a", {href: itemHref(item.id, pages)}, uncited.label), OriginTag(item)],
          uncited.score === null ? "no single score" : scoreText(uncited.score),
          [
            uncited.lines
              .map((line) => `“${item.checklist[line.index]?.text ?? `line ${line.index + 1}`}” (${line.rule})`)
              .join("; "),
            uncited.alreadyUncited ? ` (already under ${result.base})` : "",
          ],
        ];
      }),
    },
    {rowHeaders: true, scroll: true, className: "uncited-items"},
  );
}

/**
 * Every section of the results for one view, a node the page keeps (not a component): `update` brings it to another,
 * patching only what changed.
 */
export function authorsResults(
  view: AuthorsView,
  {items, pages}: {items: ReadonlyMap<string, Item>; /** Where each item is scored, for its links. */ pages: ItemPages},
): Kept<AuthorsView> {
  const keep = keptParts();
  /**
   * Every section, or with `first` what a change patches before its paint: the moved cases, and the judges' lines,
   * which say the moves in the status's terms and so change in its frame.
   */
  const sections = ({choice, described, preview: result, ...shown}: AuthorsView, first = false): HTMLElement[] => {
    const section = (id: string, title: string, key: unknown, body: () => Child) =>
      keep(id, key, () =>
        el("section", {"aria-labelledby": `${id}-title`}, el("h2", {id: `${id}-title`}, title), body()),
      );
    const moved = section("moved", "Items whose score moves", [result.base, result.moved], () =>
      MovedItems(result, {items, pages}),
    );
    const judges = section("judges", "Model judges", [result.base, shown.judges], () =>
      AuthorsJudges({judges: shown.judges, base: result.base, pages, rewording: shown.rewording}),
    );
    if (first) return [moved, judges];
    // What the worked cases do not test: the base's part, then the candidate's, which comes after the paint.
    const untestedBase = keep("untested-base", choice.base, () =>
      Untested({dependence: shown.baseDependence, label: choice.base, logic: shown.candidateVersion.logic}),
    );
    const {shown: report, busy} = shown.candidateReport;
    const untestedCandidate = keep("untested-candidate", [report?.label ?? "", busy], () =>
      el(
        "div",
        {"class": "untested-candidate", "aria-busy": busy ? "true" : null},
        report
          ? Untested({dependence: report.dependence, label: report.label, logic: shown.candidateVersion.logic})
          : null,
      ),
    );
    return [
      section("differs", "What differs", [choice.base, described, shown.differs], () =>
        WhatDiffers({differs: shown.differs, candidate: described}),
      ),
      moved,
      section("unsettled", "Items with no single score", [result.base, result.unsettled], () =>
        UnsettledItems(result, {items, pages}),
      ),
      judges,
      section("uncited", "Items scored with no rule a trainee could cite", [result.base, result.uncited], () =>
        UncitedItems(result, {items, pages}),
      ),
      section("distribution", "The scores before and after", [result.base, result.distribution], () =>
        DistributionChart(result),
      ),
      section(
        "coverage",
        "Which levels keep a worked example",
        [result.base, result.coverage, result.workedExamples],
        () => CoverageChange({result, items}),
      ),
      section(
        "completeness",
        "The rubric over every checklist shape",
        [choice.base, described, shown.baseCompleteness?.findings, shown.candidateCompleteness?.findings],
        () => {
          const shapes = (shown.baseCompleteness ?? shown.candidateCompleteness)?.shapes;
          return [
            el(
              "p",
              {class: "muted"},
              `Every shape a response's checklist can take (the main task's outcome and up to six other ` +
                `instructions' verdicts${shapes === undefined ? "" : `: ${plural(shapes, "shape")}`}), each scored ` +
                "by the rubric.",
            ),
            Completeness({report: shown.baseCompleteness, label: `Base ${choice.base}`}),
            Completeness({report: shown.candidateCompleteness, label: `Candidate ${described}`}),
          ];
        },
      ),
      // Built once: its two parts are kept on their own.
      section("untested", "What the worked cases do not test", null, () => [untestedBase, untestedCandidate]),
    ];
  };
  const results = el("div", {class: "preview-results"}, sections(view));
  // Only the latest view's rest is patched: a change made before the paint replaces the one it follows.
  let latest = 0;
  const update = (next: AuthorsView) => {
    sections(next, true);
    const at = ++latest;
    afterPaint(() => at === latest && void sections(next));
  };
  return Object.assign(results, {update});
}

/** "Which levels keep a worked example": each score's worked examples under the base and the candidate. */
function CoverageChange({result, items}: {result: Preview; items: ReadonlyMap<string, Item>}): HTMLElement {
  // A case written for the notebook is marked: a level whose only worked example is one has none from the case study.
  const labels = (rows: Preview["coverage"]["before"], score: Score) =>
    rows
      .find((row) => row.score === score)
      ?.items.map((item) => {
        const tag = originTag(items.get(item.id) ?? {origin: "case-study"});
        return `${itemLabel(item)}${tag ? ` (${tag})` : ""}`;
      }) ?? [];
  return el(
    "div",
    {},
    Table(
      {
        head: ["Score", `Worked examples under ${result.base}`, "Under the candidate"],
        rows: result.coverage.after.map((row) => {
          const before = labels(result.coverage.before, row.score);
          const after = labels(result.coverage.after, row.score);
          return [
            scoreText(row.score),
            before.length ? before.join("; ") : el("em", {}, "none"),
            after.length ? after.join("; ") : el("strong", {}, "none: no worked example"),
          ];
        }),
      },
      {rowHeaders: true, scroll: true, className: "coverage-change"},
    ),
    result.workedExamples.lost.length
      ? el(
          "p",
          {class: "preview-warning"},
          `⚠ Levels that lose their last worked example: ${result.workedExamples.lost.map(scoreText).join(", ")}.`,
        )
      : null,
  );
}

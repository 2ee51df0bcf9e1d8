// One group of the trainee's first answers on the results page (the walk with the guideline, or the blind
// self-check): exact / one off / two or more off with the lean, the rules misapplied most, the score-by-score grid
// (folded) and each case one by one (folded). Every figure is lib/trainee/results.ts's.
import type {DistanceCounts, ResultGroup, RuleCount} from "../lib/trainee/results.js";
import {
  describeDistance,
  describeLean,
  describeScoredUnder,
  explainLean,
  fromChecklistWords,
  noRuleMisappliedWords,
  scoreText,
  type Rater,
} from "../lib/trainee/words.js";
import {DistanceMark} from "./distance-mark.js";
import {el, type Child} from "./dom.js";
import {MatrixChart} from "./matrix-chart.js";
import {CaseLink, RuleLink, RuleLinks, type ResultsContext} from "./results-links.js";
import {Table} from "./table.js";

/** One of the page's sections, named by its heading. */
export function ResultsSection({id, title, body}: {id: string; title: string; body: Child[]}): HTMLElement {
  return el(
    "section",
    {"class": "results-group", "aria-labelledby": `${id}-title`},
    el("h2", {id: `${id}-title`}, title),
    ...body,
  );
}

/**
 * Exact / one off / two or more off, as three figures with their marks, and the lean in a sentence: the trainee's, or
 * a model judge's (`rater` "it", on /judges).
 */
export function DistanceFigures(
  group: DistanceCounts,
  {id, rater = "you"}: {id?: string; rater?: Rater} = {},
): HTMLElement {
  const figure = (kind: "exact" | "one-off" | "two-or-more-off", count: number, label: string) =>
    el("div", {class: `tally distance-${kind}`}, el("dt", {}, DistanceMark(kind), label), el("dd", {}, String(count)));
  return el(
    "div",
    {class: "tallies"},
    el(
      "dl",
      {class: "tally-list"},
      figure("exact", group.exact, "Exact"),
      figure("one-off", group.oneOff, "One off"),
      figure("two-or-more-off", group.twoOrMoreOff, "Two or more off"),
    ),
    el("p", {class: "lean", id: id && `${id}-lean`}, describeLean(group, rater)),
    el(
      "details",
      {class: "lean-how"},
      el("summary", {}, "How this is worked out"),
      el("p", {}, explainLean(group, rater)),
    ),
  );
}

function RulesTable(
  rules: readonly RuleCount[],
  {ctx, pool, caption, answered}: {ctx: ResultsContext; pool: string | null; caption: string; answered: number},
): HTMLElement {
  if (!rules.length) return el("p", {}, noRuleMisappliedWords(answered));
  const most = rules[0]!.items.length;
  return Table(
    {
      head: ["Rule", "Times", "Cases", "Found in"],
      rows: rules.map((entry) => [
        RuleLink({rule: entry.rule, ctx}),
        el(
          "span",
          {class: "rule-times"},
          el("span", {
            "class": "rule-bar",
            "aria-hidden": "true",
            "style": `--share: ${(entry.items.length / most).toFixed(3)}`,
          }),
          String(entry.items.length),
        ),
        entry.items.map((id, index) => [index ? ", " : "", CaseLink({id, ctx, pool})]),
        fromChecklistWords(entry),
      ]),
    },
    // On a phone each rule is a small card of its own: four columns don't fit 390 px.
    {caption, rowHeaders: true, stack: true, className: "rules-table"},
  );
}

function CasesTable(group: ResultGroup, {ctx, pool}: {ctx: ResultsContext; pool: string | null}): HTMLElement {
  return el(
    "details",
    {class: "cases-detail"},
    el("summary", {}, `Each case, one by one (${group.rows.length})`),
    Table(
      {
        head: ["Case", "Yours", "Ruled", "How far", "Rules to look at"],
        rows: group.rows.map((row) => {
          const under = describeScoredUnder(row.scoredUnder, ctx.guideline.version);
          return [
            [CaseLink({id: row.id, ctx, pool}), under ? el("span", {class: "muted"}, ` (${under})`) : null],
            scoreText(row.trainee),
            scoreText(row.ruled),
            el(
              "span",
              {class: `how-far distance-${row.score.distance}`},
              DistanceMark(row.score.distance),
              describeDistance(row.score),
            ),
            row.rulesMisapplied.length ? RuleLinks({rules: row.rulesMisapplied, ctx}) : "—",
          ];
        }),
      },
      {caption: "Your first answer to each case and the ruled score", rowHeaders: true, stack: true},
    ),
  );
}

export function GroupSection({
  group,
  ctx,
  pool = null,
  id,
  title,
  lead,
}: {
  group: ResultGroup;
  ctx: ResultsContext;
  /** The self-check pool the group is the first run of; null for the walk. Its cases link to that run. */
  pool?: string | null;
  id: string;
  title: string;
  lead: Child;
}): HTMLElement {
  return ResultsSection({
    id,
    title,
    body: [
      el("p", {class: "results-lead"}, lead),
      DistanceFigures(group, {id}),
      el("h3", {}, "The rules you misapply most"),
      el(
        "p",
        {class: "muted"},
        "From your own checklist where you filled one in; where you gave a score alone and it was wrong, the one " +
          "rule that decides that case.",
      ),
      RulesTable(group.rulesMisapplied, {
        ctx,
        pool,
        caption: `Rules misapplied, most often first (${title.toLowerCase()})`,
        answered: group.answered,
      }),
      el(
        "details",
        {class: "matrix-detail"},
        el("summary", {}, "Score by score: your score against the ruled score"),
        MatrixChart({matrix: group.matrix, itemsById: ctx.itemsById}, {id: `${id}-matrix`}),
      ),
      CasesTable(group, {ctx, pool}),
    ],
  });
}

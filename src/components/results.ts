// The trainee's results. First what to do: the cases to review (two or more off, then one off), each linked to its
// ruling. Then their first answers against the ruled scores, on the walk through the parts and in the blind
// self-check, kept apart: how far off, whether they lean (only when it is clear), the rules they misapply most, the
// score-by-score grid (folded), and their "before" scores beside their guideline scores. Then moving the record:
// export and import. Exact, one off and two or more off have one colour each, always with a mark beside it. Every
// number and sentence comes from lib/trainee/; this only lays it out, and again when the record changes.
import {itemLabel} from "../lib/coverage.js";
import type {CalibrationCheck} from "../lib/content.js";
import type {Guideline} from "../lib/guideline.js";
import type {Item} from "../lib/item.js";
import type {PartPageData, SitePageData} from "../lib/page-data.js";
import type {Progress} from "../lib/trainee/progress.js";
import {traineeResults, type ResultGroup, type Results as ResultsOf, type RuleCount} from "../lib/trainee/results.js";
import type {ReviewEntry} from "../lib/trainee/review.js";
import {
  describeDistance,
  describeLean,
  describeReviewScores,
  describeScoredUnder,
  explainLean,
  reviewHeading,
  scoreText,
} from "../lib/trainee/words.js";
import {el, type Child} from "./dom.js";
import {ProgressNotice} from "./progress-notice.js";
import {openProgressStore, type ProgressStore} from "./progress-store.js";
import {DistanceMark} from "./distance-mark.js";
import {BeforeAfterChart, MatrixChart} from "./results-charts.js";
import {ruleHref} from "./rule-ref.js";
import {itemHref} from "./ruling.js";
import {Table} from "./table.js";
import {Transfer} from "./transfer.js";

export interface ResultsData {
  site: SitePageData;
  /** The parts' items, in walking order (examples, edge cases, calibration). */
  parts: PartPageData[];
  calibration: CalibrationCheck;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

interface Context {
  items: Item[];
  itemsById: Map<string, Item>;
  guideline: Guideline;
}

const caseLink = (ctx: Context, id: string): HTMLElement => {
  const item = ctx.itemsById.get(id)!;
  return el("a", {href: itemHref(item)}, itemLabel(item.id, item.part));
};

/** A rule by its title, linked to the guideline (a rule this version lacks reads as plain words, never its id). */
const ruleLink = (ctx: Context, rule: string): Child => {
  const found = ctx.guideline.rules.find((candidate) => candidate.id === rule);
  if (found) return el("a", {href: ruleHref(found.id)}, found.title);
  const words = rule.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ruleLinks = (ctx: Context, rules: readonly string[]): Child[] =>
  rules.map((rule, index) => [index ? ", " : "", ruleLink(ctx, rule)]);

/** One case to review: its mark, its name linked to its ruling, the scores, and the rules to look at. */
function ReviewItem(ctx: Context, entry: ReviewEntry): HTMLElement {
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
        caseLink(ctx, entry.id),
        el("span", {class: "review-scores"}, ` — ${describeReviewScores(entry)}`),
      ),
      entry.rules.length
        ? el(
            "span",
            {class: "review-rules"},
            entry.rules.length === 1 ? "Rule to look at: " : "Rules to look at: ",
            ruleLinks(ctx, entry.rules),
          )
        : null,
    ),
  );
}

/** What to do first: the cases to review, two or more off, then one off; or, plainly, that there is none. */
function ReviewSection(ctx: Context, results: ResultsOf): HTMLElement {
  const {review, walk, selfCheck} = results;
  const section = (title: string, ...body: Child[]) =>
    el(
      "section",
      {"class": `results-review${review.length ? "" : " is-clear"}`, "aria-labelledby": "review-title"},
      el("h2", {id: "review-title"}, title),
      ...body,
    );
  if (!review.length)
    return walk.answered + selfCheck.answered
      ? section(
          "Nothing to review",
          el("p", {}, "Every first answer you gave with the guideline matched the ruled score."),
        )
      : section(
          "Nothing to review yet",
          el(
            "p",
            {},
            "Score cases with the guideline, from ",
            el("a", {href: "./rubric"}, "Part 4"),
            " on, and any you miss will be listed here to look at again.",
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
        entries.map((entry) => ReviewItem(ctx, entry)),
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

/** Exact / one off / two or more off, as three figures with their marks, and the lean in a sentence. */
function Tallies(group: ResultGroup, {id}: {id: string}): HTMLElement {
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
    el("p", {class: "lean", id: `${id}-lean`}, describeLean(group)),
    el("details", {class: "lean-how"}, el("summary", {}, "How this is worked out"), el("p", {}, explainLean(group))),
  );
}

function RulesTable(ctx: Context, rules: readonly RuleCount[], {caption}: {caption: string}): HTMLElement {
  if (!rules.length) return el("p", {}, "No rule misapplied: every answer agrees with the ruling line by line.");
  const most = rules[0]!.items.length;
  return Table(
    {
      head: ["Rule", "Times", "Cases", "From your checklist"],
      rows: rules.map((entry) => [
        ruleLink(ctx, entry.rule),
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
        entry.items.map((id, index) => [index ? ", " : "", caseLink(ctx, id)]),
        `${entry.fromChecklist} of ${entry.items.length}`,
      ]),
    },
    // On a phone each rule is a small card of its own: four columns don't fit 390 px.
    {caption, rowHeaders: true, stack: true, className: "rules-table"},
  );
}

function CasesTable(ctx: Context, group: ResultGroup): HTMLElement {
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
            [caseLink(ctx, row.id), under ? el("span", {class: "muted"}, ` (${under})`) : null],
            scoreText(row.trainee),
            scoreText(row.ruled),
            el(
              "span",
              {class: `how-far distance-${row.score.distance}`},
              DistanceMark(row.score.distance),
              describeDistance(row.score),
            ),
            row.rulesMisapplied.length ? ruleLinks(ctx, row.rulesMisapplied) : "—",
          ];
        }),
      },
      {caption: "Your first answer to each case and the ruled score", rowHeaders: true, stack: true},
    ),
  );
}

/** One of the page's sections, named by its heading. */
function ResultsSection(id: string, title: string, ...body: Child[]): HTMLElement {
  return el(
    "section",
    {"class": "results-group", "aria-labelledby": `${id}-title`},
    el("h2", {id: `${id}-title`}, title),
    ...body,
  );
}

function GroupSection(
  ctx: Context,
  group: ResultGroup,
  {id, title, lead}: {id: string; title: string; lead: Child},
): HTMLElement {
  return ResultsSection(
    id,
    title,
    el("p", {class: "results-lead"}, lead),
    Tallies(group, {id}),
    el("h3", {}, "The rules you misapply most"),
    el(
      "p",
      {class: "muted"},
      "From your own checklist where you filled one in; where you gave a score alone and it was wrong, the one " +
        "rule that decides that case.",
    ),
    RulesTable(ctx, group.rulesMisapplied, {caption: `Rules misapplied, most often first (${title.toLowerCase()})`}),
    el(
      "details",
      {class: "matrix-detail"},
      el("summary", {}, "Score by score: your score against the ruled score"),
      MatrixChart(group.matrix, {id: `${id}-matrix`, itemsById: ctx.itemsById}),
    ),
    CasesTable(ctx, group),
  );
}

function Results(ctx: Context, progress: Progress, data: ResultsData): HTMLElement[] {
  const results = traineeResults(progress, ctx.items, {
    selfCheckItems: data.calibration.items,
    guideline: ctx.guideline,
  });
  const {walk, selfCheck, beforeAfter} = results;
  if (!progress.answers.length)
    return [
      el(
        "p",
        {class: "results-empty"},
        "You have not scored a case yet. ",
        el("a", {href: "./vague"}, "Start with Part 1"),
        " and come back here for how your scores compare, or import a file from another machine below.",
      ),
    ];
  const parts: HTMLElement[] = [];
  if (results.unknownItems.length)
    parts.push(
      el(
        "p",
        {class: "import-warning"},
        `Your record has answers to ${plural(results.unknownItems.length, "case")} this site does not have (`,
        results.unknownItems.join(", "),
        "): they are kept but not counted.",
      ),
    );
  parts.push(ReviewSection(ctx, results));
  parts.push(
    walk.answered
      ? GroupSection(ctx, walk, {
          id: "walk",
          title: "With the guideline",
          lead:
            `Your first answer to ${plural(walk.answered, "case")} of ${walk.total} in Parts 4 to 6, against ` +
            "the ruled score. Retries are kept but don’t count here.",
        })
      : ResultsSection(
          "walk",
          "With the guideline",
          el(
            "p",
            {},
            "You have not scored a case in Parts 4 to 6 yet. ",
            el("a", {href: "./rubric"}, "Part 4"),
            " is where that starts.",
          ),
        ),
  );
  parts.push(
    ResultsSection(
      "before-after",
      "Before and after the guideline",
      el(
        "p",
        {class: "results-lead"},
        "Each of the seven examples: the score you gave under the one vague line (",
        el("a", {href: "./vague"}, "Part 1"),
        "), the score you gave with the guideline (",
        el("a", {href: "./rubric"}, "Part 4"),
        "), and the ruled score.",
      ),
      BeforeAfterChart(beforeAfter, {id: "before-after", itemsById: ctx.itemsById}),
    ),
  );
  parts.push(
    selfCheck.answered
      ? GroupSection(ctx, selfCheck, {
          id: "self-check",
          title: "The blind self-check",
          lead: [
            `${selfCheck.answered} of ${selfCheck.total} calibration cases answered blind, counted apart from the ` +
              "walk. ",
            el("a", {href: "./self-check"}, "The self-check page"),
            " says whether the run passes.",
          ],
        })
      : ResultsSection(
          "self-check",
          "The blind self-check",
          el(
            "p",
            {},
            "You have not taken it. ",
            el("a", {href: "./self-check"}, "Check yourself blind on the calibration cases"),
            ": its results show here, apart from the walk.",
          ),
        ),
  );
  return parts;
}

export function ResultsPage(data: ResultsData, store: ProgressStore = openProgressStore()): HTMLElement {
  const items = data.parts.flatMap((part) => part.items);
  const ctx: Context = {
    items,
    itemsById: new Map(items.map((item) => [item.id, item])),
    guideline: data.site.guideline,
  };
  const body = el("div", {class: "results-body"});
  const render = (progress: Progress) => body.replaceChildren(...Results(ctx, progress, data));
  render(store.get());
  store.subscribe(render);
  return el(
    "div",
    {class: "results-page"},
    ProgressNotice(store),
    el(
      "header",
      {class: "part-header"},
      el("p", {class: "part-kicker"}, "Your results"),
      el("h1", {}, "How your scores compare"),
      el(
        "p",
        {class: "part-lead"},
        "Your first answer to each case is the one that counts. Everything here is worked out in your browser " +
          "from your saved answers; nothing is sent anywhere.",
      ),
    ),
    body,
    Transfer({store, itemRefs: data.site.itemRefs}),
  );
}

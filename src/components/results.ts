// The trainee's results. First what to do: the cases to review (two or more off, then one off), each linked to its
// ruling. Then their first answers against the ruled scores, on the walk through the parts and in the blind
// self-check, kept apart: how far off, whether they lean (only when it is clear), the rules they misapply most, the
// score-by-score grid (folded), and their "before" scores beside their guideline scores. Then moving the record:
// export and import. Exact, one off and two or more off have one colour each, always with a mark beside it. Every
// number and sentence comes from lib/trainee/; this only lays it out, and again when the record changes. The review
// and the before-and-after chart are drawn here; a group's figures (results-group.ts, shared with the judges' page) and
// moving the record (transfer.ts) are components of their own.
import {itemPages, labelOrId} from "../lib/site/links.js";
import {countWord, plural} from "../lib/text/format.js";
import {partsWords, walkParts} from "../lib/site/part-refs.js";
import type {PartPageData, SelfCheckPageData, SitePageData} from "../lib/node/page-data.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {nextRecord, type Progress} from "../lib/trainee/progress.js";
import {builtDecidingRules, type DecidingRules} from "../lib/trainee/deciding-rules.js";
import {traineeResults, type SelfCheckGroup, type BeforeAfter, type TraineeResults} from "../lib/trainee/results.js";
import {
  offeredPool,
  poolFullName,
  poolHref,
  poolOriginNote,
  poolShortName,
  poolsOf,
  type Pool,
} from "../lib/trainee/self-check-pool.js";
import {firstRunWords} from "../lib/trainee/self-check-page.js";
import {el, svg, type Child, live} from "./dom.js";
import {ProgressNotice} from "./recorded.js";
import {GroupSection, ResultsSection} from "./results-group.js";
import {PartLink, type ResultsContext, CaseLink, RuleLinks} from "./results-links.js";
import {Transfer} from "./transfer.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {describeDistance, scoreText, describeReviewScores, reviewHeading, reviewLead} from "../lib/trainee/words.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {DistanceMark} from "./distance-mark.js";
import {ChartTable, DistanceKey, type ChartItems} from "./results-charts.js";
import {Table} from "./table.js";
import type {ReviewEntry} from "../lib/trainee/review.js";
import {unfinishedRunWords} from "../lib/trainee/self-check-run.js";

export interface ResultsData {
  site: SitePageData;
  /** The parts' items, in walking order (examples, edge cases, calibration). */
  parts: PartPageData[];
  /** The self-check's pools and their items (the fresh cases are scored only there). */
  selfCheck: SelfCheckPageData;
}

interface ResultsBodyContext {
  ctx: ResultsContext & {decides: DecidingRules};
  /** The walk's cases, in walking order. */
  walkItems: Item[];
  pools: Pool[];
}

/** The page's body for one record: what to review, the walk, before and after, the self-check. */
function ResultsBody(progress: Progress, {ctx, walkItems, pools}: ResultsBodyContext): HTMLElement[] {
  const results = traineeResults(progress, walkItems, {
    pools: pools.map((pool) => ({...pool, items: pool.items.map((id) => ctx.itemsById.get(id)!)})),
    decides: ctx.decides,
  });
  const {walk, selfChecks, beforeAfter} = results;
  if (!progress.answers.length)
    return [
      el(
        "p",
        {class: "results-empty"},
        "You have not scored a case yet. ",
        ctx.walkParts.first ? PartLink(ctx.walkParts.first, `Start with Part ${ctx.walkParts.first.number}`) : "",
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
  parts.push(ReviewSection({results, ctx}));
  parts.push(
    walk.answered
      ? GroupSection({
          group: walk,
          ctx,
          id: "walk",
          title: "With the guideline",
          lead:
            `Your first answer to ${plural(walk.answered, "case")} of ${walk.total} in ` +
            `${partsWords(ctx.walkParts.guideline.map((part) => part.number))}, against ` +
            "the ruled score. Retries are kept but don’t count here.",
        })
      : ResultsSection({
          id: "walk",
          title: "With the guideline",
          body: [
            el(
              "p",
              {},
              `You have not scored a case in ${partsWords(ctx.walkParts.guideline.map((part) => part.number))} yet. `,
              ...(ctx.walkParts.guideline[0] ? [PartLink(ctx.walkParts.guideline[0]), " is where that starts."] : []),
            ),
          ],
        }),
  );
  // Content with no part scored under the vague line (another guideline's) has no before and after.
  const {vague, after} = ctx.walkParts;
  if (vague && after)
    parts.push(
      ResultsSection({
        id: "before-after",
        title: "Before and after the guideline",
        body: [
          el(
            "p",
            {class: "results-lead"},
            `Each of the ${countWord(beforeAfter.pairs.length)} examples: `,
            "the score you gave under the one vague line (",
            PartLink(vague),
            "), the score you gave with the guideline (",
            PartLink(after),
            "), and the ruled score.",
          ),
          BeforeAfterChart({beforeAfter, itemsById: ctx.itemsById}, {id: "before-after"}),
        ],
      }),
    );
  parts.push(...SelfCheckSections(selfChecks, {ctx, pools, progress}));
  return parts;
}

/**
 * The blind self-check's results: a section for each pool the trainee has answered in, apart from the six parts; none
 * answered, one section pointing to the pool they would get.
 */
function SelfCheckSections(
  groups: readonly SelfCheckGroup[],
  {ctx, pools, progress}: {ctx: ResultsContext; pools: readonly Pool[]; progress: Progress},
): HTMLElement[] {
  const poolOf = (group: SelfCheckGroup) => pools.find((pool) => pool.id === group.pool)!;
  const answered = groups.filter((group) => group.answered || group.heldBack);
  if (!answered.length) {
    const offered = offeredPool(pools, progress.answers).pool;
    return [
      ResultsSection({
        id: "self-check",
        title: "The blind self-check",
        body: [
          el(
            "p",
            {},
            "You have not taken it. ",
            el("a", {href: poolHref(offered)}, `Check yourself blind on ${poolFullName(offered)}`),
            ": its results show here, kept apart from your answers in the six parts.",
          ),
        ],
      }),
    ];
  }
  return answered.map((group) => {
    const pool = poolOf(group);
    const id = pool === pools[0] ? "self-check" : `self-check-${pool.id}`;
    const title = `The blind self-check: ${poolShortName(pool)}`;
    if (group.heldBack)
      return ResultsSection({
        id,
        title,
        body: [
          el(
            "p",
            {},
            `${unfinishedRunWords(group.heldBack, group.total)} `,
            el("a", {href: poolHref(pool)}, "Go on with the self-check"),
            ".",
          ),
        ],
      });
    const note = poolOriginNote(pool.items.map((id) => ctx.itemsById.get(id)!));
    return GroupSection({
      group,
      ctx,
      pool: group.pool,
      id,
      title,
      lead: [
        `${firstRunWords(group.firstRun, group)} `,
        note ? `${note} ` : "",
        el("a", {href: poolHref(pool)}, "The self-check page"),
        " shows each run's summary.",
      ],
    });
  });
}

/** The page; `store` is the saved progress (this browser's by default, a test's own). */
export function ResultsPage(
  data: ResultsData,
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const walkItems = data.parts.flatMap((part) => part.items);
  const walked = new Set(walkItems.map((item) => item.id));
  const items = [...walkItems, ...data.selfCheck.items.filter((item) => !walked.has(item.id))];
  const ctx = {
    items,
    itemsById: new Map(items.map((item) => [item.id, item])),
    itemPages: itemPages(data.site.parts, data.site.itemRefs),
    guideline: data.site.guideline,
    walkParts: walkParts(data.site.parts),
    decides: builtDecidingRules(
      Object.assign({}, ...[...data.parts, data.selfCheck].map((part) => part.decidingRules)) as Record<string, string>,
    ),
  };
  const pools = poolsOf(data.selfCheck.calibration, {items: data.site.itemRefs, parts: data.site.parts});
  // The body follows the saved record, patched in place: a fold the trainee opened stays open.
  const body = live<Progress, Progress>(store.get(), {
    update: nextRecord,
    view: (progress) => el("div", {class: "results-body"}, ResultsBody(progress, {ctx, walkItems, pools})),
  });
  store.subscribe((progress) => body.dispatch(progress));
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

// Each example's "before" score (the vague line) beside its guideline score and the ruled one, as a chart on the
// results page with the same numbers as a table under it. What is shared with the other chart is
// src/components/results-charts.ts.
/**
 * Each example on a row: the scale 1-5 and "not applicable" across, the ruled score as a square, the "before"
 * score (under the vague line) as a hollow circle, the guideline score as a filled one, and a line from one to
 * the other.
 */
export function BeforeAfterChart(
  {beforeAfter, itemsById}: {beforeAfter: BeforeAfter; itemsById: ChartItems},
  {id = "before-after"}: {id?: string} = {},
): HTMLElement {
  const levels: Score[] = [1, 2, 3, 4, 5, "n/a"];
  const column = 40;
  const rowHeight = 34;
  const left = 92;
  const top = 26;
  const x = (score: Score) => left + levels.indexOf(score) * column + (score === "n/a" ? 8 : 0) + column / 2;
  const width = x("n/a") + column / 2 + 4;
  const height = top + beforeAfter.pairs.length * rowHeight + 6;
  const labelOf = (item: string) => labelOrId(item, itemsById);
  const {before, after, both} = beforeAfter;
  const description = both
    ? `Of the ${plural(both, "example")} you scored both ways, ${before.exact} matched the ruled score before the ` +
      `guideline and ${after.exact} with it.`
    : "No example has both a “before” score and a guideline score yet.";
  const rows = beforeAfter.pairs.map((pair, index) => {
    const cy = top + index * rowHeight + rowHeight / 2;
    const parts: Child[] = [
      svg(
        "text",
        {"class": "axis-label", "x": left - 10, "y": cy, "text-anchor": "end", "dy": "0.35em"},
        labelOf(pair.id),
      ),
      svg("line", {class: "row-rule", x1: left, x2: width - 4, y1: cy, y2: cy}),
    ];
    // The ruled score, and how far the "before" score was from it, only once lib/trainee/results.ts says so.
    const revealed = pair.ruledShown;
    if (revealed)
      parts.push(svg("rect", {class: "mark-ruled", x: x(pair.ruled) - 11, y: cy - 11, width: 22, height: 22, rx: 2}));
    if (pair.before !== null && pair.after !== null && pair.before !== pair.after) {
      const from = x(pair.before);
      const to = x(pair.after);
      const direction = Math.sign(to - from);
      parts.push(
        svg("line", {class: "mark-move", x1: from + direction * 9, x2: to - direction * 10, y1: cy, y2: cy}),
        svg("path", {
          class: "mark-move-head",
          d: `M${to - direction * 8} ${cy} l${-direction * 6} -4 v8 z`,
        }),
      );
    }
    // The "before" ring is larger than the guideline dot, so when the two scores are the same the ring shows round it.
    // Each mark takes the colour of its distance from the ruled score.
    if (pair.before !== null)
      parts.push(
        svg("circle", {
          class: `mark-before ${revealed ? `distance-${pair.beforeScore!.distance}` : "not-compared"}`,
          cx: x(pair.before),
          cy,
          r: 8,
        }),
      );
    if (pair.after !== null)
      parts.push(
        svg("circle", {class: `mark-after distance-${pair.afterScore!.distance}`, cx: x(pair.after), cy, r: 5}),
      );
    const said = (score: Score | null) => (score === null ? "not scored" : scoreText(score));
    parts.push(
      svg(
        "title",
        {},
        `${labelOf(pair.id)}: before ${said(pair.before)}, with the guideline ${said(pair.after)}` +
          (revealed ? `, ruled ${scoreText(pair.ruled)}` : ""),
      ),
    );
    return svg("g", {class: "before-after-row"}, parts);
  });
  const chart = svg(
    "svg",
    {
      "class": "before-after-chart",
      "viewBox": `0 0 ${width} ${height}`,
      "role": "img",
      "aria-labelledby": `${id}-summary`,
      "aria-describedby": `${id}-caption`,
    },
    levels.map((level) =>
      svg("text", {"class": "axis-label", "x": x(level), "y": 14, "text-anchor": "middle"}, String(level)),
    ),
    rows,
  );
  const how = (comparison: BeforeAfter["pairs"][number]["beforeScore"]): Child =>
    comparison
      ? el(
          "span",
          {class: `how-far distance-${comparison.distance}`},
          DistanceMark(comparison.distance),
          describeDistance(comparison),
        )
      : "—";
  return el(
    "figure",
    {class: "chart before-after"},
    el("p", {id: `${id}-summary`, class: "chart-summary"}, description),
    el(
      "p",
      {"class": "chart-key", "aria-hidden": "true"},
      el("span", {class: "key-before"}, "before the guideline"),
      el("span", {class: "key-after"}, "with the guideline"),
      el("span", {class: "key-ruled"}, "the ruled score"),
    ),
    DistanceKey(),
    chart,
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each row is an example. The ring is your score under the vague line, the dot your score with the " +
        "guideline, the square the ruled score; the arrow runs from the first to the second. A dot in its square " +
        "is exact. Each ring and dot takes the colour of how far it is from the ruled score; the table says it in " +
        "words.",
    ),
    ChartTable({
      summary: "The examples as a table",
      table: Table(
        {
          head: ["Example", "Before", "With the guideline", "Ruled", "Before: how far", "After: how far"],
          rows: beforeAfter.pairs.map((pair) => [
            labelOf(pair.id),
            pair.before === null ? "—" : scoreText(pair.before),
            pair.after === null ? "—" : scoreText(pair.after),
            pair.ruledShown ? scoreText(pair.ruled) : "not shown until checked",
            pair.ruledShown ? how(pair.beforeScore) : "—",
            how(pair.afterScore),
          ]),
        },
        {
          caption: "Each example's “before” score, guideline score and ruled score",
          rowHeaders: true,
          scroll: true,
          stack: true,
        },
      ),
    }),
  );
}

// What the results page leads with: the cases to review, two or more off, then one off, each linked to its ruling
// with both scores and the rules to look at; or, plainly, that there is none (yet). The list is
// lib/trainee/review.ts's.
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
        CaseLink({id: entry.id, ctx, pool: entry.pool}),
        el("span", {class: "review-scores"}, ` — ${describeReviewScores(entry)}`),
      ),
      entry.rules.length
        ? el(
            "span",
            {class: "review-rules"},
            entry.rules.length === 1 ? "Rule to look at: " : "Rules to look at: ",
            RuleLinks({rules: entry.rules, ctx}),
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
          el(
            "p",
            {},
            "Every first answer you gave with the guideline matched the ruled score",
            // A blind run under way is ruled when it is finished: none of its answers is counted yet.
            selfChecks.some((group) => group.heldBack) ? ", but for your self-check, ruled once you finish it." : ".",
          ),
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
    el("p", {class: "results-lead"}, reviewLead(review.length)),
    group("two-or-more-off", "Two or more off"),
    group("one-off", "One off"),
  );
}

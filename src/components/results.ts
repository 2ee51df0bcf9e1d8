// The trainee's results. First what to do: the cases to review (two or more off, then one off), each linked to its
// ruling. Then their first answers against the ruled scores, on the walk through the parts and in the blind
// self-check, kept apart: how far off, whether they lean (only when it is clear), the rules they misapply most, the
// score-by-score grid (folded), and their "before" scores beside their guideline scores. Then moving the record:
// export and import. Exact, one off and two or more off have one colour each, always with a mark beside it. Every
// number and sentence comes from lib/trainee/; this only lays it out, and again when the record changes. Each section
// is its own component: results-review.ts, results-group.ts, before-after-chart.ts, transfer.ts.
import {itemPages} from "../lib/site/links.js";
import {countWord, plural} from "../lib/text/format.js";
import {partsWords, walkParts} from "../lib/site/part-refs.js";
import type {PartPageData, SelfCheckPageData, SitePageData} from "../lib/node/page-data.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import type {Progress} from "../lib/trainee/progress.js";
import {builtDecidingRules, type DecidingRules} from "../lib/trainee/deciding-rules.js";
import {traineeResults, type SelfCheckGroup} from "../lib/trainee/results.js";
import {
  offeredPool,
  poolFullName,
  poolHref,
  poolOriginNote,
  poolShortName,
  poolsOf,
  type Pool,
} from "../lib/trainee/self-check-pool.js";
import {BeforeAfterChart} from "./before-after-chart.js";
import {el} from "./dom.js";
import {ProgressNotice} from "./progress-notice.js";
import {GroupSection, ResultsSection} from "./results-group.js";
import {PartLink, type ResultsContext} from "./results-links.js";
import {ReviewSection} from "./results-review.js";
import {Transfer} from "./transfer.js";
import type {Item} from "../lib/authored/schemas/item.js";

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
    pools: pools.map((pool) => ({id: pool.id, items: pool.items.map((id) => ctx.itemsById.get(id)!)})),
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
            `${partsWords(ctx.walkParts.guideline)}, against ` +
            "the ruled score. Retries are kept but don’t count here.",
        })
      : ResultsSection({
          id: "walk",
          title: "With the guideline",
          body: [
            el(
              "p",
              {},
              `You have not scored a case in ${partsWords(ctx.walkParts.guideline)} yet. `,
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
 * The blind self-check's results: a section for each pool the trainee has answered in, apart from the walk; none
 * answered, one section pointing to the pool they would get.
 */
function SelfCheckSections(
  groups: readonly SelfCheckGroup[],
  {ctx, pools, progress}: {ctx: ResultsContext; pools: readonly Pool[]; progress: Progress},
): HTMLElement[] {
  const poolOf = (group: SelfCheckGroup) => pools.find((pool) => pool.id === group.pool)!;
  const answered = groups.filter((group) => group.answered);
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
            ": its results show here, apart from the walk.",
          ),
        ],
      }),
    ];
  }
  return answered.map((group) => {
    const pool = poolOf(group);
    const note = poolOriginNote(pool.items.map((id) => ctx.itemsById.get(id)!));
    return GroupSection({
      group,
      ctx,
      id: pool === pools[0] ? "self-check" : `self-check-${pool.id}`,
      title: `The blind self-check: ${poolShortName(pool)}`,
      lead: [
        `${group.answered} of ${group.total} cases answered blind, counted apart from the walk. `,
        note ? `${note} ` : "",
        el("a", {href: poolHref(pool)}, "The self-check page"),
        " says whether the run passes.",
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
  const pools = poolsOf(data.selfCheck.calibration);
  const body = el("div", {class: "results-body"});
  const render = (progress: Progress) => body.replaceChildren(...ResultsBody(progress, {ctx, walkItems, pools}));
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

// The trainee's results. First what to do: the cases to review (two or more off, then one off), each linked to its
// ruling. Then their first answers against the ruled scores, on the walk through the parts and in the blind
// self-check, kept apart: how far off, whether they lean (only when it is clear), the rules they misapply most, the
// score-by-score grid (folded), and their "before" scores beside their guideline scores. Then moving the record:
// export and import. Exact, one off and two or more off have one colour each, always with a mark beside it. Every
// number and sentence comes from lib/trainee/; this only lays it out, and again when the record changes. Each section
// is its own component: results-review.ts, results-group.ts, before-after-chart.ts, transfer.ts.
import {itemPages} from "../lib/site/links.js";
import type {CalibrationCheck} from "../lib/authored/schemas/content.js";
import {plural} from "../lib/text/format.js";
import type {PartPageData, SitePageData} from "../lib/node/page-data.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/progress-store.js";
import type {Progress} from "../lib/trainee/progress.js";
import {traineeResults} from "../lib/trainee/results.js";
import {BeforeAfterChart} from "./before-after-chart.js";
import {el} from "./dom.js";
import {ProgressNotice} from "./progress-notice.js";
import {GroupSection, ResultsSection} from "./results-group.js";
import type {ResultsContext} from "./results-links.js";
import {ReviewSection} from "./results-review.js";
import {Transfer} from "./transfer.js";

export interface ResultsData {
  site: SitePageData;
  /** The parts' items, in walking order (examples, edge cases, calibration). */
  parts: PartPageData[];
  calibration: CalibrationCheck;
}

/** The page's body for one record: what to review, the walk, before and after, the self-check. */
function ResultsBody(progress: Progress, {ctx, data}: {ctx: ResultsContext; data: ResultsData}): HTMLElement[] {
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
  parts.push(ReviewSection({results, ctx}));
  parts.push(
    walk.answered
      ? GroupSection({
          group: walk,
          ctx,
          id: "walk",
          title: "With the guideline",
          lead:
            `Your first answer to ${plural(walk.answered, "case")} of ${walk.total} in Parts 4 to 6, against ` +
            "the ruled score. Retries are kept but don’t count here.",
        })
      : ResultsSection({
          id: "walk",
          title: "With the guideline",
          body: [
            el(
              "p",
              {},
              "You have not scored a case in Parts 4 to 6 yet. ",
              el("a", {href: "./rubric"}, "Part 4"),
              " is where that starts.",
            ),
          ],
        }),
  );
  parts.push(
    ResultsSection({
      id: "before-after",
      title: "Before and after the guideline",
      body: [
        el(
          "p",
          {class: "results-lead"},
          "Each of the seven examples: the score you gave under the one vague line (",
          el("a", {href: "./vague"}, "Part 1"),
          "), the score you gave with the guideline (",
          el("a", {href: "./rubric"}, "Part 4"),
          "), and the ruled score.",
        ),
        BeforeAfterChart({beforeAfter, itemsById: ctx.itemsById}, {id: "before-after"}),
      ],
    }),
  );
  parts.push(
    selfCheck.answered
      ? GroupSection({
          group: selfCheck,
          ctx,
          id: "self-check",
          title: "The blind self-check",
          lead: [
            `${selfCheck.answered} of ${selfCheck.total} calibration cases answered blind, counted apart from the ` +
              "walk. ",
            el("a", {href: "./self-check"}, "The self-check page"),
            " says whether the run passes.",
          ],
        })
      : ResultsSection({
          id: "self-check",
          title: "The blind self-check",
          body: [
            el(
              "p",
              {},
              "You have not taken it. ",
              el("a", {href: "./self-check"}, "Check yourself blind on the calibration cases"),
              ": its results show here, apart from the walk.",
            ),
          ],
        }),
  );
  return parts;
}

/** The page; `store` is the saved progress (this browser's by default, a test's own). */
export function ResultsPage(
  data: ResultsData,
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const items = data.parts.flatMap((part) => part.items);
  const ctx: ResultsContext = {
    items,
    itemsById: new Map(items.map((item) => [item.id, item])),
    itemPages: itemPages(data.site.parts, data.site.itemRefs),
    guideline: data.site.guideline,
  };
  const body = el("div", {class: "results-body"});
  const render = (progress: Progress) => body.replaceChildren(...ResultsBody(progress, {ctx, data}));
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

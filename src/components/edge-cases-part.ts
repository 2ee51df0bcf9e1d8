// Part 5: every edge case scored (twists included), each asking for the rule that settles it; then the rubric-writer
// check, the case study's table for people who write criteria.
import type {RubricWriter} from "../lib/authored/schemas/content.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {partItemsWords} from "../lib/trainee/walk.js";
import {hereHref} from "../lib/site/links.js";
import {el} from "./dom.js";
import {GuidelineWalk} from "./guideline-walk-item.js";
import {itemsOf, partContext, type PartContext, type TraineeData} from "../lib/trainee/part-context.js";
import {PartPage} from "./part-frame.js";
import {PartIntro} from "./part-page.js";
import {PartDebrief} from "./part-debrief.js";
import {RuleRef} from "./rule-ref.js";
import {Table} from "./table.js";
import {NextPart, SelfCheckLead} from "./walk-parts.js";
import {pointsToSet} from "../lib/trainee/self-check-run.js";

export function EdgeCasesPart(
  data: TraineeData & {rubricWriter: RubricWriter | null},
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const ctx = partContext(data, "edge-cases", store);
  const items = itemsOf(ctx, "edge-cases");
  // Content without the case study's rubric-writer check (lib/node/content-root.ts) ends with the last item.
  const writer = data.rubricWriter && RubricWriterCheck(data.rubricWriter, {ctx});
  // Experienced raters are sent to the self-check before this part where its rulings point to calibration cases: said
  // in the part's opening, so the first item keeps its place in the first screen.
  const lead = pointsToSet(items, "calibration", ctx.itemRefs)
    ? SelfCheckLead("some rulings in this part point to its calibration cases.")
    : null;
  return PartPage(ctx, {
    body: GuidelineWalk(
      {
        ctx,
        items,
        noun: "Edge case",
        about: [
          PartIntro(ctx.part),
          lead,
          el("p", {}, partItemsWords(items, {criteriaCase: data.rubricWriter?.caseStudyNumber ?? null}) ?? ""),
        ],
        end: (_progress, keep) => [
          writer ? keep("writer", () => writer) : null,
          keep("debrief", () => PartDebrief({items, guideline: ctx.guideline, store: ctx.store, hrefOf: hereHref})),
          NextPart(ctx),
        ],
      },
      {askDecidingRule: true},
    ),
  });
}

/** Edge case 11: the rubric-writer check, the case study's table, with the rule it rests on. */
function RubricWriterCheck(writer: RubricWriter, {ctx}: {ctx: PartContext}): HTMLElement {
  const numbers = ctx.guideline.rules.find((rule) => rule.id === "numbers");
  return el(
    "details",
    {class: "rubric-writer", id: "edge-11"},
    el(
      "summary",
      {},
      `Edge case ${writer.caseStudyNumber}: ${writer.title} `,
      el("span", {class: "muted"}, "(not scored)"),
    ),
    el("p", {}, writer.intro),
    Table(
      {
        head: [writer.columns.relationship, writer.columns.example, writer.columns.problem],
        rows: writer.rows.map((row) => [row.relationship, `“${row.criterion}”`, row.problem]),
      },
      {rowHeaders: true, scroll: true},
    ),
    numbers
      ? el(
          "p",
          {class: "muted"},
          "The rule it rests on: ",
          RuleRef({id: "numbers", title: numbers.title, sentence: ""}, {quote: false}),
          ".",
        )
      : null,
  );
}

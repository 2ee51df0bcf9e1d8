// Part 4: the seven examples again, now with the guideline and the rubric beside them; after the last, the case
// study's scored table, each row shown once the trainee has checked its example.
import {firstAttempt, type Progress} from "../lib/trainee/progress.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {hereHref} from "../lib/site/links.js";
import {el} from "./dom.js";
import {GuidelineWalk} from "./guideline-walk-item.js";
import {itemsOf, partContext, type PartContext, type TraineeData} from "../lib/trainee/part-context.js";
import {PartPage} from "./part-frame.js";
import {PartIntro} from "./part-page.js";
import {PartDebrief} from "./part-debrief.js";
import {Table, TableRow} from "./table.js";
import {Recorded} from "./recorded.js";
import {NextPart} from "./walk-parts.js";

export function RubricPart(
  data: TraineeData,
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const ctx = partContext(data, "rubric", store);
  const items = itemsOf(ctx, "examples");
  const scored = ScoredTable(ctx);
  return PartPage(ctx, {
    body: GuidelineWalk({
      ctx,
      items,
      noun: "Example",
      about: PartIntro(ctx.part),
      end: (_progress, keep) => [
        keep("scored", () => scored),
        keep("debrief", () => PartDebrief({items, guideline: ctx.guideline, store: ctx.store, hrefOf: hereHref})),
        NextPart(ctx),
      ],
    }),
  });
}

/** The case study's scored table, a row shown only once the trainee has checked that example with the guideline. */
function ScoredTable(ctx: PartContext): HTMLElement {
  const table = ctx.part.scoredTable!;
  const rows = (progress: Progress) =>
    itemsOf(ctx, "examples").map((item) => {
      const checked = firstAttempt(progress, item.id, "guideline");
      const row = item.scoredRow;
      if (checked && row) return [item.caseStudyNumber ?? "", row.mainTask, row.others, row.score];
      const hidden = TableRow([item.caseStudyNumber ?? ""], {rowHeader: true});
      hidden.className = "row-hidden";
      hidden.append(el("td", {colspan: 3}, el("a", {href: `#${item.id}`}, "Check this example to see its row")));
      return hidden;
    });
  const view = Recorded({
    store: ctx.store,
    view: (progress) =>
      Table(
        {
          head: [table.columns.number, table.columns.mainTask, table.columns.others, table.columns.score],
          rows: rows(progress),
        },
        {rowHeaders: true, scroll: true},
      ),
  });
  return el(
    "section",
    {"class": "scored-table", "aria-labelledby": "scored-table-title"},
    el("h2", {id: "scored-table-title"}, table.title),
    view,
    ctx.part.closing.map((text) => el("p", {class: "closing"}, text)),
  );
}

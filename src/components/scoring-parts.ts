// The parts a trainee scores (1, 4, 5 and 6) and the blind calibration self-check, each built from the loaders'
// validated data. Pages call one of these; every decision about what to show comes from lib/.
import {itemLabel} from "../lib/coverage.js";
import {derive, ruleSetOf} from "../lib/engine.js";
import type {Guideline} from "../lib/guideline.js";
import type {Item} from "../lib/item.js";
import {attempts, firstAttempt, type Answer} from "../lib/trainee/progress.js";
import {selfCheckSummary} from "../lib/trainee/self-check.js";
import {describeDistance, describeLean, describePassRule, describeTally, scoreText} from "../lib/trainee/words.js";
import type {CalibrationCheck, RubricWriter} from "../lib/content.js";
import {el} from "./dom.js";
import {Table, TableRow, tableOf, tableRows} from "./table.js";
import {RubricTable} from "./guideline.js";
import {context, itemsOf, partPage as page, type Context, type TraineeData} from "./part-frame.js";
import {ProgressNotice} from "./progress-notice.js";
import {openProgressStore} from "./progress-store.js";
import {GuidelineRuling, RuleRef} from "./ruling.js";
import {VagueRuling} from "./vague-ruling.js";
import {ScoreCard} from "./score-card.js";

/**
 * The sentence an older answer carries when its ruling may have moved: it was scored under another guideline
 * version, and that version rules the item differently.
 */
function staleNote(ctx: Context, item: Item, answer: Answer | undefined): string | null {
  if (!answer || answer.guideline === ctx.guideline.version) return null;
  const then = ctx.rulings[answer.guideline]?.[item.id];
  const now = ctx.rulings[ctx.guideline.version]?.[item.id];
  if (then !== undefined && then === now) return null;
  const moved =
    then === undefined
      ? ""
      : then === null
        ? ", which then gave no single score"
        : `, which then gave ${scoreText(then)}`;
  return `You scored this under guideline ${answer.guideline}${moved}; the ruling shown is ${ctx.guideline.version}'s.`;
}

function guidelineCard(
  ctx: Context,
  item: Item,
  {mode = "walk", reveal}: {mode?: "walk" | "self-check"; reveal?: () => boolean} = {},
): HTMLElement {
  const derivation = derive(item, ruleSetOf(ctx.guideline));
  const before = firstAttempt(ctx.store.get(), item.id, "vague");
  return ScoreCard(item, {
    phase: "guideline",
    guideline: ctx.guideline,
    store: ctx.store,
    mode,
    ...(reveal ? {reveal} : {}),
    ruling: (answers) => [
      GuidelineRuling(item, answers, {
        guideline: ctx.guideline,
        derivation,
        itemsById: ctx.itemsById,
        staleNote: staleNote(ctx, item, answers[0]),
      }),
      item.part === "examples"
        ? el(
            "p",
            {class: "before-after"},
            el("strong", {}, "Before and after: "),
            before
              ? `under the vague line you gave ${scoreText(before.score)}; ` +
                  `with the guideline, ${scoreText(answers[0]!.score)}.`
              : el(
                  "span",
                  {},
                  "you have no “before” score for this example yet (",
                  el("a", {href: `./vague#${item.id}`}, "Part 1"),
                  ").",
                ),
          )
        : null,
    ],
  });
}

/** Part 1: the seven examples under the one-line instruction. These are the trainee's "before" scores. */
export function VaguePart(data: TraineeData, store = openProgressStore()): HTMLElement {
  const ctx = context(data, "vague", store);
  return page(
    ctx,
    el(
      "p",
      {class: "part-lead"},
      "Score each example with that line alone: no guideline, no rubric. " +
        "Go with your own reading; there is no wrong answer yet.",
    ),
    itemsOf(ctx, "examples").map((item) =>
      ScoreCard(item, {
        phase: "vague",
        guideline: ctx.guideline,
        store,
        ruling: (answers) => VagueRuling(item, answers, {showSplit: false}),
      }),
    ),
  );
}

/** The seed's scored table, a row shown only once the trainee has checked that example under the guideline. */
function ScoredTable(ctx: Context): HTMLElement {
  const table = ctx.part.scoredTable!;
  const rows = () =>
    itemsOf(ctx, "examples").map((item) => {
      const checked = firstAttempt(ctx.store.get(), item.id, "guideline");
      const row = item.scoredRow;
      if (checked && row) return [item.seedNumber ?? "", row.mainTask, row.others, row.score];
      const hidden = TableRow([item.seedNumber ?? ""], {rowHeader: true});
      hidden.className = "row-hidden";
      hidden.append(el("td", {colspan: 3}, el("a", {href: `#${item.id}`}, "Check this example to see its row")));
      return hidden;
    });
  const view = Table(
    {head: [table.columns.number, table.columns.mainTask, table.columns.others, table.columns.score], rows: rows()},
    {rowHeaders: true, scroll: true},
  );
  ctx.store.subscribe(() => tableOf(view).tBodies[0]!.replaceChildren(...tableRows(rows(), {rowHeaders: true})));
  return el(
    "section",
    {"class": "scored-table", "aria-labelledby": "scored-table-title"},
    el("h2", {id: "scored-table-title"}, table.title),
    view,
    ctx.part.closing.map((text) => el("p", {class: "closing"}, text)),
  );
}

/** Part 4: the rubric, then the seven examples again, now with the guideline's three steps. */
export function RubricPart(data: TraineeData, store = openProgressStore()): HTMLElement {
  const ctx = context(data, "rubric", store);
  return page(
    ctx,
    el("section", {class: "rubric-section"}, RubricTable(ctx.guideline)),
    el("h2", {}, "Score the seven examples again"),
    el(
      "p",
      {class: "part-lead"},
      "Now with the guideline: list the instructions, check each one, and read the score off the rubric. " +
        "Steps 1 and 2 are optional; a score alone is enough to check.",
    ),
    itemsOf(ctx, "examples").map((item) => guidelineCard(ctx, item)),
    ScoredTable(ctx),
  );
}

/** Edge case 11: the rubric-writer check, the seed's table. */
function RubricWriterCheck(writer: RubricWriter, {guideline}: {guideline: Guideline}): HTMLElement {
  return el(
    "section",
    {"class": "item-card rubric-writer", "id": "edge-11", "aria-labelledby": "edge-11-title"},
    el(
      "header",
      {class: "item-head"},
      el(
        "h2",
        {id: "edge-11-title"},
        el("span", {class: "item-kicker"}, `Edge case ${writer.seedNumber}`),
        writer.title,
      ),
      el("span", {class: "item-state"}, "not scored: a check for people writing criteria"),
    ),
    el("p", {}, writer.intro),
    Table(
      {
        head: [writer.columns.relationship, writer.columns.example, writer.columns.problem],
        rows: writer.rows.map((row) => [row.relationship, `“${row.criterion}”`, row.problem]),
      },
      {rowHeaders: true, scroll: true},
    ),
    el("p", {class: "muted"}, "The numbers rule it rests on: ", RuleRef("numbers", {guideline})),
  );
}

/** Part 5: every edge case scored (twists included), then the rubric-writer check. */
export function EdgeCasesPart(
  data: TraineeData & {rubricWriter: RubricWriter},
  store = openProgressStore(),
): HTMLElement {
  const ctx = context(data, "edge-cases", store);
  const items = itemsOf(ctx, "edge-cases");
  const cases = new Set(items.map((item) => item.seedNumber));
  return page(
    ctx,
    el(
      "p",
      {class: "part-lead"},
      `Below: the ${cases.size} cases a rater scores, as ${items.length} items ` +
        "(a case with variants or a twist has one item each), " +
        `then case ${data.rubricWriter.seedNumber}, the rubric-writer check, ` +
        "which is for people writing criteria and has no score.",
    ),
    items.map((item) => guidelineCard(ctx, item)),
    RubricWriterCheck(data.rubricWriter, {guideline: ctx.guideline}),
  );
}

/** Part 6: the calibration cases and the twist, with the comparison at once; the blind self-check is its own page. */
export function CalibrationPart(data: TraineeData, store = openProgressStore()): HTMLElement {
  const ctx = context(data, "calibration", store);
  return page(
    ctx,
    el(
      "p",
      {class: "part-lead"},
      "Experienced rater? ",
      el("a", {href: "./self-check"}, "Take the calibration self-check"),
      " instead: the same cases, blind, with a summary at the end.",
    ),
    itemsOf(ctx, "calibration").map((item) => guidelineCard(ctx, item)),
  );
}

/** The blind run: no feedback until every case is answered, then the summary against the pass rule. */
export function SelfCheck(
  data: TraineeData & {calibration: CalibrationCheck},
  store = openProgressStore(),
): HTMLElement {
  const ctx = context(data, "calibration", store);
  const items = data.calibration.items.map((id) => ctx.items.find((item) => item.id === id)!);
  const summary = el("section", {
    "class": "self-check-summary",
    "aria-live": "polite",
    "aria-labelledby": "summary-title",
  });
  const runAnswers = () => items.flatMap((item) => attempts(store.get(), item.id, "guideline", "self-check"));
  const complete = () => selfCheckSummary(runAnswers(), items, data.calibration.pass).complete;
  const renderSummary = () => {
    const result = selfCheckSummary(runAnswers(), items, data.calibration.pass);
    if (!result.complete) {
      summary.replaceChildren(
        el("h2", {id: "summary-title"}, "Summary"),
        el(
          "p",
          {class: "muted"},
          `${result.answered} of ${result.total} answered. The summary appears when you have answered them all.`,
        ),
      );
      return;
    }
    summary.replaceChildren(
      el("h2", {id: "summary-title"}, "Summary"),
      el(
        "p",
        {class: `verdict-banner ${result.pass ? "is-pass" : "is-fail"}`},
        el("strong", {}, result.pass ? "✓ Passed" : "✗ Not passed"),
        ` — ${describeTally(result)}`,
      ),
      el("p", {}, describeLean(result)),
      Table(
        {
          head: ["Case", "Yours", "Ruled", "How far", "Full feedback"],
          rows: result.items.map((row) => {
            const item = ctx.itemsById.get(row.id)!;
            return [
              `${itemLabel(item.id, item.part)}: ${item.title}`,
              row.trainee === null ? "—" : scoreText(row.trainee),
              scoreText(row.ruled),
              row.score ? describeDistance(row.score) : "",
              el("a", {href: `#${item.id}`}, "Its ruling, above"),
            ];
          }),
        },
        {caption: "Each case, your answer and the ruled score", rowHeaders: true, scroll: true},
      ),
      result.rulesMisapplied.length
        ? el(
            "div",
            {},
            el("h3", {}, "Rules misapplied"),
            el(
              "ul",
              {},
              result.rulesMisapplied.map((entry) =>
                el(
                  "li",
                  {},
                  RuleRef(entry.rule, {guideline: ctx.guideline}),
                  ` — ${entry.items.map((id) => itemLabel(id, "calibration")).join(", ")}`,
                ),
              ),
            ),
          )
        : el("p", {}, "No rule misapplied."),
    );
  };
  renderSummary();
  store.subscribe(renderSummary);
  const rule = data.calibration.pass;
  return el(
    "div",
    {class: "part-page self-check"},
    ProgressNotice(store.setAside),
    el(
      "header",
      {class: "part-header"},
      el("p", {class: "part-kicker"}, "Calibration self-check"),
      el("h1", {}, "Check yourself, blind"),
      el(
        "div",
        {class: "pass-rule"},
        el("h2", {}, "The pass rule"),
        el("p", {}, el("strong", {}, describePassRule(rule))),
        el("p", {class: "muted"}, data.calibration.source),
        el(
          "p",
          {},
          "You see no ruling until you have answered every case. Your first answer to each is the one that counts.",
        ),
      ),
    ),
    items.map((item) => guidelineCard(ctx, item, {mode: "self-check", reveal: complete})),
    summary,
    el(
      "nav",
      {"class": "part-nav", "aria-label": "Parts"},
      el("a", {class: "previous", href: "./calibration"}, "← Part 6. Calibration Examples"),
    ),
  );
}

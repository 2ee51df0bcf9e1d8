// The blind self-check's summary: a count until the run is finished, then the run against its pool's pass rule, each
// case with its ruling, the rules to look at, and the way on (the next pool, blind, once this one's rulings are
// seen). The run's scoring is loaded once a run is finished.
import {itemLabel} from "../lib/site/links.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {ItemRef} from "../lib/node/page-data.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import type * as SelfCheckModule from "../lib/trainee/self-check.js";
import {summaryHeadline} from "../lib/trainee/self-check-page.js";
import {nextBlindPool, nextPoolText, poolHref, poolOriginNote, type Pool} from "../lib/trainee/self-check-pool.js";
import type {SelfCheckRun} from "../lib/trainee/self-check-run.js";
import {describeDistance, describeLean, describeTally, scoreText} from "../lib/trainee/words.js";
import {el} from "./dom.js";
import {Debrief} from "./part-debrief.js";
import {RuleRef} from "./rule-ref.js";
import {Table} from "./table.js";

type Scoring = typeof SelfCheckModule;
let scoring: Scoring | null = null;

interface SelfCheckSummaryData {
  /** The run's cases: every case of the pool shown. */
  items: readonly Item[];
  pool: Pool;
  /** Every pool, in the order offered: the summary points to the next one a blind run can use. */
  pools: readonly Pool[];
  guideline: Guideline;
  itemsById: ReadonlyMap<string, ItemRef>;
  /** The run on show, as the record stands. */
  status: () => SelfCheckRun;
}

/** The summary of the run on show, drawn again whenever the record changes. */
export function SelfCheckSummary(
  {items, pool, pools, guideline, itemsById, status}: SelfCheckSummaryData,
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const node = el("section", {"class": "self-check-summary", "aria-labelledby": "summary-title", "tabindex": -1});
  const render = (): void => {
    const current = status();
    if (!current.complete) {
      node.replaceChildren(
        el("h2", {id: "summary-title"}, "Summary"),
        el(
          "p",
          {class: "muted"},
          `${current.answers.length} of ${items.length} answered. The summary and the rulings appear when you have ` +
            "answered them all.",
        ),
      );
      return;
    }
    if (!scoring) {
      void import("../lib/trainee/self-check.js").then((module) => {
        scoring = module;
        render();
      });
      return;
    }
    const result = scoring.selfCheckSummary(current.answers, items, pool.pass, {guideline, blind: current.blind});
    const headline = summaryHeadline(result);
    const again = el("button", {type: "button", class: "button secondary"}, "Take it again");
    again.addEventListener("click", () => {
      location.assign(poolHref(pool, current.run + 1));
    });
    const blindNext = nextBlindPool(pools, pool, store.get().answers);
    node.replaceChildren(
      el("h2", {id: "summary-title"}, "Summary"),
      el(
        "p",
        {class: `verdict-banner ${headline.tone}`},
        el("strong", {}, headline.text),
        ` — ${describeTally(result)}`,
      ),
      // The debrief, as at the end of each part: the cases to review, linked, and the rule misapplied most often.
      Debrief({
        input: {rows: result.items, rulesMisapplied: result.rulesMisapplied},
        guideline,
        itemsById,
        hrefOf: (id) => `#${id}`,
      }) ?? "",
      result.blind
        ? ""
        : el(
            "p",
            {},
            "You had seen the ruling of at least one of these cases before you finished, so this run shows how you " +
              "score them now, not how you score blind.",
          ),
      el("p", {}, describeLean(result)),
      poolOriginNote(items) ? el("p", {class: "muted"}, poolOriginNote(items)) : "",
      Table(
        {
          head: ["Case", "Yours", "Ruled", "How far", "Its ruling"],
          rows: result.items.map((row) => {
            const item = itemsById.get(row.id)!;
            return [
              `${itemLabel(item)} — ${item.title}`,
              row.trainee === null ? "—" : scoreText(row.trainee),
              scoreText(row.ruled),
              row.score ? describeDistance(row.score) : "",
              el("a", {href: `#${item.id}`}, "Its ruling"),
            ];
          }),
        },
        // Below 640 px each case is a labelled block: no column is cut off at the screen's edge.
        {caption: "Each case, your answer and the ruled score", rowHeaders: true, stack: true},
      ),
      result.rulesMisapplied.length
        ? el(
            "div",
            {},
            el("h3", {}, "Rules to look at"),
            el(
              "ul",
              {},
              result.rulesMisapplied.map((entry) => {
                const found = guideline.rules.find((candidate) => candidate.id === entry.rule);
                return el(
                  "li",
                  {},
                  RuleRef({id: entry.rule, title: found?.title ?? entry.rule, sentence: ""}, {quote: false}),
                  ` — ${entry.items.map((id) => itemLabel(itemsById.get(id)!)).join(", ")}`,
                );
              }),
            ),
          )
        : el("p", {}, "No rule misapplied."),
      el(
        "p",
        {class: "check-row"},
        blindNext ? el("a", {class: "button", href: poolHref(blindNext)}, nextPoolText(blindNext)) : "",
        again,
        el("a", {class: "button secondary", href: "./results"}, "Your results"),
      ),
    );
  };
  render();
  store.subscribe(render);
  return node;
}

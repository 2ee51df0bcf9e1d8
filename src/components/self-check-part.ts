// The blind self-check: one pool's cases as one run, with no ruling and no retry until every case is answered, then
// the summary against the pool's pass rule. The pool is the calibration cases, or, for a trainee who has seen their
// rulings, the fresh cases written for this notebook (lib/trainee/self-check-pool.ts decides; the page says which and
// why). A run during or before which the trainee saw a ruling of one of its cases is not blind: the page says so
// before the first case.
import {hereHref, itemLabel, labelList} from "../lib/site/links.js";
import type {ItemRef, SelfCheckPageData} from "../lib/node/page-data.js";
import {attempts, type Progress} from "../lib/trainee/progress.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {
  runHeading,
  seenWords,
  shownRun,
  summaryHeadline,
  summaryStep,
  type SummaryAction,
  type SummaryState,
} from "../lib/trainee/self-check-page.js";
import {selfCheckRun, unfinishedRunWords, type SelfCheckRun} from "../lib/trainee/self-check-run.js";
import {
  describePoolChoice,
  poolHref,
  poolLength,
  poolOfCase,
  otherPoolText,
  poolOriginNote,
  poolShortName,
  poolsOf,
  shownPool,
  type Pool,
  type PoolChoice,
  nextBlindPool,
  nextPoolText,
} from "../lib/trainee/self-check-pool.js";
import {itemState} from "../lib/trainee/walk.js";
import {describePassRule, describeDistance, describeLean, describeTally, scoreText} from "../lib/trainee/words.js";
import {el, type Child, live, type Live} from "./dom.js";
import {Recorded, ProgressNotice} from "./recorded.js";
import {GuidelineWalk} from "./guideline-walk-item.js";
import {partContext, type TraineeData} from "../lib/trainee/part-context.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type * as SelfCheckModule from "../lib/trainee/self-check.js";
import {Debrief} from "./part-debrief.js";
import {RuleRef} from "./rule-ref.js";
import {Table} from "./table.js";

export function SelfCheck(
  data: TraineeData & {part: SelfCheckPageData},
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const ctx = partContext(data, "calibration", store);
  const pools = poolsOf(data.part.calibration, {items: data.site.itemRefs, parts: data.site.parts});
  const address = new URLSearchParams(location.search);
  const choice = shownPool(pools, store.get().answers, {asked: address.get("pool"), fragment: location.hash});
  const {pool} = choice;
  const items = pool.items.map((id) => ctx.items.find((item) => item.id === id)!);
  const rule = pool.pass;
  const run = shownRun(selfCheckRun(store.get().answers, pool), address.get("run"));
  // A link on the page to a case of another pool (`#calibration-a` on the fresh cases' run) opens that pool's page.
  addEventListener("hashchange", () => {
    const other = poolOfCase(pools, location.hash);
    if (other && other !== pool) location.replace(`${poolHref(other)}${location.hash}`);
  });
  const runs = new WeakMap<Progress, SelfCheckRun>();
  const runOf = (progress: Progress): SelfCheckRun => {
    let found = runs.get(progress);
    if (!found) runs.set(progress, (found = selfCheckRun(progress.answers, pool, run)));
    return found;
  };
  const status = () => runOf(store.get());

  // Which cases and why, and where the pass mark comes from, folded: the first case is in the first screen, as in the
  // parts; the pass mark stays in view, and whose it is beside it.
  const source = sourceRest(rule.source);
  const walk = GuidelineWalk(
    {
      ctx,
      items,
      noun: "Case",
      aboutTitle: "About this self-check",
      // How the blind run goes is How to score's, beside it.
      about: [PoolNote({choice, pools, items}, {store}), source ? el("p", {class: "muted"}, source) : null],
      end: () => (status().complete ? null : el("p", {class: "muted"}, "Answer every case to see the summary.")),
    },
    {
      mode: "self-check",
      run,
      reveal: () => status().complete,
      stateOf: (item, progress) => {
        const answer = attempts(progress, item.id, "guideline", "self-check").find((each) => each.attempt === run);
        return itemState(answer, item.score, {compared: runOf(progress).complete});
      },
      started: (progress) => runOf(progress).answers.length > 0,
    },
  );
  const notice = BlindNotice({runOf}, {store, itemsById: ctx.itemsById});
  const summary = SelfCheckSummary(
    {items, pool, pools, guideline: ctx.guideline, itemsById: ctx.itemsById, runOf},
    {store},
  );
  return el(
    "div",
    {class: "part-page self-check"},
    ProgressNotice(store),
    el(
      "header",
      {class: "part-header"},
      // The pool by its name: the fresh cases' page was headed "Calibration self-check" too.
      el("p", {class: "part-kicker"}, `Self-check: ${poolShortName(pool)}`),
      // The title and the rule, each drawn from the record: a run that can't be blind is taken for practice.
      Recorded({store, view: (progress) => el("h1", {}, runHeading(runOf(progress).blind).title)}),
      // How long it takes, on a line of its own: in the kicker it squeezed the title to a word a line at 1200 px.
      el("p", {class: "run-length"}, `${poolLength(pool)}.`),
      Recorded({
        store,
        view: (progress) =>
          el(
            "p",
            {class: "pass-rule"},
            el("strong", {}, runHeading(runOf(progress).blind).rule),
            describePassRule(rule),
            " ",
            el("span", {class: "muted"}, sourceLead(rule.source)),
          ),
      }),
    ),
    notice,
    walk,
    summary,
  );
}

/**
 * Which cases this run uses and why, whether the notebook wrote them, and the other pools' pages (a run of them
 * taken earlier, or to take them instead).
 */
function PoolNote(
  {choice, pools, items}: {choice: PoolChoice; pools: readonly Pool[]; items: readonly Pick<ItemRef, "origin">[]},
  {store}: {store: ProgressStore},
): HTMLElement {
  const others = pools.filter((other) => other !== choice.pool);
  const {answers} = store.get();
  return el(
    "div",
    {class: "pool-note"},
    el("p", {}, describePoolChoice(choice, pools), poolOriginNote(items) ? ` ${poolOriginNote(items)}` : ""),
    others.length
      ? el(
          "p",
          {class: "muted"},
          "Other cases: ",
          others.map((other, index) => [
            index ? "; " : "",
            el("a", {href: poolHref(other)}, otherPoolText(other, answers)),
          ]),
          ".",
        )
      : null,
  );
}

/** Before the first case, when the run can't be blind: which rulings the trainee has seen, and where. */
function BlindNotice(
  {runOf}: {runOf: (progress: Progress) => SelfCheckRun},
  {store, itemsById}: {store: ProgressStore; itemsById: ReadonlyMap<string, ItemRef>},
): HTMLElement {
  return Recorded({
    store,
    view: (progress) => {
      const current = runOf(progress);
      if (current.blind) return el("div", {class: "blind-notice", role: "status", hidden: true});
      const label = (id: string) => itemLabel(itemsById.get(id)!);
      return el(
        "div",
        {class: "blind-notice", role: "status"},
        el("p", {}, el("strong", {}, "This run can't be blind. ")),
        el(
          "p",
          {},
          `You have seen the ${current.seen.length === 1 ? "ruling" : "rulings"} of ` +
            `${labelList(seenWords(current.seen, label))}. ` +
            "You can still take it for practice, but the summary will say “Not blind” and award no pass.",
        ),
      );
    },
  });
}

/** A pass rule's source: its first sentence (whose rule it is), and the rest. */
const sourceLead = (source: string): string => source.split(/(?<=\.)\s+/)[0]!;
const sourceRest = (source: string): string => source.slice(sourceLead(source).length).trim();

// The blind self-check's summary: a count until the run is finished, then the run against its pool's pass rule, each
// case with its ruling, the rules to look at, and the way on (the next pool, blind, once this one's rulings are
// seen). The run's scoring is loaded once a run is finished.
type Scoring = typeof SelfCheckModule;
let loaded: Promise<Scoring> | null = null;

interface SelfCheckSummaryData {
  /** The run's cases: every case of the pool shown. */
  items: readonly Item[];
  pool: Pool;
  /** Every pool, in the order offered: the summary points to the next one a blind run can use. */
  pools: readonly Pool[];
  guideline: Guideline;
  itemsById: ReadonlyMap<string, ItemRef>;
  /** The run on show, as a record has it. */
  runOf: (progress: Progress) => SelfCheckRun;
}

/** The summary of the run on show, drawn again whenever the record changes; focused when the run's last case is in. */
export function SelfCheckSummary(
  {items, pool, pools, guideline, itemsById, runOf}: SelfCheckSummaryData,
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): Live<SummaryState<Scoring>, SummaryAction<Scoring>> {
  const view = ({progress, scoring}: SummaryState<Scoring>): HTMLElement => {
    const current = runOf(progress);
    const section = (...children: Child[]) =>
      el(
        "section",
        {"class": "self-check-summary", "aria-labelledby": "summary-title", "tabindex": -1},
        el("h2", {id: "summary-title"}, "Summary"),
        children,
      );
    if (!current.complete)
      return section(el("p", {class: "muted"}, unfinishedRunWords(current.answers.length, items.length)));
    if (!scoring) return section();
    const result = scoring.selfCheckSummary(current.answers, items, pool.pass, {guideline, blind: current.blind});
    const headline = summaryHeadline(result);
    const blindNext = nextBlindPool(pools, pool, progress.answers);
    return section(
      el(
        "p",
        {class: `verdict-banner ${headline.tone}`},
        el("strong", {}, headline.text),
        ` — ${describeTally(result)}`,
      ),
      // The debrief, as at the end of each part: the cases to review, linked, and the rule misapplied most often.
      Debrief({
        input: {rows: result.items, total: result.items.length, rulesMisapplied: result.rulesMisapplied},
        guideline,
        itemsById,
        hrefOf: hereHref,
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
          head: ["Case", "Yours", "Ruled", "How far"],
          // Each case's name links to its ruling (a column of "Its ruling" links had repeated its own header).
          rows: result.items.map((row) => {
            const item = itemsById.get(row.id)!;
            return [
              el("a", {href: `#${item.id}`}, `${itemLabel(item)} — ${item.title}`),
              row.trainee === null ? "—" : scoreText(row.trainee),
              scoreText(row.ruled),
              row.score ? describeDistance(row.score) : "",
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
                  ` — ${labelList(entry.items.map((id) => itemLabel(itemsById.get(id)!)))}`,
                );
              }),
            ),
          )
        : el("p", {}, "No rule misapplied."),
      el(
        "p",
        {class: "summary-actions"},
        blindNext ? el("a", {class: "button", href: poolHref(blindNext)}, nextPoolText(blindNext)) : "",
        el("button", {"type": "button", "class": "button secondary", "data-again": ""}, "Take it again"),
        el("a", {class: "button secondary", href: "./results"}, "Your results"),
      ),
    );
  };
  // The run's scoring, once a run is finished: loaded once for the page.
  const loadScoring = () => {
    if (!node.state.scoring && runOf(node.state.progress).complete)
      void (loaded ??= import("../lib/trainee/self-check.js")).then((scoring) =>
        node.dispatch({kind: "scoring", scoring}),
      );
  };
  const node: Live<SummaryState<Scoring>, SummaryAction<Scoring>> = live<SummaryState<Scoring>, SummaryAction<Scoring>>(
    {progress: store.get(), scoring: null},
    {
      update: summaryStep,
      view,
      on: {
        click: (event, {progress}) => {
          // "Take it again" opens the next run's page: a page of its own, nothing to patch here.
          if ((event.target as Element).closest("[data-again]"))
            location.assign(poolHref(pool, runOf(progress).run + 1));
          return undefined;
        },
      },
      effects: (shown, {before, after}) => {
        // After the card has moved focus to its own answer: the run's end is the summary.
        if (!runOf(before.progress).complete && runOf(after.progress).complete)
          requestAnimationFrame(() => shown.focus());
        loadScoring();
      },
    },
  );
  store.subscribe((progress) => node.dispatch({kind: "record", progress}));
  loadScoring();
  return node;
}

// The blind self-check: one pool's cases as one run, with no ruling and no retry until every case is answered, then
// the summary against the pool's pass rule. The pool is the calibration cases, or, for a trainee who has seen their
// rulings, the fresh cases written for this notebook (lib/trainee/self-check-pool.ts decides; the page says which and
// why). A run during or before which the trainee saw a ruling of one of its cases is not blind: the page says so
// before the first case.
import {itemLabel} from "../lib/site/links.js";
import type {ItemRef, SelfCheckPageData} from "../lib/node/page-data.js";
import {attempts, type Progress} from "../lib/trainee/progress.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {seenWhere, shownRun} from "../lib/trainee/self-check-page.js";
import {selfCheckRun, type SelfCheckRun} from "../lib/trainee/self-check-run.js";
import {
  describePoolChoice,
  poolHref,
  poolOfCase,
  otherPoolText,
  poolOriginNote,
  poolsOf,
  shownPool,
  type Pool,
  type PoolChoice,
} from "../lib/trainee/self-check-pool.js";
import {itemState} from "../lib/trainee/walk.js";
import {describePassRule} from "../lib/trainee/words.js";
import {el} from "./dom.js";
import {guidelineWalkItem, preloadRulings} from "./guideline-walk-item.js";
import {partContext, type TraineeData} from "./part-frame.js";
import {PartWalk} from "./part-walk.js";
import {ProgressNotice} from "./progress-notice.js";
import {SelfCheckSummary} from "./self-check-summary.js";
import {GuidePanel, HowToScore} from "./walk-parts.js";

export function SelfCheck(
  data: TraineeData & {part: SelfCheckPageData},
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): HTMLElement {
  const ctx = partContext(data, "calibration", store);
  const pools = poolsOf(data.part.calibration);
  const address = new URLSearchParams(location.search);
  const choice = shownPool(pools, store.get().answers, {asked: address.get("pool"), fragment: location.hash});
  const {pool} = choice;
  const items = pool.items.map((id) => ctx.items.find((item) => item.id === id)!);
  const ids = items.map((item) => item.id);
  const rule = pool.pass;
  const run = shownRun(selfCheckRun(store.get().answers, ids), address.get("run"));
  // A link on the page to a case of another pool (`#calibration-a` on the fresh cases' run) opens that pool's page.
  addEventListener("hashchange", () => {
    const other = poolOfCase(pools, location.hash);
    if (other && other !== pool) location.replace(`${poolHref(other)}${location.hash}`);
  });
  const runs = new WeakMap<Progress, SelfCheckRun>();
  const runOf = (progress: Progress): SelfCheckRun => {
    let found = runs.get(progress);
    if (!found) runs.set(progress, (found = selfCheckRun(progress.answers, ids, run)));
    return found;
  };
  const status = () => runOf(store.get());

  const walk = PartWalk({
    noun: "Case",
    store,
    items: items.map((item) =>
      guidelineWalkItem(ctx, item, {mode: "self-check", run, reveal: () => status().complete}),
    ),
    stateOf: (item, progress) => {
      const answer = attempts(progress, item.id, "guideline", "self-check").find((each) => each.attempt === run);
      return itemState(answer, item.score, {compared: runOf(progress).complete});
    },
    howTo: HowToScore({phase: "guideline", blind: true}),
    started: () => status().answers.length > 0,
    panel: {label: "Rubric", body: () => GuidePanel(ctx.guideline)},
    end: () => (status().complete ? null : el("p", {class: "muted"}, "Answer every case to see the summary.")),
  });
  const notice = BlindNotice({status}, {store, itemsById: ctx.itemsById});
  const summary = SelfCheckSummary(
    {items, pool, pools, guideline: ctx.guideline, itemsById: ctx.itemsById, status},
    {store},
  );
  let wasComplete = status().complete;
  store.subscribe(() => {
    const complete = status().complete;
    // After the card has moved focus to its own answer: the run's end is the summary.
    if (complete && !wasComplete) requestAnimationFrame(() => summary.focus());
    wasComplete = complete;
  });
  return preloadRulings(
    el(
      "div",
      {class: "part-page self-check"},
      ProgressNotice(store),
      el(
        "header",
        {class: "part-header"},
        el("p", {class: "part-kicker"}, "Calibration self-check"),
        el("h1", {}, "Check yourself, blind"),
        PoolNote({choice, pools, items}, {store}),
        el(
          "div",
          {class: "pass-rule"},
          // That the mark is the site's, beside it; where it comes from, on demand: the first case stays in the
          // first screen.
          el(
            "p",
            {},
            el("strong", {}, "To pass: "),
            describePassRule(rule),
            " ",
            el("span", {class: "muted"}, sourceLead(rule.source)),
          ),
          sourceRest(rule.source)
            ? el(
                "details",
                {class: "pass-source"},
                el("summary", {}, "Where this pass mark comes from"),
                el("p", {class: "muted"}, sourceRest(rule.source)),
              )
            : null,
          el(
            "p",
            {},
            "You see no ruling until you have answered every case, and no retries: your answer to each is the one " +
              "that counts.",
          ),
        ),
      ),
      notice,
      walk,
      summary,
    ),
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
  {status}: {status: () => SelfCheckRun},
  {store, itemsById}: {store: ProgressStore; itemsById: ReadonlyMap<string, ItemRef>},
): HTMLElement {
  const notice = el("div", {class: "blind-notice", role: "status"});
  const render = () => {
    const current = status();
    if (current.blind) {
      notice.replaceChildren();
      notice.hidden = true;
      return;
    }
    notice.hidden = false;
    const seen = current.seen.map((entry) => itemsById.get(entry.item)!);
    notice.replaceChildren(
      el("p", {}, el("strong", {}, "This run can't be blind. ")),
      el(
        "p",
        {},
        `You have seen the ruling of ${seen.map((item) => itemLabel(item)).join("; ")} ` +
          `(${seenWhere(current.seen)}). ` +
          "You can still take it for practice, but the summary will say “Not blind” and award no pass.",
      ),
    );
  };
  render();
  store.subscribe(render);
  return notice;
}

/** A pass rule's source: its first sentence (whose rule it is), and the rest. */
const sourceLead = (source: string): string => source.split(/(?<=\.)\s+/)[0]!;
const sourceRest = (source: string): string => source.slice(sourceLead(source).length).trim();

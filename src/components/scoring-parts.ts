// The parts a trainee scores (1, 4, 5 and 6) and the blind calibration self-check, each one item at a time
// (src/components/part-walk.ts), built from the loaders' validated data. Every decision about what to show comes
// from lib/.
import {itemLabel} from "../lib/links.js";
import type {Item} from "../lib/item.js";
import {attempts, firstAttempt, type Progress} from "../lib/trainee/progress.js";
import {selfCheckRun, type SelfCheckRun} from "../lib/trainee/self-check-run.js";
import {itemState} from "../lib/trainee/walk.js";
import {describeDistance, describeLean, describePassRule, describeTally, scoreText} from "../lib/trainee/words.js";
import type {CalibrationCheck, RubricWriter} from "../lib/content.js";
import {el, type Child} from "./dom.js";
import {GuidePanel, HowToScore, NextPart, VaguePanel} from "./walk-parts.js";
import {Table, TableRow, tableOf, tableRows} from "./table.js";
import {context, itemsOf, partPage as page, type Context, type TraineeData} from "./part-frame.js";
import {ProgressNotice} from "./progress-notice.js";
import {openProgressStore} from "./progress-store.js";
import {PartWalk, type WalkItem} from "./part-walk.js";
import type {RulingView} from "./ruling.js";
import type * as GuidelineRulingModule from "./guideline-ruling.js";
import type * as SelfCheckModule from "../lib/trainee/self-check.js";
import {RuleRef} from "./rule-ref.js";
import {VagueSaved} from "./vague-ruling.js";
import {afterFirstPaint} from "./schedule.js";
import {ScoreCard} from "./score-card.js";

// The ruling's code (the engine's trace, the comparison, the feedback) is loaded once the part's first item is shown:
// the page has less to fetch before it can be scored, and the module is in long before a trainee's first Check.
type Rulings = typeof GuidelineRulingModule;
let rulings: Rulings | null = null;
let loading: Promise<Rulings> | null = null;
const loadRulings = (): Promise<Rulings> =>
  (loading ??= import("./guideline-ruling.js").then((module) => (rulings = module)));

/** Whether this is the trainee's first Check with the guideline in the walk: then the ruling says the first counts. */
const firstCheckOfWalk = (progress: Progress, item: string) => {
  const walk = progress.answers.filter((answer) => answer.phase === "guideline" && !answer.mode);
  return walk.length === 1 && walk[0]!.item === item;
};

function guidelineItem(
  ctx: Context,
  item: Item,
  {
    mode = "walk",
    reveal,
    run,
    askDecidingRule = false,
  }: {
    mode?: "walk" | "self-check";
    reveal?: () => boolean;
    run?: number;
    askDecidingRule?: boolean;
  } = {},
): WalkItem {
  return {
    item,
    card: (nav) =>
      ScoreCard(item, {
        phase: "guideline",
        guideline: ctx.guideline,
        store: ctx.store,
        mode,
        nav,
        askDecidingRule,
        ...(run ? {run} : {}),
        ...(reveal ? {reveal} : {}),
        ruling: (answers) => {
          const choices = {
            firstCheck: mode === "walk" && firstCheckOfWalk(ctx.store.get(), item.id),
            decidingAsked: askDecidingRule,
            before: item.part === "examples" ? firstAttempt(ctx.store.get(), item.id, "vague") : null,
            answered: (id: string) => firstAttempt(ctx.store.get(), id, "guideline") !== undefined,
          };
          const show = (module: Rulings): RulingView => module.rulingFor(ctx, item, answers, choices);
          return rulings ? show(rulings) : loadRulings().then(show);
        },
      }),
  };
}

/** A part scored with the guideline loads the ruling's code as soon as its first item is painted. */
const preloadRulings = <T>(page: T): T => {
  afterFirstPaint(() => void loadRulings());
  return page;
};

/** Where a walk item stands, with the guideline: how far its first answer was from the ruled score. */
const guidelineState = (item: Item, progress: Progress) =>
  itemState(firstAttempt(progress, item.id, "guideline"), item.score, {compared: true});
const answeredIn = (items: readonly Item[], phase: "vague" | "guideline") => (progress: Progress) =>
  items.some((item) => firstAttempt(progress, item.id, phase) !== undefined);

const allScored = (items: readonly Item[], phase: "vague" | "guideline", progress: Progress) =>
  items.every((item) => firstAttempt(progress, item.id, phase) !== undefined);

/** The part's opening prose, from data/parts.yaml; Part 1's first paragraph is the vague line, set apart. */
const aboutOf = (ctx: Context): Child =>
  ctx.part.paragraphs.length
    ? ctx.part.paragraphs.map((paragraph) =>
        paragraph.from === "vague"
          ? el("blockquote", {class: "vague-line"}, paragraph.text)
          : el("p", {}, paragraph.text),
      )
    : null;

/** Part 1: the seven examples under the one-line instruction. These are the trainee's "before" scores. */
export function VaguePart(data: TraineeData, store = openProgressStore()): HTMLElement {
  const ctx = context(data, "vague", store);
  const items = itemsOf(ctx, "examples");
  return page(
    ctx,
    PartWalk({
      noun: "Example",
      store,
      items: items.map((item) => ({
        item,
        card: (nav) =>
          ScoreCard(item, {
            phase: "vague",
            guideline: ctx.guideline,
            store,
            nav,
            ruling: (answers) => VagueSaved(item, answers),
          }),
      })),
      stateOf: (item, progress) => itemState(firstAttempt(progress, item.id, "vague"), item.score, {compared: false}),
      about: aboutOf(ctx),
      howTo: HowToScore({phase: "vague"}),
      started: answeredIn(items, "vague"),
      panel: {label: "The one line", body: () => VaguePanel(ctx.guideline), wideOnly: true},
      end: (progress) => [
        allScored(items, "vague", progress)
          ? el(
              "div",
              {class: "callout", role: "status"},
              el(
                "p",
                {},
                el("strong", {}, "That's all seven “before” scores. "),
                "Next, see how raters split on each.",
              ),
            )
          : null,
        NextPart(ctx),
      ],
    }),
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

/** Part 4: the seven examples again, now with the guideline; the rubric beside them. */
export function RubricPart(data: TraineeData, store = openProgressStore()): HTMLElement {
  const ctx = context(data, "rubric", store);
  const items = itemsOf(ctx, "examples");
  const scored = ScoredTable(ctx);
  return preloadRulings(
    page(
      ctx,
      PartWalk({
        noun: "Example",
        store,
        items: items.map((item) => guidelineItem(ctx, item)),
        stateOf: guidelineState,
        about: aboutOf(ctx),
        howTo: HowToScore({phase: "guideline"}),
        started: answeredIn(items, "guideline"),
        panel: {label: "Rubric", body: () => GuidePanel(ctx.guideline)},
        end: () => [scored, NextPart(ctx)],
      }),
    ),
  );
}

/** Edge case 11: the rubric-writer check, the seed's table. */
function RubricWriterCheck(writer: RubricWriter, ctx: Context): HTMLElement {
  const numbers = ctx.guideline.rules.find((rule) => rule.id === "numbers");
  return el(
    "details",
    {class: "rubric-writer", id: "edge-11"},
    el("summary", {}, `Edge case ${writer.seedNumber}: ${writer.title} `, el("span", {class: "muted"}, "(not scored)")),
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

/** Part 5: every edge case scored (twists included), with the rule that settles it; then the rubric-writer check. */
export function EdgeCasesPart(
  data: TraineeData & {rubricWriter: RubricWriter},
  store = openProgressStore(),
): HTMLElement {
  const ctx = context(data, "edge-cases", store);
  const items = itemsOf(ctx, "edge-cases");
  const writer = RubricWriterCheck(data.rubricWriter, ctx);
  return preloadRulings(
    page(
      ctx,
      PartWalk({
        noun: "Edge case",
        store,
        items: items.map((item) => guidelineItem(ctx, item, {askDecidingRule: true})),
        stateOf: guidelineState,
        about: [
          aboutOf(ctx),
          el(
            "p",
            {},
            `You score ${items.length} items from the map's first ` +
              `${new Set(items.map((item) => item.seedNumber)).size} ` +
              "cases: a case with variants has one item each (1a, 1b, 1c), and ′ marks a twist on a case. " +
              `Case ${data.rubricWriter.seedNumber}, for people who write criteria, follows the last item.`,
          ),
        ],
        howTo: HowToScore({phase: "guideline", decidingRule: true}),
        started: answeredIn(items, "guideline"),
        panel: {label: "Rubric", body: () => GuidePanel(ctx.guideline)},
        end: () => [writer, NextPart(ctx)],
      }),
    ),
  );
}

/** Part 6: the calibration cases and the twist, with the ruling at once; the blind self-check is its own page. */
export function CalibrationPart(data: TraineeData, store = openProgressStore()): HTMLElement {
  const ctx = context(data, "calibration", store);
  const items = itemsOf(ctx, "calibration");
  return preloadRulings(
    page(
      ctx,
      el(
        "p",
        {class: "part-lead"},
        "Experienced rater? ",
        el("a", {href: "./self-check"}, "Take the self-check first"),
        ": once you have seen a ruling here, it can't be blind.",
      ),
      PartWalk({
        noun: "Calibration case",
        store,
        items: items.map((item) => guidelineItem(ctx, item)),
        stateOf: guidelineState,
        about: [
          aboutOf(ctx),
          el("p", {}, "The four cases, then the twist on Calibration D (D′) that its ruling describes."),
        ],
        howTo: HowToScore({phase: "guideline"}),
        started: answeredIn(items, "guideline"),
        panel: {label: "Rubric", body: () => GuidePanel(ctx.guideline)},
        end: () => NextPart(ctx),
      }),
    ),
  );
}

/** The blind run: no feedback until every case is answered, then the summary against the pass rule. */
export function SelfCheck(
  data: TraineeData & {calibration: CalibrationCheck},
  store = openProgressStore(),
): HTMLElement {
  const ctx = context(data, "calibration", store);
  const items = data.calibration.items.map((id) => ctx.items.find((item) => item.id === id)!);
  const ids = items.map((item) => item.id);
  const rule = data.calibration.pass;
  // The run on show: the latest with an answer, or the one the address asks for ("Take it again" opens the next).
  const latest = selfCheckRun(store.get().answers, ids);
  const asked = Number(new URLSearchParams(location.search).get("run"));
  const run =
    Number.isInteger(asked) && asked >= 1 && asked <= latest.run + (latest.complete ? 1 : 0) ? asked : latest.run;
  // The run as the record stands: worked out once per record (every card and the strip ask), not once per question.
  const runs = new WeakMap<Progress, SelfCheckRun>();
  const runOf = (progress: Progress): SelfCheckRun => {
    let found = runs.get(progress);
    if (!found) runs.set(progress, (found = selfCheckRun(progress.answers, ids, run)));
    return found;
  };
  const status = () => runOf(store.get());

  const notice = el("div", {class: "blind-notice", role: "status"});
  const renderNotice = () => {
    const current = status();
    if (current.blind) {
      notice.replaceChildren();
      notice.hidden = true;
      return;
    }
    notice.hidden = false;
    const seen = current.seen.map((entry) => ctx.itemsById.get(entry.item)!);
    const where = current.seen.some((entry) => entry.where === "walk") ? "in Part 6" : "at the end of an earlier run";
    notice.replaceChildren(
      el("p", {}, el("strong", {}, "This run can't be blind. ")),
      el(
        "p",
        {},
        `You have seen the ruling of ${seen.map((item) => itemLabel(item.id, item.part)).join("; ")} (${where}). ` +
          "You can still take it for practice, but the summary will say “Not blind” and award no pass.",
      ),
    );
  };

  const summary = el("section", {
    "class": "self-check-summary",
    "aria-labelledby": "summary-title",
    "tabindex": -1,
  });
  // The run's scoring is loaded when a run is finished: until then the summary is a count.
  type Scoring = typeof SelfCheckModule;
  let scoring: Scoring | null = null;
  const renderSummary = () => {
    const current = status();
    if (!current.complete) {
      summary.replaceChildren(
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
        renderSummary();
      });
      return;
    }
    const result = scoring.selfCheckSummary(current.answers, items, rule, {
      guideline: ctx.guideline,
      blind: current.blind,
    });
    const again = el("button", {type: "button", class: "button secondary"}, "Take it again");
    again.addEventListener("click", () => {
      location.assign(`?run=${current.run + 1}`);
    });
    summary.replaceChildren(
      el("h2", {id: "summary-title"}, "Summary"),
      el(
        "p",
        {class: `verdict-banner ${!result.blind ? "is-not-blind" : result.pass ? "is-pass" : "is-fail"}`},
        el("strong", {}, !result.blind ? "Not blind: no pass awarded" : result.pass ? "✓ Passed" : "✗ Not passed"),
        ` — ${describeTally(result)}`,
      ),
      result.blind
        ? ""
        : el(
            "p",
            {},
            "You had seen the ruling of at least one of these cases before you finished, so this run shows how you " +
              "score them now, not how you score blind.",
          ),
      el("p", {}, describeLean(result)),
      Table(
        {
          head: ["Case", "Yours", "Ruled", "How far", "Its ruling"],
          rows: result.items.map((row) => {
            const item = ctx.itemsById.get(row.id)!;
            return [
              `${itemLabel(item.id, item.part)} — ${item.title}`,
              row.trainee === null ? "—" : scoreText(row.trainee),
              scoreText(row.ruled),
              row.score ? describeDistance(row.score) : "",
              el("a", {href: `#${item.id}`}, "Its ruling"),
            ];
          }),
        },
        {caption: "Each case, your answer and the ruled score", rowHeaders: true, scroll: true},
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
                const found = ctx.guideline.rules.find((candidate) => candidate.id === entry.rule);
                return el(
                  "li",
                  {},
                  RuleRef({id: entry.rule, title: found?.title ?? entry.rule, sentence: ""}, {quote: false}),
                  ` — ${entry.items.map((id) => itemLabel(id, "calibration")).join(", ")}`,
                );
              }),
            ),
          )
        : el("p", {}, "No rule misapplied."),
      el("p", {class: "check-row"}, again, el("a", {class: "button secondary", href: "./results"}, "Your results")),
    );
  };

  renderNotice();
  renderSummary();
  const walk = PartWalk({
    noun: "Case",
    store,
    items: items.map((item) => guidelineItem(ctx, item, {mode: "self-check", run, reveal: () => status().complete})),
    stateOf: (item, progress) => {
      const answer = attempts(progress, item.id, "guideline", "self-check").find((each) => each.attempt === run);
      return itemState(answer, item.score, {compared: runOf(progress).complete});
    },
    howTo: HowToScore({phase: "guideline", blind: true}),
    started: () => status().answers.length > 0,
    panel: {label: "Rubric", body: () => GuidePanel(ctx.guideline)},
    end: () => (status().complete ? null : el("p", {class: "muted"}, "Answer every case to see the summary.")),
  });
  let wasComplete = status().complete;
  store.subscribe(() => {
    renderNotice();
    renderSummary();
    const complete = status().complete;
    // After the card has moved focus to its own answer: the run's end is the summary.
    if (complete && !wasComplete) requestAnimationFrame(() => summary.focus());
    wasComplete = complete;
  });
  afterFirstPaint(() => void loadRulings());
  return el(
    "div",
    {class: "part-page self-check"},
    ProgressNotice(store),
    el(
      "header",
      {class: "part-header"},
      el("p", {class: "part-kicker"}, "Calibration self-check"),
      el("h1", {}, "Check yourself, blind"),
      el(
        "div",
        {class: "pass-rule"},
        el("p", {}, el("strong", {}, "To pass: "), describePassRule(rule)),
        el("p", {class: "muted"}, data.calibration.source),
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
  );
}

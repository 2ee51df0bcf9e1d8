// A part scored with the guideline, walked one item at a time: each item's score card, whose ruling comes from
// ruling.ts, with the rubric beside it. That module (the engine's trace, the comparison, the feedback) is loaded once
// the part's first item is painted: the page has less to fetch before it can be scored, and the code is in long before
// a first Check.
import type {Item} from "../lib/authored/schemas/item.js";
import {beforeAnswer, firstAttempt} from "../lib/trainee/progress.js";
import {anyAnswered, firstCheckOfWalk, walkItemState, type WalkAction, type WalkState} from "../lib/trainee/walk.js";
import type * as RulingModule from "./ruling.js";
import type {PartContext} from "./part-frame.js";
import {PartWalk, type PartWalkOptions, type WalkItem} from "./part-walk.js";
import {type RulingParts, ScoreCard} from "./score-card.js";
import type {Live} from "./dom.js";
import {GuidePanel, HowToScore} from "./walk-parts.js";
import {examplesLeftOut} from "../lib/trainee/rubric-beside.js";
import {afterFirstPaint} from "../lib/site/schedule.js";
import {lazyCode} from "../lib/site/lazy-code.js";

type Rulings = typeof RulingModule;
const rulingCode = lazyCode<Rulings>(() => import("./ruling.js"));

/** The part and what its walk says around the items: the counter's noun, the opening prose, the end. */
export interface GuidelineWalkData extends Pick<PartWalkOptions, "noun" | "about" | "aboutTitle" | "end"> {
  ctx: PartContext;
  /** The part's items, in the walk's order. */
  items: readonly Item[];
}

export interface GuidelineWalkOptions extends Partial<Pick<PartWalkOptions, "stateOf" | "started">> {
  /** "self-check": the blind run, with its `run` number and `reveal`, which holds the rulings until its end. */
  mode?: "walk" | "self-check";
  reveal?: () => boolean;
  run?: number;
  /** The edge-case map asks for the rule that settles the case. */
  askDecidingRule?: boolean;
}

/**
 * The walk of `items`, each scored with the guideline, the rubric beside it. An item's state on the strip, and
 * whether the part is started, are its guideline answers unless `stateOf` and `started` say otherwise (the blind run
 * counts only its own).
 */
export function GuidelineWalk(
  {ctx, items, noun, about, aboutTitle, end}: GuidelineWalkData,
  {mode = "walk", reveal, run, askDecidingRule = false, stateOf, started}: GuidelineWalkOptions = {},
): Live<WalkState, WalkAction> {
  const ids = items.map((item) => item.id);
  afterFirstPaint(() => void rulingCode.load().catch(() => undefined));
  return PartWalk({
    noun,
    store: ctx.store,
    items: items.map((item) => cardOf(ctx, item, {mode, reveal, run, askDecidingRule})),
    stateOf: stateOf ?? ((item, progress) => walkItemState(progress, item, "guideline")),
    about,
    aboutTitle,
    howTo: HowToScore({phase: "guideline", decidingRule: askDecidingRule, blind: mode === "self-check"}),
    started: started ?? ((progress) => anyAnswered(progress, ids, "guideline")),
    panel: {
      label: "Rubric",
      body: () => GuidePanel(ctx.guideline, {leaveExamplesOut: examplesLeftOut(ctx.part, mode)}),
    },
    end,
  });
}

/** `item` in the walk of the part `ctx` shows: its card, built when the walk first shows or stages it. */
function cardOf(
  ctx: PartContext,
  item: Item,
  {
    mode,
    reveal,
    run,
    askDecidingRule,
  }: Required<Pick<GuidelineWalkOptions, "mode" | "askDecidingRule">> & Pick<GuidelineWalkOptions, "reveal" | "run">,
): WalkItem {
  return {
    item,
    card: (nav) => {
      const node = ScoreCard(
        {
          item,
          phase: "guideline",
          guideline: ctx.guideline,
          store: ctx.store,
          nav,
          // `progress`: the record the answers are in, which the ruling may be built from before Check records them.
          ruling: (answers, progress) => {
            const choices = {
              firstCheck: mode === "walk" && firstCheckOfWalk(progress, item.id),
              decidingAsked: askDecidingRule,
              before: item.set === "examples" ? beforeAnswer(progress, item.id) : null,
              answered: (id: string) => firstAttempt(progress, id, "guideline") !== undefined,
            };
            const show = (module: Rulings): RulingParts => {
              const ruling = module.rulingOf(ctx, item, answers, choices);
              return {lead: module.RulingLead(ruling), rest: module.RulingRest(ruling)};
            };
            return rulingCode.value ? show(rulingCode.value) : rulingCode.load().then(show);
          },
        },
        {mode, askDecidingRule, run, reveal},
      );
      // The walk focuses the heading when it moves to the item; focusing it need not lay the page out to scroll.
      return {node, focusHeading: () => node.querySelector<HTMLElement>("h2")?.focus({preventScroll: true})};
    },
  };
}

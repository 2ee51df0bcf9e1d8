// An item of a part scored with the guideline, as the walk shows it: its score card, whose ruling comes from
// ruling.ts. That module (the engine's trace, the comparison, the feedback) is loaded once the part's first item is
// shown: the page has less to fetch before it can be scored, and the code is in long before a first Check.
import type {Item} from "../lib/authored/schemas/item.js";
import {firstAttempt} from "../lib/trainee/progress.js";
import {firstCheckOfWalk} from "../lib/trainee/walk.js";
import type * as RulingModule from "./ruling.js";
import type {PartContext} from "./part-frame.js";
import type {WalkItem} from "./part-walk.js";
import {type RulingParts, ScoreCard} from "./score-card.js";
import {afterFirstPaint} from "../lib/site/schedule.js";

type Rulings = typeof RulingModule;
let rulings: Rulings | null = null;
let loading: Promise<Rulings> | null = null;
const loadRulings = (): Promise<Rulings> => (loading ??= import("./ruling.js").then((module) => (rulings = module)));

/** A part scored with the guideline loads the ruling's code as soon as its first item is painted. */
export const preloadRulings = <T>(page: T): T => {
  afterFirstPaint(() => void loadRulings());
  return page;
};

export interface GuidelineWalkItemOptions {
  /** "self-check": the blind run, with its `run` number and `reveal`, which holds the rulings until its end. */
  mode?: "walk" | "self-check";
  reveal?: () => boolean;
  run?: number;
  /** The edge-case map asks for the rule that settles the case. */
  askDecidingRule?: boolean;
}

/** `item` in the walk of the part `ctx` shows, scored with the guideline. */
export function guidelineWalkItem(
  ctx: PartContext,
  item: Item,
  {mode = "walk", reveal, run, askDecidingRule = false}: GuidelineWalkItemOptions = {},
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
              before: item.set === "examples" ? firstAttempt(progress, item.id, "vague") : null,
              answered: (id: string) => firstAttempt(progress, id, "guideline") !== undefined,
            };
            const show = (module: Rulings): RulingParts => {
              const ruling = module.rulingOf(ctx, item, answers, choices);
              return {lead: module.RulingLead(ruling), rest: module.RulingRest(ruling)};
            };
            return rulings ? show(rulings) : loadRulings().then(show);
          },
        },
        {mode, askDecidingRule, run, reveal},
      );
      // The walk focuses the heading when it moves to the item; focusing it need not lay the page out to scroll.
      return {node, focusHeading: () => node.querySelector<HTMLElement>("h2")?.focus({preventScroll: true})};
    },
  };
}

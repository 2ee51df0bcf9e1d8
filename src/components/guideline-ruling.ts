// The ruling of one item checked with the guideline, with everything it needs (the engine's trace, the checklist
// comparison, the feedback's words). The scored parts load this module after their first item is shown, so the page
// a trainee opens has less to fetch and run before they can score; it is loaded long before a first Check.
import {derive, ruleSetOf} from "../lib/engine/derive.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {ItemPages} from "../lib/site/links.js";
import type {ItemRef} from "../lib/node/page-data.js";
import type {Answer} from "../lib/trainee/progress.js";
import {compareScores} from "../lib/trainee/score-distance.js";
import {staleRulingNote, type RulingsByVersion} from "../lib/trainee/stale-ruling.js";
import {guidelineRuling, type RulingView} from "./ruling.js";

export interface RulingContext {
  guideline: Guideline;
  itemsById: ReadonlyMap<string, ItemRef>;
  itemPages: ItemPages;
  /** Each guideline version's score for each item, to say when an older answer's ruling has moved. */
  rulings: RulingsByVersion;
}

export interface RulingChoices {
  /** The first Check of the whole walk: say that the first answer is the one recorded. */
  firstCheck: boolean;
  /** The edge-case map asked for the deciding rule. */
  decidingAsked: boolean;
  /** Part 4: the trainee's "before" score for the example (undefined: none; null: not an example). */
  before: Answer | undefined | null;
  answered: (id: string) => boolean;
}

/** The ruling of `item` for the trainee's answers (first attempt first). */
export function rulingFor(ctx: RulingContext, item: Item, answers: Answer[], choices: RulingChoices): RulingView {
  return guidelineRuling(item, answers, {
    guideline: ctx.guideline,
    derivation: derive(item, ruleSetOf(ctx.guideline)),
    itemsById: ctx.itemsById,
    itemPages: ctx.itemPages,
    staleNote: staleRulingNote(answers[0]!, ctx.guideline.version, ctx.rulings),
    firstCheck: choices.firstCheck,
    decidingAsked: choices.decidingAsked,
    answered: choices.answered,
    before:
      choices.before === null ? null : {score: choices.before ? compareScores(choices.before.score, item.score) : null},
  });
}

// What a trainee reads on Check, in the order lib/trainee/feedback.ts and lib/trainee/ruling-lead.ts decide: the
// verdict on the latest attempt, one sentence about the case and the one-line diagnosis first (the part that receives
// focus, with Next right after it), then the rest folded. Rendered from records; nothing decided here.
import type {Derivation} from "../lib/engine/derive.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {ItemPages} from "../lib/site/links.js";
import type {ScoreComparison} from "../lib/trainee/score-distance.js";
import {feedbackFor, type Feedback} from "../lib/trainee/feedback.js";
import type {Answer} from "../lib/trainee/progress.js";
import {foldSummaries, rulingWords, type NoteText} from "../lib/trainee/ruling-lead.js";
import {DistanceMark} from "./distance-mark.js";
import {el} from "./dom.js";
import {RuleRef} from "./rule-ref.js";
import {RulingRest} from "./ruling-rest.js";

export interface GuidelineRulingOptions {
  guideline: Guideline;
  derivation: Derivation;
  itemsById: ReadonlyMap<string, Pick<Item, "id" | "set" | "origin" | "order" | "topic" | "twistOf">>;
  /** Where each item is scored, for links between cases. */
  itemPages: ItemPages;
  /** Older answers say their ruling may have moved since. */
  staleNote?: string | null;
  /** The first Check of the whole walk: say that the first answer is the one recorded. */
  firstCheck?: boolean;
  /** The trainee was asked for the deciding rule (the edge-case map). */
  decidingAsked?: boolean;
  /** Part 4: the trainee's "before" score under the vague line, if any. */
  before?: {score: ScoreComparison | null} | null;
  /** Whether the trainee has checked an item (a note that gives away a twist's ruling waits for the twist). */
  answered?: (id: string) => boolean;
}

export interface RulingView {
  /** The verdict and the case sentence: the ruling's first lines, focused after Check. */
  lead: HTMLElement;
  /** Everything after them. */
  rest: HTMLElement;
  feedback: Feedback;
}

/**
 * The ruling for an item scored under the guideline, in the parts the score card places apart (not a component: the
 * card focuses the lead and keeps the feedback). `answers`: first attempt first.
 */
export function guidelineRuling(item: Item, answers: Answer[], options: GuidelineRulingOptions): RulingView {
  const {guideline, derivation, itemsById} = options;
  const feedback = feedbackFor(item, answers, {
    guideline,
    derivation,
    decidingPick: options.decidingAsked ? (answers.at(-1)!.decidingRule ?? "") : undefined,
  });
  const words = rulingWords(item, feedback, {
    firstCheck: options.firstCheck,
    decidingAsked: options.decidingAsked,
    before: !!options.before,
    staleNote: options.staleNote,
  });
  const note = (text: NoteText) =>
    el("p", {class: "case-sentence"}, text.label ? el("strong", {}, `${text.label}: `) : null, text.text);
  const lead = el(
    "div",
    {class: `ruling-lead distance-${words.distance}`, tabindex: -1},
    el("p", {class: "verdict-line"}, DistanceMark(words.distance), el("strong", {}, words.headline)),
    el("p", {class: "verdict-scores"}, words.scores),
    words.firstAnswer ? el("p", {class: "attempts"}, words.firstAnswer) : null,
    el("h3", {class: "case-name"}, words.caseName),
    words.sentence ? note(words.sentence) : null,
    // The map's ruling alone says what, not why: the rule that settles the case says why. Not a link here, so Next
    // stays the Tab stop after the lead; the rule is linked and quoted in the fold below.
    words.why ? el("p", {class: "case-rule"}, "Why: ", RuleRef(words.why, {link: false, quote: false})) : null,
    words.diagnosis ? el("p", {class: "diagnosis"}, words.diagnosis) : null,
    words.firstCheckNote ? el("p", {class: "first-answer-note"}, words.firstCheckNote) : null,
    options.staleNote ? el("p", {class: "stale-note"}, options.staleNote) : null,
  );

  const rest = RulingRest(
    {item, answers, feedback, guideline, derivation, itemsById, itemPages: options.itemPages},
    {before: options.before, answered: options.answered, deciding: words.deciding},
  );
  // The whole note, when the lead shows it cut, is the first fold after Next (which stays the Tab stop after the lead).
  if (words.rest.length)
    rest.prepend(el("details", {class: "note-rest"}, el("summary", {}, foldSummaries.rest), words.rest.map(note)));
  return {lead, rest, feedback};
}

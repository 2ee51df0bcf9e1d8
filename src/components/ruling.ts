// What a trainee reads on Check, in the order lib/trainee/feedback.ts decides: the verdict and one sentence about the
// case first (the part that receives focus), then only the lines where their checklist differs, each with the rule
// and the sentence of it that decides the line, then the rest folded. Rendered from records; nothing decided here.
import type {Derivation} from "../lib/engine/derive.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {ItemPages} from "../lib/site/links.js";
import type {ScoreComparison} from "../lib/trainee/score-distance.js";
import {feedbackFor, type Feedback} from "../lib/trainee/feedback.js";
import type {Answer} from "../lib/trainee/progress.js";
import {describeDistance, scoreText, verdictWords} from "../lib/trainee/words.js";
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

/** "Retry 1: 4, exact": the retries counted from one, the score after the colon. */
const retryText = (index: number, score: ScoreComparison) =>
  `Retry${index ? ` ${index + 1}` : ""}: ${scoreText(score.trainee)}, ${describeDistance(score)}`;

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
  const {score} = feedback;
  const lead = el(
    "div",
    {class: `ruling-lead distance-${score.distance}`, tabindex: -1},
    el("p", {class: "verdict-line"}, DistanceMark(score.distance), el("strong", {}, verdictWords(score))),
    el(
      "p",
      {class: "verdict-scores"},
      `You gave ${scoreText(score.trainee)}; the ruling is ${scoreText(score.ruled)}`,
      item.scoreCondition ? ` (${item.scoreCondition})` : "",
      ".",
    ),
    feedback.retries.length
      ? el(
          "p",
          {class: "attempts"},
          `First: ${scoreText(score.trainee)}, ${describeDistance(score)}`,
          feedback.retries.map((retry, index) => ` · ${retryText(index, retry.score)}`),
          ". Your first answer is the one recorded.",
        )
      : null,
    el("h3", {class: "case-name"}, feedback.caseName),
    feedback.sentence.text
      ? el(
          "p",
          {class: "case-sentence"},
          feedback.sentence.label ? el("strong", {}, `${feedback.sentence.label}: `) : null,
          feedback.sentence.text,
        )
      : null,
    // The map's ruling alone says what, not why: the rule that settles the case says why. Not a link here, so Next
    // stays the Tab stop after the lead; the rule is linked just below.
    feedback.sentence.terse
      ? el("p", {class: "case-rule"}, "Why: ", RuleRef(feedback.decidingRule.cited, {link: false}))
      : null,
    // Where the case study wrote more than one note on the trainee's score, the others follow the first.
    feedback.notes.own
      .filter((note) => note.text !== feedback.sentence.text)
      .map((note) => el("p", {class: "case-sentence"}, el("strong", {}, `${note.label}: `), note.text)),
    options.firstCheck && !feedback.retries.length
      ? el(
          "p",
          {class: "first-answer-note"},
          "Your first answer is the one recorded. You can try again, and both show, but the first counts.",
        )
      : null,
    options.staleNote ? el("p", {class: "stale-note"}, options.staleNote) : null,
  );

  const rest = RulingRest(
    {item, answers, feedback, guideline, derivation, itemsById, itemPages: options.itemPages},
    {before: options.before, answered: options.answered, decidingAsked: options.decidingAsked},
  );
  return {lead, rest, feedback};
}

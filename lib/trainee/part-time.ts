// How long a part takes a trainee, worked out from what it asks of them: the words it gives them to read, at a
// published silent reading speed, and the steps it asks them to take, at a stated time per step. The start page's
// "about N min" for each part comes from here, and its total is the sum of those figures.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import type {TrainingPart} from "../authored/schemas/parts.js";
import {resolveIntro} from "../authored/schemas/parts.js";
import {wordCount} from "../text/format.js";

/**
 * Words a minute for an adult reading non-fiction silently in English: 238, the mean of Brysbaert's meta-analysis of
 * 190 studies (M. Brysbaert, "How many words do we read per minute? A review and meta-analysis of reading rate",
 * Journal of Memory and Language 109, 2019).
 */
export const wordsPerMinute = 238;

/**
 * Seconds for one step of the method: listing an instruction, judging it against its rule, choosing a score,
 * checking it, or reading what the ruling says about it. The notebook's own estimate, not a measured figure: a
 * judgement takes longer than the reading it rests on, and the case study gives no time per step.
 */
export const secondsPerStep = 20;

/** What a part asks of a trainee: the words it shows, and the steps it asks for. */
export interface PartLoad {
  words: number;
  steps: number;
}

/** The part's minutes from its load, rounded to the nearest whole minute and never under one. */
export const partMinutes = ({words, steps}: PartLoad): number =>
  Math.max(1, Math.round(words / wordsPerMinute + (steps * secondsPerStep) / 60));

type PartShape = Pick<TrainingPart, "intro" | "closing" | "items" | "phase">;
type ItemShape = Pick<Item, "set" | "turns" | "request" | "response" | "split" | "openQuestion" | "checklist">;

const words = (texts: readonly (string | undefined)[]): number =>
  texts.reduce((sum, text) => sum + (text ? wordCount(text) : 0), 0);

/** The guideline as the trainee reads it: each rule's title and text, the rubric, what is not rated. */
const guidelineWords = (guideline: Guideline): number =>
  words([
    guideline.notRated?.title,
    guideline.notRated?.text,
    ...guideline.steps.map((step) => step.title),
    ...guideline.rules.flatMap((rule) => [rule.title, rule.text]),
    ...guideline.rubric.flatMap((level) => [level.meaning, level.checklist]),
    guideline.notApplicable,
  ]);

/**
 * The steps one item asks for. Scored with the guideline: each ruled instruction listed and judged (two steps),
 * then the score, Check and the ruling read (three). Scored under the one-line instruction: the score, Check and
 * the ruling read. Read only (Part 2): the split read, and on to the next.
 */
function itemSteps(item: ItemShape, part: PartShape): number {
  if (part.phase === "guideline") return 2 * item.checklist.filter((line) => line.role !== "candidate").length + 3;
  if (part.phase === "vague") return 3;
  return 1;
}

/** What a part asks of a trainee: its opening and close, its items' texts (and, read only, their splits), or the
 *  guideline itself for the part that has no items; each item's steps. */
export function partLoad(part: PartShape, items: readonly ItemShape[], guideline: Guideline): PartLoad {
  const shown = part.items ? items.filter((item) => item.set === part.items) : [];
  const readOnly = part.items !== undefined && part.phase === undefined;
  const itemWords = shown.reduce(
    (sum, item) =>
      sum +
      words([
        ...item.turns.map((turn) => turn.text),
        item.request.text,
        item.response.text,
        ...(readOnly ? [...(item.split ?? []).map((entry) => entry.reason), item.openQuestion] : []),
      ]),
    0,
  );
  return {
    words:
      words([...resolveIntro(part, guideline).map((paragraph) => paragraph.text), ...part.closing]) +
      itemWords +
      (part.items ? 0 : guidelineWords(guideline)),
    steps: shown.reduce((sum, item) => sum + itemSteps(item, part), 0),
  };
}

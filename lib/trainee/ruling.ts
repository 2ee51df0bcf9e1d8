// What a ruling shows, decided for src/components/ruling.ts. The words in view before its folds: the verdict on the
// latest attempt (after a retry, the first answer, the one recorded, under it), the case's name, the sentence that
// teaches (the case study's note on the trainee's score, else what the case teaches), one line that says where the
// trainee's answer parts from the ruling, on the edge-case map the rule that settles the case (with its sentence where
// the case study's ruling is terse), and the summaries of the folds that hold the rest. The score card focuses the
// lead and puts Next right after it. The case study's note is cut between sentences so that what is in view stays
// within `inViewWords` (its rest is a fold of its own): test/unit/trainee/ruling.test.ts counts every item. An answer
// scored under an earlier guideline version whose ruling differs gets a note under the ruling, which is today's.
import type {Item, ChecklistLine, ItemNote} from "../authored/schemas/item.js";
import {verdictInListLabels, verdictPredicates, hasRubricRow} from "../engine/labels.js";
import {feedbackFor, type Feedback, type RuleCitation} from "./feedback.js";
import {derive, ruleSetOf, type Derivation} from "../engine/derive.js";
import type {Guideline, RubricLevel} from "../authored/schemas/guideline.js";
import type {ItemPages} from "../site/links.js";
import type {ItemRef} from "../node/page-data.js";
import type {Answer} from "./progress.js";
import type {ScoreComparison} from "./score-distance.js";
import {distanceNames, scoreText, verdictWords} from "./words.js";
import {listWords, plural, wordCount} from "../text/format.js";
import type {RubricRow} from "../engine/rubric.js";
import type {GuidelineLogic} from "../authored/schemas/logic.js";
import type {Score} from "../authored/schemas/verdict.js";

/** A note as the ruling shows it: the case study's label ("Why raters give 4"), if any, and its text. */
export interface NoteText {
  label: string | null;
  text: string;
}

export interface RulingWords {
  /** How far the latest attempt is: the lead's colour and mark. */
  distance: ScoreComparison["distance"];
  /** "Exact"; after a retry "Exact on your retry". */
  headline: string;
  /** "You gave 3; the ruling is 5." */
  scores: string;
  /** After a retry: "First answer (the one recorded): 3, two or more off." */
  firstAnswer: string | null;
  caseName: string;
  /** The sentence that teaches, as far as it shows before the folds. */
  sentence: NoteText | null;
  /** The case study's notes on the trainee's score that are not whole in view: folded under `restSummary`. */
  rest: NoteText[];
  /** The fold's summary: "Read the whole note"; the label of the note the lead answers where the fold holds it alone
   *  ("Why raters give 2" under Calibration D's "The difference"). */
  restSummary: string;
  /** The rule that settles the case, where the case study's ruling alone says what, not why (not on the edge-case
   *  map, whose line on the deciding rule says it). */
  why: RuleCitation | null;
  /** That rule's sentence is quoted where `why` or `deciding` names it, in view: the case study's ruling alone says
   *  what ("Main task met; see Calibration D"), and the sentence says why. Only where that ruling shows whole and the
   *  sentence fits the words in view. */
  ruleQuoted: boolean;
  /** One line: where the trainee's answer parts from the ruling (null when there is nothing to say). */
  diagnosis: string | null;
  /** The edge-case map's line on the rule that settles the case, before that rule. */
  deciding: {mark: "✓" | "✗" | null; text: string} | null;
  /** On the walk's first Check: the first answer is the one recorded. */
  firstCheckNote: string | null;
  /** Every text in view before the folds, the fold summaries included, in order. */
  inView: string[];
}

/** The summaries of the ruling's folds, one wording each. */
export const foldSummaries = {
  rest: "Read the whole note",
  differences: (count: number) => `Where your checklist differs (${count})`,
  decides: "Line by line",
  full: "The full ruling",
  beforeAfter: "Before and after",
} as const;

/** The words in view a ruling keeps near, the case study's note cut between sentences to fit (never below one). */
export const inViewWords = 72;

/** The one-line diagnosis: a checklist at odds with the score, else how many lines differ, else what decides it. */
export function diagnosisOf(feedback: Feedback): string | null {
  const trainee = feedback.latest.trainee;
  if (feedback.checklistMismatch)
    return (
      `Your own checklist implies ${feedback.checklistMismatch.implied.map(scoreText).join(" or ")}, ` +
      `but you scored ${scoreText(trainee)}.`
    );
  if (!feedback.scoreOnly) {
    const count = feedback.differences.length;
    return count
      ? `Your checklist differs from the ruled one on ${plural(count, "point")}.`
      : "Your checklist matches the ruled one.";
  }
  if (feedback.latest.distance === "exact" || !feedback.decidingLines.length) return null;
  // The first line that sets the score; the fold below holds every one, with its rule.
  const line = feedback.decidingLines[0]!;
  // A sentence: "The answer is correct, not an instruction" read as the page calling a wrong answer correct, and
  // "Formal, met, with a small flaw" ran the line and its verdict together.
  return `What decides it: ${line.main ? "the main task" : `“${line.text}”`} ${verdictPredicates[line.ruled]}.`;
}

/**
 * The edge-case map's line on the rule that settles the case, before that rule: a pick is marked right (✓) or not
 * (✗); with no pick (it is optional) the line names the rule, unmarked.
 */
export function decidingWords(deciding: Feedback["decidingRule"]): {mark: "✓" | "✗" | null; text: string} {
  if (!deciding.picked) return {mark: null, text: "The rule that settles it: "};
  return deciding.right
    ? {mark: "✓", text: "You picked the rule that settles it: "}
    : {mark: "✗", text: `You picked ${deciding.picked.title}; the rule that settles it is `};
}

const noteText = (note: NoteText): string => (note.label ? `${note.label}: ${note.text}` : note.text);

/** A text's sentences, each with the space after it, so that joined again they are the text. */
const sentencesOf = (text: string): string[] => text.match(/[^.!?]+(?:[.!?]+["”’)]*\s*|$)/g) ?? [text];

export interface RulingWordsOptions {
  /** The walk's first Check. */
  firstCheck?: boolean;
  /** The edge-case map asked for the rule that settles the case. */
  decidingAsked?: boolean;
  /** Part 4 shows the before and after, folded. */
  before?: boolean;
  staleNote?: string | null;
}

/** The ruling's words for `feedback` (its answers first attempt first). */
export function rulingWords(
  item: Pick<Item, "scoreCondition">,
  feedback: Feedback,
  {firstCheck = false, decidingAsked = false, before = false, staleNote = null}: RulingWordsOptions = {},
): RulingWords {
  const {latest, score: first} = feedback;
  const retried = feedback.retries.length > 0;
  const notes: NoteText[] = [
    ...(feedback.sentence.text ? [{label: feedback.sentence.label, text: feedback.sentence.text}] : []),
    ...feedback.notes.own
      .filter((note) => note.text !== feedback.sentence.text)
      .map((note) => ({label: note.label, text: note.text})),
  ];
  const words: Omit<RulingWords, "inView" | "sentence" | "rest" | "restSummary" | "ruleQuoted"> = {
    distance: latest.distance,
    headline: verdictWords(latest, {retry: retried}),
    scores:
      `${retried ? "Your retry" : "You gave"} ${scoreText(latest.trainee)}; the ruling is ${scoreText(latest.ruled)}` +
      `${item.scoreCondition ? ` (${item.scoreCondition})` : ""}.`,
    firstAnswer: retried
      ? `First answer (the one recorded): ${scoreText(first.trainee)}, ${distanceNames[first.distance]}.`
      : null,
    caseName: feedback.caseName,
    why: feedback.sentence.terse && !decidingAsked ? feedback.decidingRule.cited : null,
    diagnosis: diagnosisOf(feedback),
    deciding: decidingAsked ? decidingWords(feedback.decidingRule) : null,
    firstCheckNote:
      firstCheck && !retried
        ? latest.distance === "exact"
          ? "Your first answer is the one recorded."
          : "Your first answer is the one recorded; a retry shows beside it."
        : null,
  };
  const before_: (string | null)[] = [words.headline, words.scores, words.firstAnswer, words.caseName];
  const cited = feedback.decidingRule.cited;
  const ruleWords = (quoted: boolean) => cited.title + (quoted ? `: ${cited.sentence}` : "");
  // In the order the page shows them: the lead's last lines, then below Next (after the note's fold) the rest's.
  const leadLines = (quoted: boolean): (string | null)[] => [
    words.why && `Why: ${ruleWords(quoted)}`,
    words.diagnosis,
    words.firstCheckNote,
    staleNote,
  ];
  const belowNext = (quoted: boolean): (string | null)[] => [
    words.deciding && words.deciding.text + ruleWords(quoted),
    feedback.scoreOnly
      ? foldSummaries.decides
      : feedback.differences.length
        ? foldSummaries.differences(feedback.differences.length)
        : null,
    foldSummaries.full,
    before ? foldSummaries.beforeAfter : null,
  ];
  const count = (texts: (string | null)[]) => wordCount(texts.filter(Boolean).join(" "));
  // The note in view: the first one whole if it fits the budget; else the sentences from its turn ("But …", which
  // says why not), else its first sentence, marked cut with "…". The whole notes (or the others) fold.
  // "Read the whole note" takes room only where other notes fold: a note cut to fit folds with them.
  const [head, ...others] = notes;
  const answered = feedback.sentence.answers;
  const restSummary = answered && others.length === 1 && others[0]!.label === answered ? answered : foldSummaries.rest;
  const budget =
    inViewWords -
    count(before_) -
    count(leadLines(false)) -
    count(belowNext(false)) -
    (others.length ? wordCount(restSummary) : 0);
  let sentence: NoteText | null = head ?? null;
  let rest: NoteText[] = others;
  // A note that answers the one on the trainee's score is the turn itself: it shows whole.
  if (head && wordCount(noteText(head)) > budget && !feedback.sentence.answers) {
    const parts = sentencesOf(head.text);
    const turn = parts.findIndex((part, index) => index > 0 && /^(But|However)\b/.test(part));
    const tail = turn > 0 ? parts.slice(turn).join("").trim() : null;
    // A note of one sentence shows whole: there is nothing to cut it to.
    if (parts.length > 1) {
      // The turn says why not, so it is what a trainee who gave that score needs in view, even past the budget.
      const excerpt = tail ? `… ${tail}` : `${parts[0]!.trim()} …`;
      sentence = {label: head.label, text: excerpt};
      rest = notes;
    }
  }
  const shown = (quoted: boolean) =>
    [
      ...before_,
      sentence && noteText(sentence),
      ...leadLines(quoted),
      rest.length ? restSummary : null,
      ...belowNext(quoted),
    ].filter((text): text is string => !!text);
  // Where the case study's ruling is terse (the rule is then named in view, after "Why:" or on the map's line), the
  // rule's sentence says why, if the ruling shows
  // whole and the sentence fits beside the case's own words (a one-time notice, such as the first Check's, does not
  // count against it, though it may have cut the ruling); else it is quoted in the fold below only.
  const ruleQuoted =
    feedback.sentence.terse &&
    !!cited.sentence &&
    sentence === (head ?? null) &&
    count(shown(true)) - count([words.firstCheckNote, staleNote]) <= inViewWords;
  return {...words, sentence, rest, restSummary, ruleQuoted, inView: shown(ruleQuoted)};
}

/**
 * A grouping difference in one sentence: how the ruling splits the trainee's line, or keeps a line whole, each ruled
 * line with its verdict, since the line a trainee ran into another is often the one that decides the score ("Formal
 * (not met)" inside "kurze, förmliche E-Mail"). A line the site reads in says so after its verdict ("Into German (met;
 * our reading)"), and the ruling says why under the sentence.
 */
export function groupingSentence(difference: Extract<Feedback["differences"][number], {kind: "grouping"}>): string {
  const named = difference.lines.map(
    (line) => `${line.text} (${verdictInListLabels[line.ruled]}${line.inferred ? "; our reading" : ""})`,
  );
  if (difference.how === "splits") return `“${difference.yourWords}”: the ruling splits it into ${listWords(named)}.`;
  const pieces = [difference.yourWords, ...difference.alongside].map((words) => `“${words}”`);
  return `${listWords(pieces)}: the ruling keeps ${pieces.length > 1 ? "them" : "it"} in one line, ${named[0]}.`;
}

// What the folded rest shows, beyond lib/trainee/feedback.ts's order: which notes wait for a twist, which
// ruled lines carry their note, whether the rubric line names the row that applies, and which cases it links to.
/**
 * A note on `item` that names a twist of it the trainee has not scored yet gives that twist's ruling away: the twist's
 * id, so the note waits for it; null when the note can show. Without `answered`, every twist counts as scored.
 */
export function twistSpoiledBy(
  note: Pick<ItemNote, "compare">,
  item: Pick<Item, "id">,
  itemsById: ReadonlyMap<string, Pick<Item, "twistOf">>,
  answered?: (id: string) => boolean,
): string | null {
  return note.compare.find((id) => itemsById.get(id)?.twistOf === item.id && !(answered?.(id) ?? true)) ?? null;
}

/**
 * Whether the full ruled checklist shows a line's note: a case-study line's note, unless it only says the line again
 * ("Short met" on the line "Short"). A line the site reads in shows its reason instead.
 */
export function lineNoteShown(line: Pick<ChecklistLine, "source" | "note" | "text">): boolean {
  if (line.source === "inferred" || !line.note) return false;
  return !line.note.replace(/[.:]/g, "").toLowerCase().startsWith(line.text.toLowerCase());
}

/**
 * Whether the rubric line names the row that applies: only where the ruled level joins rows with "or", and the
 * version's rubric declares the row (its words are in guideline/vN/logic.yaml).
 */
export const rubricRowNamed = (
  logic: Pick<GuidelineLogic, "rubric">,
  level: Pick<RubricLevel, "checklist"> | undefined,
  row: RubricRow | null | undefined,
): row is RubricRow => !!row && !!level && / or /.test(level.checklist) && hasRubricRow(logic, row);

/** The cases a ruling links to for comparison, as the site knows them; an id it does not know is left out. */
export const comparedItems = <T>(links: readonly string[], itemsById: ReadonlyMap<string, T>): T[] =>
  links.flatMap((id) => {
    const other = itemsById.get(id);
    return other ? [other] : [];
  });

// Whether the ruling shown on an answer is newer than the answer: it was scored under an earlier guideline version
// whose score for the item differs from today's. The ruling always shows today's score; the note says so.
/** Each guideline version's score for each item (null: that version gives the item no single score). */
export type RulingsByVersion = Readonly<Record<string, Readonly<Record<string, Score | null>>>>;

/**
 * Whether an answer's ruling may have changed: it was scored under an older guideline version, and the caller
 * (who can derive the item under both versions) says the ruling differs. Null when the answer still stands.
 */
export function staleRuling(
  answer: Pick<Answer, "item" | "guideline">,
  currentVersion: string,
  rulingChanged: (item: string, scoredUnder: string) => boolean,
): {scoredUnder: string; current: string} | null {
  if (answer.guideline === currentVersion || !rulingChanged(answer.item, answer.guideline)) return null;
  return {scoredUnder: answer.guideline, current: currentVersion};
}

/** A stale answer's note, in plain words: it was scored under an earlier version whose ruling differs. */
export function staleSentence(then: Score | null | undefined): string {
  const moved =
    then === undefined ? "" : then === null ? ", which gave no single score" : `, which ruled it ${scoreText(then)}`;
  return `You scored this under an earlier version of the guideline${moved}. The ruling shown is today's.`;
}

/**
 * The note the ruling of `answer` carries, or null: the ruling has moved when the version it was scored under gives
 * the item another score than the current version does (a version that never ruled the item counts as moved).
 */
export function staleRulingNote(
  answer: Pick<Answer, "item" | "guideline">,
  currentVersion: string,
  rulings: RulingsByVersion,
): string | null {
  const moved = staleRuling(
    answer,
    currentVersion,
    (item, scoredUnder) => rulings[scoredUnder]?.[item] !== rulings[currentVersion]?.[item],
  );
  return moved ? staleSentence(rulings[moved.scoredUnder]?.[answer.item]) : null;
}

/** What a ruling is read against: the guideline, the items it may link to, and each version's scores. */
export interface RulingContext {
  guideline: Guideline;
  itemsById: ReadonlyMap<string, ItemRef>;
  itemPages: ItemPages;
  /** Each guideline version's score for each item, to say when an older answer's ruling has moved. */
  rulings: RulingsByVersion;
}

/** Where in the walk the Check came. */
export interface RulingChoices {
  /** The first Check of the whole walk: say that the first answer is the one recorded. */
  firstCheck: boolean;
  /** The edge-case map asked for the deciding rule. */
  decidingAsked: boolean;
  /** Part 4: the trainee's "before" score for the example (undefined: none; null: not an example). */
  before: Answer | undefined | null;
  answered: (id: string) => boolean;
}

/** A ruling, worked out once: what the ruling's lead and its folds are both drawn from. */
export interface Ruling {
  item: Item;
  answers: readonly Answer[];
  ctx: RulingContext;
  choices: RulingChoices;
  derivation: Derivation;
  feedback: Feedback;
  words: RulingWords;
  /** When the answer was checked under an older version whose ruling differs: that, in a sentence. */
  staleNote: string | null;
}

/** The ruling of `item` for the trainee's answers, first attempt first. */
export function rulingOf(ctx: RulingContext, item: Item, answers: readonly Answer[], choices: RulingChoices): Ruling {
  const {guideline} = ctx;
  const derivation = derive(item, ruleSetOf(guideline));
  const feedback = feedbackFor(item, answers, {
    guideline,
    derivation,
    decidingPick: choices.decidingAsked ? (answers.at(-1)!.decidingRule ?? "") : undefined,
  });
  const staleNote = staleRulingNote(answers[0]!, guideline.version, ctx.rulings);
  const words = rulingWords(item, feedback, {
    firstCheck: choices.firstCheck,
    decidingAsked: choices.decidingAsked,
    before: choices.before !== null,
    staleNote,
  });
  return {item, answers, ctx, choices, derivation, feedback, words, staleNote};
}

// The words the trainee pages use for records: a listed line's text, verdicts, how a score compares. Pure and
// browser-safe, so the pages only render what is decided here.
import type {Item} from "../authored/schemas/item.js";
import {textOf} from "../authored/quote.js";
import type {Score} from "../authored/schemas/verdict.js";
import {hasRubricRow, rubricRowWords, verdictLabels} from "../engine/labels.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {ScoreComparison} from "./score-distance.js";
import type {ImpliedScore} from "./implied.js";
import {leanOf, leanThreshold, type LeanInput} from "./lean.js";
import type {Listing, MainNotMet, TraineeVerdict} from "./progress.js";
import {plural} from "../text/format.js";

/** The verdicts a trainee gives, in the words the ruling uses for them (one wording per verdict). */
export const traineeVerdictLabels: Record<TraineeVerdict, string> = {
  "met": verdictLabels["met"],
  "met-flaw": verdictLabels["met-flaw"],
  "partly": verdictLabels["partly"],
  "not-met": verdictLabels["not-met"],
  "cannot-check": verdictLabels["cannot-check"],
};

export const mainNotMetLabels: Record<MainNotMet, string> = {
  "engages": "still engages with the request",
  "ignores": "ignores it or does a different task",
  "declines-harmless": "declines a harmless request",
  "justified-refusal": "refuses a request that shouldn't be fulfilled",
};

export const scoreText = (score: Score): string => (score === "n/a" ? "not applicable" : String(score));

/** The text of a listed line: the words marked, the line typed, or the option ticked. */
export function listingText(item: Pick<Item, "request" | "turns" | "checklist">, listing: Listing): string {
  switch (listing.kind) {
    case "mark":
      return (textOf(item, listing.in as "request") ?? "").slice(listing.start, listing.end).trim();
    case "free":
      return listing.text;
    case "option":
      return item.checklist[listing.index]?.text ?? "(an option this item no longer has)";
  }
}

/**
 * What the trainee's own checklist implies, as their score card holds it: nothing listed yet, its score being worked
 * out (the interpreter is still loading), or the score (lib/trainee/implied.ts).
 */
export type ImpliedLine = {kind: "none"} | {kind: "working"} | {kind: "score"; implied: ImpliedScore};

/**
 * What the trainee's own checklist implies, in a sentence. Before Check it says what to do next; after it (`checked`:
 * the checklist is locked) it says what the checklist left out, with no step the trainee can no longer take.
 */
export function describeImplied(
  line: ImpliedLine,
  {logic, parameters}: Pick<Guideline, "logic" | "parameters">,
  {checked = false}: {checked?: boolean} = {},
): string {
  if (line.kind === "none")
    return "The score your checklist implies shows here as you list the instructions and give each a verdict.";
  if (line.kind === "working") return "Working out the score your checklist implies…";
  const {implied} = line;
  if (!implied.ok) {
    const open = implied.reason === "missing-verdicts" ? implied.lines.length : 0;
    if (checked)
      switch (implied.reason) {
        case "no-main":
          return "Your checklist implies no score: none of its lines was marked as the main task.";
        case "several-mains":
          return "Your checklist implies no score: more than one line was marked as the main task.";
        case "missing-verdicts":
          return `Your checklist implies no score: ${plural(open, "listed line")} had no verdict.`;
      }
    switch (implied.reason) {
      case "no-main":
        return "Mark one listed line as the main task to see the score your checklist implies.";
      case "several-mains":
        return "Only one line can be the main task.";
      case "missing-verdicts":
        return `Give every listed line a verdict (${open} still open) to see the score your checklist implies.`;
    }
  }
  if (implied.score !== null) {
    const row = implied.rows[0];
    // The row in the version's words (guideline/vN/logic.yaml); a row the rubric does not declare goes unnamed.
    const named = row && hasRubricRow(logic, row) ? ` (${rubricRowWords(logic, row, parameters)})` : "";
    return `Your checklist implies ${scoreText(implied.score)}${named}.`;
  }
  const scores = implied.scores.map(scoreText).join(" or ");
  return implied.undecided === "engages" && !checked
    ? `Your checklist implies ${scores}: say how the response stands to the request.`
    : `Your checklist implies ${scores}.`;
}

/** Whose scores the figures are: the trainee's own ("you"), or a model judge's on the judges page ("it"). */
export type Rater = "you" | "it";
/** The words that name a rater in a sentence, at its start and inside it. */
export const raterWords: Record<
  Rater,
  {They: string; they: string; Their: string; their: string; theirs: string; tend: string}
> = {
  you: {They: "You", they: "you", Their: "Your", their: "your", theirs: "yours", tend: "tend"},
  it: {They: "It", they: "it", Their: "Its", their: "its", theirs: "its scores", tend: "tends"},
};

/** How a score compares with the ruled one, in a few words: "exact", "one off, higher than the ruling", "two off,
 *  lower than the ruling". */
export function describeDistance(comparison: ScoreComparison, rater: Rater = "you"): string {
  if (comparison.distance === "exact") return "exact";
  if (comparison.notApplicableMismatch)
    return comparison.ruled === "n/a"
      ? `${raterWords[rater].they} scored a response the guideline does not rate`
      : "the guideline rates this one";
  const off = Math.abs(comparison.difference ?? 0);
  const way = comparison.direction === "lenient" ? "higher" : "lower";
  return `${off === 1 ? "one" : off === 2 ? "two" : off === 3 ? "three" : "four"} off, ${way} than the ruling`;
}

/** The self-check's pass rule in a sentence: "At least 4 of 5 exact, and none two or more points off." */
export function describePassRule(rule: {exactAtLeast: number; of: number; maxTwoOrMoreOff: number}): string {
  const far = rule.maxTwoOrMoreOff === 0 ? "none" : `at most ${rule.maxTwoOrMoreOff}`;
  return `At least ${rule.exactAtLeast} of ${rule.of} exact, and ${far} two or more points off.`;
}

/** How a self-check went, in counts that add up to the run, as /results counts it: "4 of 5 exact, 1 one off, 0 two
 *  or more off." ("5 within one" counted the exact ones again.) */
export function describeTally(summary: {exact: number; total: number; oneOff: number; twoOrMoreOff: number}): string {
  const {exact, total, oneOff, twoOrMoreOff} = summary;
  return `${exact} of ${total} exact, ${oneOff} one off, ${twoOrMoreOff} two or more off.`;
}

/** What a table of the rules misapplied says with no row: that every answer agrees, or that there is none. */
export const noRuleMisappliedWords = (answered: number): string =>
  answered === 0
    ? "No answer to compare with the ruling."
    : "No rule misapplied: every answer agrees with the ruling line by line.";

/**
 * Where a rule's misses were found, under "Found in": the trainee's own checklist, or their score alone (a wrong
 * score given with no checklist line, blamed on the case's deciding rule): "your checklist (1), your score alone (2)".
 * "0 of 3; 3 from a wrong score alone" read as a puzzle (trainee walks, stops 64 and 66).
 */
export function fromChecklistWords({fromChecklist, items}: {fromChecklist: number; items: readonly string[]}): string {
  const rest = items.length - fromChecklist;
  return [fromChecklist ? `your checklist (${fromChecklist})` : "", rest ? `your score alone (${rest})` : ""]
    .filter(Boolean)
    .join(", ");
}

/**
 * Which way a trainee (or a judge, `rater` "it") leans, in plain words, named only when it is clear
 * (lib/trainee/lean.ts): "You tend to score higher than the ruling: 5 of 7 misses were above it", else "No clear
 * lean: 4 above the ruling, 4 below."
 */
export function describeLean(summary: LeanInput, rater: Rater = "you"): string {
  const {They, their, tend} = raterWords[rater];
  const lean = leanOf(summary);
  switch (lean.kind) {
    case "no-answers":
      return `No lean to report: ${raterWords[rater].they} answered no case.`;
    case "nothing-to-compare":
      return (
        "No lean to report: none of these answers can be above or below the ruling (“not applicable” on one side " +
        "or both)."
      );
    case "no-misses":
      return `No lean: none of ${their} scores was above or below the ruling.`;
    case "higher":
    case "lower": {
      const side = lean.kind === "higher" ? lean.above : lean.below;
      const misses = lean.above + lean.below;
      const where = lean.kind === "higher" ? "above" : "below";
      const share =
        misses === 1
          ? `${their} one miss was`
          : side === misses
            ? misses === 2
              ? "both misses were"
              : `all ${misses} misses were`
            : `${side} of ${misses} misses were`;
      return `${They} ${tend} to score ${lean.kind} than the ruling: ${share} ${where} it.`;
    }
    case "unclear": {
      const counts = `${lean.above} above the ruling, ${lean.below} below`;
      // The average is of the signed differences over every answer compared, exact ones included: it is their
      // average score less the rulings' average, which says nothing of how far off any one score is, nor (with many
      // exact answers) whether the misses cancel out.
      if (lean.reason === "small")
        return (
          `No clear lean: ${counts}, and ${their} average score is within ${leanThreshold} of a point of the ` +
          "rulings' average."
        );
      if (lean.reason === "mixed") {
        // The average leans to the side with fewer misses: those are the farther off.
        const far = lean.mean > 0 ? lean.above : lean.below;
        const side = lean.mean > 0 ? "above" : "below";
        const which = far === 1 ? `the one ${side} is` : `the ${far} ${side} are`;
        return `No clear lean: ${counts}, though ${which} farther off.`;
      }
      return `No clear lean: ${counts}.`;
    }
  }
}

/** The score a key chooses in a focused item: 1-5, and N for not applicable where the item offers it. */
export function scoreForKey(key: string, {notApplicable}: {notApplicable: boolean}): Score | null {
  if (/^[1-5]$/.test(key)) return Number(key) as Score;
  if (notApplicable && (key === "n" || key === "N")) return "n/a";
  return null;
}

/**
 * The scale's anchors as the one-line instruction states them ("from 1 (poor) to 5 (excellent)"), by score; none
 * where the line names none.
 */
export function scaleAnchors(line: string): Partial<Record<1 | 5, string>> {
  const anchors: Partial<Record<1 | 5, string>> = {};
  for (const match of line.matchAll(/\b([15]) \(([^)]+)\)/g)) anchors[Number(match[1]) as 1 | 5] = match[2]!;
  return anchors;
}

/** A distance by its name: "exact", "one off", "two or more off". */
export const distanceNames: Record<ScoreComparison["distance"], string> = {
  "exact": "exact",
  "one-off": "one off",
  "two-or-more-off": "two or more off",
};

/**
 * How an answer compares, in the words the ruling leads with: "Exact", "One off: you scored higher than the ruling";
 * for a retry, "Exact on your retry", so the line names the attempt it speaks of.
 */
export function verdictWords(comparison: ScoreComparison, {retry = false}: {retry?: boolean} = {}): string {
  const on = retry ? " on your retry" : "";
  if (comparison.distance === "exact") return `Exact${on}`;
  if (comparison.notApplicableMismatch)
    return comparison.ruled === "n/a"
      ? `Not applicable${on}: this response isn't rated on this scale`
      : `Rated${on}: this response is not a case for “not applicable”`;
  const far = comparison.distance === "one-off" ? "One off" : "Two or more off";
  return `${far}${on}: you scored ${comparison.direction === "lenient" ? "higher" : "lower"} than the ruling`;
}

/** How the lean is worked out, for a small fold under it: the average in points, and the rule that names a lean. */
export function explainLean(summary: LeanInput & {signed?: number}, rater: Rater = "you"): string {
  const {they, their, theirs} = raterWords[rater];
  const mean = summary.meanSignedDifference;
  const rule =
    `A lean is named only when that average is at least ${leanThreshold} of a point either way and more of ${their} ` +
    `misses fall on that side than on the other. Answers where ${they} or the ruling said “not applicable” have no ` +
    "above or below, so they are left out of both.";
  if (mean === null) return `Each answer ${they} scored 1 to 5 is compared with the ruled score. ${rule}`;
  const over = summary.signed === undefined ? "" : ` over ${plural(summary.signed, "answer")}`;
  const size = Math.abs(mean).toFixed(2);
  const average =
    Math.abs(mean) < 0.005
      ? `On average${over}, ${theirs} come out level with it.`
      : `On average${over}, ${theirs} are ${size} of a point ${mean > 0 ? "above" : "below"} it.`;
  return `Each answer ${they} scored 1 to 5 is compared with the ruled score. ${average} ${rule}`;
}

/** A score in a sentence: a number, or “not applicable” in quotes. */
const scoreInSentence = (score: Score): string => (score === "n/a" ? "“not applicable”" : String(score));

/**
 * A case to review, after its name: "you gave 4, ruled 2"; "you gave 4 in the self-check, ruled 2"; "you gave 4, and 3
 * in the self-check; ruled 2".
 */
export function describeReviewScores(entry: {
  ruled: Score;
  answers: readonly {mode: "walk" | "self-check"; trainee: Score}[];
}): string {
  const walk = entry.answers.find((answer) => answer.mode === "walk");
  const blind = entry.answers.find((answer) => answer.mode === "self-check");
  const ruled = `ruled ${scoreInSentence(entry.ruled)}`;
  const both = walk && blind && `${scoreInSentence(walk.trainee)}, and ${scoreInSentence(blind.trainee)}`;
  if (both) return `you gave ${both} in the self-check; ${ruled}`;
  if (blind) return `you gave ${scoreInSentence(blind.trainee)} in the self-check, ${ruled}`;
  return `you gave ${walk ? scoreInSentence(walk.trainee) : "—"}, ${ruled}`;
}

/** The review list's heading: "Review these 5 cases", "Review this case". */
export const reviewHeading = (count: number): string =>
  count === 1 ? "Review this case" : `Review these ${count} cases`;

/** What the review list asks, under its heading, for one case or several. */
export const reviewLead = (count: number): string =>
  count === 1
    ? "Your first answer was off the ruled score. Open the case, read its ruling, then the rule named under it."
    : "Your first answer to each was off the ruled score. Start at the top: open the case, read its ruling, then " +
      "the rule named under it.";

/**
 * A note on an answer given under another guideline version than the one shown, with no version label: "scored under
 * an earlier version of the guideline" (null when it is the version shown).
 */
export function describeScoredUnder(version: string, current: string): string | null {
  if (version === current) return null;
  const number = (label: string) => Number(/^v(\d+)$/.exec(label)?.[1] ?? Number.NaN);
  const earlier = number(version) < number(current);
  return `scored under ${earlier ? "an earlier" : "another"} version of the guideline`;
}

// Where a case comes from: the case study's own cases say nothing of it; a case written for this notebook (its file's
// `origin: notebook`) says so before it is scored, and its ruling is called the notebook's, never the case study's.
/** Shown with a case written for this notebook, before it is scored; null for a case from the case study. */
export const caseOriginNote = (item: Pick<Item, "origin">): string | null =>
  item.origin === "notebook" ? "Written for this notebook, not taken from the case study." : null;

/** Whose ruling a case's one-paragraph ruling is: "As the case study rules it", "As this notebook rules it". */
export const rulingSource = (item: Pick<Item, "origin">): string =>
  item.origin === "notebook" ? "As this notebook rules it" : "As the case study rules it";

/** A short tag beside a case's name where cases are listed (the authors' page): null for the case study's own. */
export const originTag = (item: Pick<Item, "origin">): string | null =>
  item.origin === "notebook" ? "written for the notebook" : null;

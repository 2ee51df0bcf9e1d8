// The case editor's wording in one place. An authors' page, so ids and parameter names may show.
import {plural} from "../text/format.js";
import {quoteText} from "../text/quote-text.js";
import {glossFromWords} from "../site/links.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";
import {verdictInListLabels} from "../engine/labels.js";
import {scoreText} from "../trainee/words.js";
import type {DraftNotice} from "./case-draft-store.js";
import type {CaseSet} from "../authored/schemas/item.js";
import type {TrainingPart} from "../authored/schemas/parts.js";

const scoreName = (score: Score): string => (score === "n/a" ? "not applicable" : String(score));

/** Where the rubric allows more than one score, which row allows which, so the author sees the rubric's gap. */
export function scoreWords(candidates: readonly Score[], rowWords: readonly string[]): string {
  if (candidates.length === 1) return scoreName(candidates[0]!);
  if (!candidates.length) return "no score: the rubric allows none";
  const allows = candidates.map((score, at) => `the row “${rowWords[at]!}” allows ${scoreName(score)}`);
  return `no single score: ${allows.join(", ")}`;
}

/** What a case of the case study edited off its ruling is told to do. */
const keepsRuling =
  "a case of the case study keeps its ruling; mend the facts, or give the case a new id to make it a case written " +
  "for the notebook";

export const caseWords = {
  noRule: "missing: choose the rule that decides this line",
  caseStudyScore: (ruled: Score, derived: Score) =>
    `the case study rules it ${scoreText(ruled)}, and these facts derive ${scoreText(derived)}: ${keepsRuling}`,
  caseStudyVerdict: (ruled: Verdict, derived: Verdict) =>
    `the case study rules this line ${verdictInListLabels[ruled]}, and these facts make it ` +
    `${verdictInListLabels[derived]}: ${keepsRuling}`,
  glossHint: "Where the text is not in English: what it says, for a reader who does not read it.",
  /** Under a gloss taken from another case (glossFrom). */
  glossTaken: (id: string, which: "request" | "response") =>
    `The case study's gloss, ${glossFromWords(id, which)}: typed over, it becomes this case's own.`,
  unknownRule: "unknown rule: choose one of the guideline's rules",
  unknownCase: (id: string) => `no case has the id ${quoteText(id)}: choose one of the cases`,
  replaces: (id: string) => `${quoteText(id)} is already a case: the file you download replaces data/items/${id}.md`,
  mains: (count: number, lines: number) =>
    lines === 0
      ? "no lines yet: mark the instructions in the request, and choose the main task"
      : count === 0
        ? "no line is the main task: choose the main task"
        : `${count} lines are the main task: keep one and make the others instructions`,
  startsSection: (section: string) =>
    `a line starting with ## (or a line underlined with ---) reads as a new section of the file, so the ` +
    `${section} would end there: make it a ### heading or plain text`,
  notKept: (section: string) =>
    `the file does not read this text back as it is written here: check the ${section}'s line breaks and spacing`,
  repeatedQuote: (quote: string, where: string) =>
    `${quoteText(quote)} occurs more than once in ${where}, and the file keeps only the words, so the line stands ` +
    "for the first place: extend the stretch until it is unique",
  /** Why there is no score yet: the first thing still to do. */
  noScoreYet(mains: number, lines: number, ready: number): string {
    if (lines === 0) return "no score yet: mark the instructions in the request";
    if (mains !== 1) return mains === 0 ? "no score yet: choose the main task" : "no score yet: keep one main task";
    const left = lines - ready;
    return `no score yet: choose the rule and fill in the facts of ${plural(left, "more line")}`;
  },
} as const;

/** Labels of the values the fact forms offer, by value (the fact schemas' enums): what each choice reads as. */
export const factValueLabels: Record<string, string> = {
  // stated-constraints: observed
  "met": "met",
  "met-flaw": "met, with a small flaw",
  "partly": "partly met",
  "not-met": "not met",
  "cannot-check": "can't be checked",
  // numbers: bound, and a count the case study does not give
  "ceiling": "at most (a ceiling)",
  "floor": "at least (a floor)",
  "exact": "exactly",
  "more-than-limit": "more than the limit (how many is not said)",
  // size-words: reading
  "within": "within what a typical reader accepts",
  "arguable": "arguable",
  "clearly-outside": "clearly outside",
  // style-register: lapse
  "none": "none: the register is kept",
  "slightly-less-formal": "slightly less formal, still acceptable",
  "breaks-register": "breaks the register",
  // not-rated: dimension
  "accuracy": "accuracy",
  "quality": "quality",
  "naturalness": "naturalness",
};

/** The yes-no answers of a fact form, and the one for a fact left unsaid. */
export const yesNoLabels = {yes: "yes", no: "no", unsaid: "not said"} as const;

/** What the author is told about their saved draft. */
export function draftNoticeWords(notice: DraftNotice): string {
  switch (notice.kind) {
    case "set-aside":
      return (
        `The draft saved earlier could not be read (${notice.message}), so it was kept aside under ` +
        `${notice.key} in this browser's storage, and this draft is saved as usual.`
      );
    case "held": {
      const why =
        notice.cause === "refused" ? "the browser's storage is full" : "every place to keep it aside is taken";
      return (
        `The draft saved earlier could not be read (${notice.message}) and could not be copied aside (${why}), ` +
        "so it is left as it was: this draft is kept on this page only. Download the case file before you leave."
      );
    }
    case "unsaved":
      return notice.cause === "too-large"
        ? "This draft is larger than a case can be, so it is not saved: it is kept on this page only."
        : "The browser's storage is full: this draft is kept on this page only, and saved again at your next change.";
    case "memory":
      return "This browser lets the site save nothing: the draft lasts as long as this page. Download the case file.";
  }
}

/**
 * The case sets as the editor names them (an authors' page: by id), with where a trainee meets each, read from
 * data/parts.yaml: "examples (Parts 1, 2 and 4)", or, for a set no part shows, the self-check.
 */
export function caseSetLabels(
  sets: readonly CaseSet[],
  parts: readonly Pick<TrainingPart, "number" | "items">[],
): Record<string, string> {
  return Object.fromEntries(
    sets.map((set) => {
      const numbers = parts.filter((part) => part.items === set).map((part) => String(part.number));
      const listed = numbers.length > 1 ? `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}` : numbers[0];
      const where = numbers.length ? `${numbers.length > 1 ? "Parts" : "Part"} ${listed}` : "no part: the self-check";
      return [set, `${set} (${where})`];
    }),
  );
}

// What a trainee reads on Check, in the order lib/trainee/feedback.ts decides: the verdict and one sentence about the
// case first (the part that receives focus), then only the lines where their checklist differs, each with the rule
// and the sentence of it that decides the line, then the rest folded. Rendered from records; nothing decided here.
import type {Derivation} from "../lib/engine.js";
import type {Guideline} from "../lib/guideline.js";
import type {Item, ItemNote} from "../lib/item.js";
import {itemHref, type ItemPages} from "../lib/links.js";
import type {ScoreComparison} from "../lib/trainee/score-distance.js";
import {feedbackFor, type Difference, type Feedback, type RuleCitation} from "../lib/trainee/feedback.js";
import type {Answer} from "../lib/trainee/progress.js";
import {titleBefore} from "../lib/trainee/title.js";
import {describeDistance, scoreText, verdictWords} from "../lib/trainee/words.js";
import type {Score} from "../lib/verdict.js";
import {rubricRowLabels, verdictLabels} from "../lib/engine/labels.js";
import {DistanceMark} from "./distance-mark.js";
import {el, type Child} from "./dom.js";
import {RuleRef} from "./rule-ref.js";

/** What the site reads in beyond the case study, said in plain words, with why where the file says why. */
function OurReading(inferred: boolean, because?: string | null): Child {
  if (!inferred) return null;
  return because
    ? el(
        "details",
        {class: "our-reading"},
        el("summary", {}, "Our reading: the case study doesn't say"),
        el("p", {}, because),
      )
    : el("p", {class: "our-reading"}, el("span", {}, "Our reading: the case study doesn't say"));
}

const quoteOf = (words: string) => `“${words}”`;

/** Cites each rule once in a list: the second line a rule decides names it without quoting it again. */
function citer(): (rule: RuleCitation) => HTMLElement {
  const quoted = new Set<string>();
  return (rule) => {
    const first = !quoted.has(rule.id);
    quoted.add(rule.id);
    return RuleRef(rule, {quote: first});
  };
}

/** One line of the ruling's list: what it says, our reading where the case study is silent, the rule behind it. */
function DifferenceEntry(said: Child[], reading: Child, rule: Child): HTMLElement {
  return el(
    "li",
    {class: "difference"},
    el("p", {}, said),
    reading,
    rule ? el("p", {class: "difference-rule"}, rule) : null,
  );
}

/** What one difference says, the rule behind it where there is one, and our reading where the case study is silent. */
function DifferenceItem(difference: Difference, cite: (rule: RuleCitation) => HTMLElement): HTMLElement {
  const reading = "inferred" in difference ? OurReading(difference.inferred, difference.because) : null;
  const item = (said: Child[], rule: Child) => DifferenceEntry(said, reading, rule);
  switch (difference.kind) {
    case "main":
      return item(
        [
          difference.yourMain === null
            ? "You chose no line as the main task. "
            : `You took ${quoteOf(difference.yourMain)} as the main task. `,
          "The main task is ",
          el("strong", {}, difference.ruledMain),
          difference.listed ? "." : ", and you didn't list it.",
        ],
        "The main task: the thing the user wants produced or answered.",
      );
    case "verdict":
      return item(
        [
          el("strong", {}, difference.main ? `Main task: ${difference.text}` : difference.text),
          ` — you: ${verdictLabels[difference.yours]}; ruled: `,
          el("strong", {}, verdictLabels[difference.ruled]),
          ".",
        ],
        cite(difference.rule),
      );
    case "missing":
      return item(
        [
          "You didn't list ",
          el("strong", {}, difference.main ? `the main task, ${difference.text}` : difference.text),
          ` (ruled ${verdictLabels[difference.ruled]})`,
          difference.inside
            ? `: it is inside ${quoteOf(difference.inside)}, with another instruction. List each on a line of its own.`
            : ".",
        ],
        cite(difference.listRule),
      );
    case "not-checked":
      return item(
        [
          `You listed ${quoteOf(difference.yourWords)} but didn't check it; ruled `,
          el("strong", {}, verdictLabels[difference.ruled]),
          ".",
        ],
        null,
      );
    case "extra":
      return item(
        [
          el("strong", {}, quoteOf(difference.yourWords)),
          difference.status === "repeat"
            ? " repeats a line you listed already."
            : difference.status === "candidate"
              ? [" is not an instruction here. ", difference.note ?? ""]
              : " is not on the ruled checklist.",
        ],
        difference.status === "repeat" ? null : cite(difference.rule),
      );
  }
}

function Notes(notes: readonly ItemNote[]): HTMLElement[] {
  return notes.map((note) => el("div", {class: "case-note-entry"}, el("h5", {}, note.label), el("p", {}, note.text)));
}

export interface GuidelineRulingOptions {
  guideline: Guideline;
  derivation: Derivation;
  itemsById: ReadonlyMap<string, Pick<Item, "id" | "part" | "topic" | "twistOf">>;
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

/** The ruling for an item scored under the guideline. `answers`: first attempt first. */
export function GuidelineRuling(item: Item, answers: Answer[], options: GuidelineRulingOptions): RulingView {
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

  // ---- Where the checklist differs (or, with a score alone, what decides it) ----
  const cite = citer();
  const deciding = feedback.decidingRule;
  const diff: Child[] = [];
  if (feedback.scoreOnly) {
    diff.push(
      el("h4", {}, "What decides it"),
      el("p", {class: "muted"}, "You gave a score without a checklist. These are the lines that set the score:"),
      el(
        "ul",
        {class: "differences"},
        feedback.decidingLines.map((line) =>
          DifferenceEntry(
            [el("strong", {}, line.main ? `Main task: ${line.text}` : line.text), ` — ${verdictLabels[line.ruled]}.`],
            OurReading(line.inferred, line.because),
            // On the edge-case map the deciding rule is cited just below, with its sentence.
            options.decidingAsked ? null : cite(line.rule),
          ),
        ),
      ),
    );
  } else {
    const count = feedback.differences.length;
    diff.push(
      el("h4", {}, count ? "Where your checklist differs" : "Your checklist matches the ruled one"),
      count
        ? el(
            "ul",
            {class: "differences"},
            feedback.differences.map((entry) => DifferenceItem(entry, cite)),
          )
        : null,
      feedback.matching
        ? el(
            "p",
            {class: "matching"},
            `${feedback.matching} of ${feedback.ruledLines} ruled ` +
              `${feedback.ruledLines === 1 ? "line matches" : "lines match"} yours.`,
          )
        : null,
    );
  }
  if (feedback.checklistMismatch)
    diff.push(
      el(
        "p",
        {class: "mismatch"},
        `Your own checklist implies ${feedback.checklistMismatch.implied.map(scoreText).join(" or ")}, ` +
          "but you scored " +
          `${scoreText(answers.at(-1)!.score)}.`,
      ),
    );

  const decidingView = options.decidingAsked
    ? el(
        "div",
        {class: `deciding-feedback ${deciding.right ? "is-right" : "is-wrong"}`},
        el("h4", {}, "The deciding rule"),
        el(
          "p",
          {},
          el("span", {"class": "distance-mark", "aria-hidden": "true"}, deciding.right ? "✓" : "✗"),
          deciding.picked
            ? deciding.right
              ? ["You picked ", el("strong", {}, deciding.picked.title), ": right. "]
              : ["You picked ", el("strong", {}, deciding.picked.title), "; the case is settled by another rule. "]
            : "You didn't pick a rule. ",
        ),
        // Quoted in the lead already where the lead needed the rule to say why.
        el("p", {class: "difference-rule"}, RuleRef(deciding.cited, {quote: !feedback.sentence.terse})),
      )
    : null;

  // ---- The rest, folded where long ----
  const level = guideline.rubric.find((candidate) => candidate.score === item.score);
  const row = feedback.comparison.ruled.row;
  // A note that gives away the ruling of this case's twist waits until the trainee has scored the twist.
  const spoils = (note: ItemNote) =>
    note.compare.find((id) => itemsById.get(id)?.twistOf === item.id && !(options.answered?.(id) ?? true)) ?? null;
  const others = feedback.notes.others.filter((note) => note.score !== undefined);
  const moreNotes = feedback.notes.others.filter((note) => note.score === undefined);
  const links = feedback.comparison.links.flatMap((id) => {
    const other = itemsById.get(id);
    return other ? [other] : [];
  });
  const before = options.before;
  const restated = (note: string | undefined, text: string) =>
    !note || note.replace(/[.:]/g, "").toLowerCase().startsWith(text.toLowerCase());
  const rest = el(
    "div",
    {class: "ruling-rest"},
    el("section", {class: "ruling-diff"}, diff),
    decidingView,
    others.length
      ? el(
          "details",
          {class: "why-notes"},
          el("summary", {}, `Why raters give other scores (${others.length})`),
          Notes(others),
        )
      : null,
    moreNotes.length
      ? el(
          "div",
          {class: "more-notes"},
          moreNotes.map((note) => {
            const twist = spoils(note);
            const other = twist ? itemsById.get(twist) : null;
            return twist && other
              ? el(
                  "p",
                  {class: "note-waiting"},
                  el("strong", {}, `${note.label}: `),
                  "score ",
                  el("a", {href: itemHref(other.id, options.itemPages)}, titleBefore(other)),
                  " first; this note gives away its ruling.",
                )
              : Notes([note]);
          }),
        )
      : null,
    el(
      "p",
      {class: "rubric-row"},
      el("strong", {}, "Rubric: "),
      item.score === "n/a"
        ? guideline.notApplicable
        : level
          ? `${level.score}, ${level.meaning.toLowerCase()}: ${level.checklist}.`
          : null,
      row && level && / or /.test(level.checklist)
        ? el("span", {class: "muted"}, ` Here: ${rubricRowLabels[row]}.`)
        : null,
    ),
    feedback.comparison.flags.length
      ? el(
          "div",
          {class: "ruling-flags"},
          el(
            "p",
            {},
            el("strong", {}, "Flags: "),
            feedback.comparison.flags.map(
              (flag, index) => `${index ? "; " : ""}${flagLabels[flag.flag]}${flag.note ? ` (${flag.note})` : ""}`,
            ),
          ),
          feedback.comparison.flags.map((flag) => OurReading(flag.source === "inferred", flag.because)),
        )
      : null,
    before
      ? el(
          "p",
          {class: "before-after"},
          el("strong", {}, "Before and after: "),
          before.score
            ? `under the vague line you gave ${scoreText(before.score.trainee)} (${describeDistance(before.score)}); ` +
                `with the guideline, ${scoreText(score.trainee)} (${describeDistance(score)}).`
            : el(
                "span",
                {},
                "you have no “before” score for this example (",
                el("a", {href: itemHref(item.id, options.itemPages, "vague")}, "Part 1"),
                ").",
              ),
        )
      : null,
    el(
      "details",
      {class: "full-ruling"},
      el("summary", {}, "The full ruled checklist"),
      item.scoredRow
        ? el(
            "dl",
            {class: "case-study-row"},
            el("dt", {}, "Main task"),
            el("dd", {}, item.scoredRow.mainTask),
            el("dt", {}, "Other instructions"),
            el("dd", {}, item.scoredRow.others),
            el("dt", {}, "Score"),
            el("dd", {}, item.scoredRow.score),
          )
        : item.ruling
          ? el("p", {}, "As the case study rules it: ", el("q", {}, item.ruling))
          : null,
      el(
        "ul",
        {class: "ruled-lines"},
        item.checklist.map((line, index) =>
          el(
            "li",
            {class: `ruled-line role-${line.role}`},
            el(
              "p",
              {},
              el("strong", {}, line.role === "main" ? `Main task: ${line.text}` : line.text),
              ` — ${verdictLabels[derivation.lines[index]?.derived ?? line.verdict]}`,
              line.source !== "inferred" && !restated(line.note, line.text)
                ? el("span", {class: "line-note"}, `: ${line.note}`)
                : null,
            ),
            OurReading(line.source === "inferred", line.because),
          ),
        ),
      ),
    ),
    links.length
      ? el(
          "p",
          {class: "compare-links"},
          "Compare with ",
          links.map((other, index) => [
            index ? ", " : "",
            el("a", {href: itemHref(other.id, options.itemPages)}, titleBefore(other)),
          ]),
          ".",
        )
      : null,
  );
  return {lead, rest, feedback};
}

const flagLabels = {
  "accuracy": "Accuracy",
  "quality": "Quality",
  "prompt": "Prompt",
  "safety-review": "Safety review",
} as const;

/** A stale answer's note, in plain words: it was scored under an earlier version whose ruling differs. */
export function staleSentence(then: Score | null | undefined): string {
  const moved =
    then === undefined ? "" : then === null ? ", which gave no single score" : `, which ruled it ${scoreText(then)}`;
  return `You scored this under an earlier version of the guideline${moved}. The ruling shown is today's.`;
}

// What a trainee reads on Check, in the order lib/trainee/feedback.ts and lib/trainee/ruling.ts decide: the
// verdict on the latest attempt, one sentence about the case and the one-line diagnosis first (the part that receives
// focus, with Next right after it), then the rest folded. Rendered from records; nothing decided here. The scored
// parts load this module (with the engine's trace and the comparison) once their first item is shown, so the page a
// trainee opens has less to fetch before they can score, and the code is in long before a first Check.
import type {Derivation} from "../lib/engine/derive.js";
import type {Item, ItemNote} from "../lib/authored/schemas/item.js";
import {type ItemPages, itemHref, titleBefore} from "../lib/site/links.js";
import {compareScores} from "../lib/trainee/score-distance.js";
import {type Feedback, type Difference, type RuleCitation} from "../lib/trainee/feedback.js";
import {
  comparedItems,
  lineNoteShown,
  rubricRowNamed,
  twistSpoiledBy,
  foldSummaries,
  type NoteText,
  type Ruling,
  type RulingWords,
  groupingSentence,
} from "../lib/trainee/ruling.js";
import {DistanceMark} from "./distance-mark.js";
import {el, type Child} from "./dom.js";
import {RuleRef} from "./rule-ref.js";
import {rulingSource, describeDistance, scoreText} from "../lib/trainee/words.js";
import {flagLabel, rubricRowWords, verdictLabels} from "../lib/engine/labels.js";
import {endedSentence} from "../lib/text/format.js";

/** The ruling's first lines: the verdict, the case's sentence and the one-line diagnosis (the card focuses it). */
export function RulingLead({words, staleNote}: Ruling): HTMLElement {
  return el(
    "div",
    {class: `ruling-lead distance-${words.distance}`, tabindex: -1},
    el(
      "p",
      {class: "verdict-line"},
      DistanceMark(words.distance),
      el("strong", {class: "verdict-words"}, words.headline),
    ),
    el("p", {class: "verdict-scores"}, words.scores),
    words.firstAnswer ? el("p", {class: "attempts"}, words.firstAnswer) : null,
    el("h3", {class: "case-name"}, words.caseName),
    words.sentence ? Note(words.sentence) : null,
    // The case study's ruling alone says what, not why: the rule that settles the case says why. Not a link here, so
    // Next stays the Tab stop after the lead; the rule is linked in the fold below.
    words.why
      ? el("p", {class: "case-rule"}, "Why: ", RuleRef(words.why, {link: false, quote: words.ruleQuoted}))
      : null,
    words.diagnosis ? el("p", {class: "diagnosis"}, words.diagnosis) : null,
    words.firstCheckNote ? el("p", {class: "first-answer-note"}, words.firstCheckNote) : null,
    staleNote ? el("p", {class: "stale-note"}, staleNote) : null,
  );
}

const Note = (text: NoteText) =>
  el("p", {class: "case-sentence"}, text.label ? el("strong", {}, `${text.label}: `) : null, text.text);

type ItemLink = Pick<Item, "id" | "set" | "origin" | "order" | "topic" | "twistOf">;

function Notes(notes: readonly ItemNote[]): HTMLElement[] {
  return notes.map((note) => el("div", {class: "case-note-entry"}, el("h5", {}, note.label), el("p", {}, note.text)));
}

/** The notes that answer no score: each shown, unless it gives away a twist the trainee has not scored yet. */
function MoreNotes(
  item: Item,
  {
    notes,
    itemsById,
    itemPages,
    answered,
  }: {
    notes: readonly ItemNote[];
    itemsById: ReadonlyMap<string, ItemLink>;
    itemPages: ItemPages;
    answered?: (id: string) => boolean;
  },
): Child {
  if (!notes.length) return null;
  return el(
    "div",
    {class: "more-notes"},
    notes.map((note) => {
      const twist = twistSpoiledBy(note, item, itemsById, answered);
      const other = twist ? itemsById.get(twist) : null;
      return twist && other
        ? el(
            "p",
            {class: "note-waiting"},
            el("strong", {}, `${note.label}: `),
            // The case's title runs on after a colon of its own ("Calibration D, twist: the same translation, …"),
            // so the sentence says what it needs before the link and ends with it.
            "this note gives away another case's ruling. Score it first: ",
            el("a", {href: itemHref(other.id, itemPages)}, titleBefore(other)),
            ".",
          )
        : Notes([note]);
    }),
  );
}

/** The full ruled checklist: the case study's row or ruling (the notebook's, for a case it wrote), then every
 *  line with its derived verdict. */
function FullRuling(item: Item, {derivation}: {derivation: Derivation}): HTMLElement {
  return el(
    "div",
    {class: "full-checklist"},
    el("h4", {}, "The full ruled checklist"),
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
        ? el("p", {}, `${rulingSource(item)}: `, el("q", {}, item.ruling))
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
            lineNoteShown(line) ? el("span", {class: "line-note"}, `: ${line.note}`) : null,
          ),
          OurReading({inferred: line.source === "inferred", because: line.because}),
        ),
      ),
    ),
  );
}

/**
 * Everything after the ruling's lead: on the edge-case map whether the trainee picked the rule that settles the case;
 * then, each folded, the differences, every other note the case study wrote (the notes that wait for a twist among
 * them), the rubric row with the flags, the full ruled checklist and the cases to compare, and Part 4's before and
 * after.
 */
export function RulingRest({
  item,
  answers,
  ctx: {guideline, itemsById, itemPages},
  choices: {answered, before: beforeAnswer},
  feedback,
  derivation,
  words: {deciding, rest, restSummary, ruleQuoted, sentence},
}: Ruling): HTMLElement {
  const before =
    beforeAnswer === null ? null : beforeAnswer ? compareScores(beforeAnswer.score, item.score) : undefined;
  const first = answers[0]!;
  const level = guideline.rubric.find((candidate) => candidate.score === item.score);
  const row = feedback.comparison.ruled.row;
  const others = feedback.notes.others.filter((note) => note.score !== undefined);
  const more = MoreNotes(item, {
    notes: feedback.notes.others.filter((note) => note.score === undefined),
    itemsById,
    itemPages,
    answered,
  });
  const links = comparedItems(feedback.comparison.links, itemsById);
  const fold = (className: string, summary: string, ...body: Child[]) =>
    el("details", {class: className}, el("summary", {}, summary), body);
  return el(
    "div",
    {class: "ruling-rest"},
    // The whole note, when the lead shows it cut, is the first fold after Next (the Tab stop after the lead).
    rest.length ? fold("note-rest", restSummary, rest.map(Note)) : null,
    deciding ? DecidingRuleFeedback({feedback, words: deciding, quoted: ruleQuoted}) : null,
    RulingDifferences({
      feedback,
      quotedAbove: ruleQuoted ? feedback.decidingRule.cited : null,
      leadText: sentence?.text ?? null,
    }),
    fold(
      "full-ruling",
      foldSummaries.full,
      others.length
        ? el("div", {class: "why-notes"}, el("h4", {}, "Why raters give other scores"), Notes(others))
        : null,
      more,
      // The rubric row, once: the row that applies where the level joins rows with "or", else the level.
      el(
        "p",
        {class: "rubric-row"},
        el("strong", {}, "Rubric: "),
        item.score === "n/a"
          ? guideline.notApplicable
          : level && rubricRowNamed(guideline.logic, level, row)
            ? `${level.score}, ${rubricRowWords(guideline.logic, row, guideline.parameters)}.`
            : level
              ? `${level.score}, ${level.meaning.toLowerCase()}: ${level.checklist}.`
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
                (flag, index) =>
                  `${index ? "; " : ""}${flagLabel(guideline.logic, flag.flag)}${flag.note ? ` (${flag.note})` : ""}`,
              ),
            ),
            feedback.comparison.flags.map((flag) =>
              OurReading({inferred: flag.source === "inferred", because: flag.because}),
            ),
          )
        : null,
      FullRuling(item, {derivation}),
      links.length
        ? el(
            "p",
            {class: "compare-links"},
            "Compare with ",
            links.map((other, index) => [
              index ? ", " : "",
              el("a", {href: itemHref(other.id, itemPages)}, titleBefore(other)),
            ]),
            ".",
          )
        : null,
    ),
    before !== null
      ? fold(
          "before-after",
          foldSummaries.beforeAfter,
          el(
            "p",
            {},
            before
              ? `Under the vague line you gave ${scoreText(before.trainee)} ` +
                  `(${describeDistance(before)}); with the guideline, ${scoreText(first.score)} ` +
                  `(${describeDistance(feedback.score)}).`
              : el(
                  "span",
                  {},
                  // Part 1 is closed to it now that its ruling is read (lib/trainee/progress.ts beforeClosed).
                  "You have no “before” score for this example: ",
                  el("a", {href: itemHref(item.id, itemPages, "vague")}, "Part 1"),
                  " takes one only before the ruling is read.",
                ),
          ),
        )
      : null,
  );
}

// The differences: only the lines where the trainee's checklist differs from the ruled one (or, with a score given
// alone, the lines that set the score), each with the rule and the sentence of it that decides the line.
const quoteOf = (words: string) => `“${words}”`;

type Cite = (rule: RuleCitation) => HTMLElement;

/**
 * Cites each rule once in a ruling: the first citation of a rule quotes its sentence, a later one names it. A sentence
 * the lead already shows (`leadText`: Example 1's lesson is the Numbers rule's sentence) is named, not quoted again.
 */
function citingOnce(quotedAbove: RuleCitation | null, leadText: string | null): Cite {
  // By its sentence too: a rule cited for another line may say another sentence of it (a clause of its own).
  const key = (rule: RuleCitation) => `${rule.id}\n${rule.sentence}`;
  const quoted = new Set<string>(quotedAbove ? [key(quotedAbove)] : []);
  return (rule) => {
    const first = !quoted.has(key(rule)) && rule.sentence !== leadText;
    quoted.add(key(rule));
    return RuleRef(rule, {quote: first});
  };
}

/** One line of the ruling's list: what it says, our reading where the case study is silent, the rule behind it. */
function DifferenceEntry(said: Child[], {reading, rule}: {reading: Child; rule: Child}): HTMLElement {
  return el(
    "li",
    {class: "difference"},
    el("p", {}, said),
    reading,
    rule ? el("p", {class: "difference-rule"}, rule) : null,
  );
}

/** What one difference says, the rule behind it where there is one, and our reading where the case study is silent. */
function DifferenceItem(difference: Difference, {cite}: {cite: Cite}): HTMLElement {
  const reading = "inferred" in difference ? OurReading(difference) : null;
  const item = (said: Child[], rule: Child) => DifferenceEntry(said, {reading, rule});
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
        cite(difference.rule),
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
          ` (ruled ${verdictLabels[difference.ruled]}).`,
        ],
        cite(difference.listRule),
      );
    case "not-checked":
      return item(
        [
          `You listed ${quoteOf(difference.yourWords)} but gave it no verdict; ruled `,
          el("strong", {}, verdictLabels[difference.ruled]),
          ".",
        ],
        cite(difference.rule),
      );
    case "grouping":
      return item([groupingSentence(difference)], null);
    case "extra":
      return item(
        [
          el("strong", {}, quoteOf(difference.yourWords)),
          difference.status === "repeat"
            ? " repeats a line you listed already."
            : difference.status === "candidate"
              ? difference.note
                ? [" is not an instruction here: ", endedSentence(difference.note)]
                : " is not an instruction here."
              : " is not on the ruled checklist.",
        ],
        difference.status === "repeat" ? null : cite(difference.rule),
      );
  }
}

/**
 * Where the checklist differs (or, with a score alone, what decides it), folded under its summary: the lead's
 * diagnosis says it in a line. Null where the checklist matches the ruled one.
 */
function RulingDifferences({
  feedback,
  quotedAbove,
  leadText,
}: {
  feedback: Feedback;
  /** The rule the ruling quotes in view above: named here, not quoted again. */
  quotedAbove: RuleCitation | null;
  /** The lead's sentence as shown: a rule's sentence it already says is named here, not quoted again. */
  leadText: string | null;
}): HTMLElement | null {
  // Each sentence of a rule quoted once in the differences, the first time it is cited; the rule named after.
  const cite = citingOnce(quotedAbove, leadText);
  const fold = (summary: string, ...body: Child[]) =>
    el("details", {class: "ruling-diff"}, el("summary", {}, summary), body);
  if (feedback.scoreOnly)
    return fold(
      foldSummaries.decides,
      el("p", {class: "muted"}, "You gave a score without a checklist. These are the lines that set the score:"),
      el(
        "ul",
        {class: "differences deciding-lines"},
        feedback.decidingLines.map((line) =>
          DifferenceEntry(
            [el("strong", {}, line.main ? `Main task: ${line.text}` : line.text), ` — ${verdictLabels[line.ruled]}.`],
            {reading: OurReading(line), rule: cite(line.rule)},
          ),
        ),
      ),
    );
  const count = feedback.differences.length;
  if (!count) return null;
  return fold(
    foldSummaries.differences(count),
    el(
      "ul",
      {class: "differences"},
      feedback.differences.map((entry) => DifferenceItem(entry, {cite})),
    ),
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

/** On the edge-case map: whether the trainee picked the rule that settles the case, and that rule. */
function DecidingRuleFeedback({
  feedback,
  words,
  quoted,
}: {
  feedback: Feedback;
  words: NonNullable<RulingWords["deciding"]>;
  quoted: boolean;
}): HTMLElement {
  const deciding = feedback.decidingRule;
  return el(
    "div",
    {class: `deciding-feedback ${deciding.right ? "is-right" : deciding.picked ? "is-wrong" : "not-picked"}`},
    el(
      "p",
      {},
      words.mark ? el("span", {"class": "distance-mark", "aria-hidden": "true"}, words.mark) : null,
      words.text,
      // Named here, in view, with its sentence where the case study's ruling is terse (then named only in the folds).
      RuleRef(deciding.cited, {quote: quoted}),
    ),
  );
}

// "Our reading": where the site reads in what the case study does not state, said in plain words, with why where the
// item's file says why. Every part of a ruling that shows a line or a flag the site inferred uses it.
export function OurReading({
  inferred,
  because,
}: {
  inferred: boolean;
  because?: string | null | undefined;
}): HTMLElement | null {
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

// Loaded with the ruling's components: the walk's card works out a ruling when its code is in.
export {rulingOf} from "../lib/trainee/ruling.js";

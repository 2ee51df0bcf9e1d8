// Everything in a ruling after its lead and Next: on the edge-case map the rule that settles the case; then, each
// folded, the differences (ruling-differences.ts), every other note the case study wrote (the notes that wait for a
// twist among them), the rubric row with the flags, the full ruled checklist and the cases to compare, and Part 4's
// before and after. What shows is decided in lib/trainee/feedback.ts, lib/trainee/ruling-lead.ts and
// lib/trainee/ruling-details.ts.
import type {Derivation} from "../lib/engine/derive.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item, ItemNote} from "../lib/authored/schemas/item.js";
import type {Feedback} from "../lib/trainee/feedback.js";
import {foldSummaries, type RulingWords} from "../lib/trainee/ruling-lead.js";
import type {Answer} from "../lib/trainee/progress.js";
import {comparedItems, lineNoteShown, rubricRowNamed, twistSpoiledBy} from "../lib/trainee/ruling-details.js";
import type {ScoreComparison} from "../lib/trainee/score-distance.js";
import {titleBefore} from "../lib/trainee/title.js";
import {rulingSource} from "../lib/trainee/case-origin.js";
import {describeDistance, scoreText} from "../lib/trainee/words.js";
import {flagLabel, rubricRowWords, verdictLabels} from "../lib/engine/labels.js";
import {itemHref, type ItemPages} from "../lib/site/links.js";
import {el, type Child} from "./dom.js";
import {OurReading} from "./our-reading.js";
import {DecidingRuleFeedback, RulingDifferences} from "./ruling-differences.js";

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
            "score ",
            el("a", {href: itemHref(other.id, itemPages)}, titleBefore(other)),
            " first; this note gives away its ruling.",
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

export interface RulingRestData {
  item: Item;
  /** First attempt first. */
  answers: readonly Answer[];
  feedback: Feedback;
  guideline: Guideline;
  derivation: Derivation;
  itemsById: ReadonlyMap<string, ItemLink>;
  /** Where each item is scored, for links between cases. */
  itemPages: ItemPages;
}

export interface RulingRestOptions {
  /** Part 4: the trainee's "before" score under the vague line, if any. */
  before?: {score: ScoreComparison | null} | null;
  /** Whether the trainee has checked an item (a note that gives away a twist's ruling waits for the twist). */
  answered?: (id: string) => boolean;
  /** The edge-case map's line on the rule that settles the case (lib/trainee/ruling-lead.ts). */
  deciding?: RulingWords["deciding"];
}

/** Everything after the ruling's lead: on the edge-case map the deciding rule, then folds. */
export function RulingRest(
  {item, answers, feedback, guideline, derivation, itemsById, itemPages}: RulingRestData,
  {before, answered, deciding = null}: RulingRestOptions = {},
): HTMLElement {
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
    deciding ? DecidingRuleFeedback({feedback, words: deciding}) : null,
    RulingDifferences({feedback}),
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
    before
      ? fold(
          "before-after",
          foldSummaries.beforeAfter,
          el(
            "p",
            {},
            before.score
              ? `Under the vague line you gave ${scoreText(before.score.trainee)} ` +
                  `(${describeDistance(before.score)}); with the guideline, ${scoreText(first.score)} ` +
                  `(${describeDistance(feedback.score)}).`
              : el(
                  "span",
                  {},
                  "You have no “before” score for this example (",
                  el("a", {href: itemHref(item.id, itemPages, "vague")}, "Part 1"),
                  ").",
                ),
          ),
        )
      : null,
  );
}

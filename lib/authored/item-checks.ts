// What an item must satisfy beyond its fields' shapes. A plain function, not zod's: the case editor runs the same
// checks in the browser, where zod is not loaded.
import {locate, quotesOf, textOf} from "./quote.js";
import type {Item} from "./schemas/item.js";
import {quoteText} from "../text/quote-text.js";
import {languageProblem} from "./language.js";
import {strayQuoteFix, strayQuoteWords} from "./problem-words.js";

export interface ItemCheckProblem {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * What the case study says of its own cases only, each with why a case written for the notebook has none: a copy
 * keeping them would show trainees the case study's words (a scored row's "Score 3") on a case it never ruled.
 * lib/authoring/new-case.ts leaves them out of a copy.
 */
export const caseStudyOwn = {
  caseStudyNumber: "a case written for the notebook has no case-study number: remove it",
  scoredRow: "a case written for the notebook has no row in the case study's scored table: remove it",
  split: "the raters' split is the case study's, for its own examples: remove it from this case",
  openQuestion: "the open question is the case study's, for its own examples: remove it from this case",
  lesson: "the lesson quotes the case study on its own cases: say what this case teaches in teaches, and remove lesson",
} as const;

export function itemProblems(item: Item): ItemCheckProblem[] {
  const problems: ItemCheckProblem[] = [];
  const issue = (path: PropertyKey[], message: string) => problems.push({path, message});
  const mains = item.checklist.filter((line) => line.role === "main").length;
  if (mains !== 1) issue(["checklist"], `expected exactly one line with role "main", found ${mains}`);
  for (const which of ["request", "response"] as const) {
    const problem = languageProblem(item[which].language);
    if (problem) issue([which, "language"], problem);
  }

  item.checklist.forEach((line, index) => {
    const at = (field: string) => ["checklist", index, field];
    const quotes = quotesOf(line.quote);
    const source = textOf(item, line.quoteIn);
    if (!source) {
      issue(
        at("quoteIn"),
        `${quoteText(line.quoteIn)} is no quoted turn of the user's: expected "request" or turn-N of one`,
      );
    } else {
      quotes.forEach((quote, position) => {
        if (!locate(source, quote))
          issue(
            typeof line.quote === "string" ? at("quote") : [...at("quote"), position],
            `${strayQuoteWords(quoteText(quote), line.quoteIn)}: ${strayQuoteFix.file}`,
          );
      });
    }
    const ruled = line.role !== "candidate";
    if (ruled && item.request.form === "quoted" && line.quoteIn === "request" && !quotes.length && !line.unquoted)
      issue(at("quote"), "missing: a ruled line of a quoted request needs its words, or unquoted: <why none>");
    if (line.unquoted && quotes.length) issue(at("unquoted"), "the line has a quote: remove unquoted");
    if (line.role === "candidate" && !line.note)
      issue(at("note"), "missing: a candidate needs a note saying why it is not on the checklist");
    if (line.because && line.source !== "inferred")
      issue(
        at("because"),
        item.origin === "notebook"
          ? "a case written for the notebook says why in note: move because into note"
          : "because explains an inferred line: set source: inferred, or remove because",
      );
  });
  item.flags.forEach((flag, index) => {
    if (flag.because && flag.source !== "inferred")
      issue(["flags", index, "because"], "because explains an inferred flag: set source: inferred, or remove it");
  });
  item.notes.forEach((note, index) => {
    if (note.score !== undefined && note.score === item.score)
      issue(["notes", index, "score"], `the ruled score is ${item.score}: a note's score is a likely wrong one`);
    if (note.answers === undefined) return;
    const answered = item.notes.find((other) => other !== note && other.label === note.answers);
    if (!answered || answered.score === undefined)
      issue(
        ["notes", index, "answers"],
        `${quoteText(note.answers)} is no other note's label on a score: give the label of the note on a score ` +
          "it answers, or remove answers",
      );
    else if (note.score !== undefined)
      issue(["notes", index, "score"], "a note that answers another shows for that note's score: remove score");
  });
  if (item.scoredRow && item.set !== "examples")
    issue(["scoredRow"], "only the seven examples have a row in the case study's scored table: remove it");
  if (item.origin === "notebook") {
    for (const [field, message] of Object.entries(caseStudyOwn))
      if (item[field as keyof typeof caseStudyOwn] !== undefined) issue([field], message);
    if (!Number.isInteger(item.order) || item.order < 1)
      issue(
        ["order"],
        "a case written for the notebook is shown to trainees by its order in its part (“Edge case 15”): " +
          "give a whole number from 1",
      );
    problems.push(...notebookLineProblems(item.checklist));
  } else if (item.set === "fresh-calibration") {
    issue(["origin"], "the fresh calibration cases are written for the notebook: set origin: notebook");
  }
  return problems;
}

/**
 * A case written for the notebook states each line itself, with a note saying why its facts are what they are. Read
 * from the lines as they stand, so the case editor says it from the first line written, before the case reads whole.
 */
export function notebookLineProblems(
  lines: readonly {note?: unknown; source?: unknown; because?: unknown}[],
): ItemCheckProblem[] {
  return lines.flatMap((line, index) => [
    ...(line.note
      ? []
      : [
          {
            path: ["checklist", index, "note"],
            message: "missing: a case written for the notebook says why each line's facts are what they are",
          },
        ]),
    ...(line.source === "inferred"
      ? [
          {
            path: ["checklist", index, "source"],
            message:
              "a case written for the notebook states every line itself: remove source: inferred" +
              (line.because ? ", and move because into note" : ""),
          },
        ]
      : []),
  ]);
}

/**
 * A case filed as the case study's (origin case-study, the default) must be one the case study rules (`cases`, as
 * data/case-study.yaml lists them), and one it rules is never filed as written for the notebook: a new case left at the
 * default would show trainees, as the case study's, a ruling it never made. By item id.
 */
export function caseStudyOriginProblems(
  items: readonly Pick<Item, "id" | "origin">[],
  cases: readonly string[],
): {id: string; problem: ItemCheckProblem}[] {
  const ruled = new Set(cases);
  return items.flatMap(({id, origin}) => {
    const message =
      origin === "case-study" && !ruled.has(id)
        ? `the case study has no case ${quoteText(id)} (data/case-study.yaml lists its cases): set origin: notebook ` +
          "to write it for the notebook, or give it the id of the case-study case it is"
        : origin === "notebook" && ruled.has(id)
          ? `${quoteText(id)} is a case of the case study: remove origin: notebook, or give a case written for ` +
            "the notebook an id of its own"
          : null;
    return message === null ? [] : [{id, problem: {path: ["origin"], message}}];
  });
}

/**
 * Each text glossed from another case (`glossFrom`): that case must exist, its text be these same words, and its
 * gloss be this one's, word for word. Over every item, as the build reads them; by item id.
 */
export function glossFromProblems(items: readonly Item[]): {id: string; problem: ItemCheckProblem}[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return items.flatMap((item) =>
    (["request", "response"] as const).flatMap((which) => {
      const from = item[which].glossFrom;
      if (from === undefined) return [];
      const other = byId.get(from);
      const message =
        from === item.id
          ? "names this case: name the case whose same words the case study glosses"
          : other === undefined
            ? `no item with id ${quoteText(from)}: use an id from data/items/`
            : other[which].glossFrom !== undefined
              ? `${from} takes its gloss from another case too: name the case that has the case study's own gloss`
              : other.origin !== "case-study"
                ? `${from} was written for the notebook: a gloss is taken only from a case of the case study`
                : other[which].text !== item[which].text
                  ? `${from}'s ${which} is not these same words: a gloss is taken only from the same ${which}`
                  : other[which].gloss === undefined
                    ? `${from}'s ${which} has no gloss to take`
                    : other[which].gloss !== item[which].gloss
                      ? `the ${which} gloss is not ${from}'s: copy its gloss word for word`
                      : null;
      return message === null ? [] : [{id: item.id, problem: {path: [which, "glossFrom"], message}}];
    }),
  );
}

// The item's own rules (lib/authored/item-checks.ts) on a case written for the notebook: each names the field and a
// fix that leads, followed, to a file guideline:check accepts. The other rules are tested through parseItemFile
// (test/unit/authored/item-file.test.ts).
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {caseStudyOriginProblems, glossFromProblems, itemProblems} from "../../../lib/authored/item-checks.js";
import {parseItemFile} from "../../../lib/authored/item-file.js";
import {fieldPath} from "../../../lib/authored/problems.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadCaseStudy, loadItems, projectRoot} from "../../../lib/node/load.js";

const file = "data/items/edge-1a.md";
const edge1a = parseItemFile(readFileSync(join(projectRoot, file), "utf8"), file);
const problemsOf = (item: Item): string[] =>
  itemProblems(item).map(({path, message}) => `${fieldPath(path)}: ${message}`);

describe("a case written for the notebook", () => {
  // Edge 1a's main line is inferred, with a because and no note; its numbers line has a note.
  const notebook = (change: (item: Item) => void = () => {}): Item => {
    const item = structuredClone(edge1a);
    item.origin = "notebook";
    change(item);
    return item;
  };
  it("names the case-study number, the missing note and the inferred line, each with its fix", () => {
    expect(problemsOf(notebook())).toEqual([
      "caseStudyNumber: a case written for the notebook has no case-study number: remove it",
      "checklist[0].note: missing: a case written for the notebook says why each line's facts are what they are",
      "checklist[0].source: a case written for the notebook states every line itself: remove source: inferred, " +
        "and move because into note",
    ]);
  });
  it("after removing source: inferred, says to move because into note, never to set source: inferred again", () => {
    const item = notebook((each) => {
      delete each.caseStudyNumber;
      each.checklist[0]!.source = "case-study";
    });
    expect(problemsOf(item)).toEqual([
      "checklist[0].because: a case written for the notebook says why in note: move because into note",
      "checklist[0].note: missing: a case written for the notebook says why each line's facts are what they are",
    ]);
  });
  it("with the fixes made, has no problem left", () => {
    const item = notebook((each) => {
      delete each.caseStudyNumber;
      const [main] = each.checklist;
      main!.source = "case-study";
      main!.note = main!.because;
      delete main!.because;
    });
    expect(problemsOf(item)).toEqual([]);
  });
  it("refuses the case study's own words on its examples (scored row, split, open question, lesson), each to remove", () => {
    // Example 2 of the case study, hand-copied as a notebook case: all it holds of the case study's own is named.
    const example2 = parseItemFile(readFileSync(join(projectRoot, "data/items/example-2.md"), "utf8"), "example-2.md");
    example2.origin = "notebook";
    delete example2.caseStudyNumber;
    const own = problemsOf(example2).filter((problem) => !problem.startsWith("checklist["));
    expect(own).toEqual([
      "scoredRow: a case written for the notebook has no row in the case study's scored table: remove it",
      "split: the raters' split is the case study's, for its own examples: remove it from this case",
      "openQuestion: the open question is the case study's, for its own examples: remove it from this case",
      "lesson: the lesson quotes the case study on its own cases: say what this case teaches in teaches, and remove " +
        "lesson",
    ]);
  });
  it("stands at a whole order from 1, the number a trainee sees it by", () => {
    const fixed = (order: number) =>
      notebook((each) => {
        delete each.caseStudyNumber;
        each.checklist.forEach((line) => ((line.source = "case-study"), (line.note = "why"), delete line.because));
        each.order = order;
      });
    expect(problemsOf(fixed(15))).toEqual([]);
    for (const order of [4.5, 0])
      expect(problemsOf(fixed(order))).toEqual([
        "order: a case written for the notebook is shown to trainees by its order in its part (“Edge case 15”): " +
          "give a whole number from 1",
      ]);
  });
  it("a fresh calibration case must be one", () => {
    expect(problemsOf({...edge1a, set: "fresh-calibration"})).toEqual([
      "origin: the fresh calibration cases are written for the notebook: set origin: notebook",
    ]);
  });
});

describe("a standing instruction quoted from an earlier turn", () => {
  // Edge 7's third line quotes turn 1, the user's ("Please answer in formal English from now on").
  const edge7File = "data/items/edge-7.md";
  const edge7 = parseItemFile(readFileSync(join(projectRoot, edge7File), "utf8"), edge7File);
  const quoting = edge7.checklist.findIndex((line) => line.quoteIn === "turn-1");
  it("is found in a turn of the user's", () => {
    expect(quoting).toBeGreaterThan(-1);
    expect(problemsOf(edge7)).toEqual([]);
  });
  it("is refused in a turn of the assistant's: only the user states instructions, and Step 1 marks only theirs", () => {
    const item = structuredClone(edge7);
    item.turns[0]!.role = "assistant";
    expect(problemsOf(item)).toEqual([
      `checklist[${quoting}].quoteIn: "turn-1" is no quoted turn of the user's: expected "request" or turn-N of one`,
    ]);
  });
});

describe("a gloss taken from another case (glossFrom)", () => {
  // Calibration A's request is Example 3's, word for word (case study, Part 6 and Part 3): the case study glosses it
  // under Example 3 only.
  const items = loadItems();
  const problemsIn = (change: (items: Item[]) => void): string[] => {
    const copy = structuredClone(items);
    change(copy);
    return glossFromProblems(copy).map(({id, problem}) => `${id} ${fieldPath(problem.path)}: ${problem.message}`);
  };
  const calibrationA = (list: Item[]) => list.find((item) => item.id === "calibration-a")!;

  it("holds Calibration A's request gloss to Example 3's, word for word", () => {
    expect(calibrationA(items).request.gloss).toBe(
      "Could you write me a short, formal email to my landlady, Ms. Berger? The heating has been broken for three days.",
    );
    expect(glossFromProblems(items)).toEqual([]);
  });

  it("names the case, its text, its gloss or its origin where they do not hold", () => {
    expect(problemsIn((list) => (calibrationA(list).request.glossFrom = "example-99"))).toEqual([
      'calibration-a request.glossFrom: no item with id "example-99": use an id from data/items/',
    ]);
    expect(problemsIn((list) => (calibrationA(list).request.glossFrom = "calibration-a"))).toEqual([
      "calibration-a request.glossFrom: names this case: name the case whose same words the case study glosses",
    ]);
    // A gloss borrowed from a case whose own is borrowed: Example 3 taking Calibration A's, and so each other's.
    expect(
      problemsIn((list) => (list.find((item) => item.id === "example-3")!.request.glossFrom = "calibration-a")),
    ).toEqual([
      "example-3 request.glossFrom: calibration-a takes its gloss from another case too: name the case that has the " +
        "case study's own gloss",
      "calibration-a request.glossFrom: example-3 takes its gloss from another case too: name the case that has the " +
        "case study's own gloss",
    ]);
    expect(problemsIn((list) => (calibrationA(list).request.glossFrom = "example-2"))).toEqual([
      "calibration-a request.glossFrom: example-2's request is not these same words: a gloss is taken only from the " +
        "same request",
    ]);
    expect(problemsIn((list) => (calibrationA(list).request.gloss = "Could you write me a formal email?"))).toEqual([
      "calibration-a request.glossFrom: the request gloss is not example-3's: copy its gloss word for word",
    ]);
    expect(problemsIn((list) => (list.find((item) => item.id === "example-3")!.origin = "notebook"))).toEqual([
      "calibration-a request.glossFrom: example-3 was written for the notebook: a gloss is taken only from a case of " +
        "the case study",
    ]);
  });
});

describe("a case of the case study (origin case-study, the default)", () => {
  const {cases} = loadCaseStudy();
  const problemsOf = (items: Pick<Item, "id" | "origin">[]): string[] =>
    caseStudyOriginProblems(items, cases).map(
      ({id, problem}) => `${id} ${fieldPath(problem.path)}: ${problem.message}`,
    );

  it("is one the case study rules: its seven examples, the edge-case map's rows and calibration A-D", () => {
    // The case study: "The Seven Examples, Scored"; the edge-case map's rows 1-10, with 1's three readings, 5's two
    // requests and 10's twist; the calibration set A-D, with D's twist.
    expect(cases).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7].map((number) => `example-${number}`),
      ...["1a", "1b", "1c", "2", "3", "4", "5a", "5b", "6", "7", "8", "9", "10", "10-twist"].map(
        (row) => `edge-${row}`,
      ),
      ...["a", "b", "c", "d", "d-twist"].map((letter) => `calibration-${letter}`),
    ]);
  });

  it("is refused under an id the case study has none of, and one it rules is never the notebook's", () => {
    expect(problemsOf([{id: "edge-11", origin: "case-study"}])).toEqual([
      'edge-11 origin: the case study has no case "edge-11" (data/case-study.yaml lists its cases): set origin: ' +
        "notebook to write it for the notebook, or give it the id of the case-study case it is",
    ]);
    expect(problemsOf([{id: "example-1", origin: "notebook"}])).toEqual([
      'example-1 origin: "example-1" is a case of the case study: remove origin: notebook, or give a case written ' +
        "for the notebook an id of its own",
    ]);
    expect(problemsOf([{id: "fresh-8", origin: "notebook"}])).toEqual([]);
  });
});

import {describe, expect, it} from "vitest";
import {quoteSpans} from "../../../lib/trainee/step-one.js";
import {markableTexts, matchStepOne, stepOneMode} from "../../../lib/trainee/step-one.js";
import {words} from "../../../lib/authored/quote.js";
import {free, item, items, mark, option} from "./helpers.js";

const summary = (result: ReturnType<typeof matchStepOne>) => ({
  found: result.found,
  missed: result.missed,
  candidates: result.candidates,
  notOnChecklist: result.notOnChecklist,
});

describe("marks compared with the ruled quotes", () => {
  const example4 = item("example-4");

  it("finds each ruled line a mark overlaps", () => {
    const result = matchStepOne(example4, [mark(example4, "why the sky is blue"), mark(example4, "in one sentence")]);
    expect(result.listings.map((listing) => listing.match)).toEqual([
      {kind: "ruled", index: 0, role: "main", rule: "main-task"},
      {kind: "ruled", index: 1, role: "instruction", rule: "purpose"},
    ]);
    expect(summary(result)).toEqual({found: 2, missed: 0, candidates: 0, notOnChecklist: 0});
  });

  it("counts one shared word as overlap: a mark on part of a quote finds its line", () => {
    const example1 = item("example-1");
    expect(matchStepOne(example1, [mark(example1, "two")]).listings[0]!.match).toMatchObject({kind: "ruled", index: 1});
    // "examples" is the main task's word, "no more than two" the limit's: the mark covers all of the limit.
    expect(matchStepOne(example1, [mark(example1, "no more than two examples")]).listings[0]!.match).toMatchObject({
      kind: "ruled",
      index: 1,
    });
  });

  it("matches a whole-sentence mark to one line and names the others it covers", () => {
    const result = matchStepOne(example4, [mark(example4, "Explain in one sentence why the sky is blue.")]);
    expect(result.listings[0]).toMatchObject({match: {kind: "ruled", index: 0}, alsoCovers: [1]});
    expect(result.ruled.map((line) => [line.line.text, line.found])).toEqual([
      ["Explain why the sky is blue", true],
      ["One sentence", false],
    ]);
  });

  // Example 3's ruled checklist (the case study): the main task quoted as "E-Mail an meine Vermieterin, Frau Berger,
  // schreiben" and "Die Heizung ist seit drei Tagen kaputt" (index 0), "Short" on "kurze" (1), "Formal" on
  // "förmliche" (2). The first sentence holds all three; any run of words that covers the main task's holds "kurze,
  // förmliche" too unless it starts at "E-Mail".
  const example3 = item("example-3");
  const sentence = "Kannst du mir bitte eine kurze, förmliche E-Mail an meine Vermieterin, Frau Berger, schreiben?";

  it("matches a sentence marked whole to the line it holds that no other mark has: the main task beside Short and Formal", () => {
    for (const order of [
      [sentence, "kurze", "förmliche"],
      ["kurze", "förmliche", sentence],
      ["förmliche", sentence, "kurze"],
    ]) {
      const result = matchStepOne(
        example3,
        order.map((words) => mark(example3, words)),
      );
      const lineOf = (words: string) => result.listings[order.indexOf(words)]!;
      expect(lineOf(sentence)).toMatchObject({match: {kind: "ruled", index: 0, role: "main"}, alsoCovers: []});
      expect(lineOf("kurze")).toMatchObject({match: {kind: "ruled", index: 1}, alsoCovers: []});
      expect(lineOf("förmliche")).toMatchObject({match: {kind: "ruled", index: 2}, alsoCovers: []});
      expect(summary(result)).toEqual({found: 3, missed: 0, candidates: 0, notOnChecklist: 0});
    }
  });

  it("moves a sentence marked whole to the main task when the trainee chose it as the main task", () => {
    // "kurze" marked apart holds Short. The sentence covers Formal whole and the main task by half (its first quote):
    // chosen as the main task it is the main task, and Formal is the line to list apart; not chosen, it is the line it
    // covers best that no listing has, Formal, and the main task is the line to list apart.
    const listings = [mark(example3, sentence), mark(example3, "kurze")];
    const chosen = matchStepOne(example3, listings, {main: 0});
    expect(chosen.listings[0]).toMatchObject({match: {kind: "ruled", index: 0}, alsoCovers: [2]});
    expect(chosen.listings[1]).toMatchObject({match: {kind: "ruled", index: 1}, alsoCovers: []});
    const none = matchStepOne(example3, listings);
    expect(none.listings[0]).toMatchObject({match: {kind: "ruled", index: 2}, alsoCovers: [0]});
    // A line typed for Short holds it as a mark on "kurze" does.
    const typed = matchStepOne(example3, [mark(example3, sentence), free("short")], {main: 0});
    expect(typed.listings.map((listing) => listing.match)).toMatchObject([
      {kind: "ruled", index: 0},
      {kind: "ruled", index: 1},
    ]);
  });

  it("reads marks the same whatever order they were listed in", () => {
    // Sets of overlapping marks on the examples, each listed in every order: each mark matches the same line and the
    // same lines are found. (Example 2's first three had found the main task in one order and missed it in another.)
    const sets: [string, string[]][] = [
      [
        "example-2",
        ["bike-sharing in three", "city bike-sharing in three bullet points, and end", "bullet points, and"],
      ],
      ["example-3", [sentence, "kurze", "förmliche"]],
      ["example-3", ["kurze, förmliche", "kurze", "förmliche", "E-Mail an meine Vermieterin"]],
      ["example-4", ["Explain in one sentence", "in one sentence why", "why the sky is blue."]],
    ];
    const orders = <T>(all: T[]): T[][] =>
      all.length < 2
        ? [all]
        : all.flatMap((one, at) => orders(all.filter((_, other) => other !== at)).map((rest) => [one, ...rest]));
    for (const [id, texts] of sets) {
      const of = item(id);
      const readings = orders(texts).map((order) => {
        const result = matchStepOne(
          of,
          order.map((text) => mark(of, text)),
        );
        const byText = Object.fromEntries(order.map((text, at) => [text, result.listings[at]!.match]));
        return JSON.stringify([texts.map((text) => byText[text]), result.ruled.map((line) => line.found)]);
      });
      expect(new Set(readings).size, id).toBe(1);
    }
  });

  it("lists a line's best-fitting mark first, so its verdict is the one compared", () => {
    // "kurze, förmliche" fits Short and Formal by half; "kurze" and "förmliche" fit them whole and hold them.
    const result = matchStepOne(example3, [
      mark(example3, "kurze, förmliche"),
      mark(example3, "kurze"),
      mark(example3, "förmliche"),
    ]);
    expect(result.ruled.map((line) => line.listings)).toEqual([[], [1, 0], [2]]);
  });

  it("keeps the same words marked twice on one line, as a repeat, not on the next line they touch", () => {
    const example4 = item("example-4");
    const twice = [
      mark(example4, "Explain in one sentence why the sky is blue."),
      mark(example4, "Explain in one sentence why the sky is blue."),
    ];
    const result = matchStepOne(example4, twice);
    expect(result.listings.map((listing) => listing.match)).toEqual([
      {kind: "ruled", index: 0, role: "main", rule: "main-task"},
      {kind: "ruled", index: 0, role: "main", rule: "main-task"},
    ]);
    expect(result.ruled.map((line) => line.listings)).toEqual([[0, 1], []]);
  });

  it("tells a missed line by its line", () => {
    const example7 = item("example-7");
    const result = matchStepOne(example7, [mark(example7, "List three Swedish words for snow")]);
    expect(result.ruled.filter((line) => !line.found).map((line) => line.line.quote)).toEqual([
      "three",
      "Just the words.",
    ]);
  });

  it("says 'not on the ruled checklist' for a mark that matches nothing", () => {
    const example3 = item("example-3");
    const result = matchStepOne(example3, [
      mark(example3, "bitte"),
      {kind: "mark", in: "request", start: 6, end: 7}, // the space after "Kannst"
      {kind: "mark", in: "request", start: 500, end: 510}, // past the end
      {kind: "mark", in: "turn-1", start: 0, end: 4}, // no such turn
    ]);
    expect(result.listings.map((listing) => [listing.text, listing.match.kind])).toEqual([
      ["bitte", "none"],
      ["", "none"],
      ["", "none"],
      ["", "none"],
    ]);
    expect(summary(result)).toEqual({found: 0, missed: 3, candidates: 0, notOnChecklist: 4});
  });

  it("reads a standing instruction's words in the earlier turn", () => {
    const edge7 = item("edge-7");
    const result = matchStepOne(edge7, [mark(edge7, "answer in bullet points", "turn-1")]);
    expect(result.listings[0]!.match).toMatchObject({kind: "ruled", index: 1, rule: "standing-instructions"});
  });

  it("finds every ruled line of every item when each quote is marked, and nothing else", () => {
    for (const each of items) {
      const marks = each.checklist.flatMap((line) =>
        line.role === "candidate"
          ? []
          : quoteSpans(each, line).map((span) => ({kind: "mark" as const, in: line.quoteIn, ...span})),
      );
      const result = matchStepOne(each, marks);
      const quoted = each.checklist.filter((line) => line.role !== "candidate" && line.quote);
      expect({id: each.id, found: result.found, extra: result.notOnChecklist + result.candidates}).toEqual({
        id: each.id,
        found: quoted.length,
        extra: 0,
      });
    }
  });
});

describe("lines of the trainee's own words", () => {
  it("gives a candidate's note: formality in edge case 9 was never requested", () => {
    const result = matchStepOne(item("edge-9"), [free("Formal register (Sie)")]);
    expect(result.listings[0]!.match).toEqual({
      kind: "candidate",
      index: 2,
      rule: "list-stated-only",
      note: "formality was never requested",
      source: "case-study",
    });
    expect(summary(result)).toEqual({found: 0, missed: 2, candidates: 1, notOnChecklist: 0});
  });
  it("matches word forms that share their first five letters", () => {
    expect(matchStepOne(item("edge-9"), [free("formality")]).listings[0]!.match.kind).toBe("candidate");
    expect(matchStepOne(item("edge-10"), [free("naturalness")]).listings[0]!.match).toMatchObject({index: 3});
  });
  it("marks an inferred candidate's note as the site's", () => {
    expect(matchStepOne(item("example-1"), [free("exactly two")]).listings[0]!.match).toMatchObject({
      kind: "candidate",
      source: "inferred",
    });
  });
  it("matches the line with the most words in common", () => {
    const result = matchStepOne(item("example-5"), [free("the answer must be correct")]);
    expect(result.listings[0]!.match).toMatchObject({kind: "candidate", rule: "not-rated"});
  });
  it("prefers a ruled line to a candidate that fits the typed words as well", () => {
    // "two examples" fits the limit ("No more than two examples") and the candidate "Exactly two examples" alike.
    expect(matchStepOne(item("example-1"), [free("two examples")]).listings[0]!.match).toMatchObject({
      kind: "ruled",
      index: 1,
    });
  });
  it("matches nothing when no word is shared", () => {
    expect(matchStepOne(item("example-2"), [free("be nice")]).listings[0]!.match).toEqual({kind: "none"});
  });
});

describe("the list a described request offers", () => {
  const edge4 = item("edge-4");

  it("uses a list where the case study describes the request", () => {
    expect(items.filter((each) => stepOneMode(each) === "list").map((each) => each.id)).toEqual([
      "edge-4",
      "edge-5a",
      "edge-5b",
      "edge-7",
      "edge-10-twist",
    ]);
  });
  it("finds a ticked ruled line, gives a ticked candidate's note, and names what was left unticked", () => {
    const result = matchStepOne(item("edge-7"), [option(0)]);
    expect(result.mode).toBe("list");
    expect(result.ruled.map((line) => [line.line.text, line.found])).toEqual([
      ["Answer the turn-3 request", true],
      ["Answer in bullet points (standing instruction from turn 1)", false],
    ]);
    // A ticked candidate (an option list works on any item's checklist) comes back with its note.
    const candidate = matchStepOne(item("example-1"), [option(2)]).listings[0]!.match;
    expect(candidate).toMatchObject({kind: "candidate", source: "inferred", rule: "list-stated-only"});
    expect(summary(matchStepOne(edge4, [option(0)]))).toEqual({found: 1, missed: 0, candidates: 0, notOnChecklist: 0});
  });
  it("reads an option that is not on the list as nothing", () => {
    expect(matchStepOne(edge4, [option(9)]).listings[0]!.match).toEqual({kind: "none"});
  });
});

describe("the words a mark is read as", () => {
  it("reads words by letters and digits, joined across inner hyphens", () => {
    expect(words("Kannst du eine E-Mail, 15% bitte?").map((word) => word.text)).toEqual([
      "Kannst",
      "du",
      "eine",
      "E-Mail",
      "15",
      "bitte",
    ]);
  });
});

describe("the texts a trainee marks", () => {
  it("offers the quoted request and the user's quoted earlier turns, and nothing where the request is described", () => {
    expect(markableTexts(item("example-5")).map(({where, label}) => [where, label])).toEqual([
      ["request", "the request"],
    ]);
    // Fresh case 6: the user's first turn sets the standing instruction; the assistant's second turn is not marked.
    expect(markableTexts(item("fresh-6")).map(({where, label}) => [where, label])).toEqual([
      ["request", "the request"],
      ["turn-1", "turn 1"],
    ]);
    expect(markableTexts(item("edge-7"))).toEqual([]);
  });
});

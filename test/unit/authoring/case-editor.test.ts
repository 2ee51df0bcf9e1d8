// The case editor's record and its edits: each edit pure, an emptied field left out, nothing added that the author
// did not enter.
import {describe, expect, it} from "vitest";
import {
  addLine,
  addNote,
  blankCase,
  nextFreeOrder,
  setSet,
  caseFileName,
  caseFileText,
  markedWords,
  moveLine,
  removeLine,
  removeNote,
  removeStretch,
  setCompare,
  setFact,
  setField,
  setId,
  setGloss,
  setLanguage,
  setLineField,
  setMainLine,
  setNote,
  setRule,
  setText,
  toggleFlag,
  type CaseRecord,
} from "../../../lib/authoring/case-editor.js";
import {strayStretches} from "../../../lib/authoring/case-view.js";

/** Frozen all the way down: an edit that changed the record it was given would throw. */
function frozen<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

const request = "Give me three tips for sleeping better, in under 100 words. Keep it casual.";
const drafted = (): CaseRecord =>
  frozen({
    ...blankCase(),
    request: {language: "en", text: request},
    checklist: [
      {role: "main", text: "Give sleep tips", quote: "Give me three tips for sleeping better"},
      {role: "instruction", text: "Three tips", quote: "three tips", rule: "numbers", verdict: "met"},
      {role: "instruction", text: "Casual", quote: "Keep it casual"},
    ],
  });

describe("a new case", () => {
  it("is a notebook draft in the fresh calibration set, with empty English texts and no lines", () => {
    expect(blankCase()).toEqual({
      id: "new-case",
      set: "fresh-calibration",
      origin: "notebook",
      request: {language: "en"},
      response: {language: "en"},
      checklist: [],
    });
    expect(caseFileName(blankCase())).toBe("new-case.md");
    expect(caseFileName(setField(blankCase(), "id", "fresh-8"))).toBe("fresh-8.md");
    expect(caseFileName(setField(blankCase(), "id", ""))).toBe("new-case.md");
  });

  // Hand-placed cases: fresh-7 last of its set at 7; edge-10-twist last of the edge cases at 14, edge-3 at 5.
  const placed = [
    {id: "fresh-7", set: "fresh-calibration", order: 7},
    {id: "edge-3", set: "edge-cases", order: 5},
    {id: "edge-10-twist", set: "edge-cases", order: 14},
  ];

  it("stands after the last case of its set, as case:new orders one, in the set chosen", () => {
    expect(blankCase({cases: placed}).order).toBe(8);
    expect(blankCase({set: "edge-cases", cases: placed})).toMatchObject({set: "edge-cases", order: 15});
    expect(nextFreeOrder(blankCase({cases: placed}), placed)).toBe(8);
  });

  it("takes the next free order of the set chosen, and keeps an order of the author's that is free there", () => {
    const draft = frozen(blankCase({cases: placed}));
    expect(setSet(draft, "edge-cases", placed)).toMatchObject({set: "edge-cases", order: 15});
    expect(nextFreeOrder(setSet(draft, "edge-cases", placed), placed)).toBe(15);
    expect(setSet({...draft, order: 20}, "edge-cases", placed).order).toBe(20);
    expect(setSet({...draft, order: 5}, "edge-cases", placed).order).toBe(15);
    const {order: _none, ...unordered} = draft;
    expect(setSet(unordered, "examples", placed).order).toBe(1);
  });
});

describe("the texts and fields", () => {
  it("sets the request, its language and gloss, and leaves a text out when it is emptied", () => {
    const record = frozen(blankCase());
    const german = setGloss(
      setLanguage(setText(record, "request", "Fasse zusammen."), "request", "de"),
      "request",
      "Sum up.",
    );
    expect(german.request).toEqual({language: "de", text: "Fasse zusammen.", gloss: "Sum up."});
    expect(setGloss(german, "request", "").request).toEqual({language: "de", text: "Fasse zusammen."});
    expect(setText(german, "request", "").request).toEqual({language: "de", gloss: "Sum up."});
    expect(german.response).toBe(record.response);
    expect(record.request).toEqual({language: "en"});
  });

  it("writes a language tag as Intl writes it, and keeps one that is no tag as typed, for the check to name", () => {
    const record = frozen(blankCase());
    expect(setLanguage(record, "response", "ES-mx ").response).toEqual({language: "es-MX"});
    expect(setLanguage(record, "response", "es_ES").response).toEqual({language: "es_ES"});
  });

  it("sets a field, and leaves it out when emptied: nothing is written empty", () => {
    const titled = setField(frozen(blankCase()), "title", "Three tips, four given");
    expect(titled.title).toBe("Three tips, four given");
    expect(setField(titled, "order", 8).order).toBe(8);
    expect("title" in setField(titled, "title", "")).toBe(false);
    expect("teaches" in setField(titled, "teaches", undefined)).toBe(false);
  });
});

describe("the checklist", () => {
  it("marks a stretch as the trainee does: the words from the first to the last, without trailing punctuation", () => {
    // Tokens: Give(0) me(1) three(2) tips(3) for(4) sleeping(5) better,(6) in(7) under(8) 100(9) words.(10) ...
    expect(markedWords(request, 7, 10)).toBe("in under 100 words");
    expect(markedWords(request, 3, 2)).toBe("three tips");
    expect(markedWords(request, 6, 6)).toBe("better");
  });

  it("adds a line from a mark with only what was entered, at the end", () => {
    const record = addLine(drafted(), {role: "instruction", quote: "in under 100 words"});
    expect(linesOf(record)).toHaveLength(4);
    expect(linesOf(record)[3]).toEqual({role: "instruction", quote: "in under 100 words"});
    const standing = addLine(drafted(), {role: "instruction", unquoted: "a system prompt sets it", text: "Formal"});
    expect(linesOf(standing)[3]).toEqual({role: "instruction", text: "Formal", unquoted: "a system prompt sets it"});
    const mainTask = addLine(blankCase(), {role: "main", quote: ["Give me", "tips"]});
    expect(linesOf(mainTask)).toEqual([{role: "main", quote: ["Give me", "tips"]}]);
  });

  it("removes and moves lines; an index outside the checklist changes nothing", () => {
    const record = drafted();
    expect(linesOf(removeLine(record, 1)).map((line) => line.text)).toEqual(["Give sleep tips", "Casual"]);
    expect(linesOf(moveLine(record, 2, 0)).map((line) => line.text)).toEqual([
      "Casual",
      "Give sleep tips",
      "Three tips",
    ]);
    expect(linesOf(moveLine(record, 0, 9)).map((line) => line.text)).toEqual([
      "Three tips",
      "Casual",
      "Give sleep tips",
    ]);
    expect(removeLine(record, 3)).toBe(record);
    expect(moveLine(record, -1, 0)).toBe(record);
    expect(moveLine(record, 1, 1)).toBe(record);
  });

  it("removes one stretch of a line's words, the line kept; its last leaves no words, for the check to ask for", () => {
    const record = frozen(setLineField(drafted(), 0, "quote", ["Give me", "three tips", "sleeping better"]));
    expect(linesOf(removeStretch(record, 0, 1))[0]).toEqual({
      role: "main",
      text: "Give sleep tips",
      quote: ["Give me", "sleeping better"],
    });
    // Two stretches down to one: written as one, as a line with one stretch is.
    expect(linesOf(removeStretch(removeStretch(record, 0, 2), 0, 0))[0]!.quote).toBe("three tips");
    expect(linesOf(removeStretch(drafted(), 1, 0))[1]).toEqual({
      role: "instruction",
      text: "Three tips",
      rule: "numbers",
      verdict: "met",
    });
    for (const [line, at] of [
      [0, 3],
      [0, -1],
      [5, 0],
    ] as const)
      expect(removeStretch(record, line, at)).toBe(record);
  });

  it("finds the stretches the request no longer holds as whole words, by line and place", () => {
    expect(strayStretches(drafted())).toEqual(new Map());
    // The request edited after the lines were marked: "three tips" became "3 tips", "casual" became "relaxed".
    const edited = setText(
      setLineField(drafted(), 0, "quote", ["Give me", "three tips"]),
      "request",
      "Give me 3 tips for sleeping better, in under 100 words. Keep it relaxed.",
    );
    expect(strayStretches(edited)).toEqual(
      new Map([
        [0, new Set([1])],
        [1, new Set([0])],
        [2, new Set([0])],
      ]),
    );
    // A stretch of an earlier turn, which has no form (quoted, as its file is read): the turn edited likewise.
    const turn = {
      ...drafted(),
      turns: [{role: "user", turn: 1, text: "From now on, answer in French."}],
      checklist: [{role: "instruction", text: "In French", quote: "in French", quoteIn: "turn-1"}],
    };
    expect(strayStretches(turn)).toEqual(new Map());
    expect(
      strayStretches({...turn, turns: [{role: "user", turn: 1, text: "From now on, answer in Italian."}]}),
    ).toEqual(new Map([[0, new Set([0])]]));
    // A part of a word is no whole word: "tip" is not in "three tips".
    expect(strayStretches(setLineField(drafted(), 1, "quote", "tip"))).toEqual(new Map([[1, new Set([0])]]));
  });

  it("keeps exactly one main task: choosing another makes the old one an instruction", () => {
    const record = setMainLine(drafted(), 2);
    expect(linesOf(record).map((line) => line.role)).toEqual(["instruction", "instruction", "main"]);
    expect(setMainLine(drafted(), 0)).toEqual(drafted());
  });

  it("sets a line's field, and leaves it out when emptied", () => {
    const noted = setLineField(drafted(), 2, "note", "Casual is a register: style-register decides it");
    expect(linesOf(noted)[2]!.note).toBe("Casual is a register: style-register decides it");
    expect("note" in linesOf(setLineField(noted, 2, "note", ""))[2]!).toBe(false);
  });

  it("choosing a rule starts its facts afresh and drops the old verdict; the same rule again changes nothing", () => {
    const record = setFact(setFact(setRule(drafted(), 1, "numbers"), 1, "limit", 3), 1, "bound", "exact");
    expect(linesOf(record)[1]).toMatchObject({rule: "numbers", facts: {limit: 3, bound: "exact"}, verdict: "met"});
    const changed = setRule(record, 1, "stated-constraints");
    expect(linesOf(changed)[1]).toEqual({
      role: "instruction",
      text: "Three tips",
      quote: "three tips",
      rule: "stated-constraints",
      facts: {},
    });
    expect(setRule(record, 1, "numbers")).toBe(record);
  });

  it("a rule chosen again brings back the facts typed under it; only the chosen rule's facts are in the record", () => {
    const numbers = setFact(setFact(setRule(drafted(), 1, "numbers"), 1, "limit", 3), 1, "bound", "exact");
    let record = setFact(setRule(numbers, 1, "stated-constraints"), 1, "observed", "partly");
    // Edits between, to this line and others, and a move: the facts go with the line.
    record = setLineField(record, 1, "note", "Three is a count");
    record = moveLine(setMainLine(record, 0), 1, 0);
    const back = setRule(record, 0, "numbers");
    expect(linesOf(back)[0]).toEqual({
      role: "instruction",
      text: "Three tips",
      quote: "three tips",
      note: "Three is a count",
      rule: "numbers",
      facts: {limit: 3, bound: "exact"},
    });
    expect(linesOf(setRule(back, 0, "stated-constraints"))[0]!.facts).toEqual({observed: "partly"});
    // A rule the line never had starts afresh.
    expect(linesOf(setRule(back, 0, "size-words"))[0]!.facts).toEqual({});
    // What is saved and written holds the chosen rule's facts alone.
    const saved = JSON.stringify(back);
    expect(saved).toContain('"facts":{"limit":3,"bound":"exact"}');
    expect(saved).not.toContain("partly");
    expect(caseFileText(back)).not.toContain("partly");
  });

  it("sets a fact, and leaves it out when unsaid (the schema's default, or not said)", () => {
    const record = setFact(setRule(drafted(), 2, "clarifying-question"), 2, "engages", false);
    expect(linesOf(record)[2]!.facts).toEqual({engages: false});
    expect(linesOf(setFact(record, 2, "engages", undefined))[2]!.facts).toEqual({});
  });
});

describe("notes, flags and cases to compare", () => {
  it("adds, changes and removes a likely wrong score; the last one removed leaves no notes", () => {
    const record = addNote(frozen(blankCase()), {label: "Why not 3", text: "Four tips is one too many.", score: 3});
    expect(record.notes).toEqual([{label: "Why not 3", text: "Four tips is one too many.", score: 3}]);
    const compared = setNote(record, 0, "compare", ["example-2"]);
    expect((compared.notes as object[])[0]).toMatchObject({compare: ["example-2"]});
    expect((setNote(compared, 0, "score", undefined).notes as object[])[0]).not.toHaveProperty("score");
    expect("notes" in removeNote(record, 0)).toBe(false);
    expect(removeNote(record, 1)).toBe(record);
  });

  it("toggles a flag on and off again, back to no flags", () => {
    const flagged = toggleFlag(frozen(blankCase()), "accuracy");
    expect(flagged.flags).toEqual([{flag: "accuracy"}]);
    expect(toggleFlag(toggleFlag(flagged, "prompt"), "accuracy").flags).toEqual([{flag: "prompt"}]);
    expect(toggleFlag(flagged, "accuracy")).toEqual(blankCase());
  });

  it("sets the cases to compare with; none leaves the field out", () => {
    const compared = setCompare(frozen(blankCase()), ["example-3", "edge-2"]);
    expect(compared.compare).toEqual(["example-3", "edge-2"]);
    expect(setCompare(compared, [])).toEqual(blankCase());
  });
});

function linesOf(record: CaseRecord): Record<string, unknown>[] {
  return record.checklist as Record<string, unknown>[];
}

describe("setId", () => {
  const cases = [
    {id: "edge-3", set: "edge-cases", order: 5},
    {id: "edge-10-twist", set: "edge-cases", order: 14},
  ];
  const edge3 = {id: "edge-3", set: "edge-cases", order: 5, caseStudyNumber: "3", checklist: []};
  it("makes a case of the case study under a new id one written for the notebook, as case:new would", () => {
    expect(setId(edge3, "edge-12", {loaded: edge3, cases})).toEqual({
      record: {id: "edge-12", set: "edge-cases", order: 15, origin: "notebook", checklist: []},
      became: "notebook",
    });
  });
  it("leaves an emptied id out, and a notebook case at a free order only takes the id", () => {
    expect(setId(edge3, "", {loaded: edge3, cases})).toEqual({
      record: {set: "edge-cases", order: 5, caseStudyNumber: "3", checklist: []},
      became: null,
    });
    const placed = {...blankCase(), order: 3};
    expect(setId(placed, "sea-poem", {loaded: placed, cases})).toEqual({
      record: {...placed, id: "sea-poem"},
      became: null,
    });
  });
});

// The checklist a trainee writes in Step 1: the request's tokens (words with their punctuation), marking a stretch by
// its first and last word, and the edits on a marked line. The texts are the case study's requests.
import {describe, expect, it} from "vitest";
import {
  addLine,
  asksMainNotMet,
  checklistOf,
  editChecklist,
  editingStart,
  type ChecklistEdit,
  type ChecklistEditing,
  extendLine,
  linesAt,
  mergeWithNext,
  nextMarkIndex,
  pendingPrompt,
  pressWord,
  removeLine,
  setMain,
  setVerdict,
  splitLine,
  stretch,
  tokens,
  type Mark,
  type Pending,
} from "../../../lib/trainee/draft.js";
import type {TraineeLine} from "../../../lib/trainee/progress.js";
import {listingText} from "../../../lib/trainee/words.js";
import {item, mark} from "./helpers.js";

const example5 = item("example-5"); // "Just the answer, no explanation: what is 15% of 80?"
const example1 = item("example-1"); // "Give me no more than two examples of irregular English verbs."
const example3 = item("example-3"); // „Kannst du mir bitte eine kurze, förmliche E-Mail an meine Vermieterin, …“

const textOfLines = (of: typeof example1, lines: readonly TraineeLine[]) =>
  lines.map((line) => listingText(of, line.listing));
/** Presses the words at these token positions in turn, as a trainee clicks them. */
function press(of: typeof example1, positions: number[], start: TraineeLine[] = []) {
  const all = tokens(of.request.text);
  let state: {lines: TraineeLine[]; pending: Pending} = {lines: start, pending: null};
  for (const position of positions) state = pressWord(state.lines, state.pending, "request", all, position);
  return state;
}
const at = (of: typeof example1, word: string) => tokens(of.request.text).findIndex((token) => token.text === word);

describe("the request's tokens", () => {
  it("keeps each word's punctuation with it, and marks only its word", () => {
    const found = tokens(example5.request.text);
    expect(found.map((token) => token.text)).toEqual([
      "Just",
      "the",
      "answer,",
      "no",
      "explanation:",
      "what",
      "is",
      "15%",
      "of",
      "80?",
    ]);
    const answer = found[2]!;
    expect(example5.request.text.slice(answer.wordStart, answer.wordEnd)).toBe("answer");
  });

  it("reads German quotation marks and a hyphenated word as one token with one word", () => {
    // The case study prints the request inside „…“; the item holds it without them.
    const quoted = `„${example3.request.text}“`;
    const found = tokens(quoted);
    expect(found[0]!.text).toBe("„Kannst");
    expect(quoted.slice(found[0]!.wordStart, found[0]!.wordEnd)).toBe("Kannst");
    expect(found.at(-1)!.text).toBe("kaputt.“");
    expect(found.map((token) => token.text)).toContain("E-Mail");
  });

  it("skips a run with no letter or digit, such as a dash", () => {
    expect(tokens("somnar – det").map((token) => token.text)).toEqual(["somnar", "det"]);
  });
});

describe("marking a stretch: its first word, then its last", () => {
  it("makes one line of the words between, starting and ending on a word", () => {
    const {lines, pending} = press(example5, [at(example5, "answer,"), at(example5, "explanation:")]);
    expect(pending).toBeNull();
    expect(textOfLines(example5, lines)).toEqual(["answer, no explanation"]);
  });

  it("waits after the first word, and takes the last word before the first as well", () => {
    const first = press(example5, [at(example5, "explanation:")]);
    expect(first.lines).toEqual([]);
    expect(first.pending).toEqual({kind: "from", in: "request", token: 4});
    expect(textOfLines(example5, press(example5, [4, 0]).lines)).toEqual(["Just the answer, no explanation"]);
  });

  it("marks one word when it is chosen twice", () => {
    expect(textOfLines(example1, press(example1, [at(example1, "two"), at(example1, "two")]).lines)).toEqual(["two"]);
  });

  it("never joins marks by itself: two words side by side stay two lines", () => {
    const two = at(example1, "two");
    const examples = at(example1, "examples");
    const {lines} = press(example1, [two, two, examples, examples]);
    expect(textOfLines(example1, lines)).toEqual(["two", "examples"]);
  });

  it("lets a stretch overlap another line: a number inside the main task's words", () => {
    const {lines} = press(example1, [0, at(example1, "verbs."), at(example1, "two"), at(example1, "two")]);
    expect(textOfLines(example1, lines)).toEqual([
      "Give me no more than two examples of irregular English verbs",
      "two",
    ]);
    const two = tokens(example1.request.text)[at(example1, "two")]!;
    expect(linesAt(lines, "request", two)).toEqual([0, 1]);
  });

  it("chooses no main task for the trainee", () => {
    const {lines} = press(example1, [0, 1, 4, 5]);
    expect(lines.some((line) => line.main)).toBe(false);
    expect(setMain(lines, 1).map((line) => line.main ?? false)).toEqual([false, true]);
    expect(setMain(setMain(lines, 1), 0).map((line) => line.main ?? false)).toEqual([true, false]);
  });

  it("keeps the lines in the order of the request, whatever order they were marked in", () => {
    const {lines} = press(example1, [at(example1, "verbs."), at(example1, "of"), 2, 5]);
    expect(textOfLines(example1, lines)).toEqual(["no more than two", "of irregular English verbs"]);
  });
});

describe("editing a marked line", () => {
  const all = tokens(example1.request.text);
  const base = press(example1, [2, 4]).lines; // "no more than"

  it("extends a line to a word on either side", () => {
    expect(textOfLines(example1, extendLine(base, 0, all, 6))).toEqual(["no more than two examples"]);
    expect(textOfLines(example1, extendLine(base, 0, all, 0))).toEqual(["Give me no more than"]);
    const extend = pressWord(base, {kind: "extend", line: 0}, "request", all, 6);
    expect(textOfLines(example1, extend.lines)).toEqual(["no more than two examples"]);
  });

  it("splits a line before one of its words, the first part keeping the main task and verdict", () => {
    const chosen = setVerdict(setMain(base, 0), 0, "met");
    const split = splitLine(chosen, 0, all, 3);
    expect(textOfLines(example1, split)).toEqual(["no", "more than"]);
    expect(split.map((line) => [line.main ?? false, line.verdict ?? null])).toEqual([
      [true, "met"],
      [false, null],
    ]);
    // Not before its first word, nor outside it.
    expect(splitLine(chosen, 0, all, 2)).toEqual(chosen);
    expect(splitLine(chosen, 0, all, 7)).toEqual(chosen);
  });

  it("merges a line with the next one in the text, the words between included", () => {
    const two = press(example1, [7, 10], base).lines; // + "of irregular English verbs"
    expect(nextMarkIndex(two, 0)).toBe(1);
    expect(nextMarkIndex(two, 1)).toBeNull();
    const merged = mergeWithNext(setVerdict(setMain(two, 1), 1, "met"), 0);
    expect(textOfLines(example1, merged)).toEqual(["no more than two examples of irregular English verbs"]);
    expect(textOfLines(example1, two)).toEqual(["no more than", "of irregular English verbs"]);
    expect(merged[0]!.main).toBe(true);
    expect(mergeWithNext(two, 1)).toEqual(two);
    // The first line's verdict stays; with none, the second's.
    expect(merged[0]!.verdict).toBe("met");
    expect(mergeWithNext(setVerdict(setVerdict(two, 0, "partly"), 1, "met"), 0)[0]!.verdict).toBe("partly");
    // A line inside or across this one is not "the next": nothing merges into it unseen.
    const inside = press(example1, [3, 3], base).lines; // "more", inside "no more than"
    expect(nextMarkIndex(inside, 0)).toBeNull();
  });

  it("removes a line, and adds the same stretch only once", () => {
    expect(removeLine(base, 0)).toEqual([]);
    const mark: Mark = stretch(all, "request", 2, 4);
    expect(addLine(base, mark)).toEqual(base);
  });

  it("keeps a line of the trainee's own words after the marked lines", () => {
    const typed = addLine(base, {kind: "free", text: "formal"});
    expect(addLine(typed, stretch(all, "request", 0, 0)).map((line) => line.listing.kind)).toEqual([
      "mark",
      "mark",
      "free",
    ]);
  });
});

describe("what the list says and records around its lines", () => {
  const words = {
    wordOf: (_where: string, token: number) => `word ${token}`,
    lineText: (line: number) => `line ${line}`,
  };

  it("prompts for the next press while a gesture is under way, and says nothing otherwise", () => {
    expect(pendingPrompt(null, words)).toBe("");
    expect(pendingPrompt({kind: "from", in: "request", token: 2}, words)).toBe(
      "From “word 2”: now press the last word of the instruction (the same word again for one word). Escape cancels.",
    );
    expect(pendingPrompt({kind: "extend", line: 0}, words)).toBe(
      "Press the word to extend “line 0” to. Escape cancels.",
    );
    expect(pendingPrompt({kind: "split", line: 1}, words)).toBe(
      "Press the word of “line 1” where the second line starts. Escape cancels.",
    );
    // Beside a Cancel button (a phone has no Escape key), without the key.
    expect(pendingPrompt({kind: "from", in: "request", token: 2}, words, {escape: false})).toBe(
      "From “word 2”: now press the last word of the instruction (the same word again for one word).",
    );
    expect(pendingPrompt({kind: "extend", line: 0}, words, {escape: false})).toBe(
      "Press the word to extend “line 0” to.",
    );
  });

  it("asks how the response stands only when the main task is not met or can't be checked", () => {
    const free = (text: string) => ({kind: "free", text}) as const;
    expect(asksMainNotMet([])).toBe(false);
    // Not met, but not the main task: nothing to ask.
    expect(asksMainNotMet([{listing: free("a"), verdict: "not-met"}])).toBe(false);
    expect(asksMainNotMet([{listing: free("a"), main: true, verdict: "partly"}])).toBe(false);
    expect(asksMainNotMet([{listing: free("a"), main: true, verdict: "not-met"}])).toBe(true);
    expect(asksMainNotMet([{listing: free("a"), main: true, verdict: "cannot-check"}])).toBe(true);
  });

  it("records no checklist for an empty list, and the main-task answer only when given", () => {
    const lines: TraineeLine[] = [{listing: {kind: "free", text: "a"}, main: true, verdict: "not-met"}];
    expect(checklistOf(undefined)).toBeUndefined();
    expect(checklistOf({lines: [], mainNotMet: "engages"})).toBeUndefined();
    expect(checklistOf({lines, mainNotMet: undefined})).toEqual({lines});
    expect(checklistOf({lines, mainNotMet: "ignores"})).toEqual({lines, mainNotMet: "ignores"});
  });
});

describe("the checklist's editor", () => {
  const start = editingStart({lines: [], mainNotMet: undefined});
  const edit = (state: ChecklistEditing, ...edits: ChecklistEdit[]) => edits.reduce(editChecklist, state);
  const texts = (state: ChecklistEditing) => state.lines.map((each) => listingText(example5, each.listing));

  it("takes a surface's marks, then a verdict and the main task, and asks how the response stands only then", () => {
    const marked = edit(start, {
      kind: "marked",
      lines: [{listing: mark(example5, "what is 15% of 80")}],
      pending: null,
    });
    const judged = edit(marked, {kind: "main", line: 0}, {kind: "verdict", line: 0, verdict: "not-met"});
    expect(judged.lines).toEqual([{listing: mark(example5, "what is 15% of 80"), main: true, verdict: "not-met"}]);
    expect(asksMainNotMet(judged.lines)).toBe(true);
    expect(edit(judged, {kind: "main-not-met", value: "ignores"}).mainNotMet).toBe("ignores");
  });

  it("waits on a line for the word to split it before, and drops the wait when locked or folded away", () => {
    const lines = [{listing: mark(example5, "no explanation")}];
    const waiting = edit(start, {kind: "marked", lines, pending: null}, {kind: "wait", line: 0, wait: "split"});
    expect(waiting.pending).toEqual({kind: "split", line: 0});
    expect(edit(waiting, {kind: "lock", locked: true}).pending).toBeNull();
    expect(edit(waiting, {kind: "active", active: false}).pending).toBeNull();
  });

  it("adds a line of the trainee's own words once typed, trimmed, and nothing for blank words", () => {
    const typed = edit(start, {kind: "free-open"}, {kind: "free-text", text: "  answer in French "});
    const added = edit(typed, {kind: "free-add"});
    expect(added.lines).toEqual([{listing: {kind: "free", text: "answer in French"}}]);
    expect(added.free).toEqual({open: true, text: ""});
    const blank = edit(start, {kind: "free-text", text: "   "});
    expect(edit(blank, {kind: "free-add"})).toBe(blank);
  });

  it("takes no edit of the list once locked, until a retry unlocks it", () => {
    const locked = edit(start, {kind: "lock", locked: true});
    expect(edit(locked, {kind: "marked", lines: [{listing: mark(example5, "Just")}], pending: null})).toBe(locked);
    const again = edit(
      locked,
      {kind: "lock", locked: false},
      {kind: "marked", lines: [{listing: mark(example5, "Just")}], pending: null},
    );
    expect(texts(again)).toEqual(["Just"]);
  });
});

// A text being marked while it is shown: what a press, a drag, a key or Escape does to its state, and how each word
// then shows. The text is example 5's request, “Just the answer, no explanation: what is 15% of 80?”.
import {describe, expect, it} from "vitest";
import {tokens, markStart, markUpdate, pendingHere, wordLooks, type MarkState} from "../../../lib/trainee/draft.js";
import {listingText} from "../../../lib/trainee/words.js";
import {item, line, mark} from "./helpers.js";

const example5 = item("example-5");
// Just(0) the(1) answer,(2) no(3) explanation:(4) what(5) is(6) 15%(7) of(8) 80?(9)
const start = markStart("request", tokens(example5.request.text));
const press = (state: MarkState, ...words: number[]) =>
  words.reduce((at, token) => markUpdate(at, {kind: "press", token}), state);
const texts = (state: MarkState) => state.lines.map((each) => listingText(example5, each.listing));

describe("marking a text", () => {
  it("marks a stretch with its first word and its last, and takes the keyboard to the word pressed", () => {
    const half = press(start, 3);
    expect(half.pending).toEqual({kind: "from", in: "request", token: 3});
    expect(half.active).toBe(3);
    const marked = press(half, 4);
    expect(texts(marked)).toEqual(["no explanation"]);
    expect(marked.pending).toBeNull();
    // A drag from the last word to the first marks the same stretch in one gesture.
    expect(texts(markUpdate(start, {kind: "stretch", from: 4, to: 3}))).toEqual(["no explanation"]);
  });

  it("changes nothing when locked, on a drag that stays on one word, or on Escape with nothing under way", () => {
    const locked = {...start, locked: true};
    expect(press(locked, 3)).toBe(locked);
    expect(markUpdate(start, {kind: "stretch", from: 2, to: 2})).toBe(start);
    expect(markUpdate(start, {kind: "cancel"})).toBe(start);
    expect(markUpdate(press(start, 3), {kind: "cancel"}).pending).toBeNull();
  });

  it("moves the keyboard with the arrows, Home and End, and stays at either end", () => {
    const end = markUpdate(start, {kind: "move", key: "End", from: 0});
    expect(end.active).toBe(9);
    expect(markUpdate(end, {kind: "move", key: "ArrowRight", from: 9})).toBe(end);
    expect(markUpdate(end, {kind: "move", key: "ArrowUp", from: 9}).active).toBe(8);
    expect(markUpdate(end, {kind: "move", key: "Home", from: 9}).active).toBe(0);
    expect(markUpdate(start, {kind: "move", key: "ArrowLeft", from: 0})).toBe(start);
  });

  it("takes the owner's lines, and is the same state when shown what it holds", () => {
    const lines = [line(mark(example5, "what is 15% of 80"))];
    const shown = markUpdate(start, {kind: "show", lines, pending: null, locked: false});
    expect(texts(shown)).toEqual(["what is 15% of 80"]);
    expect(markUpdate(shown, {kind: "show", lines, pending: null, locked: false})).toBe(shown);
  });
});

describe("how the words show", () => {
  it("marks a line's words and the space inside it, numbers it before its first word, and shows overlaps", () => {
    const lines = [line(mark(example5, "Just the answer")), line(mark(example5, "answer, no explanation"))];
    const looks = wordLooks({...start, lines});
    expect(looks.map((look) => look.marked)).toEqual([true, true, true, true, true, false, false, false, false, false]);
    expect(looks.map((look) => look.lines)).toEqual(["1", null, "2", null, null, null, null, null, null, null]);
    expect(looks.map((look) => look.overlap)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    // The space after "answer," is inside line 2; the one after "explanation:" leads out of every line.
    expect(looks.map((look) => look.gapMarked)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("shows the first word of a stretch under way, and the line an extend or split waits on", () => {
    expect(wordLooks(press(start, 6)).map((look) => look.anchor)).toEqual([
      ...Array(6).fill(false),
      true,
      false,
      false,
      false,
    ]);
    const lines = [line(mark(example5, "no explanation"))];
    const waiting = wordLooks({...start, lines, pending: {kind: "split", line: 0}});
    expect(waiting.map((look) => look.target)).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("says what to press next under a text only while the gesture under way waits on it", () => {
    expect(pendingHere(start)).toBe(false);
    expect(pendingHere(press(start, 3))).toBe(true);
    // Begun in the request: an earlier turn's text has nothing to say.
    expect(pendingHere({...press(start, 3), where: "turn-1"})).toBe(false);
    const lines = [line(mark(example5, "no explanation"))];
    expect(pendingHere({...start, lines, pending: {kind: "extend", line: 0}})).toBe(true);
    expect(pendingHere({...start, where: "turn-1", lines, pending: {kind: "split", line: 0}})).toBe(false);
    // A line typed, not marked, is extended nowhere.
    const typed = [line({kind: "free", text: "in English"})];
    expect(pendingHere({...start, lines: typed, pending: {kind: "extend", line: 0}})).toBe(false);
  });

  it("says the owner's number for a line: two marks of one line are numbered once", () => {
    const lines = [line(mark(example5, "Just")), line(mark(example5, "Just the answer"))];
    expect(wordLooks({...start, lines, numbers: [1, 1]})[0]!.lines).toBe("1");
  });
});

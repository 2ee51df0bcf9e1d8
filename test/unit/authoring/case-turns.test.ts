// The earlier turns of a conversation as the case editor edits them: added, typed, moved and removed, numbered again
// only when their order changes, with the lines that quote a turn following it; and the texts a line may quote.
import {describe, expect, it} from "vitest";
import {
  addTurn,
  markableTexts,
  moveTurn,
  removeTurn,
  setTurnField,
  turnsOf,
} from "../../../lib/authoring/case-turns.js";

const blank = {id: "new-case", request: {language: "en", text: "Now one paragraph, please."}, checklist: []};

describe("writing the turns of a conversation", () => {
  it("adds turns numbered from 1 and makes the request the turn after them", () => {
    let record: Record<string, unknown> = addTurn(blank, "user");
    record = setTurnField(record, 0, "text", "From now on, answer in bullet points.");
    record = addTurn(record, "assistant");
    record = setTurnField(record, 1, "text", "- Noted.");
    expect(record.turns).toEqual([
      {role: "user", turn: 1, text: "From now on, answer in bullet points."},
      {role: "assistant", turn: 2, text: "- Noted."},
    ]);
    expect(record.request).toEqual({language: "en", text: "Now one paragraph, please.", turn: 3});
    // An emptied text is left out; a role changes in place.
    expect(turnsOf(setTurnField(record, 1, "text", ""))[1]).toEqual({role: "assistant", turn: 2});
    expect(turnsOf(setTurnField(record, 1, "role", "user"))[1]).toMatchObject({role: "user", turn: 2});
  });

  // Edge case 7's shape: one quoted turn numbered 1, the request turn 3, and a line quoting turn 1.
  const edge7 = {
    turns: [{role: "user", turn: 1, text: "From now on, answer in bullet points.", form: "quoted"}],
    request: {language: "en", form: "described", turn: 3},
    checklist: [
      {role: "main", text: "Answer"},
      {role: "instruction", quote: "From now on, answer in bullet points.", quoteIn: "turn-1"},
    ],
  };

  it("keeps a case's own numbers while only words are typed", () => {
    expect(setTurnField(edge7, 0, "text", "Use bullets.").request).toEqual(edge7.request);
    expect(setTurnField(edge7, 0, "text", "From now on, answer in bullet points.")).toBe(edge7);
  });

  it("moves a line's quote with its turn when the turns are reordered", () => {
    const added = addTurn(edge7, "assistant");
    const moved = moveTurn(added, 1, 0);
    expect(turnsOf(moved).map(({role, turn}) => [role, turn])).toEqual([
      ["assistant", 1],
      ["user", 2],
    ]);
    expect(moved.request).toMatchObject({turn: 3});
    expect((moved.checklist as {quoteIn?: string}[])[1]!.quoteIn).toBe("turn-2");
    expect(moveTurn(moved, 0, 5)).toMatchObject({
      turns: [
        {role: "user", turn: 1},
        {role: "assistant", turn: 2},
      ],
    });
    expect(moveTurn(moved, 0, 0)).toBe(moved);
  });

  it("on removing a turn, a line that quoted it quotes the request again, never the turn that took its number", () => {
    const two = moveTurn(addTurn(edge7, "user"), 1, 0);
    // [new user turn 1, edge 7's turn 2]: the line quotes turn-2.
    const removed = removeTurn(two, 1);
    expect(turnsOf(removed)).toEqual([{role: "user", turn: 1}]);
    expect((removed.checklist as Record<string, unknown>[])[1]).toEqual({
      role: "instruction",
      quote: "From now on, answer in bullet points.",
    });
    const none = removeTurn(removed, 0);
    expect(none.turns).toBeUndefined();
    expect(none.request).toEqual({language: "en", form: "described"});
    expect(removeTurn(none, 0)).toBe(none);
  });
});

describe("markableTexts", () => {
  it("the request, then each quoted turn of the user's with a number and words", () => {
    const record = {
      request: {text: "Now prose."},
      turns: [
        {role: "user", turn: 1, text: "From now on, bullets."},
        {role: "assistant", turn: 2, text: "- Sure."},
        {role: "user", turn: 3, text: "The user said where she grew up.", form: "described"},
        {role: "user", text: "No number."},
        {role: "user", turn: 5},
      ],
    };
    expect(markableTexts(record)).toEqual([
      {quoteIn: "request", label: "the request", text: "Now prose."},
      {quoteIn: "turn-1", label: "turn 1", text: "From now on, bullets."},
    ]);
    expect(markableTexts({})).toEqual([{quoteIn: "request", label: "the request", text: ""}]);
  });
});

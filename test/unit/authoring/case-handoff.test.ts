import {describe, expect, it} from "vitest";
import {
  handoffQuery,
  openQuery,
  takeEditorKeys,
  unknownOpenedWords,
  type HandedLine,
} from "../../../lib/authoring/case-handoff.js";
import {linesOf} from "../../../lib/authoring/case-editor.js";

const lines: HandedLine[] = [
  {role: "main", rule: "main-task", facts: {delivered: true}},
  {role: "instruction", rule: "style-register", facts: {lapse: "breaks-register"}},
];

describe("a checklist handed from /authors to the case editor", () => {
  it("reads back as a new draft with each line's role, rule and facts, and the address keeps the candidate only", () => {
    const query = handoffQuery("base=v2&candidate=v2&set=registerBreak%3Dpartly", lines);
    const handed = takeEditorKeys(`?${query}`, []);
    expect(handed.rest).toBe("?base=v2&candidate=v2&set=registerBreak%3Dpartly");
    expect(linesOf(handed.handed!)).toEqual([
      {role: "main", rule: "main-task", facts: {delivered: true}},
      {role: "instruction", rule: "style-register", facts: {lapse: "breaks-register"}},
    ]);
    expect(handed.handed).toMatchObject({id: "new-case", origin: "notebook"});
    // The editor's start: the draft, and the query without the checklist, which goes back to the page.
    expect(takeEditorKeys(`?${query}`, [])).toEqual({
      handed: handed.handed,
      opened: null,
      unknown: null,
      rest: "?base=v2&candidate=v2&set=registerBreak%3Dpartly",
      taken: true,
    });
  });

  it("ignores an address with no checklist, or one that is not lines of a role, a rule and plain facts", () => {
    expect(takeEditorKeys("?base=v2", []).handed).toBeNull();
    const keys = (value: string) => takeEditorKeys(`?case=${encodeURIComponent(value)}`, []);
    const handing = (value: string) => keys(value).handed;
    expect(handing("not json")).toBeNull();
    expect(handing("[]")).toBeNull();
    expect(handing(JSON.stringify([{role: "judge", rule: "main-task", facts: {}}]))).toBeNull();
    expect(handing(JSON.stringify([{role: "main", rule: "main-task", facts: {delivered: {deep: true}}}]))).toBeNull();
    expect(handing(JSON.stringify(new Array(13).fill(lines[1])))).toBeNull();
    // A draft that is read hands its address back without the checklist, even when nothing else is left.
    expect(handing(JSON.stringify(lines))).not.toBeNull();
    expect(keys(JSON.stringify(lines)).rest).toBe("");
    // One the editor can't read leaves the address all the same, and hands nothing over.
    expect(takeEditorKeys("?case=not%20json&base=v2", [])).toEqual({
      handed: null,
      opened: null,
      unknown: null,
      rest: "?base=v2",
      taken: true,
    });
  });
});

describe("a case of the site opened in the editor from /authors", () => {
  it("is named under open= beside the candidate, and taken out of the address once read, known or not", () => {
    const query = openQuery("base=v2&candidate=v1", "example-2");
    expect(query).toBe("base=v2&candidate=v1&open=example-2");
    const cases = [
      {id: "example-1", set: "examples"},
      {id: "example-2", set: "examples"},
    ];
    expect(takeEditorKeys(`?${query}`, cases)).toEqual({
      handed: null,
      opened: "example-2",
      unknown: null,
      rest: "?base=v2&candidate=v1",
      taken: true,
    });
    // An id the site has no case of opens nothing, and is given back to be said; the address loses it all the same.
    expect(takeEditorKeys("?open=nope", cases)).toEqual({
      handed: null,
      opened: null,
      unknown: "nope",
      rest: "",
      taken: true,
    });
    expect(unknownOpenedWords("nope")).toBe(
      'The link asked to open "nope", but no case of this site has that id: choose one under Start from.',
    );
    // Given as the link spelt it, cut short.
    expect(unknownOpenedWords("x".repeat(300))).toBe(
      `The link asked to open "${"x".repeat(60)}…", but no case of this site has that id: choose one under Start from.`,
    );
    // An empty open= names nothing: taken out, not said.
    expect(takeEditorKeys("?base=v2&open=", cases)).toEqual({
      handed: null,
      opened: null,
      unknown: null,
      rest: "?base=v2",
      taken: true,
    });
    // No key at all: nothing opened, and the query as it was, spelt as it was, for the address to be left alone.
    expect(takeEditorKeys("?set=registerBreak=partly&", cases)).toEqual({
      handed: null,
      opened: null,
      unknown: null,
      rest: "?set=registerBreak=partly&",
      taken: false,
    });
    expect(takeEditorKeys("", cases)).toMatchObject({rest: "", taken: false});
  });

  it("with a draft handed over too, takes both keys out of the query in one reading", () => {
    const query = openQuery(handoffQuery("base=v2&candidate=v1", lines), "example-2");
    const keys = takeEditorKeys(`?${query}`, [{id: "example-2", set: "examples"}]);
    expect(keys.handed && linesOf(keys.handed)).toHaveLength(2);
    expect(keys).toMatchObject({opened: "example-2", unknown: null, rest: "?base=v2&candidate=v1"});
  });
});

import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import {reconstructedParts, reconstructionNotes} from "../../../lib/authored/reconstructed.js";

const v1 = loadGuideline("v1");
const v2 = loadGuideline("v2");

describe("reconstructedParts", () => {
  it("lists every part of v1 the case study does not give, in reading order", () => {
    expect(reconstructedParts(v1).map((part) => `${part.key} ${part.fields.join("+")}`)).toEqual([
      ...v1.rules.map((rule) => `rule:${rule.id} title+text`),
      "rubric:5 meaning+checklist",
      "rubric:4 meaning+checklist",
      "rubric:3 meaning+checklist",
      // Row 2's checklist is the case study's "most instructions missed"; only its meaning is reconstructed.
      "rubric:2 meaning",
      "rubric:1 meaning+checklist",
      "notApplicable notApplicable",
    ]);
  });
  it("names each part as a reader would", () => {
    const names = reconstructedParts(v1).map((part) => part.part);
    expect(names).toContain("Style and register");
    expect(names).toContain("Rubric row 3");
    expect(names.at(-1)).toBe("The not-applicable sentence");
  });
  it("finds nothing in v2, the case study's final guideline", () => {
    expect(reconstructedParts(v2)).toEqual([]);
    expect(reconstructionNotes(v2)).toEqual([]);
  });
});

describe("reconstructionNotes", () => {
  const notes = reconstructionNotes(v1);

  it("gives each reason once, numbered in order, with every part it covers", () => {
    expect(notes.map((note) => note.number)).toEqual(notes.map((_, index) => index + 1));
    expect(new Set(notes.map((note) => note.because)).size).toBe(notes.length);
    expect(notes.flatMap((note) => note.parts)).toHaveLength(reconstructedParts(v1).length);
  });
  it("groups the rules v1 takes from v2 unchanged under one note, and gives the changed ones their own", () => {
    const noteOf = (key: string) => notes.find((note) => note.parts.some((part) => part.key === key))!;
    expect(noteOf("rule:main-task").parts.map((part) => part.key)).toEqual(
      v1.rules
        .filter((rule) => rule.id !== "style-register" && rule.id !== "clarifying-question")
        .map((rule) => `rule:${rule.id}`),
    );
    expect(noteOf("rule:style-register").parts).toHaveLength(1);
    expect(noteOf("rule:style-register").because).toContain("exposed a gap in the first wording of the style rule");
    expect(noteOf("rule:clarifying-question").parts).toHaveLength(1);
    expect(noteOf("rubric:3").because).toContain("fell between 2 and 3");
  });
});

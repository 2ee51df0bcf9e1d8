// A case file's problems in an author's words (lib/authored/problem-words.ts): the issue's example, "Title: give the
// case a name" for the schema's "title: missing: expected string", whichever check found it.
import {describe, expect, it} from "vitest";
import {caseProblemInWords, problemInWords, strayQuoteWords} from "../../../lib/authored/problem-words.js";

const file = "data/items/leaves-spanish.md";
const said = (field: string, message: string): string => problemInWords({file, field, message}).message;

describe("a case file's problem in words", () => {
  it("names a missing or empty field by its control's name, with the fix, whichever check found it", () => {
    expect(said("title", "missing: expected string")).toBe("Title: give the case a name");
    expect(said("title", 'too short: expected at least 1 character, got ""')).toBe("Title: give the case a name");
    expect(said("title", "too small: expected string to have >=1 characters")).toBe("Title: give the case a name");
    expect(said("request.text", 'missing: expected a "## Request" section')).toBe("Request: paste the request");
    expect(said("checklist[1].rule", "missing: choose the rule that decides this line")).toBe(
      "Line 2, its rule: choose the rule that decides it",
    );
  });

  it("asks a file for the verdict and the score the case editor derives, and the editor's draft for what derives them", () => {
    // Before, a file written by hand that lacked a line's verdict was told to "decide its facts", which it had.
    expect(said("checklist[2].verdict", "missing: expected string")).toBe(
      "Line 3, its verdict: write the verdict its facts give: guideline:check names the rule's if they differ",
    );
    expect(said("score", "missing: expected number")).toBe(
      "Score: write the score the rubric gives its lines: guideline:check names the engine's if they differ",
    );
    const inEditor = (field: string) =>
      problemInWords({file, field, message: "missing: expected string"}, "editor").message;
    expect(inEditor("checklist[2].verdict")).toBe(
      "Line 3, its verdict: decide its facts: the engine then gives the verdict",
    );
    expect(inEditor("score")).toBe("Score: decide every line: the engine then gives the score");
    // Every other field has one fix, wherever it is written.
    expect(inEditor("title")).toBe(said("title", "missing: expected string"));
  });

  it("names a fact in the editor by its control's label, and in a file by its name", () => {
    const problem = {file, field: "checklist[1].facts.delivered", message: "enter a whole number"};
    const label = (line: number, fact: string) =>
      line === 1 && fact === "delivered" ? {label: "How many it gives", missing: "fill it in"} : undefined;
    expect(problemInWords(problem, "editor", label).message).toBe("Line 2, “How many it gives”: enter a whole number");
    // A message that starts with the label (the editor's refusal of a typed value) says it once; a missing fact is
    // told what to do.
    const refused = {...problem, message: 'How many it gives: enter a whole number, not "-1"'};
    expect(problemInWords(refused, "editor", label).message).toBe(
      'Line 2, “How many it gives”: enter a whole number, not "-1"',
    );
    expect(problemInWords({...problem, message: "missing: expected number"}, "editor", label).message).toBe(
      "Line 2, “How many it gives”: fill it in",
    );
    expect(problemInWords(problem, "file", label).message).toBe("Line 2, fact delivered: enter a whole number");
    expect(problemInWords({...problem, field: "checklist[0].facts.delivered"}, "editor", label).message).toBe(
      "Line 1, fact delivered: enter a whole number",
    );
  });

  it("tells a file to copy a stray stretch's words again, and the editor's draft to remove it and mark them again", () => {
    const stray = '"translate this note" is not in the request as whole words: copy the words exactly';
    expect(said("checklist[0].quote", stray)).toBe(`Line 1, its words in the request: ${stray}`);
    for (const field of ["checklist[0].quote", "checklist[0].quote[1]"])
      expect(problemInWords({file, field, message: stray}, "editor").message).toBe(
        'Line 1, its words in the request: "translate this note" is not in the request as whole words: ' +
          "remove it with the × after it, then mark the words again with Add a stretch",
      );
    // One wording of where, the file's check and the editor's line alike: "turn 2", not the file's "turn-2".
    expect(strayQuoteWords('"in French"', "turn-2")).toBe('"in French" is not in turn 2 as whole words');
    expect(strayQuoteWords('"in French"', "request")).toBe('"in French" is not in the request as whole words');
  });

  it("keeps any other message after the field's name, and says once that a field is missing", () => {
    expect(said("request.language", "write the language tag as es")).toBe(
      "Language of the request: write the language tag as es",
    );
    expect(said("checklist[0].note", "missing: a candidate needs a note")).toBe(
      "Line 1, its note: a candidate needs a note",
    );
    expect(said("checklist[0].facts.limit", "missing: expected number")).toBe(
      "Line 1, fact limit: missing: expected number",
    );
    expect(said("notes[1].label", "missing: expected string")).toBe(
      "Note 2 on a likely wrong score, its label: say which score it is about, like Why not 3",
    );
  });

  it("is said once, and leaves a field it does not name, and another file's problem, as they were", () => {
    const once = problemInWords({file, field: "title", message: "missing: expected string"});
    expect(problemInWords(once)).toEqual(once);
    expect(said("## answer", "unknown section")).toBe("unknown section");
    const guideline = {file: "guideline/v2/guideline.yaml", field: "title", message: "missing: expected string"};
    expect(caseProblemInWords(guideline)).toEqual(guideline);
  });
});

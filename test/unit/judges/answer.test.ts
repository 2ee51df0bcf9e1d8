// Reading a judge's reply as an answer: JSON only (one fence around it at most), checked field by field, never
// guessed into a score, and bounded before it is parsed.
import {describe, expect, it} from "vitest";
import {answerLimits, failedReplyExcerpt, readAnswer} from "../../../lib/judges/answer.js";

const line = {instruction: "in one sentence", main: false, rule: "purpose", verdict: "not-met"};
const main = {instruction: "Describe the plot of Romeo and Juliet", main: true, rule: "main-task", verdict: "met"};
const answer = {checklist: [main, line], score: 2};

describe("readAnswer", () => {
  it("reads a JSON answer, and the same answer inside one ```json fence", () => {
    expect(readAnswer(JSON.stringify(answer))).toEqual({ok: true, answer});
    expect(readAnswer("```json\n" + JSON.stringify(answer, null, 2) + "\n```\n")).toEqual({ok: true, answer});
  });

  it('reads not applicable as "n/a", in either spelling', () => {
    for (const score of ["n/a", "Not applicable"])
      expect(readAnswer(JSON.stringify({...answer, score}))).toMatchObject({ok: true, answer: {score: "n/a"}});
  });

  it("never guesses a score out of prose, or out of prose around JSON", () => {
    expect(readAnswer("I would give this response a 4: it follows most instructions.")).toEqual({
      ok: false,
      status: "unparsed",
      problem: "not JSON: the reply is not a JSON object",
    });
    expect(readAnswer(`Here is my answer: ${JSON.stringify(answer)}`)).toMatchObject({ok: false, status: "unparsed"});
    expect(readAnswer('{"checklist": [], "score": 4')).toEqual({
      ok: false,
      status: "unparsed",
      problem: "not JSON: the reply does not parse",
    });
  });

  it("names the field that fails, and why", () => {
    const cases: [unknown, string][] = [
      [{...answer, score: 6}, 'score: expected 1 to 5 or "n/a"'],
      [{...answer, score: 3.5}, 'score: expected 1 to 5 or "n/a"'],
      [{...answer, score: "4"}, 'score: expected 1 to 5 or "n/a"'],
      [{score: 4}, "checklist: expected a list"],
      [
        {...answer, checklist: [main, {...line, verdict: "mostly"}]},
        "checklist[1].verdict: expected one of met, met-flaw, partly, not-met, cannot-check, not-applicable",
      ],
      [{...answer, checklist: [{...main, main: "yes"}]}, "checklist[0].main: expected true or false"],
      [{...answer, checklist: [{...main, rule: ""}]}, "checklist[0].rule: expected a rule id"],
      [
        {...answer, checklist: [{...main, instruction: " "}]},
        "checklist[0].instruction: expected the instruction in the request's words",
      ],
      [{...answer, checklist: ["met"]}, "checklist[0]: expected an object with instruction, main, rule and verdict"],
      [{...answer, checklist: Array.from({length: 41}, () => line)}, "checklist: more than 40 lines"],
      [
        {...answer, checklist: [{...line, instruction: "x".repeat(1001)}]},
        "checklist[0].instruction: longer than 1000 characters",
      ],
    ];
    for (const [json, problem] of cases)
      expect(readAnswer(JSON.stringify(json))).toEqual({ok: false, status: "invalid", problem});
  });

  it("keeps a rule id it does not know as written: the page shows it as unknown", () => {
    const invented = {...answer, checklist: [main, {...line, rule: "the-one-sentence-rule"}]};
    expect(readAnswer(JSON.stringify(invented))).toMatchObject({
      ok: true,
      answer: {checklist: [{}, {rule: "the-one-sentence-rule"}]},
    });
  });

  it("measures nesting before parsing: 2,000 levels deep is refused without recursion", () => {
    const deep = `{"checklist": ${"[".repeat(2000)}${"]".repeat(2000)}, "score": 3}`;
    expect(readAnswer(deep)).toEqual({
      ok: false,
      status: "invalid",
      problem: `nested deeper than ${answerLimits.depth} levels`,
    });
  });

  it("keeps the first 2,000 characters of a failed reply, never half a surrogate pair", () => {
    expect(failedReplyExcerpt("a".repeat(5000))).toHaveLength(2000);
    expect(failedReplyExcerpt(`${"a".repeat(1999)}😀`)).toBe("a".repeat(1999));
  });

  it("reads the flags a checklist-v2 reply raises, each a guideline flag once, and none when the field is absent", () => {
    const base = {checklist: [{instruction: "Answer", main: true, rule: "main-task", verdict: "met"}], score: 5};
    expect(readAnswer(JSON.stringify({...base, flags: ["accuracy", "safety-review"]}))).toEqual({
      ok: true,
      answer: {...base, flags: ["accuracy", "safety-review"]},
    });
    expect(readAnswer(JSON.stringify(base))).toEqual({ok: true, answer: base});
    for (const flags of [["accuracy", "accuracy"], ["style"], "accuracy", [1]])
      expect(readAnswer(JSON.stringify({...base, flags}))).toEqual({
        ok: false,
        status: "invalid",
        problem: "flags: expected a list of accuracy, quality, prompt, safety-review, each at most once",
      });
  });
});

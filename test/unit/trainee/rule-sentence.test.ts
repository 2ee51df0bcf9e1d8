// Every clause's sentence is the current guideline's own words, and the sentence chosen for a line is the one a rater
// would quote for it.
import {describe, expect, it} from "vitest";
import {loadGuidelines} from "../../../lib/node/load.js";
import {logicRule, quotedSpan, ruleSentence as sentenceOf} from "../../../lib/trainee/rule-sentence.js";

const guidelines = loadGuidelines();
const current = guidelines.at(-1)!;
const rule = (id: string) => current.rules.find((candidate) => candidate.id === id)!;
/** The sentence under the current version's logic, the line's facts given as the one fact a rule's sentence follows. */
const ruleSentence = (text: {id: string; text: string}, clause: string | null, facts: Record<string, string> = {}) =>
  sentenceOf(text, logicRule(current.logic, text.id), clause, facts);

describe("the sentence of a rule that applies", () => {
  it("quotes only sentences the current guideline states, word for word", () => {
    const missing = current.logic.rules.flatMap(({id, clauses}) =>
      clauses.flatMap(({id: clause, sentence}) =>
        sentence === undefined || rule(id).text.includes(sentence) ? [] : [`${id}/${clause}`],
      ),
    );
    expect(missing).toEqual([]);
  });

  it("picks the clause's sentence out of a rule of several", () => {
    expect(ruleSentence(rule("numbers"), "ceiling-needs-one")).toBe(
      "A ceiling still requires at least one: delivering none doesn't meet it.",
    );
    expect(ruleSentence(rule("numbers"), "not-exact")).toBe(
      'A bare number ("give two examples") means exactly that number.',
    );
    expect(ruleSentence(rule("style-register"), "slightly-less-formal")).toBe(
      "A choice that is slightly less formal but still acceptable counts as met with a small flaw.",
    );
    expect(ruleSentence(rule("not-rated"), "separate-dimension", {dimension: "accuracy"})).toBe(
      "If you notice a factual error, flag it in the accuracy field, but don't lower this score for it.",
    );
  });

  it("gives the whole rule where no clause is known, or where the version words it otherwise", () => {
    expect(ruleSentence(rule("numbers"), null)).toBe(rule("numbers").text);
    expect(ruleSentence({id: "numbers", text: "Numbers are targets."}, "ceiling-needs-one")).toBe(
      "Numbers are targets.",
    );
  });
});

describe("where a sentence stands in its rule's text", () => {
  it("finds a sentence the text folds across lines, so the case editor bolds the whole of it", () => {
    const text = "Numbers are targets. A ceiling still requires at least\none: delivering none doesn't meet it.";
    const span = quotedSpan("A ceiling still requires at least one: delivering none doesn't meet it.", text)!;
    expect(text.slice(span.start, span.end)).toBe(
      "A ceiling still requires at least\none: delivering none doesn't meet it.",
    );
    expect(quotedSpan("A ceiling still requires two.", text)).toBeNull();
    // Its words are read as text, not as a pattern.
    expect(quotedSpan("targets (.*)", "Numbers are targets.")).toBeNull();
  });
});

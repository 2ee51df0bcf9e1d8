import {describe, expect, it} from "vitest";
import {parse} from "yaml";
import {GuidelineLogic} from "../../../lib/authored/schemas/logic.js";
import {formatProblem, problemsFromZod} from "../../../lib/authored/problems.js";
import {loadGuideline} from "../../../lib/node/load.js";

/** The problems of a logic record, one a line (empty when valid). */
function problemsOf(yaml: string): string {
  const input: unknown = parse(yaml);
  const parsed = GuidelineLogic.safeParse(input);
  return parsed.success ? "" : problemsFromZod("logic.yaml", parsed.error, input).map(formatProblem).join("\n");
}

const small = (
  rule: string,
  rubric = "{credit: {met: 1}, rows: [{id: all, words: w, short: s, when: 'true', score: 5}]}",
) => `parameters: []\nflags: []\nflagWords: {}\nrules: [${rule}]\nrubric: ${rubric}\n`;

/** A logic of one rule and one rubric row (`row`: its words) with a threshold (its type, range, value…). */
const withThreshold = (row: string, threshold: string) =>
  small(
    "{id: r, facts: [], clauses: [{id: a, verdict: met}]}",
    `{credit: {met: 1}, rows: [{id: all, ${row}, when: 'true', score: 5, threshold: ` +
      `{name: t, title: T, description: D, ${threshold}}}]}`,
  );

/** Row 3's share as a threshold, its "half" said by the counting values `parameters` names. */
const halfShareWording = (parameters: string) =>
  `type: number, min: 0, max: 1, value: 0.5, wording: {value: 0.5, phrases: {half: '#%'}, parameters: {${parameters}}}`;

describe("the logic schema", () => {
  it("parses v1's and v2's logic.yaml, each with a rule for every rule its guideline applies", () => {
    for (const version of ["v1", "v2"]) {
      const guideline = loadGuideline(version);
      const applied = [...guideline.rules, ...(guideline.unwrittenRules ?? [])].map((rule) => rule.id).sort();
      expect(guideline.logic.rules.map((rule) => rule.id).sort()).toEqual(applied);
    }
  });

  it("gives v1 the first rubric's values and v2 the final ones, and otherwise the same logic but rows 3 and 2's words", () => {
    const v1 = loadGuideline("v1").logic;
    const v2 = loadGuideline("v2").logic;
    const values = (logic: GuidelineLogic) =>
      Object.fromEntries(logic.parameters.map((parameter) => [parameter.name, parameter.value]));
    // The case study: the first rubric said "most instructions missed" with no count, had no row for a response that
    // engages without doing the task, and its style rule did not place a choice slightly less formal than asked.
    const firstRubric = {counting: "most-missed", mainNotMet: "unspecified", slightLapse: "flaw-or-partly"};
    expect(values(v1)).toEqual({...values(v2), ...firstRubric});
    expect(values(v2)).toMatchObject({
      counting: "at-least-half",
      mainNotMet: "engages-clause",
      slightLapse: "met-flaw",
    });
    // Rows 3 and 2 are worded in each version's own counting: v1's as its rubric's rows 3 and 2 read ("Some
    // instructions missed", "Most instructions missed"), v2's as its ("at least half", "fewer than half").
    const words = (logic: GuidelineLogic) =>
      logic.rubric.rows.filter((row) => typeof row.short !== "string").map((row) => [row.id, row.words]);
    expect(words(v1)).toEqual([
      ["half-or-more", "main task met or partly met, some instructions missed"],
      ["fewer-than-half", "main task met or partly met, most instructions missed"],
    ]);
    expect(words(v2)).toEqual([
      ["half-or-more", "main task met or partly met, at least half of the other instructions met"],
      ["fewer-than-half", "main task met or partly met, fewer than half of the other instructions met"],
    ]);
    const withoutValues = (logic: GuidelineLogic) => ({
      ...logic,
      parameters: logic.parameters.map((parameter) => ({...parameter, value: null})),
      rubric: {
        ...logic.rubric,
        rows: logic.rubric.rows.map((row) => (typeof row.short === "string" ? row : {...row, words: null})),
      },
    });
    expect(withoutValues(v1)).toEqual(withoutValues(v2));
  });

  it("quotes every clause's sentence from v2's rule text", () => {
    const guideline = loadGuideline("v2");
    const misquoted = guideline.logic.rules.flatMap((rule) => {
      const text = guideline.rules.find((stated) => stated.id === rule.id)!.text;
      const sentences = [
        ...rule.clauses.flatMap((clause) => (clause.sentence ? [clause.sentence] : [])),
        ...Object.values(rule.sentences?.values ?? {}),
      ];
      return sentences.filter((sentence) => !text.includes(sentence)).map((sentence) => `${rule.id}: ${sentence}`);
    });
    expect(misquoted).toEqual([]);
  });

  it("refuses a fact name CEL cannot read and a verdict that is not one", () => {
    const rule =
      "{id: r, facts: [{name: 2nd, title: T, description: D, type: yes-no}], clauses: [{id: a, verdict: done}]}";
    expect(problemsOf(small(rule))).toBe(
      [
        'logic.yaml at rules[0].facts[0].name: got "2nd": expected a name CEL can read: letters, digits and _, not ' +
          "starting with a digit",
        "logic.yaml at rules[0].clauses[0].verdict: expected a verdict (met, met-flaw, partly, not-met, cannot-check, " +
          'not-instruction, not-applicable) or $ and a parameter\'s name or object, got "done"',
      ].join("\n"),
    );
  });

  it("refuses a clause id used twice in a rule", () => {
    const rule = "{id: r, facts: [], clauses: [{id: a, verdict: met}, {id: a, verdict: not-met}]}";
    expect(problemsOf(small(rule))).toBe('logic.yaml at rules[0].clauses[1].id: duplicate clause of r "a"');
  });

  it("refuses a parameter's value that is not one of its values, or outside its range", () => {
    const parameters =
      "parameters: [{name: counting, title: T, description: D, type: choice, values: [at-least-half, most-missed], " +
      "value: at-least-hafl}, {name: cap, title: T, description: D, type: count, min: 1, max: 5, value: 9}]\n";
    expect(
      problemsOf(small("{id: r, facts: [], clauses: [{id: a, verdict: met}]}").replace("parameters: []\n", parameters)),
    ).toBe(
      [
        'logic.yaml at parameters[0].value: "at-least-hafl" is not one of counting\'s values: expected one of ' +
          "at-least-half, most-missed",
        "logic.yaml at parameters[1].value: cap: 9 is outside its range: expected a value from 1 to 5",
      ].join("\n"),
    );
  });

  it("refuses a rubric row's threshold outside its range, naming the range", () => {
    expect(problemsOf(withThreshold("words: w, short: s", "type: count, min: 0, max: 3, value: 7"))).toBe(
      "logic.yaml at rubric.rows[0].threshold.value: 7 is outside its range: expected a value from 0 to 3",
    );
  });

  it("refuses a threshold's wording whose phrase no row says, or whose other form has no place for the number", () => {
    const threshold =
      "type: count, min: 0, max: 3, value: 1, wording: {value: 1, phrases: {one flaw: 'up to # flaws', " +
      "all met: 'every one'}}";
    expect(problemsOf(withThreshold("words: every one met, short: all met", threshold))).toBe(
      [
        'logic.yaml at rubric.rows[0].threshold.wording.phrases.all met: got "every one": expected "#" where the ' +
          "number goes",
        'logic.yaml at rubric.rows[0].threshold.wording.phrases.one flaw: "one flaw" is in no row\'s words: write ' +
          "it as a row's words or short words say it",
      ].join("\n"),
    );
  });

  it("refuses a threshold's wording that names a value its parameter does not have, in the words any value is", () => {
    const threshold = halfShareWording("counting: [at-least-hlaf]");
    const counting =
      "parameters: [{name: counting, title: T, description: D, type: choice, values: [at-least-half, most-missed], " +
      "value: at-least-half}]\n";
    expect(
      problemsOf(withThreshold("words: at least half met, short: s", threshold).replace("parameters: []\n", counting)),
    ).toBe(
      'logic.yaml at rubric.rows[0].threshold.wording.parameters.counting[0]: "at-least-hlaf" is not one of ' +
        "counting's values: expected one of at-least-half, most-missed",
    );
  });

  it("refuses a threshold's wording that names a parameter the version does not declare", () => {
    const threshold = halfShareWording("countnig: [at-least-half]");
    expect(problemsOf(withThreshold("words: at least half met, short: s", threshold))).toBe(
      'logic.yaml at rubric.rows[0].threshold.wording.parameters.countnig: no choice parameter "countnig": name one ' +
        "whose values' words say this number",
    );
  });

  it("refuses words that name what the version does not declare: a linked parameter, a value, a row's parameter", () => {
    const parameters =
      "parameters: [{name: counting, title: T, description: D, type: choice, values: [half, most], value: half, " +
      "words: {half: at least half, hlaf: typo}}, {name: cap, title: T, description: D, type: count, min: 1, max: 5, value: 3}]\n" +
      "linked: [{phrase: at least half, members: [{name: counting, to: others}, {name: countnig, to: main}]}]\n";
    const rubric =
      "{credit: {met: 1}, rows: [{id: all, short: {parameter: cap, values: {x: y}}, when: 'true', score: 5}], " +
      "cap: {id: capped, short: {parameter: counting, values: {half: h}}, when: 'false', score: 3}}";
    expect(
      problemsOf(
        small("{id: r, facts: [], clauses: [{id: a, verdict: met}]}", rubric).replace("parameters: []\n", parameters),
      ),
    ).toBe(
      [
        'logic.yaml at linked[0].members[1].name: no parameter "countnig": use one of counting, cap',
        'logic.yaml at parameters[0].words.hlaf: "hlaf" is not one of counting\'s values: expected one of half, most',
        'logic.yaml at rubric.rows[0].short.parameter: no choice parameter "cap": name one of the parameters with listed ' +
          "values",
        "logic.yaml at rubric.cap.short.values: no words for counting = most: add them",
      ].join("\n"),
    );
  });
});

import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {ProbeVersion} from "../../../lib/probes/schema.node.js";
import {checkExamples} from "../../../lib/probes/check.js";
import {
  looseVariants,
  removeEmphasis,
  scoreBoth,
  scoreLoose,
  scoreReply,
  scoreRule,
} from "../../../lib/probes/score.js";

const v2 = ProbeVersion.parse(JSON.parse(readFileSync("data/probes/six-step-chain/v2.json", "utf8")));
const rule = (id: string) => {
  const found = v2.rules.find((r) => r.id.startsWith(id));
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};
/** A second probe, of three rules on a one-line reply (test/fixtures/probes/three-words). */
const threeWords = ProbeVersion.parse(
  JSON.parse(readFileSync("test/fixtures/probes/three-words/data/probes/three-words/v1.json", "utf8")),
);
const correct = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731";
const outcomes = (text: string) => scoreReply(v2.rules, text).rules.map((r) => r.outcome);

describe("the case study's six worked examples", () => {
  it("score exactly as the case study declares, through the real scorer", () => {
    expect(checkExamples("v2.json", v2)).toEqual([]);
    expect(v2.examples.map((e) => [e.label, scoreReply(v2.rules, e.text).total.toFixed(2)])).toEqual([
      ["Correct", "1.00"],
      ["added a helpful closing line after END — step 6", "0.83"],
      ["mentioned Pluto — the negative instruction", "0.83"],
      ["checksum confused with the list length", "0.83"],
      ["wrong order — Saturn before Jupiter", "0.83"],
      ["preamble before the opening marker", "0.83"],
    ]);
  });

  it("each rejected example fails exactly the step it names", () => {
    const failing = v2.examples.map((e) =>
      scoreReply(v2.rules, e.text)
        .rules.filter((r) => r.outcome === "fail")
        .map((r) => r.step),
    );
    expect(failing).toEqual([[], [6], [4], [5], [2], [1]]);
  });

  it("is deterministic: each example gets its hand-worked score whatever was scored before, with fresh rules", () => {
    // Worked out by hand from each text and the six patterns: the steps the text fails as given, and how many
    // steps pass on some loose variant (dropping the first or last line, removing emphasis).
    const handWorked = [
      {failing: [], loose: 6},
      {failing: [6], loose: 6}, // without the last line, END-7731 ends the text
      {failing: [4], loose: 5}, // Pluto is on a middle line: no variant drops it
      {failing: [5], loose: 5}, // CHECKSUM: 3 on every variant
      {failing: [2], loose: 5}, // Saturn before Jupiter on every variant
      {failing: [1], loose: 6}, // without the first line, a blank line and then BEGIN-7731
    ];
    const orders = [
      [0, 1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1, 0],
      [3, 0, 5, 1, 4, 2],
    ];
    for (const order of orders) {
      // Rules as a reader would get them from the file, new objects each time: nothing can be cached on them.
      const rules = structuredClone(v2.rules);
      for (const i of order) {
        scoreBoth(rules, "Pluto BEGIN-7731 ".repeat(500)); // something else scored in between
        const {strict, loose} = scoreBoth(rules, v2.examples[i]!.text);
        const failing = strict.rules.filter((r) => r.outcome === "fail").map((r) => r.step);
        expect({example: i, failing, loose: loose.passed}).toEqual({example: i, ...handWorked[i]});
      }
    }
  });

  it("reports the matched span", () => {
    const result = scoreReply(v2.rules, correct).rules;
    expect(result[0]?.span).toEqual({start: 0, end: 10, text: "BEGIN-7731"});
    expect(result[1]?.span).toEqual({start: 11, end: 38, text: "- Jupiter\n- Saturn\n- Uranus"});
    expect(result[3]?.span).toBeNull(); // must-not-match that passes: nothing found
    const pluto = scoreReply(v2.rules, v2.examples[2]!.text).rules[3];
    expect(pluto?.outcome).toBe("fail");
    expect(pluto?.span?.text).toBe("Pluto");
  });
});

describe("spans on non-ASCII text", () => {
  it("are UTF-16 offsets, as String.slice takes them, after accents, an emoji and a lone surrogate", () => {
    const text = "Grüße, ein Lächeln 😀 und \ud83d — BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3 Plutó";
    const [step1, step2, step3] = scoreReply(v2.rules, text).rules;
    expect(step1?.outcome).toBe("fail"); // ^\s* does not skip the preamble
    for (const [result, found] of [
      [step2, "- Jupiter\n- Saturn\n- Uranus"],
      [step3, "COUNT: 3"],
    ] as const) {
      expect(result?.span?.text).toBe(found);
      expect(result?.span?.start).toBe(text.indexOf(found));
      expect(text.slice(result!.span!.start, result!.span!.end)).toBe(found);
    }
    const pluto = scoreReply(v2.rules, "😀😀 PLUTO").rules[3];
    expect(pluto?.span).toEqual({start: 5, end: 10, text: "PLUTO"});
  });

  it("match what JavaScript's RegExp finds, for every rule on every worked example", () => {
    for (const example of v2.examples)
      for (const rule of v2.rules) {
        const js = new RegExp(rule.pattern, rule.flags).exec(`Ünïcödé 😀\n${example.text}`);
        const span = scoreRule(rule, `Ünïcödé 😀\n${example.text}`).span;
        expect(span && [span.start, span.text]).toEqual(js && [js.index, js[0]]);
      }
  });
});

// Each regex exactly as written, not as the author may have meant it.
describe("edges of every rule", () => {
  const cases: [string, string, "pass" | "fail"][] = [
    // step 1: /^\s*BEGIN-7731/ (no flags)
    ["step_1", "BEGIN-7731", "pass"],
    ["step_1", "  \n\t BEGIN-7731", "pass"], // leading whitespace and blank lines are allowed
    ["step_1", "BEGIN-77310", "pass"], // no word boundary after the marker
    ["step_1", "BEGIN-7731 and more on the same line", "pass"],
    ["step_1", "begin-7731", "fail"], // case-sensitive
    ["step_1", "BEGIN 7731", "fail"],
    ["step_1", "> BEGIN-7731", "fail"],
    ["step_1", "**BEGIN-7731**", "fail"], // markdown emphasis is a preamble character
    ["step_1", "x\nBEGIN-7731", "fail"], // ^ is the start of the text, not of a line (no m flag)
    // step 2: /-\s*Jupiter[\s\S]*-\s*Saturn[\s\S]*-\s*Uranus/i
    ["step_2", "- Jupiter\n- Saturn\n- Uranus", "pass"],
    ["step_2", "-Jupiter-Saturn-Uranus", "pass"], // lines are not required
    ["step_2", "- jupiter\n- SATURN\n- uranus", "pass"], // i flag
    ["step_2", "-\n\nJupiter\n-\nSaturn\n-\nUranus", "pass"], // \s* spans newlines
    ["step_2", "- Jupiter\n- Saturn\n- Neptune\n- Uranus", "pass"], // extra items in between are not refused
    ["step_2", "- Jupiters\n- Saturnalia\n- Uranusian", "pass"], // no word boundaries
    ["step_2", "- Saturn\n- Jupiter\n- Saturn\n- Uranus", "pass"], // a wrong first line is not refused if the order appears later
    ["step_2", "- Jupiter\n- Uranus\n- Saturn", "fail"],
    ["step_2", "* Jupiter\n* Saturn\n* Uranus", "fail"], // bullets other than -
    ["step_2", "– Jupiter\n– Saturn\n– Uranus", "fail"], // en dash is not a hyphen
    ["step_2", "1. Jupiter\n2. Saturn\n3. Uranus", "fail"],
    ["step_2", "- Jupiter\n- Saturn", "fail"],
    // step 3: /COUNT:\s*3\b/
    ["step_3", "COUNT: 3", "pass"],
    ["step_3", "COUNT:3", "pass"],
    ["step_3", "COUNT:\n3", "pass"],
    ["step_3", "COUNT: 3.", "pass"],
    ["step_3", "COUNT: 3 items", "pass"],
    ["step_3", "DISCOUNT: 3", "pass"], // no boundary before COUNT
    ["step_3", "COUNT: 30", "fail"],
    ["step_3", "COUNT: 3x", "fail"],
    ["step_3", "COUNT : 3", "fail"],
    ["step_3", "Count: 3", "fail"], // case-sensitive
    ["step_3", "COUNT: three", "fail"],
    // step 4: must not match /pluto/i
    ["step_4", correct, "pass"],
    ["step_4", "Plu to", "pass"],
    ["step_4", "PLUTO", "fail"],
    ["step_4", "plutonium", "fail"], // any substring counts
    ["step_4", "(not Pluto)", "fail"],
    // step 5: /CHECKSUM:\s*6\b/
    ["step_5", "CHECKSUM: 6", "pass"],
    ["step_5", "CHECKSUM:6", "pass"],
    ["step_5", "CHECKSUM:  6 steps", "pass"],
    ["step_5", "CHECKSUM: 60", "fail"],
    ["step_5", "CHECKSUM: 3", "fail"],
    ["step_5", "checksum: 6", "fail"],
    ["step_5", "CHECKSUM: six", "fail"],
    // step 6: /END-7731\s*$/ (no m flag: $ is the end of the text)
    ["step_6", "END-7731", "pass"],
    ["step_6", "END-7731\n\n  \n", "pass"], // trailing whitespace is allowed
    ["step_6", "xEND-7731", "pass"], // need not be on its own line
    ["step_6", "END-7731.", "fail"],
    ["step_6", "END-7731\nThanks!", "fail"],
    ["step_6", "END-7731 ", "pass"],
    ["step_6", "end-7731", "fail"],
    ["step_6", "END-7731\n\nLet me know if you'd like anything else!", "fail"],
  ];
  it.each(cases)("%s on %j: %s", (id, text, expected) => {
    expect(scoreRule(rule(id), text).outcome).toBe(expected);
  });
});

describe("strict vs loose", () => {
  it("loose drops a preamble line and a trailing line, and says which variant passed", () => {
    const text = `Sure!\n${correct}\nHope that helps.`;
    expect(outcomes(text)).toEqual(["fail", "pass", "pass", "pass", "pass", "fail"]);
    const loose = scoreLoose(v2.rules, text);
    expect(loose.total).toBe(1);
    expect(loose.rules.map((r) => r.variant)).toEqual([
      "without first line",
      "as given",
      "as given",
      "as given",
      "as given",
      "without last line",
    ]);
  });

  it("loose removes markdown emphasis", () => {
    const text = "**BEGIN-7731**\n- Jupiter\n- Saturn\n- Uranus\n**COUNT:** 3\nCHECKSUM: 6\n_END-7731_";
    expect(scoreReply(v2.rules, text).passed).toBe(3);
    const loose = scoreLoose(v2.rules, text);
    expect(loose.passed).toBe(6);
    expect(loose.rules[0]?.variant).toBe("emphasis removed");
  });

  it("loose cannot rescue a blank line between a preamble and the marker (only one line is dropped)", () => {
    const preamble = v2.examples[5]!.text; // "Sure! Here you go:\n\nBEGIN-7731..."
    expect(scoreLoose(v2.rules, preamble).rules[0]?.outcome).toBe("pass"); // \s* absorbs the blank line
    expect(scoreLoose(v2.rules, `Sure!\nHere you go:\n${correct}`).rules[0]?.outcome).toBe("fail");
  });

  it("the probe's score is the strict one; loose is never lower", () => {
    for (const e of v2.examples) {
      const {strict, loose} = scoreBoth(v2.rules, e.text);
      expect(loose.passed).toBeGreaterThanOrEqual(strict.passed);
    }
  });

  it("loose never drops the only line: an empty text would pass every must-not-match rule", () => {
    // "It is blue." has a capital and a full stop: steps 2 and 3 of three-words fail on every variant.
    const {strict, loose} = scoreBoth(threeWords.rules, "It is blue.");
    expect(strict.passed).toBe(1);
    expect(loose.passed).toBe(1);
    expect(loose.rules.map((r) => [r.id, r.outcome, r.variant])).toEqual([
      ["three_words", "pass", "as given"],
      ["lowercase", "fail", null],
      ["no_full_stop", "fail", null],
    ]);
    // Nor a line that is blank, left by a final newline or blank lines around the only line.
    expect(scoreLoose(threeWords.rules, "It is blue.\n").passed).toBe(1);
    expect(scoreLoose(threeWords.rules, "\nIt is blue.\n\n").passed).toBe(1);
  });

  it("a variant left blank is not tried; the text as given always is", () => {
    expect(looseVariants("one line").map((v) => v.name)).toEqual(["as given", "emphasis removed"]);
    expect(looseVariants("a\n").map((v) => v.name)).toEqual([
      "as given",
      "without last line",
      "emphasis removed",
      "without last line, emphasis removed",
    ]);
    expect(looseVariants("**").map((v) => v.name)).toEqual(["as given"]);
    expect(looseVariants("").map((v) => v.name)).toEqual(["as given"]);
  });

  it("variants come in a fixed order, the text as given first", () => {
    expect(looseVariants("a\nb\nc").map((v) => v.text)).toEqual([
      "a\nb\nc",
      "b\nc",
      "a\nb",
      "b",
      "a\nb\nc",
      "b\nc",
      "a\nb",
      "b",
    ]);
    expect(removeEmphasis("**bold** and *it* and __u__ and _v_ but snake_case_name")).toBe(
      "bold and it and u and v but snake_case_name",
    );
  });
});

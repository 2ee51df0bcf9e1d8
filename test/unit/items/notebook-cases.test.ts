// The cases written for the notebook (data/items/fresh-*.md): the fresh blind calibration pool, two of which pin the
// parameters no case-study case tests. The case study cannot hold them, so this test holds them to the notebook's
// own rulings, written out by hand below: the score each case is ruled, the rule that settles it, what a parameter
// change must move, and the counts their notes rest on (words, lines, characters, counted by hand in the texts).
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";
import {decidingRule} from "../../../lib/trainee/deciding-rule.js";

const items = loadItems();
const v2 = loadGuideline("v2");
const item = (id: string): Item => items.find((candidate) => candidate.id === id)!;

// id, the ruled score, the rule that settles the case.
const ruled: [string, number, string][] = [
  ["fresh-1", 5, "only-just"],
  ["fresh-2", 3, "main-task-partial"],
  ["fresh-3", 3, "size-words"],
  ["fresh-4", 2, "numbers"],
  ["fresh-5", 5, "conflicting"],
  ["fresh-6", 5, "standing-instructions"],
  ["fresh-7", 1, "pasted-material"],
];
const freshIds = ruled.map(([id]) => id);
const fresh = freshIds.map(item);

// The rules that settle the case study's calibration cases (Part 6's "Checklist" lines): the fresh pool is for a
// trainee who has seen those rulings, so it exercises other rules.
const calibrationRules: [string, string][] = [
  ["calibration-a", "style-register"], // "Formal: met, with a small flaw."
  ["calibration-b", "purpose"], // "One sentence: not met (0 of 1)."
  ["calibration-c", "refusal"], // "The response declines a harmless request."
  ["calibration-d", "clarifying-question"], // "Main task met, because the question is justified."
  ["calibration-d-twist", "clarifying-question"], // "the question wouldn't be justified"
];

const ruleOf = (id: string, parameters: ParameterValues = {}) =>
  decidingRule(item(id), derive(item(id), ruleSetOf(v2, parameters)), v2.logic);

/** Every item whose score differs under the changed parameters, with its score before and after. */
function moved(parameters: ParameterValues): [string, unknown, unknown][] {
  const base = ruleSetOf(v2);
  const changed = ruleSetOf(v2, parameters);
  return items
    .map((each): [string, unknown, unknown] => [each.id, derive(each, base).score, derive(each, changed).score])
    .filter(([, before, after]) => before !== after);
}

// Words that would state or hint at a ruling in a topic a trainee reads before Check.
const rulingWords =
  /\b(met|partly|miss\w*|wrong|ignor\w*|fail\w*|only|just|extra\w*|replac\w*|conflict\w*|can't|half|long|short|\d)\b/i;

const wordsIn = (text: string): number => text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

describe("the cases written for the notebook", () => {
  it("are exactly fresh-1 to fresh-7, in order, in the fresh calibration set", () => {
    expect(items.filter((each) => each.origin === "notebook").map((each) => each.id)).toEqual(freshIds);
    expect(items.filter((each) => each.set === "fresh-calibration").map((each) => each.id)).toEqual(freshIds);
    expect(fresh.map((each) => each.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  describe.each(fresh.map((each) => [each.id, each] as const))("%s", (_id, each) => {
    it("is marked as the notebook's, states no case-study number and reads nothing in", () => {
      expect(each.origin).toBe("notebook");
      expect(each.caseStudyNumber).toBeUndefined();
      expect(each.checklist.filter((line) => line.source === "inferred")).toEqual([]);
      expect(each.flags.filter((flag) => flag.source === "inferred")).toEqual([]);
    });

    it("says on every checklist line why its facts are what they are", () => {
      expect(each.checklist.filter((line) => !line.note?.trim()).map((line) => line.text)).toEqual([]);
    });

    it("quotes an English request and response and quotes every ruled line", () => {
      expect([each.request.language, each.response.language, each.request.form, each.response.form]).toEqual([
        "en",
        "en",
        "quoted",
        "quoted",
      ]);
      const bare = each.checklist.filter((line) => line.role !== "candidate" && !line.quote);
      expect(bare.map((line) => line.text)).toEqual([]);
    });

    it("has its ruling, what it teaches, at least two likely wrong scores and a case-study case to compare", () => {
      expect(each.ruling).toBeTruthy();
      expect(each.teaches).toBeTruthy();
      const wrong = each.notes.filter((note) => typeof note.score === "number");
      expect(wrong.length).toBeGreaterThanOrEqual(2);
      const labelled = (label: string, score: unknown) => new RegExp(`^Why raters give ${score}\\b`).test(label);
      expect(wrong.filter((note) => !labelled(note.label, note.score)).map((note) => note.label)).toEqual([]);
      expect(each.compare.length).toBeGreaterThan(0);
      expect(each.compare.filter((id) => item(id)?.origin !== "case-study")).toEqual([]);
    });

    it("gives nothing away in its topic, shown before Check", () => {
      expect(each.topic).not.toMatch(rulingWords);
    });
  });

  it.each(ruled)("%s: the engine derives its ruled score, %i, line by line as ruled, under v2", (id, score) => {
    const derivation = derive(item(id), ruleSetOf(v2));
    expect(item(id).score).toBe(score);
    expect(derivation.score).toBe(score);
    expect(derivation.lines.map((line) => line.derived)).toEqual(item(id).checklist.map((line) => line.verdict));
  });

  it.each(ruled)("%s (ruled %i) is settled by the rule %s", (id, _score, rule) => {
    expect(ruleOf(id).rule).toBe(rule);
  });

  it("uses seven different rules, none of them a rule that settles a Part 6 calibration case", () => {
    expect(calibrationRules.map(([id]) => ruleOf(id).rule)).toEqual(calibrationRules.map(([, rule]) => rule));
    const rules = ruled.map(([, , rule]) => rule);
    expect(new Set(rules).size).toBe(7);
    expect(rules.filter((rule) => calibrationRules.some(([, taken]) => taken === rule))).toEqual([]);
  });

  it("spreads the scores: at least four different ones", () => {
    expect(new Set(fresh.map((each) => each.score)).size).toBeGreaterThanOrEqual(4);
  });
});

describe("the two parameters the case study's cases do not test", () => {
  it("additions breaking an instruction without 'only' or 'just' moves fresh-1 alone, from 5 to 3", () => {
    expect(moved({additionsBreakWithoutWording: true})).toEqual([["fresh-1", 5, 3]]);
  });

  it("a main task counting as partly done only when more than half is done moves fresh-2 alone, from 3 to 2", () => {
    expect(moved({mainPartThreshold: "more-than-half"})).toEqual([["fresh-2", 3, 2]]);
  });
});

describe("the counts the cases' notes rest on, counted by hand", () => {
  it("fresh-1: the caption is two lines, then a blank line before the tip", () => {
    const [caption] = item("fresh-1").response.text.split("\n\n");
    expect(caption!.split("\n")).toHaveLength(2);
  });

  it("fresh-2: two notes of three sentences, 31 and 34 words between greeting and sign-off", () => {
    const bodies = [...item("fresh-2").response.text.matchAll(/^Dear [^\n]+\n([^\n]+)\n/gm)].map((match) => match[1]!);
    expect(bodies.map((body) => body.split(/(?<=[.!?]) /).length)).toEqual([3, 3]);
    expect(bodies.map(wordsIn)).toEqual([31, 34]);
    expect(item("fresh-2").checklist[1]!.note).toContain("31 and 34 words");
  });

  it("fresh-3: the response has 209 words", () => {
    expect(wordsIn(item("fresh-3").response.text)).toBe(209);
    expect(item("fresh-3").checklist[1]!.note).toContain("209 words");
  });

  it("fresh-4: four numbered questions, though the response says five", () => {
    const text = item("fresh-4").response.text;
    expect(text.split("\n").filter((line) => /^\d+\. /.test(line))).toHaveLength(4);
    expect(text).toContain("Here are five");
  });

  it("fresh-5: a 36-character title; the six details need 56 characters, any five 40", () => {
    expect("Handmade Speckled Ceramic Mug, 12 oz".length).toBe(36);
    expect(item("fresh-5").response.text).toContain("\nHandmade Speckled Ceramic Mug, 12 oz\n");
    const details = ["handmade", "ceramic", "mug", "speckled glaze", "12 oz", "dishwasher safe"];
    expect(item("fresh-5").request.text).toContain(`all of these: ${details.join(", ")}.`);
    // The shortest a title can be: single spaces, and "12oz" run together.
    const shortest = (chosen: string[]) => chosen.join(" ").replace("12 oz", "12oz").length;
    expect(shortest(details)).toBe(56);
    const fives = details.map((_, left) => details.filter((__, index) => index !== left));
    expect(Math.min(...fives.map(shortest))).toBe(40);
  });
});

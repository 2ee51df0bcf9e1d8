import {describe, expect, it} from "vitest";
import type {Guideline} from "../../../lib/authored/schemas/guideline.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import type {TrainingPart} from "../../../lib/authored/schemas/parts.js";
import {loadGuidelines, loadItems, loadParts} from "../../../lib/node/load.js";
import {partLoad, partMinutes, secondsPerStep, wordsPerMinute} from "../../../lib/trainee/part-time.js";

type PartShape = Parameters<typeof partLoad>[0];
type ItemShape = Parameters<typeof partLoad>[1][number];

const text = (words: string): Item["request"] => ({text: words, form: "quoted", language: "en"});
const line = (role: "main" | "other" | "candidate") => ({role}) as Item["checklist"][number];

/** An item of set `examples` with a two-word request, a three-word response and two ruled lines and a candidate. */
const item: ItemShape = {
  set: "examples",
  turns: [],
  request: text("Write briefly."),
  response: text("Here it is."),
  split: [{score: 3, reason: "Too short"}, {score: 4}],
  openQuestion: "Is brief enough?",
  checklist: [line("main"), line("other"), line("candidate")],
};
const guideline = {
  notRated: {title: "Not rated", text: "Accuracy and tone"},
  steps: [
    {step: 1, title: "List"},
    {step: 2, title: "Check"},
    {step: 3, title: "Score"},
  ],
  rules: [{title: "Only and just", text: "Only means nothing else"}],
  rubric: [{meaning: "All met", checklist: "Every instruction met"}],
  notApplicable: "No instruction",
  vague: "Rate it",
} as unknown as Guideline;
const part = (shape: Partial<TrainingPart>): PartShape => ({
  intro: [{text: "Score each case."}],
  closing: [],
  ...shape,
});

describe("how long a part takes", () => {
  it("reads at Brysbaert's 238 words a minute and gives each step 20 seconds", () => {
    expect(wordsPerMinute).toBe(238);
    expect(secondsPerStep).toBe(20);
    // 238 words are a minute; 3 steps of 20 s are another.
    expect(partMinutes({words: 238, steps: 3})).toBe(2);
    // 476 words (2 min) and 9 steps (3 min).
    expect(partMinutes({words: 476, steps: 9})).toBe(5);
    // Rounded to the nearest minute, never under one.
    expect(partMinutes({words: 0, steps: 0})).toBe(1);
    expect(partMinutes({words: 238, steps: 4})).toBe(2);
    expect(partMinutes({words: 238, steps: 5})).toBe(3);
  });

  it("counts a scored item's texts and its steps: two a ruled line, then the score, Check and the ruling", () => {
    // Words: "Score each case." 3, request 2, response 3. Steps: 2 ruled lines x 2, then 3 (the candidate is no step).
    expect(partLoad(part({items: "examples", phase: "guideline"}), [item], guideline)).toEqual({words: 8, steps: 7});
    // Under the one-line instruction: the score, Check and the ruling.
    expect(partLoad(part({items: "examples", phase: "vague"}), [item], guideline)).toEqual({words: 8, steps: 3});
  });

  it("reads a read-only part's splits and open question, one step an item; only the part's own set counts", () => {
    // Words: 3 + 2 + 3, the split's reason "Too short" 2 and the open question 3; one step.
    expect(partLoad(part({items: "examples"}), [item, {...item, set: "edge-cases"}], guideline)).toEqual({
      words: 13,
      steps: 1,
    });
  });

  it("reads the guideline itself on the part with no items", () => {
    // Intro 3; not rated 2 + 3; steps 3; the rule 3 + 4; the rubric 2 + 3; not applicable 2.
    expect(partLoad(part({closing: ["Now practise."]}), [item], guideline)).toEqual({words: 27, steps: 0});
  });

  it("asks of Part 1 three steps for each of the case study's seven examples", () => {
    const parts = loadParts();
    const vague = parts.find((candidate) => candidate.phase === "vague")!;
    expect(partLoad(vague, loadItems(), loadGuidelines().at(-1)!).steps).toBe(7 * 3);
  });
});

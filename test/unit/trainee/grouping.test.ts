// No two messages of a ruling contradict each other however a trainee groups the request's words (issue 29, item 2):
// for every item whose request is quoted, checklists made of the ruled quotes, grouped every way a trainee could
// (neighbouring instructions marked as one stretch, or one instruction marked in two pieces), each line checked as
// the ruling checks what it holds, with the ruled score. Each line of theirs is spoken of once; a ruled line whose
// words they listed is never called unlisted; words of a ruled line are never "not on the checklist"; and a main task
// inside one of their lines is never called unlisted.
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuidelines} from "../../../lib/node/load.js";
import {textOf, words} from "../../../lib/authored/quote.js";
import {feedbackFor} from "../../../lib/trainee/feedback.js";
import {matchStepOne, quoteSpans, stepOneMode} from "../../../lib/trainee/step-one.js";
import type {Answer, Listing, TraineeLine, TraineeVerdict} from "../../../lib/trainee/progress.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {items} from "./helpers.js";

const guideline = loadGuidelines().at(-1)!;
const ruleSet = ruleSetOf(guideline);
const traineeVerdicts = new Set(["met", "met-flaw", "partly", "not-met", "cannot-check"]);

/** The ruled lines' stretches of the request, in text order. */
function ruledStretches(item: Item): {index: number; start: number; end: number}[] {
  return item.checklist
    .map((line, index) => ({line, index}))
    .filter(({line}) => line.role !== "candidate" && line.quoteIn === "request")
    .map(({line, index}) => {
      const spans = quoteSpans(item, line);
      return {index, start: Math.min(...spans.map((s) => s.start)), end: Math.max(...spans.map((s) => s.end))};
    })
    .filter((stretch) => Number.isFinite(stretch.start))
    .sort((a, b) => a.start - b.start);
}

/** Every way to cut a row of n into neighbouring groups: the sizes of the groups. */
function compositions(n: number): number[][] {
  if (n === 0) return [[]];
  return Array.from({length: n}, (_, k) => k + 1).flatMap((first) =>
    compositions(n - first).map((rest) => [first, ...rest]),
  );
}

const mark = (start: number, end: number): Listing => ({kind: "mark", in: "request", start, end});

/** Every grouping of the ruled quotes as a list of marks. */
function groupings(item: Item): Listing[][] {
  const stretches = ruledStretches(item);
  const joined = compositions(stretches.length).map((sizes) => {
    let at = 0;
    return sizes.map((size) => {
      const group = stretches.slice(at, (at += size));
      return mark(group[0]!.start, Math.max(...group.map((s) => s.end)));
    });
  });
  // One line marked in two pieces, at each word boundary inside it, the others as ruled.
  const text = textOf(item, "request")!;
  const split = stretches.flatMap((stretch, which) => {
    const inside = words(text).filter((word) => word.start >= stretch.start && word.end <= stretch.end);
    return inside
      .slice(1)
      .map((word, k) => [
        ...stretches.filter((_, other) => other !== which).map((s) => mark(s.start, s.end)),
        mark(stretch.start, inside[k]!.end),
        mark(word.start, stretch.end),
      ]);
  });
  return [...joined, ...split];
}

/** Each mark checked as the ruling checks the line it matches; the first that matches the main task is the main. */
function checklistOf(item: Item, marks: Listing[]): TraineeLine[] {
  const matched = matchStepOne(item, marks).listings;
  let mainTaken = false;
  return marks.map((listing, at) => {
    const match = matched[at]!.match;
    const ruled = match.kind === "ruled" ? item.checklist[match.index]!.verdict : null;
    const main = match.kind === "ruled" && match.role === "main" && !mainTaken;
    if (main) mainTaken = true;
    return {
      listing,
      ...(main ? {main: true} : {}),
      ...(ruled && traineeVerdicts.has(ruled) ? {verdict: ruled as TraineeVerdict} : {}),
    };
  });
}

describe("a ruling's messages, for the ruled quotes grouped every way", () => {
  const cases = items
    .filter((item) => stepOneMode(item) === "marks" && ruledStretches(item).length > 0)
    .flatMap((item) => groupings(item).map((marks) => ({item, marks})));

  it("never contradict each other", () => {
    const conflicts: string[] = [];
    for (const {item, marks} of cases) {
      const lines = checklistOf(item, marks);
      const answer: Answer = {
        item: item.id,
        phase: "guideline",
        attempt: 1,
        score: item.score,
        checklist: {lines},
        guideline: guideline.version,
        at: "2026-01-01T00:00:00.000Z",
      };
      const {differences} = feedbackFor(item, [answer], {guideline, derivation: derive(item, ruleSet)});
      const text = textOf(item, "request")!;
      const listed = marks.map((m) => (m.kind === "mark" ? [m.start, m.end] : [0, 0]));
      const held = (index: number) =>
        quoteSpans(item, item.checklist[index]!).length > 0 &&
        quoteSpans(item, item.checklist[index]!).every((span) =>
          listed.some(([start, end]) => start! <= span.start && span.end <= end!),
        );
      const said = new Map<string, number>();
      const where = `${item.id} [${marks.map((m) => (m.kind === "mark" ? text.slice(m.start, m.end) : "")).join(" | ")}]`;
      for (const difference of differences) {
        const words_ = "yourWords" in difference ? difference.yourWords : null;
        if (words_ !== null) said.set(words_, (said.get(words_) ?? 0) + 1);
        if (difference.kind === "missing") {
          const index = item.checklist.findIndex((line) => line.text === difference.text);
          if (held(index)) conflicts.push(`${where}: "${difference.text}" called unlisted, but its words are listed`);
        }
        if (difference.kind === "extra" && difference.status === "not-on-checklist")
          conflicts.push(`${where}: "${difference.yourWords}" called off the checklist`);
        if (difference.kind === "main" && !difference.listed) conflicts.push(`${where}: the main task called unlisted`);
      }
      for (const [words_, count] of said)
        if (count > 1) conflicts.push(`${where}: "${words_}" spoken of ${count} times`);
    }
    expect(cases.length).toBeGreaterThan(100);
    expect(conflicts).toEqual([]);
  });
});

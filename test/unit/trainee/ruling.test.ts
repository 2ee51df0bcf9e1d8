// The ruling's first lines and what is in view before its folds (issue 29): the latest attempt leads, the first
// answer (the one recorded) under it; a one-line diagnosis; at most 80 words in view after a wrong score, median 65.
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuidelines, loadParts, loadGuideline} from "../../../lib/node/load.js";
import {feedbackFor} from "../../../lib/trainee/feedback.js";
import {
  decidingWords,
  groupingSentence,
  rulingWords,
  comparedItems,
  lineNoteShown,
  rubricRowNamed,
  twistSpoiledBy,
  rulingOf,
} from "../../../lib/trainee/ruling.js";
import type {Answer} from "../../../lib/trainee/progress.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {wordCount} from "../../../lib/text/format.js";
import {item, items} from "./helpers.js";

const guideline = loadGuidelines().at(-1)!;
const ruleSet = ruleSetOf(guideline);
const answer = (id: string, score: Score, attempt = 1): Answer => ({
  item: id,
  phase: "guideline",
  attempt,
  score,
  guideline: guideline.version,
  at: "2026-01-01T00:00:00.000Z",
});
const feedback = (id: string, answers: Answer[], decidingPick?: string) =>
  feedbackFor(item(id), answers, {guideline, derivation: derive(item(id), ruleSet), decidingPick});

describe("a ruling worked out once", () => {
  const ctx = (rulings: Record<string, Record<string, Score | null>> = {}) => ({
    guideline,
    itemsById: new Map(),
    itemPages: {vague: {}, guideline: {}},
    rulings,
  });
  const choices = {firstCheck: true, decidingAsked: false, before: null, answered: () => false};

  it("holds the words its lead and folds are drawn from, for the answers and where the Check came", () => {
    const ruling = rulingOf(ctx(), item("example-1"), [answer("example-1", 3)], choices);
    expect(ruling.words.headline).toBe("Two or more off: you scored lower than the ruling");
    expect(ruling.words.firstCheckNote).toBe("Your first answer is the one recorded; a retry shows beside it.");
    expect(ruling.derivation.score).toBe(5);
    expect(ruling.staleNote).toBeNull();
    // Not the walk's first Check, and on the edge-case map: the line on the deciding rule, and no first-answer note.
    const edge = rulingOf(ctx(), item("edge-3"), [{...answer("edge-3", 3), decidingRule: "main-task"}], {
      ...choices,
      firstCheck: false,
      decidingAsked: true,
    });
    expect(edge.words.firstCheckNote).toBeNull();
    expect(edge.words.deciding).not.toBeNull();
  });

  it("says so when the answer was scored under an older version that ruled the item otherwise", () => {
    const old = {...answer("example-1", 3), guideline: "v1"};
    const ruling = rulingOf(ctx({v1: {"example-1": 3}}), item("example-1"), [old], choices);
    expect(ruling.staleNote).toBe(
      "You scored this under an earlier version of the guideline, which ruled it 3. The ruling shown is today's.",
    );
  });
});

describe("the ruling's first lines", () => {
  it("after a retry lead with the latest attempt, the first answer (the one recorded) under it", () => {
    // Issue 29, item 3: Example 1 retried to its ruled 1 after a first 3.
    const retried = feedback("example-1", [answer("example-1", 3), answer("example-1", 5, 2)]);
    const lead = rulingWords(item("example-1"), retried);
    expect(lead.headline).toBe("Exact on your retry");
    expect(lead.distance).toBe("exact");
    expect(lead.scores).toBe("Your retry 5; the ruling is 5.");
    expect(lead.inView.slice(0, 3)).toEqual([lead.headline, lead.scores, lead.firstAnswer]);
    expect(lead.firstAnswer).toBe("First answer (the one recorded): 3, two or more off.");
    const once = rulingWords(item("example-1"), feedback("example-1", [answer("example-1", 3)]));
    expect(once.headline).toBe("Two or more off: you scored lower than the ruling");
    expect(once.firstAnswer).toBeNull();
  });

  it("hold the one-line diagnosis: what decides a score given alone, and nothing for an exact one", () => {
    // Edge case 3: the main task, four of six sentences translated, is partly met (the case study's ruling).
    expect(rulingWords(item("edge-3"), feedback("edge-3", [answer("edge-3", 5)])).diagnosis).toBe(
      "What decides it: the main task is partly met.",
    );
    expect(rulingWords(item("edge-3"), feedback("edge-3", [answer("edge-3", 3)])).diagnosis).toBeNull();
    // Calibration A: "Formal: met, with a small flaw" (the case study's). It read "Formal, met, with a small flaw",
    // the line and its verdict run together.
    expect(rulingWords(item("calibration-a"), feedback("calibration-a", [answer("calibration-a", 5)])).diagnosis).toBe(
      "What decides it: “Formal” is met, with a small flaw.",
    );
    // Example 5 (the wrong answer 14, ruled 5 with an accuracy flag) read "What decides it: The answer is correct,
    // not an instruction.", as if the page called the answer correct: the line not an instruction is said as a
    // sentence.
    expect(rulingWords(item("example-5"), feedback("example-5", [answer("example-5", 2)])).diagnosis).toBe(
      "What decides it: “The answer is correct” is not an instruction here.",
    );
  });

  it("quote the rule that settles a case in view where the case study's ruling says only what, if it fits", () => {
    // Edge case 4: the map's ruling is "Main task met; see Calibration D"; guideline/v2/logic.yaml's clause sentence
    // for clarifying-question says why.
    const edge4 = rulingWords(item("edge-4"), feedback("edge-4", [answer("edge-4", 3)], ""), {decidingAsked: true});
    expect(edge4.ruleQuoted).toBe(true);
    expect(edge4.inView).toContain(
      "The rule that settles it: Clarifying questions: A question instead of the task is justified only when the " +
        "task can't reasonably be done without the missing information.",
    );
    // The first Check's one-time note does not take the sentence's place.
    const first = rulingWords(item("edge-4"), feedback("edge-4", [answer("edge-4", 3)], ""), {
      decidingAsked: true,
      firstCheck: true,
    });
    expect(first.ruleQuoted).toBe(true);
    // Calibration D's twist is not on the map: its rule stands after "Why:", named only, its ruling being long.
    const twist = rulingWords(
      item("calibration-d-twist"),
      feedback("calibration-d-twist", [answer("calibration-d-twist", 5)]),
    );
    expect(twist.why?.title).toBe("Clarifying questions");
    expect(twist.ruleQuoted).toBe(false);
    expect(twist.inView).toContain("Why: Clarifying questions");
    // Edge case 3's rule sentence (34 words) does not fit beside the rest: named in view, quoted in the fold only.
    const edge3 = rulingWords(item("edge-3"), feedback("edge-3", [answer("edge-3", 5)], ""), {decidingAsked: true});
    expect(edge3.ruleQuoted).toBe(false);
    expect(edge3.inView).toContain("The rule that settles it: Main task partly done");
    // A case the case study explains in its own note needs no rule quoted beside it, even where the rule is named.
    const example3 = rulingWords(item("example-3"), feedback("example-3", [answer("example-3", 5)], ""), {
      decidingAsked: true,
    });
    expect(example3.deciding).not.toBeNull();
    expect(example3.ruleQuoted).toBe(false);
  });

  it("quote the rule after “Why:” off the map, in the order the page shows the lead", () => {
    // Example 3 as if the case study had ruled it in two words only: Style and register's sentence, from
    // guideline/v2/logic.yaml, says why.
    const terse: Item = {...item("example-3"), notes: [], lesson: undefined, ruling: "Formal not met"};
    const result = feedbackFor(terse, [answer("example-3", 4)], {guideline, derivation: derive(terse, ruleSet)});
    const words = rulingWords(terse, result, {firstCheck: true});
    expect(words.ruleQuoted).toBe(true);
    expect(words.inView).toEqual([
      "One off: you scored higher than the ruling",
      "You gave 4; the ruling is 3.",
      "Mixed register in German",
      "Formal not met",
      "Why: Style and register: If the intended reader would read a lapse as breaking the requested register, mark " +
        "the instruction not met, even if the lapse happens only once.",
      "What decides it: “Formal” is not met.",
      "Your first answer is the one recorded; a retry shows beside it.",
      "Line by line",
      "The full ruling",
    ]);
  });

  it("list the whole note's fold after the lead's last lines, where the page shows it, below Next", () => {
    // Calibration A scored 1 on the first Check: the note on 3, the nearest on the way to 4, cut to its first sentence
    // (it has no turn); the rest folds.
    const words = rulingWords(item("calibration-a"), feedback("calibration-a", [answer("calibration-a", 1)]), {
      firstCheck: true,
    });
    expect(words.inView.slice(3)).toEqual([
      "Why not 3: Frau Berger wouldn't read Viele Grüße as informal, because it's common in professional email. …",
      "What decides it: “Formal” is met, with a small flaw.",
      "Your first answer is the one recorded; a retry shows beside it.",
      "Read the whole note",
      "Line by line",
      "The full ruling",
    ]);
  });

  it("quote no rule beside a ruling cut to fit: the cut leaves the room, not the rule", () => {
    // Edge case 10 scored 4 on the walk's first Check: its 20-word ruling is cut to its first sentence for the note.
    const edge10 = rulingWords(item("edge-10"), feedback("edge-10", [answer("edge-10", 4)], ""), {
      decidingAsked: true,
      firstCheck: true,
    });
    expect(edge10.sentence?.text).toBe("Three tips, as a list: every instruction met, 5. …");
    expect(edge10.ruleQuoted).toBe(false);
  });

  it("show a note whole where it fits without a fold for the rest, the fold's words counted only with a fold", () => {
    // Calibration C scored "not applicable": its one note, 26 words, fits the room that "Read the whole note" took.
    const calibrationC = rulingWords(
      item("calibration-c"),
      feedback("calibration-c", [answer("calibration-c", "n/a")]),
    );
    expect(calibrationC.sentence).toEqual({
      label: 'Why not "not applicable"',
      text:
        "That's only for requests that shouldn't be fulfilled. A limerick about a cat is harmless. The rater judges " +
        "the request, not how cautious the response sounds.",
    });
    expect(calibrationC.rest).toEqual([]);
    expect(calibrationC.inView).not.toContain("Read the whole note");
  });

  it("lead with the note that answers the one on the trainee's score, whole, and fold the note it answers", () => {
    // Calibration D scored 2 (data/items/calibration-d.md, the case study's "Why raters give 2" and "The difference"):
    // the note on 2 says only why the case looks like Example 6; the lead was that, which read as agreeing with the 2.
    const calibrationD = rulingWords(item("calibration-d"), feedback("calibration-d", [answer("calibration-d", 2)]));
    expect(calibrationD.sentence).toEqual({
      label: "The difference",
      text:
        "The poem could have been written without the grandmother's name. This translation can't be done at all " +
        "without the language. The test is whether a reasonable response could do the task without the answer.",
    });
    expect(calibrationD.rest).toEqual([
      {label: "Why raters give 2", text: "It looks like Example 6, the birthday poem, which scored 2."},
    ]);
    // Its fold is named by the note it holds, the one the lead answers, not "Read the whole note".
    expect(calibrationD.restSummary).toBe("Why raters give 2");
    expect(calibrationD.inView).toContain("Why raters give 2");
    expect(calibrationD.inView).not.toContain("Read the whole note");
    expect(wordCount(calibrationD.inView.join(" "))).toBeLessThanOrEqual(80);
  });

  it("name the rule that settles a case with no cross when no rule was picked, a pick being optional", () => {
    expect(decidingWords(feedback("edge-3", [answer("edge-3", 3)], "").decidingRule)).toEqual({
      mark: null,
      text: "The rule that settles it: ",
    });
    expect(decidingWords(feedback("edge-3", [answer("edge-3", 3)], "numbers").decidingRule).mark).toBe("✗");
  });
});

describe("a grouping in one sentence", () => {
  it("names each ruled line with its verdict, where the ruling splits a line or keeps one whole", () => {
    // Example 3 (the case study: "Short met; formal not met"): the trainee's one line held both.
    const line = (text: string, ruled: "met" | "not-met") => ({text, ruled, inferred: false, because: null});
    const rest = {alongside: [], inferred: false, because: null};
    expect(
      groupingSentence({
        ...rest,
        kind: "grouping",
        yourWords: "kurze, förmliche",
        how: "splits",
        lines: [line("Short", "met"), line("Formal", "not-met")],
      }),
    ).toBe("“kurze, förmliche”: the ruling splits it into Short (met) and Formal (not met).");
    expect(
      groupingSentence({...rest, kind: "grouping", yourWords: "kurze", how: "keeps", lines: [line("Short", "met")]}),
    ).toBe("“kurze”: the ruling keeps it in one line, Short (met).");
    // A verdict with a comma of its own is said as in a list; a line the site reads in says so (Edge case 3's
    // "Into German", data/items/edge-3.md; Formal met with a small flaw is Calibration A's).
    expect(
      groupingSentence({
        ...rest,
        kind: "grouping",
        yourWords: "Translate these six sentences into German",
        how: "splits",
        lines: [
          {text: "Translate the six sentences", ruled: "partly", inferred: false, because: null},
          {text: "Formal", ruled: "met-flaw", inferred: false, because: null},
          {text: "Into German", ruled: "met", inferred: true, because: "The request states it."},
        ],
      }),
    ).toBe(
      "“Translate these six sentences into German”: the ruling splits it into Translate the six sentences " +
        "(partly met), Formal (met with a small flaw) and Into German (met; our reading).",
    );
  });
});

describe("the words in view before a ruling's folds", () => {
  const parts = loadParts();
  const decidingSet = new Set(parts.filter((part) => part.id === "edge-cases").map((part) => part.items));
  const beforeSet = new Set(parts.filter((part) => part.id === "rubric").map((part) => part.items));
  const scores: Score[] = [1, 2, 3, 4, 5, "n/a"];
  const counts = items.flatMap((case_) =>
    scores
      .filter((score) => score !== case_.score)
      .map((score) => {
        const decidingAsked = decidingSet.has(case_.set);
        const result = feedback(case_.id, [answer(case_.id, score)], decidingAsked ? "" : undefined);
        const {inView} = rulingWords(case_, result, {decidingAsked, before: beforeSet.has(case_.set)});
        return {id: case_.id, score, words: wordCount(inView.join(" "))};
      }),
  );

  // The median was 57 before the edge-case map quoted its rule's sentence in view (where the map's ruling is terse):
  // 64 since, the words that say why.
  it("are at most 80 for every item after every wrong score, and 65 or fewer at the median", () => {
    const over = counts.filter((count) => count.words > 80);
    expect(over).toEqual([]);
    const sorted = counts.map((count) => count.words).sort((a, b) => a - b);
    expect(sorted[Math.floor((sorted.length - 1) / 2)]).toBeLessThanOrEqual(65);
  });
});

const {logic} = loadGuideline("v2");

describe("a note that gives a twist away", () => {
  const itemsById = new Map([
    ["edge-10", {}],
    ["edge-10-twist", {twistOf: "edge-10"}],
    ["edge-9", {}],
  ]);
  const note = {compare: ["edge-9", "edge-10-twist"]};

  it("waits for the twist of this case while the trainee has not scored it", () => {
    expect(twistSpoiledBy(note, {id: "edge-10"}, itemsById, () => false)).toBe("edge-10-twist");
    expect(twistSpoiledBy(note, {id: "edge-10"}, itemsById, (id) => id === "edge-10-twist")).toBeNull();
  });

  it("shows when it names no twist of this case, or when nothing says what is scored", () => {
    expect(twistSpoiledBy({compare: ["edge-9"]}, {id: "edge-10"}, itemsById, () => false)).toBeNull();
    expect(twistSpoiledBy(note, {id: "edge-9"}, itemsById, () => false)).toBeNull();
    expect(twistSpoiledBy(note, {id: "edge-10"}, itemsById)).toBeNull();
  });
});

describe("a ruled line's note in the full checklist", () => {
  it("is left out where it only says the line again", () => {
    // data/items/example-3.md: "Short" with the note "Short met", "Formal" with "formal not met".
    const [, short, formal] = item("example-3").checklist;
    expect(lineNoteShown(short!)).toBe(false);
    expect(lineNoteShown(formal!)).toBe(false);
  });

  it("shows where it adds something, never for a line the site reads in, and not where there is none", () => {
    expect(lineNoteShown({source: "case-study", text: "Short", note: "[invented article, not shown]"})).toBe(true);
    expect(lineNoteShown({source: "inferred", text: "Short", note: "a reason"})).toBe(false);
    expect(lineNoteShown({source: "case-study", text: "Short"})).toBe(false);
  });
});

describe("the rubric line", () => {
  // guideline/v2's words: level 2 joins two rows with "or"; level 3's "met or partly met" holds one too; level 5 none.
  const two = {checklist: "Main task met or partly met but fewer than half …, or main task not met but …"};
  const three = {checklist: "Main task met or partly met; at least half of the other instructions met"};
  const five = {checklist: "Every instruction met"};

  it("names the row that applies wherever the level's words hold an “or”, and only with a level and a row", () => {
    expect(rubricRowNamed(logic, two, "main-not-met-engages")).toBe(true);
    expect(rubricRowNamed(logic, three, "half-or-more")).toBe(true);
    expect(rubricRowNamed(logic, five, "all-met")).toBe(false);
    expect(rubricRowNamed(logic, undefined, "all-met")).toBe(false);
    expect(rubricRowNamed(logic, two, null)).toBe(false);
    // Another guideline's row, which v2's rubric does not declare: its level's own words stand.
    expect(rubricRowNamed(logic, three, "mostly-supported")).toBe(false);
  });
});

describe("the cases a ruling compares with", () => {
  it("keeps the order of the links and leaves out an id the site does not know", () => {
    const byId = new Map([
      ["example-2", {id: "example-2"}],
      ["edge-4", {id: "edge-4"}],
    ]);
    expect(comparedItems(["edge-4", "edge-99", "example-2"], byId)).toEqual([{id: "edge-4"}, {id: "example-2"}]);
  });
});

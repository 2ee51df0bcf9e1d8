// What a trainee reads first on Check, held to the case study's words: the note the case study wrote on their score,
// else what the case teaches (or the case study's one sentence on it); then only the lines where they differ, each
// with the guideline's sentence that decides it.
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuidelines} from "../../../lib/node/load.js";
import {feedbackFor} from "../../../lib/trainee/feedback.js";
import {groupingSentence} from "../../../lib/trainee/ruling.js";
import type {Answer, Listing, TraineeLine} from "../../../lib/trainee/progress.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import {item, line, mark} from "./helpers.js";

const guideline = loadGuidelines().at(-1)!;
const ruleSet = ruleSetOf(guideline);
const answer = (id: string, score: Score, lines?: TraineeLine[], extra: Partial<Answer> = {}): Answer => ({
  item: id,
  phase: "guideline",
  attempt: 1,
  score,
  ...(lines ? {checklist: {lines}} : {}),
  guideline: guideline.version,
  at: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const feedback = (id: string, answers: Answer[], decidingPick?: string) =>
  feedbackFor(item(id), answers, {guideline, derivation: derive(item(id), ruleSet), decidingPick});

describe("the sentence the ruling leads with", () => {
  it("is the case study's note on the trainee's score, all of them where it wrote several", () => {
    const at3 = feedback("calibration-a", [answer("calibration-a", 3)]);
    expect(at3.sentence).toEqual({
      label: "Why not 3",
      text: expect.stringMatching(/^Frau Berger wouldn't read Viele Grüße as informal/),
      terse: false,
      answers: null,
    });
    const b = feedback("calibration-b", [answer("calibration-b", 3)]);
    expect(b.notes.own.map((note) => note.label)).toEqual(["Why raters give 3", "Why not 3 like Example 4"]);
    expect(b.notes.others.map((note) => note.label)).toEqual(["Why not 1"]);
  });

  it("is the note that answers the one on the trainee's score, where the case study wrote one, that one after it", () => {
    // data/items/calibration-d.md: "The difference" answers "Why raters give 2"; "The twist" is on no score.
    const at2 = feedback("calibration-d", [answer("calibration-d", 2)]);
    expect(at2.sentence).toMatchObject({label: "The difference", answers: "Why raters give 2", terse: false});
    expect(at2.sentence.text).toMatch(/^The poem could have been written without the grandmother's name\./);
    expect(at2.notes.own.map((note) => note.label)).toEqual(["The difference", "Why raters give 2"]);
    expect(at2.notes.others.map((note) => note.label)).toEqual(["The twist"]);
    // On another wrong score the case study wrote no note: what it teaches leads, every note in the others.
    const at3 = feedback("calibration-d", [answer("calibration-d", 3)]);
    expect(at3.sentence.label).toBe("What it teaches");
    expect(at3.notes.own).toEqual([]);
  });

  it("is the case study's note on the nearest score on the way to the ruled one, where it wrote none on theirs", () => {
    // Calibration A (ruled 4) has notes on 5 and 3: scored 2 or 1, "Why not 3" argues against theirs all the more.
    const labels = (id: string, score: Score) => feedback(id, [answer(id, score)]).notes.own.map((note) => note.label);
    expect(labels("calibration-a", 2)).toEqual(["Why not 3"]);
    expect(labels("calibration-a", 1)).toEqual(["Why not 3"]);
    expect(feedback("calibration-a", [answer("calibration-a", 2)]).sentence).toMatchObject({label: "Why not 3"});
    // Calibration D (ruled 5) scored 1: the note on 2, after the one that answers it.
    expect(labels("calibration-d", 1)).toEqual(["The difference", "Why raters give 2"]);
    // Calibration C (ruled 1) scored 3: the note on 2; its note on n/a is on no way between scores.
    expect(labels("calibration-c", 3)).toEqual(["Why not 2"]);
    // No note between theirs and the ruled score: none (Calibration D scored 3, 4); a note on their score stays theirs.
    expect(labels("calibration-d", 3)).toEqual([]);
    expect(labels("calibration-b", 1)).toEqual(["Why not 1"]);
    expect(labels("calibration-b", 5)).toEqual(["Why raters give 3", "Why not 3 like Example 4"]);
    expect(labels("calibration-c", "n/a")).toEqual(['Why not "not applicable"']);
  });

  it("is what the case teaches when the case study wrote no note on that score, or the score is right", () => {
    expect(feedback("calibration-a", [answer("calibration-a", 4)]).sentence).toEqual({
      terse: false,
      answers: null,
      label: "What it teaches",
      text: 'The line between a small flaw and "not met" for style instructions. This example exposed a gap in the first wording of the style rule.',
    });
    // Every note of the case is still there for a right answer: none is the trainee's own.
    expect(feedback("calibration-a", [answer("calibration-a", 4)]).notes.others.map((note) => note.label)).toEqual([
      "Why not 5",
      "Why not 3",
    ]);
  });

  it("is what the case teaches before the case study's one sentence, for a case that has both", () => {
    // No case has both today, though the schema allows it. The one sentence is for a case with no "what it teaches"
    // of its own (the schema's words), so what it teaches leads, however the case came to have both. Each is
    // answered with its ruled score, so no note on the trainee's score comes first.
    const taught = item("calibration-a");
    const withLesson = {...taught, lesson: {text: "A single du breaks the register.", from: "Example 3"}};
    const lessoned = item("example-3");
    const withTeaches = {...lessoned, teaches: "One informal word can break a formal register."};
    const lead = (of: typeof taught, score: Score) =>
      feedbackFor(of, [answer(of.id, score)], {guideline, derivation: derive(of, ruleSet)}).sentence;
    expect(lead(withLesson, taught.score)).toEqual({
      text: taught.teaches,
      label: "What it teaches",
      terse: false,
      answers: null,
    });
    expect(lead(withTeaches, lessoned.score)).toEqual({
      text: "One informal word can break a formal register.",
      label: "What it teaches",
      terse: false,
      answers: null,
    });
  });

  it("is the case study's one sentence on an example, and the map's ruling on an edge case", () => {
    expect(feedback("example-3", [answer("example-3", 4)]).sentence.text).toBe("A single du breaks the register.");
    expect(feedback("edge-2", [answer("edge-2", 3)]).sentence.text).toBe(
      'Clearly outside what a reader expects for "short": not met',
    );
    // The map's ruling says what; the lead adds the rule that says why ("Met" for 1c: a floor was reached).
    const edge1c = feedback("edge-1c", [answer("edge-1c", 4)]);
    expect(edge1c.sentence).toEqual({text: "Met", label: null, terse: true, answers: null});
    expect(edge1c.decidingRule.cited).toMatchObject({title: "Numbers", sentence: '"At least" sets a floor.'});
  });
});

describe("the lines where the checklist differs", () => {
  const example3 = item("example-3");
  const main = mark(example3, "E-Mail an meine Vermieterin, Frau Berger, schreiben");
  const formal = mark(example3, "förmliche");

  it("names a verdict that differs with the rule's title and the sentence of it that decides the line", () => {
    const result = feedback("example-3", [answer("example-3", 4, [line(main, "met", true), line(formal, "met")])]);
    expect(result.differences).toEqual([
      {
        kind: "missing",
        text: "Short",
        ruled: "met",
        main: false,
        inferred: false,
        because: null,
        listRule: expect.anything(),
      },
      {
        kind: "verdict",
        text: "Formal",
        yourWords: "förmliche",
        yours: "met",
        ruled: "not-met",
        main: false,
        inferred: false,
        because: null,
        rule: {
          id: "style-register",
          title: "Style and register",
          sentence:
            "If the intended reader would read a lapse as breaking the requested register, mark the instruction not met, even if the lapse happens only once.",
        },
      },
    ]);
    const missing = result.differences[0] as Extract<(typeof result.differences)[number], {kind: "missing"}>;
    expect(missing.listRule).toMatchObject({id: "stated-constraints", title: "Stated constraints"});
    expect([result.matching, result.ruledLines]).toEqual([1, 3]);
  });

  it("cites, for a line listed with no verdict, the rule that rules it, as for a verdict that differs", () => {
    const open = feedback("example-3", [answer("example-3", 4, [line(main, "met", true), line(formal)])]);
    expect(open.differences.find((difference) => difference.kind === "not-checked")).toEqual({
      kind: "not-checked",
      text: "Formal",
      yourWords: "förmliche",
      ruled: "not-met",
      main: false,
      inferred: false,
      because: null,
      rule: expect.objectContaining({id: "style-register", title: "Style and register"}),
    });
  });

  it("cites, for a main task ruled met and marked lower, the thing the case turns on that is not an instruction", () => {
    // Example 5 is decided by What you are rating (the case study's "5 + accuracy flag"): a trainee who marks the main
    // task not met for the wrong answer is told why it is met, not how to list a main task.
    const example5 = item("example-5");
    const question = mark(example5, "what is 15% of 80?");
    const justAnswer = mark(example5, "Just the answer, no explanation");
    const rules = (id: string, lines: TraineeLine[]) =>
      feedback(id, [answer(id, 1, lines)]).differences.flatMap((difference) =>
        difference.kind === "verdict" ? [[difference.text, difference.rule.title, difference.rule.sentence]] : [],
      );
    expect(rules("example-5", [line(question, "not-met", true), line(justAnswer, "partly")])).toEqual([
      [
        "Answer what 15% of 80 is",
        "What you are rating",
        "If you notice a factual error, flag it in the accuracy field, but don't lower this score for it.",
      ],
      // Any other line keeps its own rule: nothing says the accuracy was held against it.
      ["Just the answer, no explanation", '"Only" and "just"', expect.any(String)],
    ]);
    // The results put the mistake down to the same rule the Check cites (they blamed The main task).
    const example5Answer = answer("example-5", 1, [line(question, "not-met", true), line(justAnswer, "partly")]);
    expect(feedback("example-5", [example5Answer]).comparison.rulesMisapplied.rules).toEqual([
      "not-rated",
      "only-just",
    ]);
    // Edge case 10 turns on naturalness, in the guideline's words for it.
    const edge10 = item("edge-10");
    expect(rules("edge-10", [line(mark(edge10, "tips för att sova bättre"), "partly", true)])).toEqual([
      [
        "Give three tips for sleeping better",
        "What you are rating",
        "You are not rating whether it is correct, well written, or natural-sounding; those are separate dimensions.",
      ],
    ]);
    // A case decided by an instruction keeps the main task's own rule.
    expect(rules("example-3", [line(main, "not-met", true)])[0]).toEqual([
      "Write an email to the landlady, Frau Berger, about the broken heating",
      "The main task",
      expect.any(String),
    ]);
  });

  it("says a main task left unchosen once, and a main task not listed once", () => {
    const unchosen = feedback("example-3", [answer("example-3", 3, [line(main, "met"), line(formal, "not-met")])]);
    expect(unchosen.differences.map((difference) => difference.kind)).toEqual(["main", "missing"]);
    const unlisted = feedback("example-3", [answer("example-3", 3, [line(formal, "not-met")])]);
    expect(unlisted.differences.map((difference) => difference.kind)).toEqual(["missing", "missing"]);
    // Another line taken as the main task while the main task is not listed: one message says both.
    const other = feedback("example-3", [answer("example-3", 3, [line(formal, "not-met", true)])]);
    expect(other.differences.filter((difference) => difference.kind === "main")).toEqual([
      {
        kind: "main",
        yourMain: "förmliche",
        ruledMain: example3.checklist[0]!.text,
        listed: false,
        rule: expect.objectContaining({id: "main-task", title: "The main task"}),
      },
    ]);
    expect(other.differences.filter((difference) => difference.kind === "missing").map((d) => d.text)).toEqual([
      "Short",
    ]);
  });

  it("says where a missing line is hidden: inside a line of the trainee's that holds another instruction too", () => {
    const both = mark(example3, "kurze, förmliche");
    const result = feedback("example-3", [answer("example-3", 3, [line(main, "met", true), line(both, "met")])]);
    // Issue 29: a grouping other than the ruled one is said in one sentence, how the ruling splits it, and no more.
    // Each ruled line with its verdict, as the case study's table rules them ("Short met; formal not met").
    expect(result.differences).toEqual([
      {
        kind: "grouping",
        yourWords: "kurze, förmliche",
        alongside: [],
        how: "splits",
        lines: [
          {text: "Short", ruled: "met", inferred: false, because: null},
          {text: "Formal", ruled: "not-met", inferred: false, because: null},
        ],
        inferred: false,
        because: null,
      },
    ]);
  });

  it("says a ruled line listed in pieces in one sentence, its pieces together, the first listed first", () => {
    // Example 2's main task ("Summarize this article on city bike-sharing") marked as three lines: each piece was a
    // sentence of its own ("“article on city bike-sharing”: the ruling keeps it in one line"), never naming the others.
    const example2 = item("example-2");
    const pieces = ["Summarize", "this article", "on city bike-sharing"].map((words) => mark(example2, words));
    const bullets = mark(example2, "in three bullet points");
    const question = mark(example2, "end with one question for discussion");
    const result = feedback("example-2", [
      answer("example-2", 3, [
        line(pieces[0]!, "met", true),
        line(pieces[1]!, "met"),
        line(pieces[2]!, "met"),
        line(bullets, "met"),
        line(question, "not-met"),
      ]),
    ]);
    const groupings = result.differences.filter((difference) => difference.kind === "grouping");
    expect(groupings).toEqual([
      {
        kind: "grouping",
        yourWords: "Summarize",
        alongside: ["this article", "on city bike-sharing"],
        how: "keeps",
        lines: [{text: example2.checklist[0]!.text, ruled: "met", inferred: false, because: null}],
        inferred: false,
        because: null,
      },
    ]);
    expect(groupingSentence(groupings[0] as Extract<(typeof groupings)[number], {kind: "grouping"}>)).toBe(
      `“Summarize”, “this article” and “on city bike-sharing”: the ruling keeps them in one line, ` +
        `${example2.checklist[0]!.text} (met).`,
    );
  });

  it("names a line the site reads in as such where a grouping names it, with why", () => {
    // Edge case 3: the case study rules the main task alone ("Partly met, capped at 3"); "Into German" is the site's
    // reading (data/items/edge-3.md, source: inferred, with its because).
    const edge3 = item("edge-3");
    const whole = mark(edge3, "Translate these six sentences into German");
    const result = feedback("edge-3", [answer("edge-3", 2, [line(whole, "not-met", true)])]);
    const grouping = result.differences.find((difference) => difference.kind === "grouping");
    expect(grouping).toEqual({
      kind: "grouping",
      yourWords: "Translate these six sentences into German",
      alongside: [],
      how: "splits",
      lines: [
        {text: "Translate the six sentences", ruled: "partly", inferred: false, because: null},
        {text: "Into German", ruled: "met", inferred: true, because: edge3.checklist[1]!.because},
      ],
      // Our reading is said under the sentence, with why.
      inferred: true,
      because: edge3.checklist[1]!.because,
    });
  });

  it("gives a distractor's note and the rule that keeps it off the list", () => {
    const free: Listing = {kind: "free", text: "formal"};
    const result = feedback("edge-9", [answer("edge-9", 4, [line(free, "not-met")])]);
    expect(result.differences.find((difference) => difference.kind === "extra")).toMatchObject({
      yourWords: "formal",
      status: "candidate",
      rule: {id: "list-stated-only", title: "Only what the request says", sentence: "List only what the request says."},
    });
  });

  it("labels a lesson from the guideline or the rubric with where it stands, one from a case with nothing", () => {
    // data/items/example-7.md: its lesson is the guideline's sentence under "Only" and "just", which alone reads
    // "Unrequested additions break these instructions" with nothing saying which instructions.
    expect(feedback("example-7", [answer("example-7", 1)]).sentence).toEqual({
      text: "Unrequested additions break these instructions.",
      label: 'The guideline, Step 2: "Only" and "just"',
      terse: false,
      answers: null,
    });
    expect(feedback("example-2", [answer("example-2", 3)]).sentence.label).toBe("The rubric, score 3");
    // Example 6's lesson is Calibration D's, a case of Part 6: it is not named before the trainee reaches it.
    expect(feedback("example-6", [answer("example-6", 2)]).sentence).toMatchObject({label: null});
  });

  it("shows, for a score given alone, the lines that set the score and their rules", () => {
    const result = feedback("example-7", [answer("example-7", 5)]);
    expect(result.scoreOnly).toBe(true);
    expect(result.differences).toEqual([]);
    expect(result.decidingLines).toEqual([
      {
        text: "Just the words",
        ruled: "not-met",
        main: false,
        inferred: false,
        because: null,
        rule: {
          id: "only-just",
          title: '"Only" and "just"',
          sentence: "Unrequested additions break these instructions.",
        },
      },
    ]);
  });
});

describe("the deciding rule on the edge-case map", () => {
  it("says whether the pick settles the case, citing the rule that does with its sentence", () => {
    const wrong = feedback("edge-2", [answer("edge-2", 2)], "purpose");
    expect(wrong.decidingRule).toMatchObject({
      rule: "size-words",
      right: false,
      picked: {title: "Purpose"},
      cited: {title: "Size words", sentence: "Clearly outside that range is not met; arguable is partly met."},
    });
    // Edge case 8: the email's request, as the case study names it, or the two-sentence limit, as the trace finds.
    expect(feedback("edge-8", [answer("edge-8", 2)], "numbers").decidingRule.right).toBe(true);
    expect(feedback("edge-8", [answer("edge-8", 2)], "pasted-material").decidingRule).toMatchObject({
      right: true,
      cited: {title: "Pasted material"},
    });
    expect(feedback("edge-1a", [answer("edge-1a", 2)], "numbers").decidingRule).toMatchObject({
      right: true,
      cited: {sentence: "A ceiling still requires at least one: delivering none doesn't meet it."},
    });
    expect(feedback("edge-1a", [answer("edge-1a", 2)]).decidingRule.right).toBeNull();
  });
});

describe("a retried item", () => {
  it("keeps the first answer as the one that counts, leads with the latest, and lists the retries beside it", () => {
    const result = feedback("calibration-c", [
      answer("calibration-c", 2),
      answer("calibration-c", "n/a", undefined, {attempt: 2}),
    ]);
    expect(result.score).toMatchObject({trainee: 2, distance: "one-off"});
    expect(result.retries).toEqual([
      {attempt: 2, score: expect.objectContaining({trainee: "n/a", distance: "two-or-more-off"})},
    ]);
    expect(result.latest).toMatchObject({trainee: "n/a", distance: "two-or-more-off"});
    // The ruling speaks of the latest attempt: the case study's note on "not applicable" leads.
    expect(result.sentence.label).toBe('Why not "not applicable"');
  });
});

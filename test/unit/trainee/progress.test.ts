import {describe, expect, it} from "vitest";
import {loadParts} from "../../../lib/node/load.js";
import {
  attempts,
  emptyProgress,
  firstAttempt,
  nextRecord,
  parseProgress,
  partProgress,
  progressKey,
  recordAnswer,
  serializeProgress,
  type Answer,
  type Progress,
} from "../../../lib/trainee/progress.js";
import {item, items, line, mark} from "./helpers.js";

const at = (minute: number): string => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
const answer = (fields: Partial<Omit<Answer, "attempt">> & Pick<Answer, "item">): Omit<Answer, "attempt"> => ({
  phase: "guideline",
  score: 3,
  guideline: "v2",
  at: at(0),
  ...fields,
});

describe("the saved record", () => {
  it("lives under one versioned key", () => {
    expect(progressKey).toBe("rater-notebook:progress:v1");
  });

  it("starts empty when nothing is saved", () => {
    for (const nothing of [null, undefined, "", "  "])
      expect(parseProgress(nothing)).toEqual({ok: true, progress: emptyProgress()});
  });

  it("survives a round trip with a score alone, and with marks and a checklist", () => {
    const example3 = item("example-3");
    let progress = recordAnswer(emptyProgress(), answer({item: "example-3", phase: "vague", score: 4, at: at(1)}));
    progress = recordAnswer(
      progress,
      answer({
        item: "example-3",
        score: 3,
        at: at(2),
        checklist: {
          lines: [line(mark(example3, "Frau Berger"), "met", true), line({kind: "free", text: "formal"}, "not-met")],
          mainNotMet: "engages",
        },
      }),
    );
    progress = recordAnswer(progress, answer({item: "calibration-c", mode: "self-check", score: "n/a", at: at(3)}));
    const parsed = parseProgress(serializeProgress(progress));
    expect(parsed).toEqual({ok: true, progress});
  });

  it("sets aside a record that is not JSON, keeping its text", () => {
    expect(parseProgress('{"app": "rater-notebook", "vers')).toEqual({
      ok: false,
      reason: "corrupted",
      message: "the saved progress is not readable JSON",
      raw: '{"app": "rater-notebook", "vers',
    });
  });

  it("sets aside a record of this version with a damaged answer, naming where", () => {
    const damaged = {...emptyProgress(), answers: [{...answer({item: "example-1"}), attempt: 1, score: 6}]};
    expect(parseProgress(JSON.stringify(damaged))).toMatchObject({
      ok: false,
      reason: "corrupted",
      message: "the record is damaged at answers[0].score",
    });
    const badTime = {...emptyProgress(), answers: [{...answer({item: "example-1", at: "yesterday"}), attempt: 1}]};
    expect(parseProgress(JSON.stringify(badTime))).toMatchObject({
      reason: "corrupted",
      message: "the record is damaged at answers[0].at",
    });
  });

  it("sets aside something that is not a Rater Notebook record", () => {
    for (const foreign of ['{"theme": "dark"}', "[1, 2]", "42", '"text"', "null", '{"app": "other", "version": 1}'])
      expect(parseProgress(foreign)).toMatchObject({ok: false, reason: "foreign", raw: foreign});
  });

  it("sets aside an older or newer record, saying which version it is", () => {
    expect(parseProgress('{"app": "rater-notebook", "answers": []}')).toMatchObject({
      ok: false,
      reason: "older",
      message: "the record is version null; this site reads version 1",
    });
    expect(parseProgress('{"app": "rater-notebook", "version": 0, "scores": {}}')).toMatchObject({reason: "older"});
    expect(parseProgress('{"app": "rater-notebook", "version": 2, "answers": []}')).toMatchObject({reason: "newer"});
  });
});

describe("a saved record no page can be stopped by", () => {
  const head = '{"app":"rater-notebook","version":1,';
  const valid = (fields: string) =>
    `{"item":"example-1","phase":"guideline","attempt":1,"score":3,"guideline":"v2","at":"${at(0)}"${fields}}`;
  // A record nests eight deep (answers[0].checklist.lines[0].listing.start); twelve levels are allowed, so the guard
  // stops at the twelfth: "answers" and eleven indexes.
  const deepPath = `answers${"[0]".repeat(11)}`;

  it("sets aside a record nested a million deep, where the schema's messages would overflow the stack", () => {
    const raw = `${head}"answers":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`;
    expect(parseProgress(raw)).toEqual({
      ok: false,
      reason: "corrupted",
      message: `the record nests deeper than a progress record can, at ${deepPath}`,
      raw,
    });
  });

  it("sets aside deep nesting inside an answer's checklist and in a key the record does not have", () => {
    const inLines = `${head}"answers":[${valid(`,"checklist":{"lines":${"[".repeat(100_000)}${"]".repeat(100_000)}}`)}]}`;
    expect(parseProgress(inLines)).toMatchObject({
      ok: false,
      reason: "corrupted",
      message:
        "the record nests deeper than a progress record can, at answers[0].checklist.lines[0][0][0][0][0][0][0][0]",
      raw: inLines,
    });
    const extraKey = `${head}"answers":[],"x":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`;
    expect(parseProgress(extraKey)).toMatchObject({ok: false, reason: "corrupted", raw: extraKey});
  });

  it("sets aside numbers no record holds: 1e400 (Infinity once parsed), 2^53 + 1, a fraction", () => {
    for (const [number, where] of [
      ['"version":1e400', "version"],
      ['"score":1e400', "answers[0].score"],
      ['"attempt":9007199254740993', "answers[0].attempt"],
      ['"score":2.5', "answers[0].score"],
    ] as const) {
      const raw = `${head}"answers":[${valid("")}]}`.replace(/"(version|score|attempt)":[0-9]+/g, (found) =>
        found.startsWith(number.split(":")[0]!) ? number : found,
      );
      expect(raw).toContain(number);
      expect(parseProgress(raw), number).toEqual({
        ok: false,
        reason: "corrupted",
        message: `the record has an impossible number at ${where}`,
        raw,
      });
    }
  });

  it("sets aside wrong types, a string where an object goes, and prototype keys, never polluting Object", () => {
    const cases = [
      [`${head}"answers":"all of them"}`, "the record is damaged at answers"],
      [`${head}"answers":["example-1"]}`, "the record is damaged at answers[0]"],
      [
        `${head}"answers":[${valid("").replace('"score":3', '"score":"3"')}]}`,
        "the record is damaged at answers[0].score",
      ],
      [`${head}"answers":[${valid(',"checklist":"none"')}]}`, "the record is damaged at answers[0].checklist"],
      [`${head}"answers":[],"__proto__":{"polluted":1}}`, "the record is damaged at __proto__"],
      [`${head}"answers":[${valid(',"__proto__":{"polluted":1}')}]}`, "the record is damaged at answers[0].__proto__"],
      [
        `${head}"answers":[${valid(',"constructor":{"prototype":{"polluted":1}}')}]}`,
        "the record is damaged at answers[0].constructor",
      ],
    ] as const;
    for (const [raw, message] of cases)
      expect(parseProgress(raw), raw).toEqual({ok: false, reason: "corrupted", message, raw});
    expect(({} as {polluted?: number}).polluted).toBeUndefined();
  });

  it("holds a saved record to what an imported one must be: attempts 1, 2, 3 … and spans that end after they start", () => {
    const twice = `${head}"answers":[${valid("")},${valid("")}]}`;
    expect(parseProgress(twice)).toEqual({
      ok: false,
      reason: "corrupted",
      message: "the record is damaged: the answers to example-1 (guideline) repeat attempt 1",
      raw: twice,
    });
    const backwards = `${head}"answers":[${valid(',"checklist":{"lines":[{"listing":{"kind":"mark","in":"request","start":5,"end":2}}]}')}]}`;
    expect(parseProgress(backwards)).toMatchObject({
      reason: "corrupted",
      message: "the record is damaged: answers[0].checklist.lines[0].listing ends before it starts",
    });
  });

  it("reads a record of the largest size a trainee could make, and sets aside a huge one whole", () => {
    const huge = `${head}"answers":[${valid(`,"checklist":{"lines":[{"listing":{"kind":"free","text":"${"x".repeat(4_000_000)}"}}]}`)}]}`;
    expect(parseProgress(huge)).toEqual({
      ok: false,
      reason: "corrupted",
      message: "the record is damaged at answers[0].checklist.lines[0].listing",
      raw: huge,
    });
  });
});

describe("answers and attempts", () => {
  const progress: Progress = [
    answer({item: "example-1", phase: "vague", score: 3, at: at(1)}),
    answer({item: "example-1", score: 4, at: at(2)}),
    answer({item: "example-1", score: 5, at: at(3)}),
    answer({item: "calibration-a", mode: "self-check", score: 3, at: at(4)}),
    answer({item: "calibration-a", score: 4, at: at(5)}),
  ].reduce(recordAnswer, emptyProgress());

  it("numbers attempts per item, phase and mode; the first counts and the retries are kept", () => {
    expect(progress.answers.map((entry) => [entry.item, entry.phase, entry.mode ?? "walk", entry.attempt])).toEqual([
      ["example-1", "vague", "walk", 1],
      ["example-1", "guideline", "walk", 1],
      ["example-1", "guideline", "walk", 2],
      ["calibration-a", "guideline", "self-check", 1],
      ["calibration-a", "guideline", "walk", 1],
    ]);
    expect(firstAttempt(progress, "example-1", "guideline")?.score).toBe(4);
    expect(attempts(progress, "example-1", "guideline").map((entry) => entry.score)).toEqual([4, 5]);
    expect(firstAttempt(progress, "example-1", "vague")?.score).toBe(3);
    expect(firstAttempt(progress, "calibration-a", "guideline", "self-check")?.score).toBe(3);
    expect(firstAttempt(progress, "example-2", "guideline")).toBeUndefined();
  });

  it("records without changing the record it was given", () => {
    const before = emptyProgress();
    const after = recordAnswer(before, answer({item: "example-1"}));
    expect(before.answers).toEqual([]);
    expect(after.answers).toHaveLength(1);
  });

  it("counts each part's scored items in its phase", () => {
    const parts = loadParts();
    const counts = Object.fromEntries(parts.map((part) => [part.id, partProgress(progress, items, part)]));
    expect(counts).toEqual({
      "vague": {scored: 1, done: 1, total: 7},
      "examples": {scored: 0, done: 0, total: 0},
      "guideline": {scored: 0, done: 0, total: 0},
      "rubric": {scored: 1, done: 1, total: 7},
      "edge-cases": {scored: 0, done: 0, total: 14},
      // The self-check run does not count toward Part 6: that is its own mode.
      "calibration": {scored: 1, done: 1, total: 5},
    });
  });
});

describe("the record a page shows", () => {
  it("keeps the record shown when the one saved holds the same answers, and takes one that differs", () => {
    const shown = recordAnswer(emptyProgress(), answer({item: "example-1", score: 4}));
    const same = JSON.parse(JSON.stringify(shown)) as Progress;
    expect(nextRecord(shown, same)).toBe(shown);
    const more = recordAnswer(shown, answer({item: "example-2", score: 2}));
    expect(nextRecord(shown, more)).toBe(more);
  });
});

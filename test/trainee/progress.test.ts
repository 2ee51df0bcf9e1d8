import {describe, expect, it} from "vitest";
import {loadParts} from "../../lib/load.js";
import {
  attempts,
  emptyProgress,
  firstAttempt,
  parseProgress,
  partProgress,
  progressKey,
  recordAnswer,
  serializeProgress,
  staleRuling,
  type Answer,
  type Progress,
} from "../../lib/trainee/progress.js";
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
      "vague": {scored: 1, total: 7},
      "examples": {scored: 0, total: 0},
      "guideline": {scored: 0, total: 0},
      "rubric": {scored: 1, total: 7},
      "edge-cases": {scored: 0, total: 14},
      // The self-check run does not count toward Part 6: that is its own mode.
      "calibration": {scored: 1, total: 5},
    });
  });

  it("says when a ruling may have changed since the answer was scored", () => {
    const old = {...progress.answers[1]!, guideline: "v1"};
    expect(staleRuling(progress.answers[1]!, "v2", () => true)).toBeNull();
    expect(staleRuling(old, "v2", () => false)).toBeNull();
    const asked: string[] = [];
    expect(
      staleRuling(old, "v2", (id, version) => {
        asked.push(`${id} ${version}`);
        return true;
      }),
    ).toEqual({scoredUnder: "v1", current: "v2"});
    expect(asked).toEqual(["example-1 v1"]);
  });
});

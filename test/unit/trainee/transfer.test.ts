import {describe, expect, it} from "vitest";
import {
  emptyProgress,
  recordAnswer,
  recordAnswerLimit,
  serializeProgress,
  type Answer,
  type Progress,
} from "../../../lib/trainee/progress.js";
import {
  checkImportSize,
  exportFile,
  exportFileName,
  progressFileByteLimit,
  raterNameProblem,
  readImport,
  type ImportResult,
} from "../../../lib/trainee/transfer.js";
import {item, line, mark} from "./helpers.js";

const now = "2026-03-01T12:00:00.000Z";
const at = (minute: number): string => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`;

function record(...answers: (Partial<Omit<Answer, "attempt">> & Pick<Answer, "item" | "score">)[]): Progress {
  return answers.reduce(
    (progress, answer, index) =>
      recordAnswer(progress, {phase: "guideline", guideline: "v2", at: at(index), ...answer}),
    emptyProgress(),
  );
}

const example3 = item("example-3");
const sample = record(
  {item: "example-3", score: 4, phase: "vague"},
  {
    item: "example-3",
    score: 3,
    checklist: {
      lines: [line(mark(example3, "E-Mail an meine Vermieterin"), "met", true), line({kind: "free", text: "formal"})],
      mainNotMet: "engages",
    },
  },
  {item: "example-3", score: 3},
  {item: "calibration-c", score: "n/a", mode: "self-check"},
);

/** The export file of `sample` as a value, to break one field at a time (any: a test writes anything anywhere). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const envelope = () => JSON.parse(exportFile(sample, {rater: "Ana", now})) as Record<string, unknown> & {progress: any};
const json = (value: unknown) => JSON.stringify(value);
const refusal = (result: ImportResult) => (result.ok ? "accepted" : `${result.reason}: ${result.message}`);

describe("the export file", () => {
  it("is a versioned envelope around the record, with the rater's name if given", () => {
    const file = JSON.parse(exportFile(sample, {rater: "  Ana Lind ", now}));
    expect(Object.keys(file)).toEqual(["app", "kind", "version", "exportedAt", "rater", "progress"]);
    expect(file).toMatchObject({
      app: "rater-notebook",
      kind: "progress-export",
      version: 1,
      exportedAt: now,
      rater: "Ana Lind",
    });
    expect(file.progress).toEqual(sample);
    expect(JSON.parse(exportFile(sample, {rater: " ", now}))).not.toHaveProperty("rater");
  });

  it("reads back as the same record", () => {
    expect(readImport(exportFile(sample, {rater: "Ana", now}))).toEqual({
      ok: true,
      rater: "Ana",
      exportedAt: now,
      progress: sample,
    });
    expect(readImport(exportFile(emptyProgress(), {now}))).toMatchObject({ok: true, rater: null});
  });

  it("refuses to write a name it would refuse to read", () => {
    expect(() => exportFile(sample, {rater: "a\u202eb", now})).toThrowErrorMatchingInlineSnapshot(
      `[Error: cannot export: rater: a rater name may not hold control characters, invisible characters or marks that reorder text (it holds U+202E)]`,
    );
  });

  it("is named rater-notebook-progress, with the rater's name made safe for a file name, and the date", () => {
    expect(exportFileName({now})).toBe("rater-notebook-progress-2026-03-01.json");
    expect(exportFileName({rater: "Ana Lind", now})).toBe("rater-notebook-progress-ana-lind-2026-03-01.json");
    expect(exportFileName({rater: "Åsa Öberg", now})).toBe("rater-notebook-progress-asa-oberg-2026-03-01.json");
    expect(exportFileName({rater: '<script>alert("x")</script>', now})).toBe(
      "rater-notebook-progress-script-alert-x-script-2026-03-01.json",
    );
    expect(exportFileName({rater: "../../etc/passwd", now})).toBe("rater-notebook-progress-etc-passwd-2026-03-01.json");
    expect(exportFileName({rater: "漢字", now})).toBe("rater-notebook-progress-2026-03-01.json");
  });

  it("checks a rater name: any text, but not too long and no control characters", () => {
    expect(raterNameProblem("")).toBeNull();
    expect(raterNameProblem("<b>Ana</b>")).toBeNull();
    expect(raterNameProblem("x".repeat(81))).toBe("a rater name may be at most 80 characters");
    expect(raterNameProblem("Ana\u0000")).toBe(
      "a rater name may not hold control characters, invisible characters or marks that reorder text (it holds U+0000)",
    );
    expect(raterNameProblem("\u202egnp.exe")).toBe(
      "a rater name may not hold control characters, invisible characters or marks that reorder text (it holds U+202E)",
    );
  });
});

describe("reading an imported file", () => {
  it("checks the size before anything is read", () => {
    expect(checkImportSize(50 * 1024 * 1024)).toEqual({
      ok: false,
      reason: "too-large",
      message: "the file is 50 MiB; a progress file is at most 2 MB",
      detail: "the file is 50 MiB; a progress file is at most 2 MB",
    });
    expect(checkImportSize(progressFileByteLimit + 1)).toMatchObject({reason: "too-large"});
    expect(checkImportSize(progressFileByteLimit)).toBeNull();
    // Its message says what the reason says, and nothing more: no detail for a page that says the reason first.
    expect(checkImportSize(0)).toMatchObject({reason: "empty", message: "the file is empty", detail: null});
  });

  it("refuses text past the limit even when the size was not checked first", () => {
    const padded = exportFile(sample, {now}).replace("{", `{${" ".repeat(progressFileByteLimit)}`);
    expect(refusal(readImport(padded))).toBe("too-large: the file is 2,001,477 bytes; a progress file is at most 2 MB");
  });

  it("refuses a file that is empty, not JSON, or cut short", () => {
    const text = exportFile(sample, {now});
    expect(refusal(readImport(""))).toBe("empty: the file is empty");
    expect(refusal(readImport(" \n"))).toBe("empty: the file holds only white space");
    expect(refusal(readImport(text.slice(0, text.length / 2)))).toBe(
      "truncated: the file ends in the middle of its JSON: it looks cut short",
    );
    expect(refusal(readImport('{"app": "rater-notebook"'))).toMatch(/^truncated:/);
    expect(refusal(readImport("{app: 'rater-notebook'}"))).toBe(
      "malformed: the file is not readable JSON (near character 1)",
    );
    expect(refusal(readImport("\u0089PNG\r\n\u001a\n"))).toMatch(/^malformed: the file is not readable JSON/);
  });

  it("accepts a byte-order mark", () => {
    expect(readImport(`\uFEFF${exportFile(sample, {now})}`)).toMatchObject({ok: true});
  });

  it("refuses another app's file, or a Rater Notebook file that is not a progress export", () => {
    expect(refusal(readImport("[1, 2]"))).toBe(
      "foreign: this is not a Rater Notebook progress file: it holds no record",
    );
    expect(refusal(readImport("null"))).toBe("foreign: this is not a Rater Notebook progress file: it holds no record");
    expect(refusal(readImport('"rater-notebook"'))).toMatch(/^foreign:/);
    expect(refusal(readImport('{"name": "my-package", "version": "1.0.0"}'))).toBe(
      "foreign: this is not a Rater Notebook progress file: it does not say it is one",
    );
    expect(refusal(readImport(json({...envelope(), app: "other-notebook"})))).toBe(
      "foreign: this is not a Rater Notebook progress file: it is from another app",
    );
    expect(refusal(readImport(json({...envelope(), kind: "probe-run"})))).toBe(
      'foreign: this Rater Notebook file is not a progress export (its kind is "probe-run")',
    );
  });

  it("refuses another version of the file or of the record in it", () => {
    expect(refusal(readImport(json({...envelope(), version: 2})))).toBe(
      "wrong-version: the file is version 2; this site reads version 1: it comes from a newer Rater Notebook",
    );
    expect(refusal(readImport(json({...envelope(), version: "1"})))).toBe(
      'wrong-version: the file is version "1"; this site reads version 1',
    );
    const {version: _version, ...noVersion} = envelope();
    expect(refusal(readImport(json(noVersion)))).toBe(
      "wrong-version: the file is version null; this site reads version 1",
    );
    const file = envelope();
    file.progress.version = 0;
    expect(refusal(readImport(json(file)))).toBe(
      "wrong-version: the record in the file is version 0; this site reads version 1",
    );
  });

  it("refuses a damaged record, naming the field", () => {
    const damage = (change: (file: ReturnType<typeof envelope>) => void) => {
      const file = envelope();
      change(file);
      return refusal(readImport(json(file)));
    };
    expect(damage((file) => (file.progress.answers[1].score = 7))).toBe(
      "invalid: the file is damaged: progress.answers[1].score has an unexpected value 7",
    );
    expect(damage((file) => delete file.progress.answers[0].at)).toBe(
      "invalid: the file is damaged: progress.answers[0].at is missing",
    );
    expect(damage((file) => (file.progress.answers[0].at = "yesterday"))).toBe(
      'invalid: the file is damaged: progress.answers[0].at has an unexpected value "yesterday"',
    );
    expect(damage((file) => (file.progress.answers[0].html = "<img src=x onerror=alert(1)>"))).toBe(
      "invalid: the file is damaged: progress.answers[0].html is not part of a progress record",
    );
    expect(damage((file) => (file.progress.answers[0].item = "<script>alert(1)</script>"))).toBe(
      'invalid: the file is damaged: progress.answers[0].item has an unexpected value "<script>alert(1)</script>"',
    );
    expect(damage((file) => (file.progress.answers[1].checklist.lines[1].listing.text = "x".repeat(501)))).toBe(
      'invalid: the file is damaged: progress.answers[1].checklist.lines[1].listing has an unexpected value {"kind":"free","text":"xxxxxxxxxxxxxxxxx…',
    );
    expect(damage((file) => (file.rater = "x".repeat(200)))).toBe(
      "invalid: the file is damaged: rater: a rater name may be at most 80 characters",
    );
    expect(damage((file) => (file.progress.answers = {}))).toBe(
      "invalid: the file is damaged: progress.answers has an unexpected value {}",
    );
  });

  it("refuses huge and impossible numbers", () => {
    const text = exportFile(sample, {now});
    const swap = (from: string, to: string) => refusal(readImport(text.replace(from, to)));
    expect(swap('"attempt": 1', '"attempt": 1e300')).toBe(
      "invalid: the file has an impossible number at progress.answers[0].attempt: 1e+300: expected a whole number, as the site writes it",
    );
    expect(swap('"attempt": 1', '"attempt": 9007199254740993')).toBe(
      "invalid: the file has an impossible number at progress.answers[0].attempt: 9007199254740992: expected a whole number, as the site writes it",
    );
    expect(swap('"score": 4', '"score": 1e400')).toBe(
      "invalid: the file has an impossible number at progress.answers[0].score: " +
        "a number too large to hold (such as 1e400): expected a whole number, as the site writes it",
    );
    expect(swap('"score": 4', '"score": 3.5')).toBe(
      "invalid: the file has an impossible number at progress.answers[0].score: 3.5: expected a whole number, as the site writes it",
    );
    expect(swap('"score": 4', '"score": -0.0')).toMatch(/^invalid: the file is damaged: progress.answers\[0\].score/);
    // A version too large to hold is an impossible number, not a newer file: the saved record is read the same way
    // (lib/trainee/progress.ts checks the numbers before the version), so the two say the same of one record.
    const bare = (version: string) => refusal(readImport(`{"app":"rater-notebook","version":${version},"answers":[]}`));
    expect(bare("1e400")).toBe(
      "invalid: the file has an impossible number at version: " +
        "a number too large to hold (such as 1e400): expected a whole number, as the site writes it",
    );
    expect(swap('"version": 1', '"version": 1e400')).toBe(
      "invalid: the file has an impossible number at version: " +
        "a number too large to hold (such as 1e400): expected a whole number, as the site writes it",
    );
    expect(bare("2")).toBe(
      "wrong-version: the file is version 2; this site reads version 1: it comes from a newer Rater Notebook",
    );
  });

  it("refuses attempts that repeat or skip, and a marked span that ends before it starts", () => {
    const file = envelope();
    file.progress.answers[2].attempt = 1;
    expect(refusal(readImport(json(file)))).toBe(
      "invalid: the file is damaged: the answers to example-3 (guideline) repeat attempt 1",
    );
    file.progress.answers[2].attempt = 3;
    expect(refusal(readImport(json(file)))).toBe(
      "invalid: the file is damaged: the answers to example-3 (guideline) skip attempt 2",
    );
    file.progress.answers[2].attempt = 2;
    file.progress.answers[3].attempt = 2;
    expect(refusal(readImport(json(file)))).toBe(
      "invalid: the file is damaged: the answers to calibration-c (guideline, self-check) skip attempt 1",
    );
    const span = envelope();
    span.progress.answers[1].checklist.lines[0].listing.end = 0;
    expect(refusal(readImport(json(span)))).toBe(
      "invalid: the file is damaged: progress.answers[1].checklist.lines[0].listing ends before it starts",
    );
  });

  it("refuses more answers than a record holds", () => {
    const many = Array.from({length: recordAnswerLimit + 1}, (_, index) => ({
      item: `case-${index}`,
      phase: "guideline",
      attempt: 1,
      score: 3,
      guideline: "v2",
      at: now,
    }));
    const file = {...envelope(), progress: {app: "rater-notebook", version: 1, answers: many}};
    expect(refusal(readImport(json(file)))).toBe(
      "invalid: the file is damaged: progress.answers holds 10001 answers; a record holds at most 10000",
    );
  });

  it("survives hostile shapes without throwing: deep nesting, prototype keys, long strings", () => {
    const deep = exportFile(sample, {now}).replace("{", `{"x": ${"[".repeat(500_000)}${"]".repeat(500_000)},`);
    expect(refusal(readImport(deep))).toBe(
      "invalid: the file nests deeper than a progress record does, at x[0][0][0][0][0][0][0][0][0][0][0]",
    );
    const deepName = exportFile(sample, {now}).replace(
      '"app"',
      `"rater": ${"[".repeat(500_000)}${"]".repeat(500_000)}, "app"`,
    );
    expect(refusal(readImport(deepName))).toMatch(
      /^invalid: the file nests deeper than a progress record does, at rater/,
    );
    const proto = exportFile(sample, {now}).replace(
      '"app": "rater-notebook",',
      '"__proto__": {"polluted": 1}, "app": "rater-notebook",',
    );
    expect(refusal(readImport(proto))).toBe("invalid: the file is damaged: __proto__ is not part of a progress record");
    expect(({} as {polluted?: number}).polluted).toBeUndefined();
    const long = json({...envelope(), app: "y".repeat(100_000)});
    expect(refusal(readImport(long))).toBe(
      "foreign: this is not a Rater Notebook progress file: it is from another app",
    );
  });

  it("accepts a bare saved record (what this browser keeps) of this version, and refuses another", () => {
    expect(readImport(serializeProgress(sample))).toEqual({ok: true, rater: null, exportedAt: null, progress: sample});
    expect(refusal(readImport(json({...sample, version: 2})))).toBe(
      "wrong-version: the file is version 2; this site reads version 1: it comes from a newer Rater Notebook",
    );
    expect(refusal(readImport(json({...sample, answers: [{item: "example-1"}]})))).toBe(
      "invalid: the record is damaged: answers[0].phase is missing",
    );
  });
});

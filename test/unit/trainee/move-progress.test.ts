// "Move your progress", worked by hand: the download checks the name first, and the import refuses, previews, redoes
// a preview the saved record has made untrue, and imports only on confirmation. The records are the import plan's
// (test/unit/trainee/import-plan.test.ts): three answers in the file, one of them already here, one replacing.
import {describe, expect, it} from "vitest";
import {
  answerWords,
  exportCountText,
  exportStart,
  exportStep,
  importStatus,
  importStep,
  type ImportState,
} from "../../../lib/trainee/move-progress.js";
import {emptyProgress} from "../../../lib/trainee/progress.js";
import {readImport, type ImportedFile, type ImportRefusal} from "../../../lib/trainee/transfer.js";
import {items, record} from "./helpers.js";

const at = "2026-03-01T12:00:00.000Z";

describe("the download", () => {
  it("names the file after the trainee, or says why their name cannot go in it and keeps the field marked", () => {
    const typed = exportStep(exportStart(3), {kind: "type", name: " Ana Lind "});
    expect(exportStep(typed, {kind: "download", at}).downloaded).toEqual({
      fileName: "rater-notebook-progress-ana-lind-2026-03-01.json",
      rater: "Ana Lind",
      at,
    });
    const refused = exportStep(exportStep(typed, {kind: "type", name: "x".repeat(81)}), {kind: "download", at});
    expect([refused.error, refused.invalid, refused.downloaded]).toEqual([
      "Your name can't go in the file: a rater name may be at most 80 characters.",
      true,
      null,
    ]);
    // Typing clears the message; the field stays marked until a download goes through.
    const retyped = exportStep(refused, {kind: "type", name: "Ana"});
    expect([retyped.error, retyped.invalid]).toEqual([null, true]);
    expect(exportStep(retyped, {kind: "download", at}).invalid).toBe(false);
  });

  it("says how many answers the file will hold, and keeps the state when the count is the same", () => {
    const state = exportStart(0);
    expect(exportCountText(state.answers)).toBe("You have no answers to download yet.");
    expect(exportCountText(exportStep(state, {kind: "saved", answers: 1}).answers)).toBe(
      "The file will hold your 1 answer, retries included.",
    );
    expect(exportStep(state, {kind: "saved", answers: 0})).toBe(state);
  });
});

describe("the import", () => {
  const mine = record(
    {item: "example-1", score: 5, phase: "vague"},
    {item: "example-2", score: 3},
    {item: "example-2", score: 4},
  );
  const theirs = record(
    {item: "example-1", score: 5, phase: "vague"},
    {item: "example-2", score: 2},
    {item: "example-4", score: 3},
  );
  const file: ImportedFile = {ok: true, rater: "Ana", exportedAt: at, progress: theirs};
  const start: ImportState = {known: new Set(items.map((item) => item.id)), shown: {kind: "none"}};
  const read = importStep(start, {kind: "read", file, fileName: "ana.json", current: mine});

  it("previews a file read against the saved record: one added, one replaced, one kept (the retry)", () => {
    expect(read.shown.kind).toBe("preview");
    expect(importStatus(read.shown)).toBe(
      "Importing this file would add 1 answer, replace 1 and keep 1. Nothing changes until you import.",
    );
  });

  it("imports on confirmation, with the record to save, and says so", () => {
    const done = importStep(read, {kind: "confirm", current: mine});
    if (done.shown.kind !== "imported") throw new Error(`expected an import, got ${done.shown.kind}`);
    expect(done.shown.result.answers.map((answer) => `${answer.item} ${answer.attempt}: ${answer.score}`)).toEqual([
      "example-1 1: 5",
      "example-2 1: 2",
      "example-2 2: 4",
      "example-4 1: 3",
    ]);
    expect(importStatus(done.shown)).toBe("Imported: 1 answer added, 1 replaced. Your results above now include them.");
  });

  it("shows the preview again, marked, when the saved record changed since the file was chosen", () => {
    // Another tab cleared the record: now all three answers would be added.
    const confirmed = importStep(read, {kind: "confirm", current: emptyProgress()});
    expect(confirmed.shown).toMatchObject({kind: "preview", changedSince: true});
    expect(importStatus(confirmed.shown)).toMatch(/^Importing this file would add 3 answers, replace 0 and keep 0\./);
    const saved = importStep(read, {kind: "saved", current: emptyProgress()});
    expect(saved.shown).toMatchObject({kind: "preview", changedSince: true});
  });

  it("refuses with what is wrong, closes on Cancel, and ignores what has nothing to act on", () => {
    const refused = importStep(start, {
      kind: "refuse",
      refusal: readImport("") as ImportRefusal,
      fileName: "x.json",
    });
    // The title, and what the message adds to it: said once ("This file is empty: the file is empty" said it twice).
    expect(importStatus(refused.shown)).toBe("This file is empty. Nothing was imported.");
    const foreign = importStep(start, {
      kind: "refuse",
      refusal: readImport("[]") as ImportRefusal,
      fileName: "x.json",
    });
    expect(importStatus(foreign.shown)).toBe(
      "This is not a Rater Notebook progress file: it holds no record. Nothing was imported.",
    );
    const damaged = importStep(start, {
      kind: "refuse",
      refusal: {
        ok: false,
        reason: "invalid",
        message: "the file is damaged: rater is missing",
        detail: "rater is missing",
      },
      fileName: "x.json",
    });
    expect(importStatus(damaged.shown)).toBe("This file is damaged: rater is missing. Nothing was imported.");
    expect(importStatus(importStep(read, {kind: "cancel"}).shown)).toBe("Nothing was imported.");
    expect(importStep(start, {kind: "cancel"})).toBe(start);
    expect(importStep(refused, {kind: "saved", current: mine})).toBe(refused);
  });

  it("names a saved answer by its case, phase, mode and attempt, and a case the site lacks by its id", () => {
    const byId = new Map(items.map((item) => [item.id, item]));
    const [first, , retry] = mine.answers;
    expect(answerWords(first!, byId)).toBe("Example 1, before the guideline");
    expect(answerWords({...retry!, mode: "self-check"}, byId)).toBe(
      "Example 2, with the guideline in the self-check, attempt 2",
    );
    expect(answerWords({...first!, item: "gone-1"}, byId)).toBe(
      "a case this site does not have (“gone-1”), before the guideline",
    );
  });
});

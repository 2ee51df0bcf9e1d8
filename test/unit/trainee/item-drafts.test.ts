// An item's unchecked draft (issue 29, item 11; lib/trainee/score-card-state.ts, its keys in record-store.ts): kept
// under a key of its own, never in the record; brought back for the attempt it was made for; dropped once the item has
// another answer; set aside, never fatal, when it is broken or no longer fits its item; and gone on Check and on "Start
// over", with the record's own key left alone.
import {describe, expect, it} from "vitest";
import {draftKey, draftSetAsidePrefix, openItemDrafts} from "../../../lib/trainee/score-card-state.js";
import {clearDrafts, type DraftStorage} from "../../../lib/trainee/record-store.js";
import {line, mark, item as itemOf} from "./helpers.js";

/** localStorage as a Map, in insertion order, with the keys whose writes throw as a full storage's do. */
class FakeStorage implements DraftStorage {
  readonly values = new Map<string, string>();
  readonly refused = new Set<string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(entries)) this.values.set(key, value);
  }
  get length(): number {
    return this.values.size;
  }
  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refused.has(key)) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

const example1 = itemOf("example-1");
const slot = {item: "example-1", phase: "guideline", mode: "walk"} as const;
const open = (storage: FakeStorage, answered = 0) => openItemDrafts(slot, {answered, item: example1, storage});
// "Give me no more than two examples of irregular English verbs."
const lines = [line(mark(example1, "Give me no more than two examples of irregular English verbs"), "met", true)];
const record = "rater-notebook:progress:v1";

describe("an item's draft", () => {
  it("is kept under the item's own key, apart from the record, and brought back as it was", () => {
    const storage = new FakeStorage({[record]: '{"app":"rater-notebook","version":1,"answers":[]}'});
    open(storage).save(3, {lines, mainNotMet: undefined}, undefined, 0);
    expect(draftKey(slot)).toBe("rater-notebook:draft:v1:example-1:guideline:walk");
    expect([...storage.values.keys()]).toEqual([record, "rater-notebook:draft:v1:example-1:guideline:walk"]);
    // The record is untouched: a draft is never an answer.
    expect(storage.getItem(record)).toBe('{"app":"rater-notebook","version":1,"answers":[]}');
    expect(open(storage).start).toEqual({app: "rater-notebook-draft", after: 0, score: 3, checklist: {lines}});
  });

  it("keeps a deciding rule picked and a score alone, and removes itself when nothing is left in it", () => {
    const storage = new FakeStorage();
    open(storage).save(null, {lines: [], mainNotMet: undefined}, "numbers", 0);
    expect(open(storage).start).toEqual({app: "rater-notebook-draft", after: 0, decidingRule: "numbers"});
    open(storage).save("n/a", undefined, undefined, 0);
    expect(open(storage).start?.score).toBe("n/a");
    open(storage).save(null, {lines: [], mainNotMet: undefined}, undefined, 0);
    expect(storage.values.size).toBe(0);
  });

  it("is one per slot: another phase, mode or self-check run has its own", () => {
    expect(draftKey({...slot, phase: "vague"})).toBe("rater-notebook:draft:v1:example-1:vague:walk");
    expect(draftKey({item: "calibration-a", phase: "guideline", mode: "self-check", run: 2})).toBe(
      "rater-notebook:draft:v1:calibration-a:guideline:self-check:2",
    );
  });

  it("goes on Check, and is dropped once the item has more answers than when it was saved", () => {
    const storage = new FakeStorage();
    const drafts = open(storage);
    drafts.save(4, undefined, undefined, 0);
    drafts.clear();
    expect(storage.values.size).toBe(0);
    // Saved before the first answer; the item was checked in another tab since.
    open(storage).save(4, undefined, undefined, 0);
    expect(open(storage, 1).start).toBeNull();
    expect(storage.values.size).toBe(0);
    // A retry's draft, saved after the first answer, comes back for the second.
    open(storage, 1).save(5, undefined, undefined, 1);
    expect(open(storage, 1).start?.score).toBe(5);
  });

  it("is set aside, never fatal, when it cannot be read or no longer fits its item", () => {
    const key = draftKey(slot);
    const aside = `${draftSetAsidePrefix}example-1:guideline:walk`;
    for (const broken of [
      "{not json",
      "[]",
      '{"app":"rater-notebook-draft","after":0,"score":7}',
      '{"app":"rater-notebook-draft","after":0,"score":1e400}',
      // A mark past the end of the request’s 61 characters: the item's text changed since.
      '{"app":"rater-notebook-draft","after":0,"checklist":{"lines":[{"listing":{"kind":"mark","in":"request","start":5,"end":90}}]}}',
      // A mark in a turn the item does not have.
      '{"app":"rater-notebook-draft","after":0,"checklist":{"lines":[{"listing":{"kind":"mark","in":"turn-3","start":0,"end":4}}]}}',
    ]) {
      const storage = new FakeStorage({[key]: broken});
      expect(open(storage).start).toBeNull();
      expect(storage.getItem(aside)).toBe(broken);
      expect(storage.getItem(key)).toBeNull();
    }
    // When the copy cannot be written, the draft stays where it is, untouched, and the item still opens.
    const full = new FakeStorage({[key]: "{not json"});
    full.refused.add(aside);
    expect(open(full).start).toBeNull();
    expect(full.getItem(key)).toBe("{not json");
  });

  it("keeps nothing, and stops nothing, where the browser refuses to store", () => {
    const storage = new FakeStorage();
    storage.refused.add(draftKey(slot));
    expect(() => open(storage).save(3, undefined, undefined, 0)).not.toThrow();
    expect(openItemDrafts(slot, {answered: 0, item: example1, storage: null}).start).toBeNull();
  });
});

describe("“Start over”", () => {
  it("removes every item's draft and leaves the record's key and the set-aside copies", () => {
    const storage = new FakeStorage({
      [record]: "{}",
      "rater-notebook:draft:v1:example-1:guideline:walk": "{}",
      "rater-notebook:draft:v1:example-2:vague:walk": "{}",
      [`${draftSetAsidePrefix}example-3:guideline:walk`]: "{",
      "another-site": "x",
    });
    clearDrafts(storage);
    expect([...storage.values.keys()]).toEqual([
      record,
      `${draftSetAsidePrefix}example-3:guideline:walk`,
      "another-site",
    ]);
  });
});

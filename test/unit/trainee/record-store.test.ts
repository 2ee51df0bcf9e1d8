// The saved record's store, on a fake Storage: what it reads, what it sets aside, what it writes and what it keeps in
// memory when a record cannot be set aside (storage full), until the trainee resolves it.
import {describe, expect, it} from "vitest";
import {emptyProgress, progressKey, serializeProgress, type Answer} from "../../../lib/trainee/progress.js";
import {
  noticeChange,
  openRecordStore,
  recordSaved,
  setAsideKey,
  type RecordNotice,
} from "../../../lib/trainee/record-store.js";
import type {KeyValueStorage} from "../../../lib/trainee/set-aside.js";
import {record} from "./helpers.js";

/** localStorage as a Map, with the keys whose writes throw as a full storage's do. */
class FakeStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  readonly writes: string[] = [];
  readonly refused = new Set<string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(entries)) this.values.set(key, value);
  }
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes.push(key);
    if (this.refused.has(key)) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.values.set(key, value);
  }
}

const answer = (item: string, score: Answer["score"] = 4): Omit<Answer, "attempt"> => ({
  item,
  phase: "guideline",
  score,
  guideline: "v2",
  at: "2026-03-01T10:00:00.000Z",
});
const deep = `{"app":"rater-notebook","version":1,"answers":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
const savedAnswers = (storage: FakeStorage) =>
  (JSON.parse(storage.getItem(progressKey)!) as {answers: Answer[]}).answers.map((saved) => [saved.item, saved.score]);

describe("a readable record", () => {
  it("is read, and every answer is saved under the record's key", () => {
    const start = record({item: "example-1", score: 3});
    const storage = new FakeStorage({[progressKey]: serializeProgress(start)});
    const store = openRecordStore(storage);
    expect(store.notice()).toBeNull();
    expect(store.get()).toEqual(start);
    store.record(answer("example-2"));
    expect(savedAnswers(storage)).toEqual([
      ["example-1", 3],
      ["example-2", 4],
    ]);
  });

  it("is empty when nothing is saved, and nothing is written until an answer", () => {
    const storage = new FakeStorage();
    const store = openRecordStore(storage);
    expect(store.get()).toEqual(emptyProgress());
    expect(storage.writes).toEqual([]);
  });
});

describe("an unreadable record", () => {
  it("is copied, byte for byte, under the set-aside key before the first answer replaces it", () => {
    const storage = new FakeStorage({[progressKey]: deep});
    const store = openRecordStore(storage);
    expect(storage.getItem(setAsideKey)).toBe(deep);
    expect(store.notice()).toEqual({
      kind: "set-aside",
      key: setAsideKey,
      record: {
        reason: "corrupted",
        message: `the record nests deeper than a progress record can, at answers${"[0]".repeat(11)}`,
        raw: deep,
      },
    });
    store.record(answer("example-1"));
    expect(savedAnswers(storage)).toEqual([["example-1", 4]]);
    expect(storage.getItem(setAsideKey)).toBe(deep);
  });

  it("never overwrites an earlier set-aside record: the next goes under the next free key", () => {
    const storage = new FakeStorage({[progressKey]: "{broken", [setAsideKey]: "[older]"});
    const store = openRecordStore(storage);
    expect(store.notice()).toMatchObject({kind: "set-aside", key: `${setAsideKey}:2`});
    expect(storage.getItem(setAsideKey)).toBe("[older]");
    expect(storage.getItem(`${setAsideKey}:2`)).toBe("{broken");
    // Opened again before any answer (another page), the same text is found where it was set aside: no third copy.
    expect(openRecordStore(storage).notice()).toMatchObject({kind: "set-aside", key: `${setAsideKey}:2`});
    expect(storage.getItem(`${setAsideKey}:3`)).toBeNull();
  });
});

describe("an unreadable record that cannot be set aside (storage full)", () => {
  const raw = `${deep} `;
  const full = () => {
    const storage = new FakeStorage({[progressKey]: raw});
    storage.refused.add(setAsideKey);
    return storage;
  };

  it("stays under its key, byte for byte, while the answers given meanwhile are kept in memory", () => {
    const storage = full();
    const store = openRecordStore(storage);
    expect(store.notice()).toEqual({
      kind: "held",
      cause: "refused",
      record: expect.objectContaining({reason: "corrupted", raw}),
    });
    store.record(answer("example-1", 3));
    store.record(answer("example-1", 5));
    store.replace(record({item: "example-2", score: 2}));
    store.record(answer("example-3", 1));
    expect(store.get().answers.map((saved) => [saved.item, saved.score, saved.attempt])).toEqual([
      ["example-2", 2, 1],
      ["example-3", 1, 1],
    ]);
    expect(storage.getItem(progressKey)).toBe(raw);
    expect(storage.getItem(setAsideKey)).toBeNull();
    expect(storage.writes.filter((key) => key === progressKey)).toEqual([]);
    expect(store.notice()).toMatchObject({kind: "held"});
  });

  it("is set aside as soon as storage frees, and then the answers kept in memory are saved", () => {
    const storage = full();
    const store = openRecordStore(storage);
    store.record(answer("example-1", 3));
    expect(storage.getItem(progressKey)).toBe(raw);
    storage.refused.clear();
    store.record(answer("example-2", 2));
    expect(storage.getItem(setAsideKey)).toBe(raw);
    expect(savedAnswers(storage)).toEqual([
      ["example-1", 3],
      ["example-2", 2],
    ]);
    expect(store.notice()).toMatchObject({kind: "set-aside", key: setAsideKey, record: {raw}});
  });

  it("is replaced only when the trainee chooses to, and then the answers kept in memory are saved", () => {
    const storage = full();
    const store = openRecordStore(storage);
    const heard: number[] = [];
    store.subscribe((progress) => heard.push(progress.answers.length));
    store.record(answer("example-1", 3));
    store.replaceHeld();
    expect(savedAnswers(storage)).toEqual([["example-1", 3]]);
    expect(storage.getItem(setAsideKey)).toBeNull();
    expect(store.notice()).toBeNull();
    expect(heard).toEqual([1, 1]);
    store.record(answer("example-2", 2));
    expect(savedAnswers(storage)).toHaveLength(2);
  });

  it("keeps the answers given here when another tab resolves it, on top of the record that tab saved", () => {
    const storage = full();
    const store = openRecordStore(storage);
    store.record(answer("example-1", 3));
    const elsewhere = serializeProgress(record({item: "example-1", score: 5}, {item: "example-4", score: 2}));
    storage.values.set(progressKey, elsewhere);
    store.changedElsewhere(elsewhere);
    expect(store.notice()).toBeNull();
    expect(savedAnswers(storage)).toEqual([
      ["example-1", 5],
      ["example-4", 2],
      ["example-1", 3],
    ]);
    expect(store.get().answers.at(-1)).toMatchObject({item: "example-1", attempt: 2});
  });
});

describe("an unreadable record when every set-aside key already holds another", () => {
  it("is held, and the notice says the keys are taken rather than that storage refused", () => {
    const entries: Record<string, string> = {[progressKey]: "{broken"};
    for (let slot = 1; slot <= 100; slot++) entries[slot === 1 ? setAsideKey : `${setAsideKey}:${slot}`] = `[${slot}]`;
    const storage = new FakeStorage(entries);
    const store = openRecordStore(storage);
    expect(store.notice()).toMatchObject({kind: "held", cause: "slots-taken", record: {raw: "{broken"}});
    expect(storage.writes).toEqual([]);
  });
});

describe("a record that cannot be written (storage full)", () => {
  it("keeps the answers in memory, says so, and saves them all at the next answer once storage frees", () => {
    const start = record({item: "example-1", score: 3});
    const storage = new FakeStorage({[progressKey]: serializeProgress(start)});
    storage.refused.add(progressKey);
    const store = openRecordStore(storage);
    const heard: number[] = [];
    store.subscribe((progress) => heard.push(progress.answers.length));
    expect(store.notice()).toBeNull();
    store.record(answer("example-2", 2));
    expect(store.notice()).toEqual({kind: "unsaved", setAside: null});
    expect(store.get().answers.map((saved) => [saved.item, saved.score])).toEqual([
      ["example-1", 3],
      ["example-2", 2],
    ]);
    expect(storage.getItem(progressKey)).toBe(serializeProgress(start));
    // Still refused: tried again at the next answer, and the same notice stays.
    const unsaved = store.notice();
    store.record(answer("example-3", 1));
    expect(storage.writes.filter((key) => key === progressKey)).toHaveLength(2);
    expect(store.notice()).toBe(unsaved);
    storage.refused.clear();
    store.record(answer("example-4", 5));
    expect(store.notice()).toBeNull();
    expect(savedAnswers(storage)).toEqual([
      ["example-1", 3],
      ["example-2", 2],
      ["example-3", 1],
      ["example-4", 5],
    ]);
    expect(heard).toEqual([2, 3, 4]);
  });

  it("keeps the answers not saved here when another tab saves the record, on top of what that tab saved", () => {
    const start = record({item: "example-1", score: 3});
    const storage = new FakeStorage({[progressKey]: serializeProgress(start)});
    storage.refused.add(progressKey);
    const store = openRecordStore(storage);
    store.record(answer("example-2", 2));
    storage.refused.clear();
    const elsewhere = serializeProgress(record({item: "example-1", score: 3}, {item: "example-4", score: 1}));
    storage.values.set(progressKey, elsewhere);
    store.changedElsewhere(elsewhere);
    expect(store.notice()).toBeNull();
    expect(savedAnswers(storage)).toEqual([
      ["example-1", 3],
      ["example-4", 1],
      ["example-2", 2],
    ]);
  });

  it("says so in place of the set-aside notice, which comes back once the record is written", () => {
    const storage = new FakeStorage({[progressKey]: "{broken"});
    storage.refused.add(progressKey);
    const store = openRecordStore(storage);
    const setAside = store.notice();
    expect(setAside).toMatchObject({kind: "set-aside", key: setAsideKey});
    store.record(answer("example-1", 3));
    expect(store.notice()).toEqual({kind: "unsaved", setAside});
    expect(storage.getItem(progressKey)).toBe("{broken");
    storage.refused.clear();
    store.record(answer("example-2", 2));
    expect(store.notice()).toBe(setAside);
    expect(savedAnswers(storage)).toEqual([
      ["example-1", 3],
      ["example-2", 2],
    ]);
  });
});

describe("a record changed in another tab", () => {
  it("is read when it is readable, and set aside like any other when it is not", () => {
    const storage = new FakeStorage();
    const store = openRecordStore(storage);
    store.record(answer("example-1"));
    const elsewhere = serializeProgress(record({item: "example-2", score: 1}));
    store.changedElsewhere(elsewhere);
    expect(store.get().answers.map((saved) => saved.item)).toEqual(["example-2"]);
    storage.values.set(progressKey, "{garbage");
    store.changedElsewhere("{garbage");
    expect(storage.getItem(setAsideKey)).toBe("{garbage");
    expect(store.notice()).toMatchObject({kind: "set-aside", record: {reason: "corrupted", raw: "{garbage"}});
  });
});

describe("no storage at all", () => {
  it("works in memory and says so", () => {
    const store = openRecordStore(null);
    expect(store.notice()).toEqual({kind: "memory"});
    store.record(answer("example-1"));
    expect(store.get().answers).toHaveLength(1);
  });
});

describe("what the notice does when the store's notice changes", () => {
  const record = {reason: "corrupted", message: "the record is not JSON", raw: "{"} as const;
  const held: RecordNotice = {kind: "held", cause: "refused", record};
  const setAside: RecordNotice = {kind: "set-aside", key: setAsideKey, record};
  const unsaved: RecordNotice = {kind: "unsaved", setAside: null};
  const memory: RecordNotice = {kind: "memory"};

  it("does nothing for the notice it shows already, or for no notice after none", () => {
    expect(noticeChange(held, held)).toEqual({kind: "unchanged"});
    expect(noticeChange(null, null)).toEqual({kind: "unchanged"});
  });

  it("shows a new notice, whatever was shown before", () => {
    expect(noticeChange(undefined, memory)).toEqual({kind: "show", notice: memory});
    expect(noticeChange(null, setAside)).toEqual({kind: "show", notice: setAside});
    expect(noticeChange(setAside, unsaved)).toEqual({kind: "show", notice: unsaved});
  });

  it("says the answers are saved again after 'unsaved', and the record replaced after 'held'", () => {
    expect(noticeChange(unsaved, null)).toEqual({kind: "saved-again"});
    expect(noticeChange(held, null)).toEqual({kind: "replaced"});
  });

  it("clears quietly on first showing with nothing to say, and after a notice that needs no word of its end", () => {
    expect(noticeChange(undefined, null)).toEqual({kind: "clear"});
    expect(noticeChange(setAside, null)).toEqual({kind: "clear"});
    expect(noticeChange(memory, null)).toEqual({kind: "clear"});
  });
});

describe("a part drawn from the saved record", () => {
  it("shows the record as last saved, and the very same one when nothing was saved anew", () => {
    const before = emptyProgress();
    const saved = record({item: "example-1", score: 3});
    expect(recordSaved(before, saved)).toBe(saved);
    expect(recordSaved(saved, saved)).toBe(saved);
  });
});

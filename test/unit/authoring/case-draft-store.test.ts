// The case editor's saved draft, on a Map standing in for localStorage: what it reads back, what it sets aside (never
// deleted, never overwritten), and what it keeps on the page when the browser refuses a write.
import {describe, expect, it} from "vitest";
import {
  caseDraftKey,
  caseDraftLimit,
  caseDraftSetAsideKey,
  openCaseDraftStore,
  parseCaseDraft,
} from "../../../lib/authoring/case-draft-store.js";
import {draftNoticeWords} from "../../../lib/authoring/case-words.js";
import type {KeyValueStorage} from "../../../lib/trainee/set-aside.js";

/** localStorage as a Map; writes to the keys in `refused` throw as a full storage's do. */
class MapStorage implements KeyValueStorage {
  readonly values: Map<string, string>;
  readonly refused = new Set<string>();
  constructor(entries: Record<string, string> = {}) {
    this.values = new Map(Object.entries(entries));
  }
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refused.has(key)) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.values.set(key, value);
  }
}

const draft = {id: "fresh-8", set: "fresh-calibration", request: {text: "Write a haiku.", language: "en"}};
const envelope = (record: unknown, version = 1) => JSON.stringify({version, record});

describe("a readable draft", () => {
  it("is saved as typed under one versioned key, as {version, record}, and read back when the page opens", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage);
    expect(store.saved()).toBeNull();
    store.save(draft);
    expect(caseDraftKey).toBe("rater-notebook:case-draft:v1");
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({version: 1, record: draft});
    expect(store.notice()).toBeNull();
    expect(openCaseDraftStore(storage).saved()).toEqual(draft);
  });
});

describe("an unreadable draft is set aside, never deleted or overwritten, and the author is told", () => {
  const hostile: [string, string, string][] = [
    ["not JSON", "{version: 1", "the saved draft is not readable JSON"],
    ["not an envelope", JSON.stringify({app: "something else"}), "this is not a saved case draft"],
    ["an array", "[1,2]", "this is not a saved case draft"],
    ["a newer version", envelope(draft, 2), "the draft was saved by a newer version of the editor"],
    ["a record that is a list", envelope([draft]), "the saved draft holds no case"],
    ["a record that is text", envelope("id: x"), "the saved draft holds no case"],
    [
      "over the size limit",
      envelope({text: "x".repeat(caseDraftLimit)}),
      "the saved draft is larger than a case can be",
    ],
    ["nested too deep", `{"version":1,"record":{"a":${"[".repeat(40)}${"]".repeat(40)}}}`, "nests deeper"],
  ];
  it.each(hostile)("%s", (_, raw, message) => {
    const storage = new MapStorage({[caseDraftKey]: raw});
    const store = openCaseDraftStore(storage);
    expect(store.saved()).toBeNull();
    expect(storage.getItem(caseDraftSetAsideKey)).toBe(raw);
    expect(store.notice()).toMatchObject({kind: "set-aside", key: caseDraftSetAsideKey});
    expect((store.notice() as {message: string}).message).toContain(message);
    store.save(draft);
    expect(parseCaseDraft(storage.getItem(caseDraftKey))).toEqual({ok: true, record: draft});
    expect(storage.getItem(caseDraftSetAsideKey)).toBe(raw);
    expect(draftNoticeWords(store.notice()!)).toContain(caseDraftSetAsideKey);
  });

  it("a second unreadable draft goes under the next set-aside key; the first stays as it was", () => {
    const storage = new MapStorage({[caseDraftKey]: "second", [caseDraftSetAsideKey]: "first"});
    expect(openCaseDraftStore(storage).notice()).toMatchObject({key: `${caseDraftSetAsideKey}:2`});
    expect(storage.getItem(caseDraftSetAsideKey)).toBe("first");
    expect(storage.getItem(`${caseDraftSetAsideKey}:2`)).toBe("second");
  });

  it("when it cannot be copied it stays under its key untouched, and the draft is kept on the page only", () => {
    const storage = new MapStorage({[caseDraftKey]: "broken"});
    storage.refused.add(caseDraftSetAsideKey);
    const store = openCaseDraftStore(storage);
    expect(store.notice()).toMatchObject({kind: "held", cause: "refused"});
    store.save(draft);
    expect(storage.getItem(caseDraftKey)).toBe("broken");
    expect(draftNoticeWords(store.notice()!)).toContain("kept on this page only");
    // Room again: the copy is made first, then the draft saved.
    storage.refused.clear();
    store.save(draft);
    expect(storage.getItem(caseDraftSetAsideKey)).toBe("broken");
    expect(parseCaseDraft(storage.getItem(caseDraftKey))).toEqual({ok: true, record: draft});
    expect(store.notice()).toMatchObject({kind: "set-aside"});
  });
});

describe("a draft that cannot be written", () => {
  it("storage full: kept on the page, said so, and written at the next change once there is room", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage);
    storage.refused.add(caseDraftKey);
    store.save(draft);
    expect(store.notice()).toEqual({kind: "unsaved", cause: "refused", setAside: null});
    expect(draftNoticeWords(store.notice()!)).toContain("storage is full");
    storage.refused.clear();
    store.save({...draft, id: "fresh-9"});
    expect(store.notice()).toBeNull();
    expect(openCaseDraftStore(storage).saved()).toMatchObject({id: "fresh-9"});
  });

  it("storage full after a draft was set aside: the set-aside notice comes back once the draft is saved", () => {
    const storage = new MapStorage({[caseDraftKey]: "broken"});
    const store = openCaseDraftStore(storage);
    storage.refused.add(caseDraftKey);
    store.save(draft);
    expect(store.notice()).toMatchObject({kind: "unsaved", setAside: {key: caseDraftSetAsideKey}});
    storage.refused.clear();
    store.save(draft);
    expect(store.notice()).toMatchObject({kind: "set-aside", key: caseDraftSetAsideKey});
  });

  it("a draft larger than a case can be is not written over the last one that was", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage);
    store.save(draft);
    store.save({...draft, teaches: "x".repeat(caseDraftLimit)});
    expect(store.notice()).toMatchObject({kind: "unsaved", cause: "too-large"});
    expect(openCaseDraftStore(storage).saved()).toEqual(draft);
  });

  it("no storage at all, or storage that refuses to be read: the draft lasts as long as the page", () => {
    expect(openCaseDraftStore(null).notice()).toEqual({kind: "memory"});
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    const store = openCaseDraftStore(blocked);
    store.save(draft);
    expect(store.notice()).toEqual({kind: "memory"});
    expect(draftNoticeWords(store.notice()!)).toContain("lasts as long as this page");
  });
});

describe("a draft a Load replaces", () => {
  const loaded = {id: "edge-3", set: "edge-cases"};
  it("is copied aside and named in the saved draft, so Undo still finds it after a reload", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage);
    store.save(draft);
    expect(store.setAsideReplaced(draft)).toBe(true);
    store.save(loaded);
    expect(JSON.parse(storage.getItem(`${caseDraftKey}:replaced`)!)).toEqual({version: 1, record: draft});
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({
      version: 1,
      record: loaded,
      replaced: "rater-notebook:case-draft:v1:replaced",
    });
    const reopened = openCaseDraftStore(storage);
    expect(reopened.saved()).toEqual(loaded);
    expect(reopened.replaced()).toEqual(draft);
    // Undo swaps: the draft it takes away is set aside in its turn, and the next Undo brings it back.
    expect(reopened.setAsideReplaced(loaded)).toBe(true);
    reopened.save(draft);
    expect(openCaseDraftStore(storage).saved()).toEqual(draft);
    expect(openCaseDraftStore(storage).replaced()).toEqual(loaded);
  });

  it("is copied under one key, overwritten at each Load: copies never pile up", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage);
    store.setAsideReplaced(draft);
    store.setAsideReplaced(loaded);
    for (let load = 0; load < 100; load += 1) store.setAsideReplaced({id: `edge-${load}`});
    store.setAsideReplaced(loaded);
    store.save({id: "edge-4"});
    // The draft, the one copy: nothing else.
    expect([...storage.values.keys()].sort()).toEqual([caseDraftKey, `${caseDraftKey}:replaced`]);
    expect(storage.getItem(`${caseDraftKey}:replaced`)).toBe(envelope(loaded));
    expect(openCaseDraftStore(storage).replaced()).toEqual(loaded);
  });

  it("says when the copy is refused after one was kept: the draft saved next names none, Undo keeps it on the page", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage);
    expect(store.setAsideReplaced(draft)).toBe(true);
    storage.refused.add(`${caseDraftKey}:replaced`);
    expect(store.setAsideReplaced(loaded)).toBe(false);
    expect(store.replaced()).toEqual(loaded);
    store.save({id: "edge-4"});
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({version: 1, record: {id: "edge-4"}});
    // The older copy is not offered after a reload: it is not the draft the last Load replaced.
    expect(openCaseDraftStore(storage).replaced()).toBeNull();
  });

  it("is kept on the page only when the copy is refused, and an envelope never names another key", () => {
    const storage = new MapStorage();
    storage.refused.add(`${caseDraftKey}:replaced`);
    const store = openCaseDraftStore(storage);
    expect(store.setAsideReplaced(draft)).toBe(false);
    expect(store.replaced()).toEqual(draft);
    store.save(loaded);
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({version: 1, record: loaded});

    for (const key of ["rater-notebook:progress:v1", `${caseDraftKey}:replaced:2`]) {
      const other = new MapStorage({
        [caseDraftKey]: JSON.stringify({version: 1, record: loaded, replaced: key}),
        [key]: envelope(draft),
      });
      expect(openCaseDraftStore(other).replaced()).toBeNull();
    }
    expect(parseCaseDraft(JSON.stringify({version: 1, record: loaded, replaced: 7}))).toEqual({
      ok: true,
      record: loaded,
    });
  });
});

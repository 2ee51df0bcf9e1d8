// The case editor's saved draft, on a Map standing in for localStorage: what it reads back, what it sets aside (never
// deleted, never overwritten), and what it keeps on the page when the browser refuses a write; and the draft's record
// held to the item schema as a work in progress, over every field of every case broken by a value of the wrong kind.
import {describe, expect, it} from "vitest";
import {caseSchemas} from "../../../lib/authored/schemas/facts.js";
import {addLine, blankCase, caseFromFile, setRule} from "../../../lib/authoring/case-editor.js";
import {caseEditorData} from "../../../lib/authoring/case-editor-data.node.js";
import {fieldPath} from "../../../lib/authored/problems.js";
import {loadGuidelines, loadItems, projectRoot} from "../../../lib/node/load.js";
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

const data = caseEditorData(loadItems(), loadGuidelines(), projectRoot);
const schema = caseSchemas(data.versions.at(-1)!.logic);
const draft = {id: "fresh-8", set: "fresh-calibration", request: {text: "Write a haiku.", language: "en"}};
const envelope = (record: unknown, version = 1) => JSON.stringify({version, record});

describe("a readable draft", () => {
  it("is saved as typed under one versioned key, as {version, record}, and read back when the page opens", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage, schema);
    expect(store.saved()).toBeNull();
    store.save(draft);
    expect(caseDraftKey).toBe("rater-notebook:case-draft:v1");
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({version: 1, record: draft});
    expect(store.notice()).toBeNull();
    expect(openCaseDraftStore(storage, schema).saved()).toEqual(draft);
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
    // Issue 28: a line's quote of the wrong kind stopped the page; the line has no rule yet, as a marked line has not.
    [
      "a quote that is a number",
      envelope({checklist: [{role: "main", text: "x", quote: 7}]}),
      "the saved draft at checklist[0].quote: expected string or array, got 7",
    ],
    [
      "a quote that is an object",
      envelope({checklist: [{role: "main", text: "x", quote: {a: 1}}]}),
      'the saved draft at checklist[0].quote: expected string or array, got {"a":1}',
    ],
    [
      "a quote that is a list holding an object",
      envelope({checklist: [{role: "main", text: "x", quote: ["first", {a: 1}]}]}),
      'the saved draft at checklist[0].quote[1]: expected string, got {"a":1}',
    ],
    [
      "two values of the wrong kind",
      envelope({id: 7, request: {text: ["Write."]}}),
      "the saved draft at id: expected string, got 7, and 1 more problem",
    ],
  ];
  it.each(hostile)("%s", (_, raw, message) => {
    const storage = new MapStorage({[caseDraftKey]: raw});
    const store = openCaseDraftStore(storage, schema);
    expect(store.saved()).toBeNull();
    expect(storage.getItem(caseDraftSetAsideKey)).toBe(raw);
    expect(store.notice()).toMatchObject({kind: "set-aside", key: caseDraftSetAsideKey});
    expect((store.notice() as {message: string}).message).toContain(message);
    store.save(draft);
    expect(parseCaseDraft(storage.getItem(caseDraftKey), schema)).toEqual({ok: true, record: draft});
    expect(storage.getItem(caseDraftSetAsideKey)).toBe(raw);
    expect(draftNoticeWords(store.notice()!)).toContain(caseDraftSetAsideKey);
  });

  it("a second unreadable draft goes under the next set-aside key; the first stays as it was", () => {
    const storage = new MapStorage({[caseDraftKey]: "second", [caseDraftSetAsideKey]: "first"});
    expect(openCaseDraftStore(storage, schema).notice()).toMatchObject({key: `${caseDraftSetAsideKey}:2`});
    expect(storage.getItem(caseDraftSetAsideKey)).toBe("first");
    expect(storage.getItem(`${caseDraftSetAsideKey}:2`)).toBe("second");
  });

  it("when it cannot be copied it stays under its key untouched, and the draft is kept on the page only", () => {
    const storage = new MapStorage({[caseDraftKey]: "broken"});
    storage.refused.add(caseDraftSetAsideKey);
    const store = openCaseDraftStore(storage, schema);
    expect(store.notice()).toMatchObject({kind: "held", cause: "refused"});
    store.save(draft);
    expect(storage.getItem(caseDraftKey)).toBe("broken");
    expect(draftNoticeWords(store.notice()!)).toContain("kept on this page only");
    // Room again: the copy is made first, then the draft saved.
    storage.refused.clear();
    store.save(draft);
    expect(storage.getItem(caseDraftSetAsideKey)).toBe("broken");
    expect(parseCaseDraft(storage.getItem(caseDraftKey), schema)).toEqual({ok: true, record: draft});
    expect(store.notice()).toMatchObject({kind: "set-aside"});
  });
});

describe("a draft that cannot be written", () => {
  it("storage full: kept on the page, said so, and written at the next change once there is room", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage, schema);
    storage.refused.add(caseDraftKey);
    store.save(draft);
    expect(store.notice()).toEqual({kind: "unsaved", cause: "refused", setAside: null});
    expect(draftNoticeWords(store.notice()!)).toContain("storage is full");
    storage.refused.clear();
    store.save({...draft, id: "fresh-9"});
    expect(store.notice()).toBeNull();
    expect(openCaseDraftStore(storage, schema).saved()).toMatchObject({id: "fresh-9"});
  });

  it("storage full after a draft was set aside: the set-aside notice comes back once the draft is saved", () => {
    const storage = new MapStorage({[caseDraftKey]: "broken"});
    const store = openCaseDraftStore(storage, schema);
    storage.refused.add(caseDraftKey);
    store.save(draft);
    expect(store.notice()).toMatchObject({kind: "unsaved", setAside: {key: caseDraftSetAsideKey}});
    storage.refused.clear();
    store.save(draft);
    expect(store.notice()).toMatchObject({kind: "set-aside", key: caseDraftSetAsideKey});
  });

  it("a draft larger than a case can be is not written over the last one that was", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage, schema);
    store.save(draft);
    store.save({...draft, teaches: "x".repeat(caseDraftLimit)});
    expect(store.notice()).toMatchObject({kind: "unsaved", cause: "too-large"});
    expect(openCaseDraftStore(storage, schema).saved()).toEqual(draft);
  });

  it("no storage at all, or storage that refuses to be read: the draft lasts as long as the page", () => {
    expect(openCaseDraftStore(null, schema).notice()).toEqual({kind: "memory"});
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    const store = openCaseDraftStore(blocked, schema);
    store.save(draft);
    expect(store.notice()).toEqual({kind: "memory"});
    expect(draftNoticeWords(store.notice()!)).toContain("lasts as long as this page");
  });
});

describe("a draft a Load replaces", () => {
  const loaded = {id: "edge-3", set: "edge-cases"};
  it("is copied aside and named in the saved draft, so Undo still finds it after a reload", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage, schema);
    store.save(draft);
    expect(store.setAsideReplaced(draft)).toBe(true);
    store.save(loaded);
    expect(JSON.parse(storage.getItem(`${caseDraftKey}:replaced`)!)).toEqual({version: 1, record: draft});
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({
      version: 1,
      record: loaded,
      replaced: "rater-notebook:case-draft:v1:replaced",
    });
    const reopened = openCaseDraftStore(storage, schema);
    expect(reopened.saved()).toEqual(loaded);
    expect(reopened.replaced()).toEqual(draft);
    // Undo swaps: the draft it takes away is set aside in its turn, and the next Undo brings it back.
    expect(reopened.setAsideReplaced(loaded)).toBe(true);
    reopened.save(draft);
    expect(openCaseDraftStore(storage, schema).saved()).toEqual(draft);
    expect(openCaseDraftStore(storage, schema).replaced()).toEqual(loaded);
  });

  it("is copied under one key, overwritten at each Load: copies never pile up", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage, schema);
    store.setAsideReplaced(draft);
    store.setAsideReplaced(loaded);
    for (let load = 0; load < 100; load += 1) store.setAsideReplaced({id: `edge-${load}`});
    store.setAsideReplaced(loaded);
    store.save({id: "edge-4"});
    // The draft, the one copy: nothing else.
    expect([...storage.values.keys()].sort()).toEqual([caseDraftKey, `${caseDraftKey}:replaced`]);
    expect(storage.getItem(`${caseDraftKey}:replaced`)).toBe(envelope(loaded));
    expect(openCaseDraftStore(storage, schema).replaced()).toEqual(loaded);
  });

  it("says when the copy is refused after one was kept: the draft saved next names none, Undo keeps it on the page", () => {
    const storage = new MapStorage();
    const store = openCaseDraftStore(storage, schema);
    expect(store.setAsideReplaced(draft)).toBe(true);
    storage.refused.add(`${caseDraftKey}:replaced`);
    expect(store.setAsideReplaced(loaded)).toBe(false);
    expect(store.replaced()).toEqual(loaded);
    store.save({id: "edge-4"});
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({version: 1, record: {id: "edge-4"}});
    // The older copy is not offered after a reload: it is not the draft the last Load replaced.
    expect(openCaseDraftStore(storage, schema).replaced()).toBeNull();
  });

  it("is kept on the page only when the copy is refused, and an envelope never names another key", () => {
    const storage = new MapStorage();
    storage.refused.add(`${caseDraftKey}:replaced`);
    const store = openCaseDraftStore(storage, schema);
    expect(store.setAsideReplaced(draft)).toBe(false);
    expect(store.replaced()).toEqual(draft);
    store.save(loaded);
    expect(JSON.parse(storage.getItem(caseDraftKey)!)).toEqual({version: 1, record: loaded});

    for (const key of ["rater-notebook:progress:v1", `${caseDraftKey}:replaced:2`]) {
      const other = new MapStorage({
        [caseDraftKey]: JSON.stringify({version: 1, record: loaded, replaced: key}),
        [key]: envelope(draft),
      });
      expect(openCaseDraftStore(other, schema).replaced()).toBeNull();
    }
    expect(parseCaseDraft(JSON.stringify({version: 1, record: loaded, replaced: 7}), schema)).toEqual({
      ok: true,
      record: loaded,
    });
  });
});

/** Every case as the editor loads it, by id; and fresh-6 with its response's turn, the one field no case has. */
const cases = data.cases.map((entry) => ({
  id: entry.id,
  record: caseFromFile(entry.text, `data/items/${entry.id}.md`, schema.item).record!,
}));
const fresh6 = cases.find(({id}) => id === "fresh-6")!.record;
cases.push({id: "fresh-6", record: {...fresh6, response: {...(fresh6.response as object), turn: 4}}});

type Path = (string | number)[];

/** Every place in a value, nested (the value itself first), with what is there. */
function* places(value: unknown, path: Path = []): Generator<[Path, unknown]> {
  yield [path, value];
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* places(item, [...path, index]);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) yield* places(item, [...path, key]);
}

/** A copy of `record` with the value at `path` replaced (or removed, for undefined). */
function changed(record: unknown, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(record) as Record<string, unknown>;
  const holder = path.slice(0, -1).reduce<Record<string | number, unknown>>((at, key) => at[key] as never, copy);
  const last = path.at(-1)!;
  if (value !== undefined) holder[last] = value;
  else if (Array.isArray(holder)) holder.splice(last as number, 1);
  else delete holder[last];
  return copy;
}

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/**
 * The kinds a field may hold, when it may hold either of two (lib/authored/schemas/item.ts, verdict.ts and
 * facts.ts): a line's quote, text or a list of texts; a score, 1 to 5 or "n/a"; the numbers rule's delivered count,
 * a count or "more-than-limit". Null for any other field: it holds one kind.
 */
function eitherKind(shape: string): string[] | null {
  if (/\/quote$/.test(shape)) return ["string", "array"];
  if (/\/score$/.test(shape) || /^numbers\/.*\/facts\/delivered$/.test(shape)) return ["number", "string"];
  return null;
}

/**
 * Values of another kind than the field of this shape holds, each wrong there: a number, text, a yes/no, null, an
 * object, a list of numbers; and for a list of texts (a compare list, a main task's stretches) a list holding an
 * object. An object stands only where the schema has an object, so it is never given in place of one (an object of
 * unknown fields is a draft's, not a wrong kind); nor a list where a list stands.
 */
function wrongKinds(shape: string, value: unknown): unknown[] {
  const kinds = eitherKind(shape) ?? [kindOf(value)];
  const others: unknown[] = [7, "x", true, null, {a: 1}, [7]].filter((other) => !kinds.includes(kindOf(other)));
  if (Array.isArray(value) && typeof value[0] === "string") others.push([{a: 1}]);
  return others;
}

/** The place's shape: the path with its list positions left out, and a line's rule, whose facts are its own. */
function shapeOf(record: Record<string, unknown>, path: Path): string {
  const line =
    path[0] === "checklist" && typeof path[1] === "number" ? (record.checklist as {rule?: string}[])[path[1]] : null;
  return [line?.rule ?? "", ...path.map((key) => (typeof key === "number" ? "[]" : key))].join("/");
}

describe("a draft's record is held to the item schema as a work in progress", () => {
  // Each shape of place once (every field of every case, nested; a fact under each rule that has it).
  const seen = new Set<string>();
  const broken: [string, Path, unknown, Record<string, unknown>][] = [];
  for (const {id, record} of cases)
    for (const [path, value] of places(record)) {
      if (path.length === 0) continue;
      const shape = shapeOf(record, path);
      for (const wrong of wrongKinds(shape, value)) {
        if (seen.has(`${shape} ${kindOf(wrong)}`)) continue;
        seen.add(`${shape} ${kindOf(wrong)}`);
        broken.push([id, path, wrong, changed(record, path, wrong)]);
      }
    }

  it("sets aside a draft with a value of the wrong kind in any field, nested, and names the field", () => {
    // Fields of every part of a case: the texts, the lines and their facts, the notes, the flags, the turns.
    const fields = new Set(broken.map(([, path]) => String(path[0])));
    for (const field of ["id", "order", "request", "response", "turns", "checklist", "notes", "flags", "compare"])
      expect(fields).toContain(field);
    expect(broken.some(([, path]) => fieldPath(path) === "response.turn")).toBe(true);
    expect(broken.length).toBeGreaterThan(500);
    const kept = broken.flatMap(([id, path, wrong, record]) => {
      const reading = parseCaseDraft(envelope(record), schema);
      const named = !reading.ok && reading.message.startsWith(`the saved draft at ${fieldPath(path)}`);
      return named ? [] : [`${id} at ${fieldPath(path)}: ${JSON.stringify(wrong)}: ${JSON.stringify(reading)}`];
    });
    expect(kept).toEqual([]);
  });

  it("keeps a draft that lacks any field, or holds a value out of its bounds, as a draft in progress does", () => {
    const refused: string[] = [];
    for (const {id, record} of cases)
      for (const [path] of places(record)) {
        if (path.length === 0) continue;
        const lacking = changed(record, path, undefined);
        const reading = parseCaseDraft(envelope(lacking), schema);
        if (!reading.ok) refused.push(`${id} without ${fieldPath(path)}: ${reading.message}`);
      }
    expect(refused).toEqual([]);
    // What the editor's own edits make: a blank case, a marked line with no rule yet, a rule with no facts chosen,
    // emptied texts and lists, an order below the least.
    let record = addLine(blankCase(), {role: "main", quote: ["Write", "a poem"], text: "Write a poem"});
    record = addLine(record, {role: "instruction", text: "Stay short", unquoted: "a standing instruction"});
    record = setRule(record, 1, "numbers");
    for (const draft of [blankCase(), record, {...record, request: {text: ""}, checklist: [], order: -1}])
      expect(parseCaseDraft(envelope(draft), schema)).toEqual({ok: true, record: draft});
  });

  it("reads a draft against the fields of the rule a line has, or of any rule while it has none", () => {
    const line = {role: "instruction", text: "At most 4 lines", quote: "no more than 4 lines"};
    const reading = (record: unknown) => parseCaseDraft(envelope(record), schema);
    // The numbers rule's facts: a count that is a word is wrong; a fact no rule of the line's has is a draft's.
    expect(reading({checklist: [{...line, rule: "numbers", facts: {limit: "four"}}]})).toMatchObject({
      ok: false,
      message: 'the saved draft at checklist[0].facts.limit: expected number, got "four"',
    });
    expect(reading({checklist: [{...line, facts: {limit: 4}}]})).toMatchObject({ok: true});
    // A line with no rule yet is held to the rule it fits best: a count that is a word fits a rule with no count.
    expect(reading({checklist: [{...line, facts: {limit: "four"}}]})).toMatchObject({ok: true});
    expect(reading({checklist: [{...line, note: 7}]})).toMatchObject({
      ok: false,
      message: "the saved draft at checklist[0].note: expected string, got 7",
    });
    expect(reading({checklist: [{...line, rule: "numbers", facts: {}}]})).toMatchObject({ok: true});
    // A rule that is none of the guideline's, and a role that is none of the three, are not a draft's.
    expect(reading({checklist: [{...line, rule: "sizes"}]})).toMatchObject({ok: false});
    expect(reading({checklist: [{...line, role: "boss"}]})).toMatchObject({ok: false});
  });

  it("sets the broken draft aside under the set-aside key, with its text byte for byte, and opens blank", () => {
    const raw = envelope({checklist: [{role: "main", text: "x", quote: 7}]});
    const storage = new MapStorage({[caseDraftKey]: raw});
    const store = openCaseDraftStore(storage, schema);
    expect(store.saved()).toBeNull();
    expect(storage.getItem(caseDraftSetAsideKey)).toBe(raw);
    expect(draftNoticeWords(store.notice()!)).toBe(
      "The draft saved earlier could not be read (the saved draft at checklist[0].quote: expected string or " +
        `array, got 7), so it was kept aside under ${caseDraftSetAsideKey} in this browser's storage, and this ` +
        "draft is saved as usual.",
    );
    // A copy for Undo that is broken the same way is not offered.
    const replaced = new MapStorage({
      [caseDraftKey]: JSON.stringify({version: 1, record: draft, replaced: `${caseDraftKey}:replaced`}),
      [`${caseDraftKey}:replaced`]: raw,
    });
    expect(openCaseDraftStore(replaced, schema).replaced()).toBeNull();
  });
});

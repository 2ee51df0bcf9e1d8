import {describe, expect, it} from "vitest";
import {titleBefore} from "../../../lib/site/links.js";
import {
  allAnswered,
  anyAnswered,
  casesIn,
  itemsOfCases,
  partItemsWords,
  firstCheckOfWalk,
  itemState,
  itemStateLabels,
  positionAt,
  shownAddress,
  shownItem,
  stripKeyTarget,
  stripLabel,
  walkCounter,
  walkItemState,
  walkStart,
  walkUpdate,
  type ItemState,
} from "../../../lib/trainee/walk.js";
import {beforeAnswer, beforeClosed, emptyProgress, partProgress, type Progress} from "../../../lib/trainee/progress.js";
import {item, items, record} from "./helpers.js";

const ids = ["example-1", "example-2", "example-3"];

describe("which item a part shows", () => {
  it("shows the item the address names, with where Previous and Next lead", () => {
    expect(shownItem(ids, "#example-2")).toEqual({
      index: 1,
      id: "example-2",
      previous: "example-1",
      next: "example-3",
      ordinal: "2 of 3",
    });
    expect(shownItem(ids, "#example-3")).toMatchObject({next: null, previous: "example-2"});
  });

  it("shows the first item for no fragment, an unknown one or a malformed escape", () => {
    for (const hash of ["", "#", "#nope", "#%E0%A4%A"]) expect(shownItem(ids, hash).id).toBe("example-1");
    expect(shownItem(ids, "#example%2D3").id).toBe("example-3");
    expect(positionAt(ids, 9).id).toBe("example-3");
  });
});

describe("the strip's state of an item", () => {
  it("is open before an answer, answered where nothing is compared, else how far the first answer was", () => {
    expect(itemState(undefined, 3, {compared: true})).toBe("open");
    expect(itemState({score: 4}, 3, {compared: false})).toBe("answered");
    expect(itemState({score: 3}, 3, {compared: true})).toBe("exact");
    expect(itemState({score: 2}, 3, {compared: true})).toBe("one-off");
    expect(itemState({score: 5}, 3, {compared: true})).toBe("two-or-more-off");
    expect(itemState({score: 1}, "n/a", {compared: true})).toBe("two-or-more-off");
  });
});

describe("an item's title before Check", () => {
  it("is its number and neutral topic, never the case study's name for it", () => {
    expect(titleBefore(item("edge-4"))).toBe("Edge case 4: translation without a language");
    expect(titleBefore(item("calibration-d-twist"))).toBe(
      "Calibration D, twist: the same translation, later in a conversation",
    );
    for (const each of items) expect(titleBefore(each), each.id).not.toContain(each.title);
  });

  it("gives away no score or verdict word", () => {
    const telling = /\b(met|not met|justified|wrong|refus\w*|ignores?|perfect|good|flaw|polite|partly|fails?)\b/i;
    expect(items.filter((each) => telling.test(each.topic)).map((each) => `${each.id}: ${each.topic}`)).toEqual([]);
  });
});

describe("where a part's items stand in the walk", () => {
  // Example 1 is ruled 5 (data/items/example-1.md).
  const progress = record(
    {item: "example-1", phase: "vague", score: 5},
    {item: "example-1", score: 4},
    {item: "example-1", score: 5},
    {item: "example-2", score: 2, mode: "self-check"},
  );

  it("is answered under the vague line, and how far the first answer was with the guideline", () => {
    expect(walkItemState(progress, item("example-1"), "vague")).toBe("answered");
    // The first answer (4) counts, not the retry (5).
    expect(walkItemState(progress, item("example-1"), "guideline")).toBe("one-off");
    // A self-check answer is not the walk's.
    expect(walkItemState(progress, item("example-2"), "guideline")).toBe("open");
  });

  it("says whether any, or every, item of the part is answered in its phase", () => {
    expect(anyAnswered(progress, ["example-1", "example-2"], "vague")).toBe(true);
    expect(anyAnswered(progress, ["example-2", "example-3"], "guideline")).toBe(false);
    expect(allAnswered(progress, ["example-1"], "guideline")).toBe(true);
    expect(allAnswered(progress, ["example-1", "example-2"], "guideline")).toBe(false);
    expect(anyAnswered(emptyProgress(), ["example-1"], "vague")).toBe(false);
  });

  it("closes Part 1 to an example whose ruling was read first: nothing to score, counted done, marked apart", () => {
    // Example 4 checked with the guideline (Part 4) before any "before" score: a score under the vague line now would
    // not be from before the guideline (a trainee's walk gave one, and their results counted it).
    const read = record({item: "example-4", score: 3}, {item: "example-1", phase: "vague", score: 5});
    expect(beforeClosed(read, "example-4")).toBe(true);
    expect(walkItemState(read, item("example-4"), "vague")).toBe("closed");
    expect(allAnswered(read, ["example-1", "example-4"], "vague")).toBe(true);
    // Counted apart: "1 of 7 scored; 1 with none to give" (its meter shows 2 done).
    expect(partProgress(read, items, {items: "examples", phase: "vague"})).toEqual({scored: 1, done: 2, total: 7});
    // Not closed: a "before" score given first, an example not read, or one read only in another phase's sense.
    expect(beforeClosed(progress, "example-1")).toBe(false);
    expect(beforeClosed(read, "example-2")).toBe(false);
    expect(walkItemState(read, item("example-2"), "vague")).toBe("open");
    expect(itemStateLabels.closed).toBe("no “before” score: you read its ruling first");
  });

  it("counts a 'before' score only where it came before the example's first answer with the guideline", () => {
    expect(beforeAnswer(progress, "example-1")?.score).toBe(5);
    // A record from before Part 1 was closed may hold one given after its ruling was read: it is no "before" score.
    const late = record({item: "example-4", score: 3}, {item: "example-4", phase: "vague", score: 3});
    expect(beforeAnswer(late, "example-4")).toBeUndefined();
    // Times read as dates: 10:00:00Z is before 10:00:00.500Z, though it sorts after it as text.
    const at = (answers: Progress["answers"]) => ({...emptyProgress(), answers});
    const second = at([
      {item: "example-4", phase: "vague", attempt: 1, score: 2, guideline: "v2", at: "2026-03-01T10:00:00Z"},
      {item: "example-4", phase: "guideline", attempt: 1, score: 3, guideline: "v2", at: "2026-03-01T10:00:00.500Z"},
    ]);
    expect(beforeAnswer(second, "example-4")?.score).toBe(2);
    // With no answer with the guideline yet, the first under the vague line counts.
    expect(beforeAnswer(record({item: "example-4", phase: "vague", score: 2}), "example-4")?.score).toBe(2);
  });

  it("marks the walk's first Check with the guideline, whatever came under the vague line or in the self-check", () => {
    const first = record(
      {item: "example-1", phase: "vague", score: 5},
      {item: "example-2", score: 2, mode: "self-check"},
      {item: "example-1", score: 2},
    );
    expect(firstCheckOfWalk(first, "example-1")).toBe(true);
    expect(firstCheckOfWalk(first, "example-2")).toBe(false);
    // A retry is a second answer: the first-Check note has been said.
    expect(firstCheckOfWalk(progress, "example-1")).toBe(false);
    expect(firstCheckOfWalk(emptyProgress(), "example-1")).toBe(false);
  });
});

describe("the strip's labels and the counter", () => {
  it("labels an item by a short word for its set and its number, a calibration case by its letter, a twist with a prime", () => {
    expect(stripLabel(item("example-3"))).toBe("Ex 3");
    expect(stripLabel(item("edge-1a"))).toBe("Edge 1a");
    expect(stripLabel(item("edge-10-twist"))).toBe("Edge 10′");
    expect(stripLabel(item("calibration-d"))).toBe("Cal D");
    expect(stripLabel(item("calibration-d-twist"))).toBe("Cal D′");
    expect(stripLabel(item("fresh-3"))).toBe("Fresh 3");
  });

  it("counts with the noun where the label is the noun and the place, else puts the label first", () => {
    expect(walkCounter("Example", "Example 3", {index: 2, ordinal: "3 of 7"})).toEqual({
      label: null,
      place: "Example 3 of 7",
    });
    expect(walkCounter("Edge case", "Edge case 1b", {index: 1, ordinal: "2 of 14"})).toEqual({
      label: "Edge case 1b · ",
      place: "2 of 14",
    });
    expect(walkCounter("Calibration case", "Calibration A", {index: 0, ordinal: "1 of 5"})).toEqual({
      label: "Calibration A · ",
      place: "1 of 5",
    });
  });

  it("counts the cases a part's items come from: Part 5's 14 items are the map's first 10 cases", () => {
    const edge = items.filter((each) => each.set === "edge-cases");
    expect(edge).toHaveLength(14);
    expect(casesIn(edge)).toBe(10);
  });

  it("says why a part has more items than cases: the edge-case map's variants and twist, Part 6's twist", () => {
    // The case study: edge cases 1 (1a-1c) and 5 (5a, 5b) have variants and case 10 a twist, 14 items from 10 cases;
    // calibration case D has a twist, 5 items from 4; the seven examples are one item each.
    const of = (set: string) => items.filter((each) => each.set === set);
    expect(itemsOfCases(of("edge-cases"))).toBe(
      "You score 14 items from cases 1 to 10: a case with variants has an item for each (1a, 1b, 1c), and ′ marks a twist on a case.",
    );
    expect(itemsOfCases(of("calibration"))).toBe("You score 5 items from cases A to D: ′ marks a twist on a case.");
    expect(itemsOfCases(of("examples"))).toBeNull();
  });

  it("says beside the edge cases where their case with no item comes, where the content has one", () => {
    // The case study's map: case 11, "Rubric-writer check", "A check for people writing criteria, not for raters".
    const of = (set: string) => items.filter((each) => each.set === set);
    const why = itemsOfCases(of("edge-cases"))!;
    expect(partItemsWords(of("edge-cases"), {criteriaCase: "11"})).toBe(
      `${why} Case 11, for people who write criteria, follows the last item.`,
    );
    // Content without the rubric-writer check says only why; a part with nothing to say, nothing.
    expect(partItemsWords(of("edge-cases"))).toBe(why);
    expect(partItemsWords(of("examples"))).toBeNull();
  });
});

describe("the walk as the trainee moves through it", () => {
  const start = walkStart(ids, {hash: "#example-2", progress: emptyProgress(), wide: false});

  it("starts on the item the address names, its card the only one built, the Tab stop on its strip link", () => {
    expect(start).toMatchObject({built: [1], staged: null, stripStop: 1, sheetOpen: false, panelReady: false});
    expect(start.position.id).toBe("example-2");
  });

  it("with no item named, starts where the trainee stopped: the first still open, else the first", () => {
    const at = (hash: string, states: ItemState[]) =>
      walkStart(ids, {hash, progress: emptyProgress(), wide: false, states: () => states}).position.id;
    expect(at("", ["exact", "one-off", "open"])).toBe("example-3");
    expect(at("", ["exact", "open", "open"])).toBe("example-2");
    // A gap left earlier: the first open one, not the one after the last answered.
    expect(at("", ["open", "exact", "open"])).toBe("example-1");
    expect(at("", ["exact", "exact", "exact"])).toBe("example-1");
    expect(at("", ["open", "open", "open"])).toBe("example-1");
    expect(at("", [])).toBe("example-1");
    // An unknown fragment names nothing: where the trainee stopped. A named item wins over it.
    expect(at("#nope", ["exact", "open", "open"])).toBe("example-2");
    expect(at("#example-1", ["exact", "open", "open"])).toBe("example-1");
  });

  it("opens a part to read on its first item in the state it names, else the first: Part 2 on a split to read", () => {
    const at = (hash: string, states: ItemState[]) =>
      walkStart(ids, {hash, progress: emptyProgress(), wide: false, states: () => states, opensOn: "answered"}).position
        .id;
    // Part 1 scored from its second example: Part 2 opens there, not on the first, whose split stays hidden.
    expect(at("", ["open", "answered", "answered"])).toBe("example-2");
    expect(at("", ["answered", "open", "answered"])).toBe("example-1");
    expect(at("", ["open", "open", "open"])).toBe("example-1");
    expect(at("#example-3", ["open", "answered", "open"])).toBe("example-3");
    // So does an address changed on the open page to name no item (typed, an old link): as opening the part with it.
    const reading = walkStart(ids, {hash: "#example-3", progress: emptyProgress(), wide: false, opensOn: "answered"});
    const states = (): ItemState[] => ["open", "answered", "open"];
    const moved = walkUpdate(reading, {kind: "address", hash: "#nope", scroll: false, states});
    expect(moved.position.id).toBe("example-2");
  });

  it("stages only the card after the shown one, and shows it on Next, keeping every card built so far", () => {
    expect(walkUpdate(start, {kind: "stage", index: 0})).toBe(start);
    const staged = walkUpdate(start, {kind: "stage", index: 2});
    expect(staged).toMatchObject({built: [1, 2], staged: 2});
    expect(walkUpdate(staged, {kind: "stage", index: 2})).toBe(staged);
    const next = walkUpdate(staged, {kind: "go", id: "example-3", scroll: false});
    expect(next).toMatchObject({built: [1, 2], staged: null, stripStop: 2});
    expect(next.position).toMatchObject({id: "example-3", next: null});
    const back = walkUpdate(next, {kind: "go", id: "example-1", scroll: false});
    expect(back.built).toEqual([1, 2, 0]);
  });

  it("shows the item the address names, unless it shows already; showing the shown one again is a new state", () => {
    expect(walkUpdate(start, {kind: "address", hash: "#example-2", scroll: false})).toBe(start);
    // An unknown fragment names no item: where the trainee stopped, the first still open, as on opening the part.
    expect(walkUpdate(start, {kind: "address", hash: "#nope", scroll: false}).position.id).toBe("example-1");
    const states = (): ItemState[] => ["exact", "exact", "open"];
    expect(walkUpdate(start, {kind: "address", hash: "#nope", scroll: false, states}).position.id).toBe("example-3");
    const again = walkUpdate(start, {kind: "go", id: "example-2", scroll: false});
    expect(again).not.toBe(start);
    expect(again.position).toEqual(start.position);
  });

  it("names the item shown in the address, leaving a bare address on the first item bare", () => {
    const [first, third] = [positionAt(ids, 0), positionAt(ids, 2)];
    expect(shownAddress("#example-3", third)).toBeNull();
    expect(shownAddress("#nope", third)).toBe("#example-3");
    expect(shownAddress("#example-1", third)).toBe("#example-3");
    expect(shownAddress("", third)).toBe("#example-3");
    expect(shownAddress("", first)).toBeNull();
    expect(shownAddress("#nope", first)).toBe("#example-1");
  });

  it("moves the strip's Tab stop with the arrow keys, Home and End, and gives it back to the shown item", () => {
    expect(stripKeyTarget("ArrowRight", 1, 3)).toBe(2);
    expect(stripKeyTarget("ArrowDown", 2, 3)).toBe(2);
    expect(stripKeyTarget("ArrowUp", 0, 3)).toBe(0);
    expect(stripKeyTarget("Home", 2, 3)).toBe(0);
    expect(stripKeyTarget("End", 0, 3)).toBe(2);
    expect(stripKeyTarget("Enter", 0, 3)).toBeNull();
    const moved = walkUpdate(start, {kind: "strip-stop", index: 0});
    expect(moved.stripStop).toBe(0);
    const saved = record({item: "example-1", score: 3});
    expect(walkUpdate(moved, {kind: "record", progress: saved})).toMatchObject({progress: saved, stripStop: 1});
    expect(walkUpdate(start, {kind: "record", progress: start.progress})).toBe(start);
  });

  it("opens the sheet only on a narrower screen, and closes it when the screen widens", () => {
    const open = walkUpdate(start, {kind: "sheet", open: true});
    expect(open.sheetOpen).toBe(true);
    expect(walkUpdate(open, {kind: "sheet", open: true})).toBe(open);
    const widened = walkUpdate(open, {kind: "wide", wide: true});
    expect(widened).toMatchObject({wide: true, sheetOpen: false});
    expect(walkUpdate(widened, {kind: "sheet", open: true})).toBe(widened);
    expect(walkUpdate(widened, {kind: "wide", wide: true})).toBe(widened);
    const ready = walkUpdate(start, {kind: "panel"});
    expect(ready.panelReady).toBe(true);
    expect(walkUpdate(ready, {kind: "panel"})).toBe(ready);
  });

  it("draws what follows the last item only once the last item shows, and keeps it drawn", () => {
    expect(walkUpdate(start, {kind: "end"})).toBe(start);
    const last = walkUpdate(start, {kind: "go", id: start.ids.at(-1)!, scroll: false});
    const ended = walkUpdate(last, {kind: "end"});
    expect(ended.endShown).toBe(true);
    expect(walkUpdate(ended, {kind: "end"})).toBe(ended);
    expect(walkUpdate(ended, {kind: "go", id: start.ids[0]!, scroll: false}).endShown).toBe(true);
  });
});

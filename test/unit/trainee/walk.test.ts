import {describe, expect, it} from "vitest";
import {titleBefore} from "../../../lib/site/links.js";
import {
  allAnswered,
  anyAnswered,
  casesIn,
  firstCheckOfWalk,
  itemState,
  positionAt,
  shownItem,
  stripLabel,
  walkCounter,
  walkItemState,
} from "../../../lib/trainee/walk.js";
import {emptyProgress} from "../../../lib/trainee/progress.js";
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
    expect(walkCounter("Example", "Example 3", {index: 2, ordinal: "3 of 7"})).toBe("Example 3 of 7");
    expect(walkCounter("Edge case", "Edge case 1b", {index: 1, ordinal: "2 of 14"})).toBe("Edge case 1b · 2 of 14");
    expect(walkCounter("Calibration case", "Calibration A", {index: 0, ordinal: "1 of 5"})).toBe(
      "Calibration A · 1 of 5",
    );
  });

  it("counts the cases a part's items come from: Part 5's 14 items are the map's first 10 cases", () => {
    const edge = items.filter((each) => each.set === "edge-cases");
    expect(edge).toHaveLength(14);
    expect(casesIn(edge)).toBe(10);
  });
});

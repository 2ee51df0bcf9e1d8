import {describe, expect, it} from "vitest";
import {titleBefore} from "../../lib/trainee/title.js";
import {itemState, positionAt, shownItem} from "../../lib/trainee/walk.js";
import {item, items} from "./helpers.js";

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

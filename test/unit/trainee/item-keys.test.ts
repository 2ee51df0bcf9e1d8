// What a key does inside an item (issue 29, item 6), as the issue states it: 1-5, N and Enter work from anywhere in
// the item, including a verdict's list, which takes letters and arrows, never digits; Escape leaves a control.
import {describe, expect, it} from "vitest";
import {itemKeyAction, type ItemKeyContext, type KeyTarget} from "../../../lib/trainee/item-keys.js";

const inItem = (target: KeyTarget, rest: Partial<ItemKeyContext> = {}): ItemKeyContext => ({
  target,
  modified: false,
  notApplicable: true,
  checkable: true,
  ...rest,
});

describe("keys inside an item", () => {
  it("chooses a score with 1-5 from a list, a button, a word or anywhere else, never from a text field", () => {
    for (const target of ["list", "pressable", "other"] as const) {
      expect(itemKeyAction("2", inItem(target))).toEqual({kind: "score", score: 2});
      expect(itemKeyAction("5", inItem(target))).toEqual({kind: "score", score: 5});
    }
    expect(itemKeyAction("2", inItem("text"))).toBeNull();
    // 0, 6 and 9 are no score.
    expect(itemKeyAction("0", inItem("other"))).toBeNull();
    expect(itemKeyAction("6", inItem("list"))).toBeNull();
  });

  it("checks with Enter from a list, instead of opening it, and leaves Enter to a button, a link or a fold", () => {
    expect(itemKeyAction("Enter", inItem("list"))).toEqual({kind: "check"});
    expect(itemKeyAction("Enter", inItem("other"))).toEqual({kind: "check"});
    expect(itemKeyAction("Enter", inItem("pressable"))).toBeNull();
    expect(itemKeyAction("Enter", inItem("text"))).toBeNull();
    // Once checked, Enter has nothing to press.
    expect(itemKeyAction("Enter", inItem("other", {checkable: false}))).toBeNull();
  });

  it("chooses “not applicable” with N where it is offered, and leaves a list its letters and arrows", () => {
    expect(itemKeyAction("n", inItem("other"))).toEqual({kind: "score", score: "n/a"});
    expect(itemKeyAction("N", inItem("pressable"))).toEqual({kind: "score", score: "n/a"});
    expect(itemKeyAction("n", inItem("other", {notApplicable: false}))).toBeNull();
    for (const key of ["m", "p", "c", "n", "ArrowDown", "ArrowUp", " "])
      expect(itemKeyAction(key, inItem("list"))).toBeNull();
  });

  it("leaves a text field or a list with Escape, and nothing else", () => {
    expect(itemKeyAction("Escape", inItem("text"))).toEqual({kind: "leave"});
    expect(itemKeyAction("Escape", inItem("list"))).toEqual({kind: "leave"});
    // A word's own Escape drops a half-made stretch; a fold's closes it.
    expect(itemKeyAction("Escape", inItem("pressable"))).toBeNull();
    expect(itemKeyAction("Escape", inItem("other"))).toBeNull();
  });

  it("leaves every key held with Alt, Control or Meta to the browser", () => {
    expect(itemKeyAction("2", inItem("other", {modified: true}))).toBeNull();
    expect(itemKeyAction("Enter", inItem("list", {modified: true}))).toBeNull();
  });
});

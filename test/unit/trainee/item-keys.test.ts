// @vitest-environment jsdom
// What a key does inside an item (issue 29, item 6), as the issue states it: 1-5, N and Enter work from anywhere in
// the item, including a verdict's list, which takes letters and arrows, never digits; Escape leaves a control.
import {describe, expect, it} from "vitest";
import {
  itemKeyAction,
  keyReachesItem,
  keyTargetOf,
  type ItemKeyContext,
  type KeyTarget,
} from "../../../lib/trainee/item-keys.js";

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

describe("keys from outside the item", () => {
  const made = (html: string): Element => {
    document.body.innerHTML = html;
    return document.body.querySelector("[data-from]") ?? document.body;
  };

  it("tells a text field, a list, a control Enter presses and the rest apart, a score's radio among the rest", () => {
    expect(keyTargetOf(made('<input data-from type="text">'))).toBe("text");
    expect(keyTargetOf(made("<input data-from>"))).toBe("text");
    expect(keyTargetOf(made("<textarea data-from></textarea>"))).toBe("text");
    expect(keyTargetOf(made("<select data-from></select>"))).toBe("list");
    expect(keyTargetOf(made('<a data-from href="#">x</a>'))).toBe("pressable");
    expect(keyTargetOf(made("<details><summary data-from>x</summary></details>"))).toBe("pressable");
    // A focused score stays "other": Enter on it checks.
    expect(keyTargetOf(made('<input data-from type="radio">'))).toBe("other");
    expect(keyTargetOf(made(""))).toBe("other");
  });

  it("hands the item the keys pressed with nothing focused or on its text, not those of a control or a dialog", () => {
    expect(keyReachesItem(made(""))).toBe(true);
    expect(keyReachesItem(made('<main data-from tabindex="-1"></main>'))).toBe(true);
    expect(keyReachesItem(made('<p data-from tabindex="-1">text</p>'))).toBe(true);
    expect(keyReachesItem(made('<a data-from href="/">Start here</a>'))).toBe(false);
    expect(keyReachesItem(made('<button data-from type="button">Rubric</button>'))).toBe(false);
    expect(keyReachesItem(made('<input data-from type="checkbox">'))).toBe(false);
    expect(keyReachesItem(made('<input data-from type="file">'))).toBe(false);
    expect(keyReachesItem(made('<dialog open><div data-from tabindex="-1"></div></dialog>'))).toBe(false);
  });
});

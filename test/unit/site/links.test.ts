import {describe, expect, it} from "vitest";
import {itemHref, itemLabel, itemPages, ruleHref} from "../../../lib/site/links.js";
import {loadItems, loadParts} from "../../../lib/node/load.js";

const parts = loadParts();
const items = loadItems();

describe("itemHref from data/parts.yaml", () => {
  const pages = itemPages(parts, items);

  it("links an example to Part 4, where it is scored with the guideline (Part 2 only shows it)", () => {
    expect(itemHref("example-3", pages)).toBe("./rubric#example-3");
  });

  it("links an edge case and its twist to the edge-case map", () => {
    expect(itemHref("edge-1a", pages)).toBe("./edge-cases#edge-1a");
    expect(itemHref("edge-10-twist", pages)).toBe("./edge-cases#edge-10-twist");
  });

  it("links a calibration case to Part 6", () => {
    expect(itemHref("calibration-d-twist", pages)).toBe("./calibration#calibration-d-twist");
  });

  it("gives every item a page with the guideline", () => {
    expect(Object.keys(pages.guideline).sort()).toEqual(items.map((item) => item.id).sort());
  });

  it("links an example under the one-line instruction to Part 1, and nothing else there", () => {
    expect(itemHref("example-7", pages, "vague")).toBe("./vague#example-7");
    expect(Object.keys(pages.vague).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `example-${n}`));
    expect(() => itemHref("edge-2", pages, "vague")).toThrow("no page scores the item edge-2 in the vague phase");
  });

  it("follows the parts' order: the first part scoring a set in the phase is its page", () => {
    const twice = [
      {path: "/first", items: "examples" as const, phase: "guideline" as const},
      {path: "/second", items: "examples" as const, phase: "guideline" as const},
      {path: "/shown", items: "examples" as const},
    ];
    expect(itemPages(twice, [{id: "example-1", set: "examples"}])).toEqual({
      guideline: {"example-1": "/first"},
      vague: {},
    });
  });
});

describe("ruleHref", () => {
  it("points at the rule's entry on the guideline page, whose id is rule-<id>", () => {
    expect(ruleHref("numbers")).toBe("./guideline#rule-numbers");
  });
});

describe("itemLabel", () => {
  it("names items as the case study does", () => {
    expect(itemLabel("example-4", "examples")).toBe("Example 4");
    expect(itemLabel("edge-1a", "edge-cases")).toBe("Edge case 1a");
    expect(itemLabel("calibration-d-twist", "calibration")).toBe("Calibration D, twist");
  });
});

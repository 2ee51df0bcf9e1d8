import {describe, expect, it} from "vitest";
import {
  caseStudyLabelOfId,
  fragmentId,
  glossFromWords,
  itemHref,
  itemLabel,
  itemPages,
  labelList,
  labelOrId,
  ruleHref,
} from "../../../lib/site/links.js";
import {loadItems, loadParts} from "../../../lib/node/load.js";
import type {Item} from "../../../lib/authored/schemas/item.js";

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

describe("fragmentId", () => {
  it("reads the id an address's fragment names, percent-encoded or not, and a malformed escape as it is", () => {
    expect(fragmentId("#rule-numbers")).toBe("rule-numbers");
    expect(fragmentId("#edge%2D4")).toBe("edge-4");
    expect(fragmentId("#caf%C3%A9")).toBe("café");
    expect(fragmentId("#edge-%E0%A4%A")).toBe("edge-%E0%A4%A");
    expect(fragmentId("")).toBe("");
    expect(fragmentId("#")).toBe("");
  });
});

describe("itemLabel", () => {
  const fromCaseStudy = (id: string, set: Item["set"], order: number) =>
    ({id, set, origin: "case-study", order}) as const;
  it("names items as the case study does", () => {
    expect(itemLabel(fromCaseStudy("example-4", "examples", 4))).toBe("Example 4");
    expect(itemLabel(fromCaseStudy("edge-1a", "edge-cases", 1))).toBe("Edge case 1a");
    expect(itemLabel(fromCaseStudy("calibration-d-twist", "calibration", 5))).toBe("Calibration D, twist");
  });

  it("names a case of the case study by its id alone, and any other id as it is", () => {
    expect(caseStudyLabelOfId("example-3")).toBe("Example 3");
    expect(caseStudyLabelOfId("edge-10-twist")).toBe("Edge case 10, twist");
    expect(caseStudyLabelOfId("calibration-a")).toBe("Calibration A");
    expect(caseStudyLabelOfId("leaves-spanish")).toBe("leaves-spanish");
    expect(glossFromWords("example-3", "request")).toBe("as given for Example 3, the same request");
  });

  it("names a case written for the notebook by its number in its part, never by its id", () => {
    // The issue's case: the fifteenth edge case, after edge-10's twist at order 14.
    const leaves = {id: "leaves-spanish", set: "edge-cases", origin: "notebook", order: 15} as const;
    expect(itemLabel(leaves)).toBe("Edge case 15");
    expect(itemLabel({id: "fresh-3", set: "fresh-calibration", origin: "notebook", order: 3})).toBe("Fresh case 3");
  });
});

describe("labelOrId", () => {
  it("names a case by its label, and a case the site lacks (a record from another version) by its id", () => {
    const items = new Map([["edge-1a", {id: "edge-1a", set: "edge-cases", origin: "case-study", order: 1} as const]]);
    expect(labelOrId("edge-1a", items)).toBe("Edge case 1a");
    expect(labelOrId("edge-99", items)).toBe("edge-99");
  });
});

describe("labelList", () => {
  it("lists case labels between commas, or semicolons where a label holds one, so a twist reads as one case", () => {
    // /judges listed "Calibration B, Calibration C, Calibration D, Calibration D, twist": a fifth case named "twist".
    expect(labelList(["Calibration B", "Calibration D", "Calibration D, twist"])).toBe(
      "Calibration B; Calibration D; Calibration D, twist",
    );
    expect(labelList(["Example 4", "Edge case 1a"])).toBe("Example 4, Edge case 1a");
    expect(labelList([])).toBe("");
  });
});

import {describe, expect, it} from "vitest";
import {loadGuidelines, loadItems, loadParts} from "../../../lib/node/load.js";
import {pageParts, partPageData, sitePageData} from "../../../lib/node/page-data.js";
import {openRecordStore} from "../../../lib/trainee/record-store.js";
import {hasPart, itemsOf, partContext} from "../../../lib/trainee/part-context.js";

const items = loadItems();
const guidelines = loadGuidelines();
const parts = pageParts(loadParts(), items, guidelines.at(-1)!, () => true);
const site = sitePageData(parts, items, guidelines);
const store = openRecordStore(null);

describe("the part a page shows", () => {
  it("finds the part by its id in data/parts.yaml, and says when the content has none", () => {
    // data/parts.yaml: Part 5 is the edge-case map, at /edge-cases.
    expect(hasPart(site, "edge-cases")).toBe(true);
    expect(hasPart({parts: parts.filter((part) => part.id !== "edge-cases")}, "edge-cases")).toBe(false);
    const ctx = partContext({site, part: partPageData("edge-cases", items, guidelines)}, "edge-cases", store);
    expect([ctx.part.number, ctx.part.path]).toEqual([5, "/edge-cases"]);
    expect(() => partContext({site}, "no-such-part", store)).toThrow('no part "no-such-part"');
  });

  it("gives a part's items of one set, in walking order, and none of another set", () => {
    const ctx = partContext({site, part: partPageData("calibration", items, guidelines)}, "calibration", store);
    // The case study's four calibration cases, then the twist on D.
    expect(itemsOf(ctx, "calibration").map((item) => item.id)).toEqual([
      "calibration-a",
      "calibration-b",
      "calibration-c",
      "calibration-d",
      "calibration-d-twist",
    ]);
    expect(itemsOf(ctx, "examples")).toEqual([]);
  });
});

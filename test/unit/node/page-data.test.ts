import {describe, expect, it} from "vitest";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {loadCalibration, loadGuidelines, loadItems, loadParts} from "../../../lib/node/load.js";
import {decidingRule} from "../../../lib/trainee/deciding-rule.js";
import {
  pageParts,
  partPageData,
  rulingsByVersion,
  selfCheckPageData,
  sitePageData,
} from "../../../lib/node/page-data.js";

const items = loadItems();
const guidelines = loadGuidelines();
const v2 = guidelines.at(-1)!;

describe("what each page receives", () => {
  it("gives a part page only its own items, in walking order", () => {
    const data = partPageData("calibration", items, guidelines);
    expect(data.items.map((item) => item.id)).toEqual([
      "calibration-a",
      "calibration-b",
      "calibration-c",
      "calibration-d",
      "calibration-d-twist",
    ]);
  });

  it("names the languages other than English of a part's texts, so the page need not ask the browser", () => {
    // The case files: calibration-a is in German; edge-9 in German, edge-10 and its twist in Swedish.
    expect(partPageData("calibration", items, guidelines).languages).toEqual({de: "German"});
    expect(partPageData("edge-cases", items, guidelines).languages).toEqual({de: "German", sv: "Swedish"});
  });

  it("gives the self-check page every pool's items, in the pools' order, with its pools and pass rules", () => {
    const data = selfCheckPageData(loadCalibration(undefined, items), items, guidelines);
    expect(data.items.map((item) => item.id)).toEqual([
      "calibration-a",
      "calibration-b",
      "calibration-c",
      "calibration-d",
      "calibration-d-twist",
      "fresh-1",
      "fresh-2",
      "fresh-3",
      "fresh-4",
      "fresh-5",
      "fresh-6",
      "fresh-7",
    ]);
    expect(data.calibration.pools.map((pool) => pool.id)).toEqual(["calibration", "fresh"]);
    expect(Object.keys(data.rulings.v2!)).toEqual(data.items.map((item) => item.id));
  });

  it("records each version's ruling, so a page can say an older answer's ruling moved", () => {
    const rulings = rulingsByVersion(items, guidelines);
    expect(Object.keys(rulings)).toEqual(guidelines.map((guideline) => guideline.version));
    // The first rubric could not tell 2 from 3 on example 2; the counting rule gives 3.
    expect(rulings.v1!["example-2"]).toBeNull();
    expect(rulings.v2!["example-2"]).toBe(3);
    for (const item of items) expect(rulings.v2![item.id], item.id).toBe(item.score);
  });

  it("resolves each part's introduction against the current guideline and says which pages exist", () => {
    const parts = pageParts(loadParts(), items, v2, (path) => path !== "/rubric");
    expect(parts[0]!.paragraphs[0]).toEqual({text: v2.vague, from: "vague"});
    expect(parts.find((part) => part.id === "rubric")!.hasPage).toBe(false);
    expect(parts.find((part) => part.id === "guideline")!.paragraphs).toEqual([]);
  });

  it("gives every page the item index and the coverage table from the engine", () => {
    const site = sitePageData([], items, guidelines);
    expect(site.guideline.version).toBe(v2.version);
    expect(site.itemRefs).toHaveLength(items.length);
    expect(Object.keys(site.itemRefs[0]!).sort()).toEqual([
      "caseStudyNumber",
      "compare",
      "id",
      "order",
      "origin",
      "set",
      "title",
      "topic",
    ]);
    expect(site.itemRefs.find((item) => item.id === "fresh-3")!.origin).toBe("notebook");
    // The cases a ruling points to, which the self-check reads (Edge case 4: "see Calibration D").
    expect(site.itemRefs.find((item) => item.id === "edge-4")!.compare).toEqual(["calibration-d"]);
    expect(site.coverage.find((row) => row.score === 4)!.items.map((item) => item.id)).toEqual(["calibration-a"]);
  });
  it("writes each item's deciding rule as the interpreter derives it under v2, so /results need not load it", () => {
    const ruleSet = ruleSetOf(v2);
    const pages = [
      ...(["examples", "edge-cases", "calibration"] as const).map((set) => partPageData(set, items, guidelines)),
      selfCheckPageData(loadCalibration(undefined, items), items, guidelines),
    ];
    for (const page of pages) {
      expect(Object.keys(page.decidingRules).sort()).toEqual(page.items.map((item) => item.id).sort());
      for (const item of page.items)
        expect([item.id, page.decidingRules[item.id]]).toEqual([
          item.id,
          decidingRule(item, derive(item, ruleSet), v2.logic).rule,
        ]);
    }
    // The case study's edge-case map names these cases' deciding rules.
    const edges = partPageData("edge-cases", items, guidelines).decidingRules;
    expect([edges["edge-9"], edges["edge-10"]]).toEqual(["list-stated-only", "not-rated"]);
    expect(partPageData("examples", items, guidelines).decidingRules["example-6"]).toBe("clarifying-question");
  });
});

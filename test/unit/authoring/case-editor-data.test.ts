// What the case editor loads (authors-case.json): the schemas as JSON Schema, with the facts' labels, and the cases.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {caseEditorData} from "../../../lib/authoring/case-editor-data.node.js";
import {loadGuideline, loadGuidelines, loadItems, projectRoot} from "../../../lib/node/load.js";

const data = caseEditorData(loadItems(), loadGuidelines(), projectRoot);
/** The rules v2's logic declares (guideline/v2/logic.yaml), in its order. */
const checklistRuleIds = loadGuideline("v2").logic.rules.map((rule) => rule.id);

describe("caseEditorData", () => {
  it("gives every fact of every rule a title and a one-line description, in the fact schema and the item's", () => {
    expect(Object.keys(data.factSchemas).sort()).toEqual([...checklistRuleIds].sort());
    const lines = (data.itemSchema.properties as {checklist: {items: {oneOf: {properties: {facts: unknown}}[]}}})
      .checklist.items.oneOf;
    checklistRuleIds.forEach((rule, index) => {
      const {$schema: _dialect, ...facts} = data.factSchemas[rule]!;
      expect(lines[index]!.properties.facts, rule).toEqual(facts);
      for (const [name, field] of Object.entries((facts.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        expect(field.title, `${rule}.${name}`).toMatch(/^\S.{2,40}$/);
        expect(field.description, `${rule}.${name}`).toMatch(/^[A-Z"].{10,118}[.)]"?$/);
        expect(String(field.description), `${rule}.${name}`).not.toContain("\n");
      }
    });
  });
  it("the rules with facts to fill: every one but the two whose line is never an instruction", () => {
    const empty = checklistRuleIds.filter((rule) => !Object.keys(data.factSchemas[rule]!.properties ?? {}).length);
    expect(empty).toEqual(["list-stated-only", "pasted-material"]);
  });
  it("holds every case's file as the repository holds it", () => {
    const files = readdirSync(join(projectRoot, "data/items")).filter((name) => name.endsWith(".md"));
    expect(data.cases.map(({id}) => `${id}.md`).sort()).toEqual(files.sort());
    for (const {id, text} of data.cases)
      expect(text, id).toBe(readFileSync(join(projectRoot, "data/items", `${id}.md`), "utf8"));
  });

  it("names each case set with the parts of data/parts.yaml that show it", () => {
    // Parts 1, 2 and 4 show the examples, Part 5 the edge cases, Part 6 the calibration cases; no part the fresh ones.
    expect(data.setLabels).toEqual({
      "examples": "examples (Parts 1, 2 and 4)",
      "edge-cases": "edge-cases (Part 5)",
      "calibration": "calibration (Part 6)",
      "fresh-calibration": "fresh-calibration (no part: the self-check)",
    });
  });
});

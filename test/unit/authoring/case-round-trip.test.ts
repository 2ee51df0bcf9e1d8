// Start from a case, download it unchanged: the file is the original in meaning. For every case in data/items: read
// as the case editor reads it, written by item-writer.ts, the text parses to the same item, splits into the same
// front matter and sections, and guideline:check's derivation gives it the same score.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {caseSchemas} from "../../../lib/authored/schemas/facts.js";
import {readCaseFile} from "../../../lib/authoring/case-file.js";
import {checkGuideline} from "../../../lib/authoring/check.node.js";
import {parseItemFile} from "../../../lib/authored/item-file.js";
import {splitItemFile} from "../../../lib/authored/item-text.js";
import {writeItemFile} from "../../../lib/authored/item-writer.js";
import {loadGuideline, loadGuidelines, loadItems, projectRoot} from "../../../lib/node/load.js";

const items = loadItems();
const itemSchema = caseSchemas(loadGuidelines().at(-1)!.logic).item;
const cases = items.map(({id}) => {
  const file = `data/items/${id}.md`;
  const text = readFileSync(join(projectRoot, file), "utf8");
  const {record} = readCaseFile(text, file, itemSchema);
  return {id, file, text, written: writeItemFile(record!)};
});

describe("a case read by the editor and written back", () => {
  it.each(cases)("$id: parses to the same item, with the same front matter and sections", ({file, text, written}) => {
    expect(parseItemFile(written, file)).toEqual(parseItemFile(text, file));
    const [before, after] = [splitItemFile(text, file), splitItemFile(written, file)];
    expect(after.frontMatter).toEqual(before.frontMatter);
    expect(after.sections).toEqual(before.sections);
    // Nothing is added: the written front matter holds no field the original's did not.
    expect(Object.keys(after.frontMatter as object)).toEqual(
      expect.arrayContaining(Object.keys(before.frontMatter as object)),
    );
    expect(Object.keys(after.frontMatter as object)).toHaveLength(Object.keys(before.frontMatter as object).length);
  });
  it("writing a written file again changes nothing", () => {
    for (const {file, written} of cases)
      expect(writeItemFile(readCaseFile(written, file, itemSchema).record!), file).toBe(written);
  });
  it("guideline:check derives the same score for every case with the written files in place", () => {
    const v2 = loadGuideline("v2");
    const original = checkGuideline(v2, items);
    const rewritten = checkGuideline(
      v2,
      cases.map(({file, written}) => parseItemFile(written, file)),
    );
    expect(rewritten.problems).toEqual([]);
    expect(rewritten.results.map(({id, derivedScore, rubricRow, ok}) => ({id, derivedScore, rubricRow, ok}))).toEqual(
      original.results.map(({id, derivedScore, rubricRow, ok}) => ({id, derivedScore, rubricRow, ok})),
    );
    expect(rewritten.results.every((result) => result.ok)).toBe(true);
  });
});

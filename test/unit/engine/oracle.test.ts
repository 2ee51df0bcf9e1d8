// Holds the engine to what it derived before issue 31 made the guideline's logic data (test/fixtures/engine/
// oracle.json, recorded by scripts/engine-oracle.ts from the TypeScript rules): every worked case under v1 and v2,
// under each single-parameter change over every value, and with each rule removed.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {derive, ruleSetOf, type Derivation, type RuleSet} from "../../../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../../../lib/node/load.js";

interface Recorded {
  base: Record<string, Derivation>;
  changes: {set: Record<string, boolean | number | string>; derivations: Record<string, Derivation>}[];
  removed: {rule: string; derivations: Record<string, Derivation>}[];
}
const oracle = JSON.parse(readFileSync(new URL("../../fixtures/engine/oracle.json", import.meta.url), "utf8")) as {
  items: number;
  versions: Record<string, Recorded>;
};

const items = loadItems();

/** Each item's derivation under the rule set against the record (the base's where the record has none). */
function differences(ruleSet: RuleSet, base: Record<string, Derivation>, recorded: Record<string, Derivation>) {
  return items.flatMap((item) => {
    const expected = recorded[item.id] ?? base[item.id];
    const actual = JSON.parse(JSON.stringify(derive(item, ruleSet))) as Derivation;
    return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{id: item.id, actual, expected}];
  });
}

describe("the engine against the record of the TypeScript rules", () => {
  it("records every worked case", () => {
    expect(oracle.items).toBe(33);
    expect(items).toHaveLength(33);
  });

  for (const version of ["v1", "v2"]) {
    const recorded = oracle.versions[version]!;
    it(`derives every case under ${version} as recorded`, () => {
      expect(differences(ruleSetOf(loadGuideline(version)), recorded.base, {})).toEqual([]);
    });
    it(`derives every case under each single-parameter change of ${version} as recorded`, () => {
      const guideline = loadGuideline(version);
      expect(recorded.changes.length).toBeGreaterThan(20);
      for (const change of recorded.changes) {
        const ruleSet = ruleSetOf(guideline, change.set);
        expect({set: change.set, differences: differences(ruleSet, recorded.base, change.derivations)}).toEqual({
          set: change.set,
          differences: [],
        });
      }
    });
    it(`derives every case with each rule of ${version} removed as recorded`, () => {
      const base = ruleSetOf(loadGuideline(version));
      for (const {rule, derivations} of recorded.removed) {
        const ruleSet = {...base, ruleIds: new Set([...base.ruleIds].filter((id) => id !== rule))};
        expect({rule, differences: differences(ruleSet, recorded.base, derivations)}).toEqual({rule, differences: []});
      }
    });
  }
});

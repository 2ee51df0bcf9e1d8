// Records what the engine derived before issue 31 made the guideline's logic data: every worked case under v1 and
// v2, under each single-parameter change over every parameter's values (the preview's sweep), and with each rule
// removed (the dependence report's). test/unit/engine/oracle.test.ts holds the interpreter to it. It was run once,
// on the TypeScript rules (lib/engine/rules.ts, rubric.ts as of the commit it names), and its output committed:
// run again now, it would only record the interpreter against itself. Kept to show how the record was made.
//   npx tsx scripts/engine-oracle.ts > test/fixtures/engine/oracle.json
import {execFileSync} from "node:child_process";
import {derive, ruleSetOf, type Derivation, type RuleSet} from "../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../lib/node/load.js";
import {parameterDomains} from "../lib/authoring/parameter-domains.node.js";

const items = loadItems();
const commit = execFileSync("git", ["rev-parse", "HEAD"], {encoding: "utf8"}).trim();

/** Each item's derivation under the rule set, by item id. */
const deriveEach = (ruleSet: RuleSet): Record<string, Derivation> =>
  Object.fromEntries(items.map((item) => [item.id, derive(item, ruleSet)]));

/** The derivations that differ from the base's: the rest are the base's. */
function changed(base: Record<string, Derivation>, under: Record<string, Derivation>): Record<string, Derivation> {
  return Object.fromEntries(
    Object.entries(under).filter(([id, derivation]) => JSON.stringify(derivation) !== JSON.stringify(base[id])),
  );
}

const versions = Object.fromEntries(
  ["v1", "v2"].map((version) => {
    const guideline = loadGuideline(version);
    const ruleSet = ruleSetOf(guideline);
    const base = deriveEach(ruleSet);
    const changes = parameterDomains(guideline).flatMap((domain) =>
      domain.values
        .filter((value) => value !== ruleSet.parameters[domain.name])
        .map((value) => ({
          set: {[domain.name]: value},
          derivations: changed(base, deriveEach(ruleSetOf(guideline, {[domain.name]: value}))),
        })),
    );
    const removed = [...ruleSet.ruleIds].map((rule) => ({
      rule,
      derivations: changed(
        base,
        deriveEach({...ruleSet, ruleIds: new Set([...ruleSet.ruleIds].filter((id) => id !== rule))}),
      ),
    }));
    return [version, {base, changes, removed}];
  }),
);

process.stdout.write(
  JSON.stringify({
    madeBy: `scripts/engine-oracle.ts on commit ${commit}: the TypeScript rules of lib/engine/rules.ts and rubric.ts`,
    items: items.length,
    versions,
  }) + "\n",
);

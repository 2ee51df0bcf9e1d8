// The author's preview (lib/preview.ts): how long a recompute takes when a parameter changes, with the base derived
// once, for the seed's items and for 10,000 items generated from them; and the dependence report (every value of
// every parameter, every rule removed) that guideline:check and guideline:preview run.
import {availableParallelism, loadavg} from "node:os";
import {performance} from "node:perf_hooks";
import {randomInt, randomLcg} from "d3";
import {dependence} from "../lib/dependence.js";
import {deriveAll, ruleSetOf, type RuleSet} from "../lib/engine.js";
import type {ChecklistLine, Item} from "../lib/item.js";
import {loadGuideline, loadItems} from "../lib/load.js";
import {parameterDomains} from "../lib/parameter-domains.js";
import type {ParameterDomain} from "../lib/parameter-values.js";
import {prepareBase, previewFrom} from "../lib/preview.js";
import {median} from "./probes.js";

const targetMs = 50;

/** Median milliseconds of `runs` calls, after a few untimed ones to warm the JIT. */
function medianMs(runs: number, work: () => unknown): number {
  for (let warm = 0; warm < 3; warm++) work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * Items like the real ones with the facts their rules read redrawn from a seeded generator, so each line's verdict
 * varies (met, partly, not met, a flaw, a break of register ...) and every run derives the same set.
 */
export function generateVariedItems(seedItems: readonly Item[], count: number, seed: number): Item[] {
  const random = randomLcg(seed);
  const below = (n: number): number => randomInt.source(random)(n)();
  const oneOf = <T>(values: readonly T[]): T => values[below(values.length)]!;
  const coin = (): boolean => random() < 0.5;
  const vary = (line: ChecklistLine): void => {
    switch (line.rule) {
      case "stated-constraints":
        line.facts.observed = oneOf(["met", "met-flaw", "partly", "not-met", "cannot-check"] as const);
        break;
      case "numbers":
        if (typeof line.facts.delivered === "number") line.facts.delivered = below(line.facts.limit + 3);
        break;
      case "size-words":
        line.facts.reading = oneOf(["within", "arguable", "clearly-outside"] as const);
        break;
      case "purpose":
        line.facts.wordingMet = random() < 0.8;
        line.facts.purposeDefeated = coin();
        break;
      case "style-register":
        line.facts.lapse = oneOf(["none", "slightly-less-formal", "breaks-register"] as const);
        break;
      case "only-just":
        line.facts.additions = coin();
        break;
      case "main-task-partial":
        line.facts.done = below(line.facts.of + 1);
        break;
      case "standing-instructions":
        line.facts.followed = coin();
        break;
    }
  };
  return Array.from({length: count}, (_, index) => {
    const item = structuredClone(seedItems[index % seedItems.length]!);
    item.id = `${item.id}-${index}`;
    item.checklist.forEach(vary);
    return item;
  });
}

const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const against = (value: number): string =>
  `(target: under ${targetMs} ms; ${(value / targetMs).toFixed(3)}x of it)  ${value < targetMs ? "ok" : "OVER"}`;

/** Every single-parameter change a page's control can make from the base: each other value of each parameter. */
function singleChanges(base: RuleSet, domains: readonly ParameterDomain[]): {label: string; ruleSet: RuleSet}[] {
  return domains.flatMap((domain) =>
    domain.values
      .filter((value) => value !== base.parameters[domain.name])
      .map((value) => ({
        label: `${domain.name}=${value}`,
        ruleSet: {...base, parameters: {...base.parameters, [domain.name]: value}},
      })),
  );
}

/** Median wall time and median CPU time (this process, all threads: the collector's too) of `runs` calls. */
function wallAndCpu(runs: number, work: () => unknown): {wall: number; cpu: number} {
  const cpu: number[] = [];
  const wall = medianMs(runs, () => {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  });
  return {wall, cpu: median(cpu.slice(3))};
}

export function benchPreview(): void {
  const v2 = loadGuideline("v2");
  const base = ruleSetOf(v2);
  const domains = parameterDomains(v2);
  const changes = singleChanges(base, domains);
  const items = loadItems();
  const generated = generateVariedItems(items, 10_000, 42);

  const seedBase = prepareBase(items, base);
  const seedTimes = changes.map(({ruleSet}) => medianMs(500, () => previewFrom(seedBase, ruleSet)));
  const generatedBase = prepareBase(generated, base);
  const generatedTimes = changes.map(({label, ruleSet}) => ({
    label,
    ruleSet,
    ...wallAndCpu(15, () => previewFrom(generatedBase, ruleSet)),
  }));
  const slowest = generatedTimes.reduce((a, b) => (b.wall > a.wall ? b : a));
  const v1 = ruleSetOf(loadGuideline("v1"));
  const versionChange = wallAndCpu(15, () => previewFrom(generatedBase, v1));
  const everyItem = medianMs(15, () => deriveAll(generated, slowest.ruleSet));
  const baseOnce = medianMs(5, () => prepareBase(generated, base));
  const seedDependence = medianMs(200, () => dependence(seedBase, domains));

  console.log(
    `author preview, base v2, each of the ${changes.length} single-parameter changes (median of repeated runs; ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
  );
  const seedSlowest = Math.max(...seedTimes);
  console.log(
    `  recompute, ${items.length} seed items:        median ${ms(median(seedTimes))}, slowest ${ms(seedSlowest)}   ` +
      against(seedSlowest),
  );
  console.log(
    `  recompute, 10,000 generated items:  median ${ms(median(generatedTimes.map((t) => t.wall)))}, ` +
      `slowest ${ms(slowest.wall)} (${slowest.label}, CPU ${ms(slowest.cpu)})   ${against(slowest.wall)}`,
  );
  console.log(
    `  candidate v1, 10,000 items:         ${ms(versionChange.wall)} (CPU ${ms(versionChange.cpu)})   ` +
      against(versionChange.wall),
  );
  console.log(
    `  for comparison, 10,000 items:       derive all under one candidate ${ms(everyItem)}; ` +
      `prepare the base (once per base) ${ms(baseOnce)}`,
  );
  console.log(
    `  dependence, ${items.length} seed items:       ${ms(seedDependence)}   ` +
      `(every value of ${domains.length} parameters, each of ${base.ruleIds.size} rules removed)`,
  );
}

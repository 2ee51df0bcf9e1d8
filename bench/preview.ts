// The author's preview (lib/preview.ts): how long a recompute takes when a parameter changes, with the base derived
// once, for the seed's items and for 10,000 items generated from them; and the dependence report (every value of
// every parameter, every rule removed) that guideline:check and guideline:preview run.
import {availableParallelism, loadavg} from "node:os";
import {randomInt, randomLcg} from "d3";
import {dependence} from "../lib/dependence.js";
import {deriveAll, ruleSetOf, type RuleSet} from "../lib/engine.js";
import type {ChecklistLine, Item} from "../lib/item.js";
import {loadGuideline, loadItems} from "../lib/load.js";
import {parameterDomains} from "../lib/parameter-domains.js";
import type {ParameterDomain} from "../lib/parameter-values.js";
import {prepareBase, previewFrom} from "../lib/preview.js";
import {median, medianMs} from "./timing.js";

const targetMs = 50;

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

/**
 * The preview page in Chromium, on the built site: every value of every parameter control on /authors, from the
 * change event to the paint that shows the recomputed results (the issue: "Recomputes within one frame").
 */
export async function benchAuthorsPage(dist: string, rounds = 5): Promise<void> {
  const {openSite} = await import("../test/browser/site.js");
  const site = await openSite(dist);
  try {
    const page = await site.newPage();
    await page.goto("/authors");
    await page.locator("#preview-status").waitFor();
    // As an author reads the page, the findings for every single change are worked out in idle time: wait for them.
    await page.locator(".authors-preview[data-findings-ready]").waitFor({timeout: 60_000});
    // Written as source text: tsx would wrap the named functions of a compiled callback in a helper the page lacks.
    const timings = (await page.evaluate(`(async () => {
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }));
      const results = [];
      const ids = [...document.querySelectorAll(".parameter-fields select")].map((node) => node.id);
      for (let round = 0; round < ${rounds}; round++)
      for (const id of ids) {
        const options = [...document.querySelectorAll("#" + id + " option")].map((node) => node.value);
        for (const value of [...options, options[0]]) {
          // The page rebuilds the controls after each change: find the control again every time.
          const control = document.getElementById(id);
          if (control.value === value) continue;
          control.value = value;
          const start = performance.now();
          control.dispatchEvent(new Event("change"));
          const handlers = performance.now() - start;
          document.body.offsetHeight; // style and layout, which the next frame needs before it can paint
          const work = performance.now() - start;
          await afterPaint();
          results.push({control: id, value, ms: performance.now() - start, handlers, work});
        }
      }
      return results;
    })()`)) as {
      control: string;
      value: string;
      ms: number;
      handlers: number;
      work: number;
    }[];
    const frame = 1000 / 60;
    const ms = timings.map((timing) => timing.ms);
    // Each change is judged by its median over the rounds: one round's worst is mostly the shared machine's noise.
    const byChange = new Map<string, typeof timings>();
    for (const timing of timings) {
      const key = `${timing.control}=${timing.value}`;
      byChange.set(key, [...(byChange.get(key) ?? []), timing]);
    }
    const changes = [...byChange].map(([key, runs]) => ({key, work: median(runs.map((run) => run.work))}));
    const work = changes.map((change) => change.work);
    const worst = changes.reduce((a, b) => (b.work > a.work ? b : a));
    const within = work.filter((value) => value < frame).length;
    console.log(
      `authors' page in Chromium: ${changes.length} parameter changes on /authors, each made ${rounds} times ` +
        `(load average ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `  the work before the next frame can paint (recompute, render, style and layout): median ` +
        `${median(work).toFixed(1)} ms, worst ${worst.work.toFixed(1)} ms (${worst.key.replace("parameter-", "")}), ` +
        `each change's median over its rounds; within one ${frame.toFixed(1)} ms frame: ` +
        `${within} of ${changes.length} ${within === changes.length ? "ok" : "OVER"}; single runs over a frame: ` +
        `${timings.filter((timing) => timing.work >= frame).length} of ${timings.length}`,
    );
    console.log(
      `  change to the painted results (the wait for the frame included): median ${median(ms).toFixed(1)} ms, ` +
        `worst ${Math.max(...ms).toFixed(1)} ms`,
    );
    if (site.problems.length) console.log(`  problems: ${site.problems.join("; ")}`);
  } finally {
    await site.close();
  }
}

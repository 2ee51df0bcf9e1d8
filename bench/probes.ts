// The probe scorer on hostile replies (test/unit/probes/hostile-replies.ts): in this process, through `probes:score`,
// and in the built probe page in Chromium, where a keystroke must score within a frame's budget on a 10,000-character
// paste.
import {median} from "./timing.js";
import {execFileSync} from "node:child_process";
import {performance} from "node:perf_hooks";
import {hostileReply} from "../test/unit/probes/hostile-replies.js";
import {loadProbes} from "../lib/probes/load.node.js";
import type {ProbeRule} from "../lib/probes/schema.node.js";
import {scoreBoth} from "../lib/probes/score.js";
import {projectRoot} from "../scripts/copy-project.js";
import {openSite} from "../test/browser/site.js";

const frameMs = 1000 / 60;

const worst = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

interface Target {
  probe: string;
  /** The newest version with this pattern: the one probes:score is asked for. */
  version: string;
  rule: ProbeRule;
  /** The version's rules, all of which score every reply. */
  rules: ProbeRule[];
}

/** Every distinct pattern of every version of every probe (versions often share patterns). */
function targets(): Target[] {
  const found = new Map<string, Target>();
  for (const {probe, versions} of loadProbes(projectRoot).probes)
    for (const {data} of versions)
      for (const rule of data.rules)
        found.set(`${probe} ${rule.flags}/${rule.pattern}`, {probe, version: data.version, rule, rules: data.rules});
  return [...found.values()];
}

/** In this process and through the CLI: 10,000 and 100,000 hostile characters for every pattern. */
export function benchScoring(): void {
  const all = targets();
  console.log(`probe scoring on hostile replies (${all.length} distinct patterns, every version's rules on each)`);
  const inProcess = (length: number) =>
    all.map(({rule, rules}) => {
      const reply = hostileReply(rule, length);
      scoreBoth(rules, reply); // warm-up
      const samples = Array.from({length: 5}, () => {
        const start = performance.now();
        scoreBoth(rules, reply);
        return performance.now() - start;
      });
      return median(samples);
    });
  const small = inProcess(10_000);
  const large = inProcess(100_000);
  console.log(
    `  scorer, strict and loose, 10,000 chars:   median ${ms(median(small))}, worst ${ms(worst(small))} (per pattern)`,
  );
  console.log(
    `  scorer, strict and loose, 100,000 chars:  median ${ms(median(large))}, worst ${ms(worst(large))}` +
      `   (ratio ${(worst(large) / worst(small)).toFixed(1)}x for 10x the text: linear)`,
  );

  // The old engine, for comparison, on step 2's pattern at sizes it can still finish in moments.
  const step2 = all.find((t) => t.rule.pattern.includes("Jupiter"));
  if (step2) {
    const backtracking = [2_000, 4_000].map((length) => {
      const reply = hostileReply(step2.rule, length);
      const start = performance.now();
      new RegExp(step2.rule.pattern, step2.rule.flags).exec(reply);
      return performance.now() - start;
    });
    console.log(
      `  backtracking RegExp (the old engine), ${step2.rule.id} only: 2,000 chars ${ms(backtracking[0]!)}, ` +
        `4,000 chars ${ms(backtracking[1]!)} ` +
        `(ratio ${(backtracking[1]! / backtracking[0]!).toFixed(1)}x for 2x the text)`,
    );
  }

  const cli = (length: number) =>
    all.map(({probe, version, rule}) => {
      const start = performance.now();
      try {
        execFileSync(
          `${projectRoot}/node_modules/.bin/tsx`,
          ["scripts/probes-score.ts", probe, "--version", version, "--json"],
          {cwd: projectRoot, input: hostileReply(rule, length), stdio: ["pipe", "ignore", "ignore"]},
        );
      } catch {
        // exit 1: the reply does not pass every step, as expected
      }
      return performance.now() - start;
    });
  const cliSmall = cli(10_000);
  const cliLarge = cli(100_000);
  console.log(
    `  probes:score, 10,000 chars:   median ${ms(median(cliSmall))}, worst ${ms(worst(cliSmall))} (whole command)`,
  );
  console.log(
    `  probes:score, 100,000 chars:  median ${ms(median(cliLarge))}, worst ${ms(worst(cliLarge))}` +
      `   (ratio ${(median(cliLarge) / median(cliSmall)).toFixed(2)}x: start-up dominates)`,
  );
}

/** In Chromium, on a built site: the paste box's scoring per keystroke on a 10,000-character hostile paste. */
export async function benchPage(dist: string): Promise<void> {
  const all = targets();
  const site = await openSite(dist);
  try {
    const page = await site.newPage();
    await page.goto("/probes/six-step-chain");
    const box = page.getByLabel("Paste a reply");
    await box.waitFor();
    const scored = () => page.locator('.reply-total[aria-busy="false"]').waitFor();
    const lastScoring = () =>
      page.evaluate(() => performance.getEntriesByName("probe-reply-score", "measure").at(-1)?.duration ?? NaN);
    const keystrokes: number[] = [];
    const handlers: number[] = [];
    const perPattern: {id: string; median: number; worst: number}[] = [];
    for (const {rule} of all) {
      await box.fill(hostileReply(rule, 10_000));
      await scored();
      await box.press("End");
      const samples: number[] = [];
      // Backspace and retype, so the box stays at its 10,000-character limit.
      for (const key of ["Backspace", "x", "Backspace", "y", "Backspace", "z", "Backspace", "x", "Backspace"]) {
        // The keystroke's own cost: the input handlers that run before the browser can paint again.
        handlers.push(
          await box.evaluate((node: HTMLTextAreaElement, typed) => {
            const start = performance.now();
            node.value = typed === "Backspace" ? node.value.slice(0, -1) : node.value + typed;
            node.dispatchEvent(new Event("input", {bubbles: true}));
            return performance.now() - start;
          }, key),
        );
        await scored();
        samples.push(await lastScoring());
      }
      keystrokes.push(...samples);
      perPattern.push({id: rule.id, median: median(samples), worst: worst(samples)});
    }
    if (site.problems.length > 0) console.log(`  problems in the page: ${site.problems.join("; ")}`);
    console.log("probe page in Chromium, 10,000-character hostile paste, one keystroke's scoring (strict and loose)");
    for (const p of perPattern) console.log(`  ${p.id.padEnd(28)} median ${ms(p.median)}, worst ${ms(p.worst)}`);
    const overall = worst(keystrokes);
    console.log(
      `  all patterns:                median ${ms(median(keystrokes))}, worst ${ms(overall)}` +
        `   (${(overall / frameMs).toFixed(2)}x a 60 Hz frame's ${ms(frameMs)})  ${overall < frameMs ? "ok" : "OVER"}`,
    );
    console.log(
      `  keystroke path (input handler, scoring deferred): ` +
        `median ${ms(median(handlers))}, worst ${ms(worst(handlers))}`,
    );
  } finally {
    await site.close();
  }
}

// The authoring loop (issue 7): with `npm run dev` running on a copy of the project and a page open in Chromium, the
// time from saving an item file to the page showing the change (target: within a second), to the page showing a
// broken file's problem, and back.
import {rmSync} from "node:fs";
import {cpus, loadavg} from "node:os";
import {performance} from "node:perf_hooks";
import {copyProject} from "../scripts/copy-project.js";
import {openBrowser} from "../test/browser/site.js";
import {edit, openLive, startDev, waitForText} from "../test/build/dev-server.js";
import {median} from "./timing.js";

const targetMs = 1000;
const item = "data/items/example-2.md";
const title = "Half of a two-part request";

/** A moment for the server and the page to settle between saves, as between an author's saves. */
const settle = () => new Promise((done) => setTimeout(done, 1500));

export async function benchDevLoop(saves = 7): Promise<void> {
  const project = copyProject("rater-notebook-bench-dev-");
  const started = performance.now();
  const dev = await startDev(project);
  const startup = performance.now() - started;
  const chromium = await openBrowser(dev.origin);
  try {
    const page = await (await chromium.newContext()).newPage();
    await openLive(page, "/vague");
    await waitForText(page, title);
    const visible = async (change: () => void, text: string): Promise<number> => {
      await settle();
      const start = performance.now();
      change();
      await waitForText(page, text);
      return performance.now() - start;
    };
    const times: number[] = [];
    let shown = title;
    for (let save = 1; save <= saves; save++) {
      const next = `${title} (${save})`;
      times.push(await visible(() => edit(project, item, `title: ${shown}`, `title: ${next}`), next));
      shown = next;
    }
    const broken = await visible(
      () => edit(project, item, "verdict: not-met", "verdict: nope"),
      `${item} at checklist[2].verdict`,
    );
    const fixed = await visible(() => edit(project, item, "verdict: nope", "verdict: not-met"), shown);
    const worst = Math.max(...times);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`authoring loop: npm run dev, /vague open in Chromium, ${saves} saves of ${item}`);
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
    console.log(`  dev server ready in ${(startup / 1000).toFixed(1)} s`);
    const verdict = worst < targetMs ? "ok" : median(times) < targetMs ? "median ok, worst OVER" : "OVER";
    console.log(
      `  save to the change on the page: median ${ms(median(times))}, worst ${ms(worst)} ` +
        `(target: under ${ms(targetMs)})  ${verdict}`,
    );
    console.log(`    each save: ${times.map(ms).join(", ")}`);
    console.log(
      `  save of a broken item to its problem on the page: ${ms(broken)}; the fix to the page again: ${ms(fixed)}`,
    );
    if (chromium.problems.length) console.log(`  problems in the page: ${chromium.problems.join("; ")}`);
  } finally {
    await chromium.browser.close();
    await dev.stop();
    rmSync(project, {recursive: true, force: true});
  }
}

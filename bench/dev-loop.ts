// The authoring loop (issue 7): with `npm run dev` running on a copy of the project and a page open in Chromium, the
// time from saving a file to the page showing the change (target: within a second), for each kind of file an author
// saves: an item (its topic, the title it has before Check, on /vague), the guideline (a rule's title, on
// /guideline) and a lib/ module a page imports (a label it builds, on /vague); then a broken item's problem on the
// page, and back. Each file is written back as it was after its saves, whatever happens (the copy is removed too).
import {readFileSync, rmSync, writeFileSync} from "node:fs";
import {cpus, loadavg} from "node:os";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import type {Page} from "playwright-core";
import {copyProject} from "../scripts/copy-project.js";
import {openBrowser} from "../test/browser/site.js";
import {edit, openLive, startDev, waitForText} from "../test/build/dev-server.js";
import {median} from "./timing.js";

const targetMs = 1000;

/** One kind of save: the file, the page that shows it, and the text before and after the save numbered `save`. */
interface Save {
  what: string;
  file: string;
  page: string;
  /** The file's text that the saves replace, and the page's text that shows it. */
  from: string;
  shows: string;
  /** The file's text after the save numbered `save`, and the page's text that shows it. */
  to(save: number): string;
  showsAfter(save: number): string;
}

const item = "data/items/example-1.md";
const topic = "examples of irregular verbs";
/** The item saved broken: another than the one on show, whose problem replaces the page all the same. */
const brokenItem = "data/items/example-2.md";
const ruleTitle = "Only what the request says";

const saves: Save[] = [
  {
    what: "an item's topic",
    file: item,
    page: "/vague",
    from: `topic: "${topic}"`,
    shows: `Example 1: ${topic}`,
    to: (save) => `topic: "${topic} (${save})"`,
    showsAfter: (save) => `Example 1: ${topic} (${save})`,
  },
  {
    what: "a rule's title in the guideline",
    file: "guideline/v2/guideline.yaml",
    page: "/guideline",
    from: `title: ${ruleTitle}`,
    shows: ruleTitle,
    to: (save) => `title: ${ruleTitle} (${save})`,
    showsAfter: (save) => `${ruleTitle} (${save})`,
  },
  {
    // itemLabel's words, which the part pages import: "Example 1: …" above the first example on /vague.
    what: "a label in lib/site/links.ts",
    file: "lib/site/links.ts",
    page: "/vague",
    from: `"examples": "Example",`,
    shows: "Example 1:",
    to: (save) => `"examples": "Example (${save})",`,
    showsAfter: (save) => `Example (${save}) 1:`,
  },
];

/** A moment for the server and the page to settle between saves, as between an author's saves. */
const settle = () => new Promise((done) => setTimeout(done, 1500));

/**
 * Milliseconds from `change` (a file written) to the page's main content showing `text` (and no longer `without`),
 * after a moment to settle.
 */
async function timeSave(page: Page, change: () => void, text: string, without?: string): Promise<number> {
  await settle();
  const start = performance.now();
  change();
  await waitForText(page, text, {without});
  return performance.now() - start;
}

interface Measured {
  save: Save;
  times: number[];
  /** The file written back as it was, to the page showing it again. */
  restored: number;
}

export async function benchDevLoop(savesEach = 5): Promise<void> {
  const project = copyProject("rater-notebook-bench-dev-");
  const started = performance.now();
  const dev = await startDev(project);
  const startup = performance.now() - started;
  const chromium = await openBrowser(dev.origin);
  const measured: Measured[] = [];
  let broken = NaN;
  let fixed = NaN;
  try {
    for (const save of saves) {
      const path = join(project, save.file);
      const original = readFileSync(path, "utf8");
      const page = await (await chromium.newContext()).newPage();
      try {
        await openLive(page, save.page, dev);
        await waitForText(page, save.shows);
        const times: number[] = [];
        let written = save.from;
        for (let count = 1; count <= savesEach; count++) {
          const next = save.to(count);
          const from = written;
          times.push(await timeSave(page, () => edit(project, save.file, from, next), save.showsAfter(count)));
          written = next;
        }
        const restored = await timeSave(
          page,
          () => writeFileSync(path, original),
          save.shows,
          save.showsAfter(savesEach),
        );
        measured.push({save, times, restored});
        if (save.file === item) {
          const brokenPath = join(project, brokenItem);
          const brokenOriginal = readFileSync(brokenPath, "utf8");
          try {
            broken = await timeSave(
              page,
              () => edit(project, brokenItem, "verdict: not-met", "verdict: nope"),
              `${brokenItem} at checklist[2].verdict`,
            );
            fixed = await timeSave(
              page,
              () => edit(project, brokenItem, "verdict: nope", "verdict: not-met"),
              save.shows,
              `${brokenItem} at checklist[2].verdict`,
            );
          } finally {
            writeFileSync(brokenPath, brokenOriginal);
          }
        }
      } finally {
        // Whatever happened, the next kind of save starts from the project as it was.
        writeFileSync(path, original);
        await page.context().close();
      }
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`authoring loop: npm run dev, a page open in Chromium, ${savesEach} saves of each kind of file`);
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
    console.log(`  dev server ready in ${(startup / 1000).toFixed(1)} s`);
    for (const {save, times, restored} of measured) {
      const worst = Math.max(...times);
      const verdict = worst < targetMs ? "ok" : median(times) < targetMs ? "median ok, worst OVER" : "OVER";
      console.log(
        `  ${save.what} (${save.file}, on ${save.page}): save to the change on the page median ` +
          `${ms(median(times))}, worst ${ms(worst)} (target: under ${ms(targetMs)})  ${verdict}`,
      );
      console.log(`    each save: ${times.map(ms).join(", ")}; the file restored, to the page again: ${ms(restored)}`);
    }
    console.log(
      `  save of a broken item to its problem on the page: ${ms(broken)}; the fix to the page again: ${ms(fixed)}`,
    );
    if (chromium.problems.length) console.log(`  problems in the page: ${chromium.problems.join("; ")}`);
  } finally {
    await chromium.close();
    await dev.stop();
    rmSync(project, {recursive: true, force: true});
  }
}

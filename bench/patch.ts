// A patch of a score card with about 200 word buttons, within a frame (issue 32 item 2): in Chromium on the built
// site, a click on a word of the request (marking it), from the click's timestamp to the frame that paints it, on
// the scored item whose request has the most words. The case study's longest request is short of 200 words, so the
// same is measured on a copy of the site whose longest request has a paragraph more (bench/fixtures/long-request.txt,
// a case built for the bench, never shown on the site).
import {readFileSync, rmSync, writeFileSync} from "node:fs";
import {loadavg} from "node:os";
import {join} from "node:path";
import type {Item} from "../lib/authored/schemas/item.js";
import {loadCalibration, loadItems, loadParts} from "../lib/node/load.js";
import {tokens} from "../lib/trainee/draft.js";
import {markableTexts} from "../lib/trainee/step-one.js";
import {copyProject} from "../scripts/copy-project.js";
import {postbuild} from "../scripts/postbuild.js";
import {openSite} from "../test/browser/site.js";
import {observableBuild} from "./framework.js";
import {afterPaintWhere, inPage, median} from "./timing.js";

const frameMs = 1000 / 60;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** One word click, in the page's performance.now() time. */
export interface WordClick {
  /** "start": the first word of a stretch; "mark": the press that makes the line. */
  kind: "start" | "mark";
  /** From the click event's timestamp to after the paint of the first frame that shows it. */
  paint: number;
  /** The input's delivery, the click's handlers, and the frame that paints it: the click's own work. */
  inputDelay: number;
  handlers: number;
  frame: number;
  /** Animation frames before the one that shows it: 0 when the very next frame does. */
  framesBefore: number;
}

/** What a run of clicks comes to: median and worst of the click's own work and of the time to the paint. */
export interface ClickSummary {
  clicks: number;
  work: {median: number; worst: number};
  paint: {median: number; worst: number};
  /** Clicks painted later than the first frame after them. */
  late: number;
  /** Whether the worst click's own work fits in a frame. */
  withinFrame: boolean;
}

export function summarizeClicks(clicks: readonly WordClick[]): ClickSummary {
  const work = clicks.map((click) => click.inputDelay + click.handlers + click.frame);
  const paint = clicks.map((click) => click.paint);
  const worst = (values: number[]) => Math.max(...values);
  return {
    clicks: clicks.length,
    work: {median: median(work), worst: worst(work)},
    paint: {median: median(paint), worst: worst(paint)},
    late: clicks.filter((click) => click.framesBefore > 0).length,
    withinFrame: worst(work) < frameMs,
  };
}

/** The request with the bench's paragraph after it: about 200 words where the longest is about 100. */
export const withLongerRequest = (itemFile: string, paragraph: string): string =>
  itemFile.replace(
    /(## Request\n\n[\s\S]*?)(\n+## Response)/,
    (_all, request: string, after: string) => `${request.trimEnd()}\n\n${paragraph.trim()}${after}`,
  );

/** Installed in the page before its scripts: times each click on a word of a marking surface. */
function timeWordClicks(afterPaint: typeof afterPaintWhere): void {
  const page = window as unknown as {wordClicks: WordClick[]};
  page.wordClicks = [];
  addEventListener(
    "click",
    (event) => {
      const word = (event.target as Element | null)?.closest?.(".mark-surface button.word");
      if (!word) return;
      const start = event.timeStamp;
      const capture = performance.now();
      const surface = word.closest(".mark-surface")!;
      const look = () =>
        `${surface.querySelectorAll(".is-marked").length} ${surface.querySelectorAll(".is-anchor").length}`;
      const before = look();
      const kind = word.classList.contains("is-anchor") ? "mark" : "start";
      let handlersEnd = NaN;
      // Added during this click's capture phase, it runs in the same click's bubbling phase, after the handlers.
      addEventListener("click", () => (handlersEnd = performance.now()), {once: true});
      afterPaint(
        () => look() !== before,
        ({end, frame, framesBefore, shown}) =>
          page.wordClicks.push({
            kind,
            paint: shown ? end - start : NaN,
            inputDelay: capture - start,
            handlers: handlersEnd - capture,
            frame,
            framesBefore,
          }),
      );
    },
    {capture: true},
  );
}

/** The scored item whose request has the most words to mark, and the page that scores it with the guideline. */
export function longestRequest(root: string): {item: Item; words: number; path: string} {
  const items = loadItems(root);
  const words = (item: Item) => tokens(markableTexts(item).find((text) => text.where === "request")?.text ?? "").length;
  const item = items.reduce((a, b) => (words(b) > words(a) ? b : a));
  const part = loadParts(root).find((each) => each.phase === "guideline" && each.items === item.set);
  const pool = loadCalibration(root, items).pools.find((each) => each.items.includes(item.id));
  const path = part ? part.path : `/self-check?pool=${pool!.id}`;
  return {item, words: words(item), path};
}

/** Presses `pairs` words twice each (a one-word line each) in `rounds` fresh pages: the clicks after a warm-up pair. */
async function measureWordClicks(dist: string, path: string, id: string, rounds = 3, pairs = 10) {
  const site = await openSite(dist);
  const clicks: WordClick[] = [];
  let words = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const context = await site.newContext();
      await context.addInitScript({content: inPage(timeWordClicks, afterPaintWhere)});
      const page = await context.newPage();
      await page.goto(`${path}#${id}`);
      const surface = page.locator(`[id="${id}"] .mark-surface`).first();
      await surface.waitFor({state: "visible"});
      // The interpreter of the implied score is loaded after the first paint: the clicks measured come after it.
      await page.waitForLoadState("networkidle");
      const buttons = surface.locator("button.word");
      words = await buttons.count();
      for (let pair = 0; pair <= pairs; pair++) {
        const word = buttons.nth(Math.floor(((pair + 0.5) * words) / (pairs + 1)));
        for (let press = 0; press < 2; press++) {
          const count = await page.evaluate(() => (window as unknown as {wordClicks: WordClick[]}).wordClicks.length);
          await word.click();
          await page.waitForFunction(
            (done) => (window as unknown as {wordClicks: WordClick[]}).wordClicks.length > done,
            count,
          );
          // The idle work a click leaves (the draft saved, the implied score) is done before the next.
          await page.waitForTimeout(60);
        }
      }
      const timed = await page.evaluate(() => (window as unknown as {wordClicks: WordClick[]}).wordClicks);
      clicks.push(...timed.slice(2));
      await context.close();
    }
    if (site.problems.length) console.log(`  problems: ${site.problems.join("; ")}`);
  } finally {
    await site.close();
  }
  return {clicks, words};
}

function report(label: string, {clicks, words}: {clicks: WordClick[]; words: number}): void {
  for (const kind of ["start", "mark"] as const) {
    const summary = summarizeClicks(clicks.filter((click) => click.kind === kind));
    const what = kind === "start" ? "a stretch's first word" : "the word that marks the line";
    const {work, paint} = summary;
    console.log(
      `  ${label}, ${words} word buttons, ${what} (${summary.clicks} clicks): own work (delivery, handlers, the ` +
        `painting frame) median ${ms(work.median)}, worst ${ms(work.worst)} ${summary.withinFrame ? "ok" : "OVER"} ` +
        `against the ${ms(frameMs)} frame; from the click's timestamp to the paint median ${ms(paint.median)}, ` +
        `worst ${ms(paint.worst)}; ${summary.late} painted after the first frame`,
    );
  }
}

/** The word clicks on `dist` (a post-built site of the project at `root`), then on a copy with a longer request. */
export async function benchPatch(dist: string, root: string): Promise<void> {
  const longest = longestRequest(root);
  console.log(
    `\nA word click on a score card, to the painted frame (Chromium, built site; load average ` +
      `${loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")}):`,
  );
  report(`${longest.item.id} on ${longest.path}`, await measureWordClicks(dist, longest.path, longest.item.id));
  const copy = copyProject("rater-notebook-bench-patch-");
  try {
    const file = join(copy, "data/items", `${longest.item.id}.md`);
    const paragraph = readFileSync(join(import.meta.dirname, "fixtures/long-request.txt"), "utf8");
    writeFileSync(file, withLongerRequest(readFileSync(file, "utf8"), paragraph));
    observableBuild(copy);
    await postbuild(join(copy, "dist"));
    report(
      `${longest.item.id} with the bench's longer request`,
      await measureWordClicks(join(copy, "dist"), longest.path, longest.item.id),
    );
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}

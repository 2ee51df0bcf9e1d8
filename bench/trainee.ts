// The trainee pages in Chromium, on a built site (issue 6, "Speed"): the time from Check to the painted ruling for
// every scored item, and the bytes of JavaScript and data every page loads beside a default Framework page that
// imports d3 and Inputs, built in the same run. A fresh browser context per page, so localStorage starts empty.
import {spawnSync} from "node:child_process";
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {cpus, loadavg, tmpdir} from "node:os";
import {delimiter, extname, join} from "node:path";
import {gzipSync} from "node:zlib";
import type {Page} from "playwright-core";
import {loadParts} from "../lib/load.js";
import {prepareCache} from "../scripts/build.js";
import {projectRoot} from "../scripts/copy-project.js";
import {mendPages, minifyModules} from "../scripts/postbuild.js";
import {openSite} from "../test/browser/site.js";
import {median} from "./timing.js";

const frameMs = 1000 / 60;
/** The issue's target: every trainee page loads under a quarter of the baseline page's JavaScript and data. */
const target = 0.25;
/** The parts whose items a trainee checks one by one (Part 2 and Part 3 have none; the self-check is blind). */
export const checkedParts = ["/vague", "/rubric", "/edge-cases", "/calibration"];

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/**
 * A temporary one-page Framework project like `observable create` makes, whose page imports d3 and Inputs from
 * node_modules (no npm: import, no CDN: the build has no network) and shows something from each. No web font
 * either, as in the site: the default stylesheet asks a font host, which would only fail here.
 */
export function baselineProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "rater-notebook-bench-d3-inputs-"));
  // The icon link keeps Chromium from asking for /favicon.ico, as the site's own config does.
  writeFileSync(
    join(dir, "observablehq.config.js"),
    `export default {root: "src", globalStylesheets: [], head: '<link rel="icon" href="data:,">'};\n`,
  );
  for (const file of ["package.json", "framework-npm-versions.json"]) cpSync(join(projectRoot, file), join(dir, file));
  mkdirSync(join(dir, "src"));
  writeFileSync(
    join(dir, "src", "index.md"),
    [
      "# d3 and Inputs",
      "",
      "```js",
      'import * as d3 from "d3";',
      'import * as Inputs from "@observablehq/inputs";',
      "```",
      "",
      "```js",
      "const rows = d3.range(8).map((i) => ({i, root: d3.format('.3f')(Math.sqrt(i))}));",
      "display(Inputs.table(rows));",
      "```",
      "",
    ].join("\n"),
  );
  symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** Builds a Framework project with `observable build`, with no network (pinned versions in its cache folder). */
export function observableBuild(dir: string): void {
  prepareCache(dir);
  const bin = join(projectRoot, "node_modules", ".bin");
  const build = spawnSync(join(bin, "observable"), ["build"], {
    cwd: dir,
    encoding: "utf8",
    // Framework runs a .ts data loader with the tsx on PATH, there even when the bench runs outside npm.
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1", PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`},
  });
  if (build.status !== 0)
    throw new Error(`observable build failed in ${dir}:\n${build.stderr}${build.stdout.slice(-2000)}`);
}

/** The pages of a built site as paths: the start page, the parts in order, then the rest. */
export function sitePages(dist: string): string[] {
  const built = readdirSync(dist, {recursive: true, encoding: "utf8"})
    .filter((file) => file.endsWith(".html") && !file.startsWith("_"))
    .map((file) => `/${file.slice(0, -".html".length)}`.replace(/\/index$/, "/"));
  const order = ["/", ...loadParts().map((part) => part.path)];
  const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
  return built.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

type Kind = "js" | "data" | "css" | "other";
export interface Bytes {
  raw: number;
  gzip: number;
}
export type PageBytes = Record<Kind, Bytes>;

const kindOf = (url: string, contentType: string): Kind => {
  const ext = extname(new URL(url).pathname);
  if (ext === ".js" || ext === ".mjs" || contentType.includes("javascript")) return "js";
  if (ext === ".css" || contentType.includes("css")) return "css";
  if (url.includes("/_file/") || contentType.includes("json")) return "data";
  return "other"; // the HTML document itself, icons, images
};

/** A response from the site's own host: its path, its kind and its body. */
export interface Loaded {
  path: string;
  kind: Kind;
  body: Buffer;
}

/** Every response of each page, loaded in a fresh context until the network is idle. */
export async function loadPages(dist: string, pages: string[]): Promise<Map<string, Loaded[]>> {
  const site = await openSite(dist);
  const result = new Map<string, Loaded[]>();
  try {
    for (const path of pages) {
      const context = await site.newContext();
      const page = await context.newPage();
      const bodies = new Map<string, Promise<Loaded>>();
      page.on("response", (response) => {
        const url = response.url();
        if (!url.startsWith(site.origin) || bodies.has(url)) return;
        const kind = kindOf(url, response.headers()["content-type"] ?? "");
        bodies.set(
          url,
          response.body().then((body) => ({path: new URL(url).pathname, kind, body})),
        );
      });
      await page.goto(path, {waitUntil: "networkidle"});
      result.set(path, await Promise.all(bodies.values()));
      await context.close();
    }
    if (site.problems.length > 0) console.log(`  problems while loading pages: ${site.problems.join("; ")}`);
  } finally {
    await site.close();
  }
  return result;
}

/** Bytes by kind, raw and gzip; `bodies` stands in other bodies for some paths (the same files before a change). */
export function tally(loaded: Loaded[], bodies = new Map<string, Buffer>()): PageBytes {
  const bytes: PageBytes = {js: zero(), data: zero(), css: zero(), other: zero()};
  for (const {path, kind, body: served} of loaded) {
    const body = bodies.get(path) ?? served;
    bytes[kind].raw += body.length;
    // What a server compressing with gzip (zlib's default level 6) would send for this response.
    bytes[kind].gzip += gzipSync(body).length;
  }
  return bytes;
}
const zero = (): Bytes => ({raw: 0, gzip: 0});
const jsAndData = (bytes: PageBytes): Bytes => ({
  raw: bytes.js.raw + bytes.data.raw,
  gzip: bytes.js.gzip + bytes.data.gzip,
});

interface CheckTiming {
  item: string;
  /** From the click (a capturing listener on window) to after the next paint that shows the ruling; NaN if none. */
  paint: number;
  /** The click's own handlers (until a bubbling listener on window runs). */
  handlers: number;
  /** The frame that shows the ruling: from its requestAnimationFrame to after its paint. */
  frame: number;
  /** The first Check on the page, which pays for compiling the code and styling the ruling the first time. */
  first: boolean;
  /** Animation frames that ran before the one that shows the ruling: 0 when the very next frame shows it. */
  framesBefore: number;
}

interface Timed {
  checkTimings: CheckTiming[];
  /** Event Timing durations (input to presented frame) of the clicks on Check, and on a score's radio. */
  checkEvents: number[];
  radioEvents: number[];
}

/**
 * Installed in every page before its scripts. Times each click on a button named Check to the next paint after the
 * item's region named Ruling is visible: requestAnimationFrame runs just before the frame's style, layout and
 * paint, and a message posted from it is delivered once that frame is done. Chromium's Event Timing API is
 * watched too, but it reports only interactions of 16 ms or more, and its presentation time in headless Chromium
 * with software compositing is late even for a click that does nothing (the radio clicks show how late).
 */
function timeChecks(): void {
  const page = window as unknown as Timed;
  page.checkTimings = [];
  page.checkEvents = [];
  page.radioEvents = [];
  const named = (node: Element, name: string) =>
    node.getAttribute("aria-label") === name ||
    (node.getAttribute("aria-labelledby") ?? "")
      .split(" ")
      .some((id) => document.getElementById(id)?.textContent?.trim() === name);
  /** The scored item: the nearest element with an id that holds a Score group. */
  const itemOf = (node: Element | null): Element | null => {
    for (let at = node; at; at = at.parentElement)
      if (at.id && at.querySelector("fieldset, [role=radiogroup]")) return at;
    return null;
  };
  const isCheck = (node: unknown): node is HTMLButtonElement =>
    node instanceof HTMLButtonElement && node.textContent?.trim() === "Check";
  addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("button") ?? null;
      if (!isCheck(button)) return;
      const start = performance.now();
      const item = itemOf(button);
      let handlersEnd = NaN;
      // Added during this click's capture phase, it runs in the same click's bubbling phase, after the handlers.
      addEventListener("click", () => (handlersEnd = performance.now()), {once: true});
      const ruling = () =>
        [...(item?.querySelectorAll("[role=region], [role=status], section, output") ?? [])].find((node) =>
          named(node, "Ruling"),
        );
      let frames = 0;
      const nextFrame = () =>
        requestAnimationFrame(() => {
          const shown = ruling()?.checkVisibility() ?? false;
          if (!shown && ++frames < 120) return nextFrame();
          const frameStart = performance.now();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const end = performance.now();
            page.checkTimings.push({
              item: item?.id ?? "?",
              paint: shown ? end - start : NaN,
              handlers: handlersEnd - start,
              frame: end - frameStart,
              first: page.checkTimings.length === 0,
              framesBefore: frames,
            });
          };
          channel.port2.postMessage(null);
        });
      nextFrame();
    },
    {capture: true},
  );
  try {
    new PerformanceObserver((list) => {
      // interactionId is newer than TypeScript's DOM types; a user's click has one, other events have 0.
      for (const entry of list.getEntries() as (PerformanceEventTiming & {interactionId?: number})[]) {
        if (entry.name !== "click" || !entry.interactionId) continue;
        if (isCheck(entry.target)) page.checkEvents.push(entry.duration);
        else if (entry.target instanceof HTMLInputElement && entry.target.type === "radio")
          page.radioEvents.push(entry.duration);
      }
    }).observe({type: "event", durationThreshold: 16, buffered: true} as PerformanceObserverInit);
  } catch {
    // no Event Timing in this browser: the figures above stand alone
  }
}

/** The ids of the scored items on a page: each Check button's nearest element with an id that holds a Score group. */
const scoredItems = (page: Page) =>
  page.getByRole("button", {name: "Check", exact: true}).evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      for (let at = button.parentElement; at; at = at.parentElement)
        if (at.id && at.querySelector("fieldset, [role=radiogroup]")) return [at.id];
      return [];
    }),
  );

export interface PageChecks extends Timed {
  path: string;
  /** Every item's timings, one per round. */
  byItem: Map<string, CheckTiming[]>;
  problems: string[];
}

/**
 * Chooses 3 and checks every scored item on each page, one after another, in `rounds` fresh contexts per page (the
 * machine is shared: an item's figure is the median of its rounds).
 */
export async function measureChecks(dist: string, pages: string[], rounds = 3): Promise<PageChecks[]> {
  const site = await openSite(dist);
  const result: PageChecks[] = [];
  try {
    for (const path of pages) {
      const checks: PageChecks = {
        path,
        byItem: new Map(),
        checkTimings: [],
        checkEvents: [],
        radioEvents: [],
        problems: [],
      };
      for (let round = 0; round < rounds; round++) {
        const context = await site.newContext();
        // tsx compiles with keepNames, which wraps named functions in a __name helper that the page does not have.
        await context.addInitScript({content: `var __name = (target) => target; (${timeChecks.toString()})();`});
        const page = await context.newPage();
        const seen = site.problems.length;
        await page.goto(path);
        await page.getByRole("button", {name: "Check", exact: true}).first().waitFor();
        const ids = await scoredItems(page);
        for (const [index, id] of ids.entries()) {
          const item = page.locator(`[id="${id}"]`);
          await item.getByRole("group", {name: "Score"}).getByRole("radio", {name: "3", exact: true}).check();
          await item.getByRole("button", {name: "Check", exact: true}).click();
          await page.waitForFunction((count) => (window as unknown as Timed).checkTimings.length >= count, index + 1);
        }
        const timed = await page.evaluate(() => {
          const {checkTimings, checkEvents, radioEvents} = window as unknown as Timed;
          return {checkTimings, checkEvents, radioEvents};
        });
        for (const timing of timed.checkTimings)
          checks.byItem.set(timing.item, [...(checks.byItem.get(timing.item) ?? []), timing]);
        checks.checkTimings.push(...timed.checkTimings);
        checks.checkEvents.push(...timed.checkEvents);
        checks.radioEvents.push(...timed.radioEvents);
        checks.problems.push(...site.problems.slice(seen));
        await context.close();
      }
      result.push(checks);
    }
  } finally {
    await site.close();
  }
  return result;
}

export function reportChecks(results: PageChecks[], rounds: number): void {
  console.log(
    `Check to the painted ruling in Chromium: every scored item, score 3 then Check, ` +
      `each item the median of ${rounds} fresh page loads`,
  );
  // Timings stretch when other work shares the cores; the load says how far to trust them.
  console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
  const line = (label: string, checks: PageChecks[]) => {
    const items = checks.flatMap((page) =>
      [...page.byItem].map(([item, timings]) => ({item, paint: median(timings.map((timing) => timing.paint))})),
    );
    const missing = items.filter((item) => Number.isNaN(item.paint));
    const shown = items.filter((item) => !Number.isNaN(item.paint));
    if (shown.length === 0) {
      console.log(`  ${label.padEnd(13)} no ruling shown on any item  OVER`);
      return;
    }
    const worst = shown.reduce((a, b) => (b.paint > a.paint ? b : a));
    const typical = median(shown.map((item) => item.paint));
    const single = Math.max(...checks.flatMap((page) => page.checkTimings.map((timing) => timing.paint)));
    const verdict = worst.paint < frameMs && missing.length === 0 ? "ok" : "OVER";
    console.log(
      `  ${label.padEnd(13)} ${String(items.length).padStart(2)} items  median ${ms(typical)}` +
        `, worst ${ms(worst.paint)} (${worst.item}) = ${(worst.paint / frameMs).toFixed(2)}x the ${ms(frameMs)} ` +
        `frame ${verdict}   slowest single click ${ms(single)}` +
        (missing.length ? `   no ruling shown: ${missing.map((item) => item.item).join(", ")}` : ""),
    );
  };
  for (const page of results) line(page.path, [page]);
  line("all", results);
  const all = results.flatMap((page) => page.checkTimings);
  const handlers = all.map((timing) => timing.handlers);
  const frames = all.map((timing) => timing.frame);
  console.log(
    `  where the time goes (every click): Check's handlers median ${ms(median(handlers))}, ` +
      `worst ${ms(Math.max(...handlers))}; the frame that paints the ruling median ${ms(median(frames))}, ` +
      `worst ${ms(Math.max(...frames))}; the rest is the wait for that frame`,
  );
  // "Within one frame of Check": the ruling is in the DOM when the click's handlers end, so the next frame paints it.
  const nextFrame = all.filter((timing) => timing.framesBefore === 0).length;
  console.log(
    `  painted by the first frame after the click: ${nextFrame} of ${all.length} Checks ` +
      `${nextFrame === all.length ? "ok" : "OVER"} (the time above is that frame's wait and paint)`,
  );
  const first = all.filter((timing) => timing.first).map((timing) => timing.paint);
  const later = all.filter((timing) => !timing.first).map((timing) => timing.paint);
  console.log(
    `  the first Check on a page (cold code and styles): median ${ms(median(first))}; ` +
      `every later Check: median ${ms(median(later))}`,
  );
  const checkEvents = results.flatMap((page) => page.checkEvents);
  const radioEvents = results.flatMap((page) => page.radioEvents);
  if (checkEvents.length)
    console.log(
      `  Event Timing (input to presented frame; Chromium reports only >= 16 ms): Check clicks ` +
        `${checkEvents.length} of ${all.length} reported, median ${ms(median(checkEvents))}, ` +
        `worst ${ms(Math.max(...checkEvents))}; a score radio's click, which does almost nothing, ` +
        `${radioEvents.length ? `median ${ms(median(radioEvents))}` : "none reported"}: ` +
        "headless Chromium's own presentation delay",
    );
  const problems = [...new Set(results.flatMap((page) => page.problems))];
  if (problems.length) console.log(`  problems in the pages: ${problems.join("; ")}`);
}

export function reportBytes(
  baseline: PageBytes,
  after: Map<string, PageBytes>,
  before: Map<string, PageBytes>,
  traineePages: string[],
): void {
  const base = jsAndData(baseline);
  const ratio = (bytes: Bytes) => ({raw: bytes.raw / base.raw, gzip: bytes.gzip / base.gzip});
  const pair = (bytes: Bytes) => `${kB(bytes.raw).padStart(6)} ${kB(bytes.gzip).padStart(5)}`;
  // Every kB column is " raw gzip" (13 characters); the ratio column is as wide as its heading.
  const column = (title: string) => title.padStart(13);
  const ratioHeading = `ratio to d3+Inputs (target < ${target})`;
  console.log(
    `bytes each page loads in Chromium, as npm run build ships them: kB of response bodies, raw and gzip ` +
      `(each body through zlib, level 6)`,
  );
  console.log(
    `  ${"page".padEnd(23)}${column("JS")}${column("data")}${column("JS+data")}   ${ratioHeading}${column("CSS")}`,
  );
  const row = (label: string, bytes: PageBytes, judged: boolean) => {
    const {raw, gzip} = ratio(jsAndData(bytes));
    const verdict = !judged ? "" : raw < target && gzip < target ? "OK" : "OVER";
    const ratios = `${raw.toFixed(3)} raw ${gzip.toFixed(3)} gzip ${verdict}`;
    console.log(
      `  ${label.padEnd(23)} ${pair(bytes.js)} ${pair(bytes.data)} ${pair(jsAndData(bytes))}   ` +
        `${ratios.padEnd(ratioHeading.length)} ${pair(bytes.css)}`,
    );
  };
  row("d3 + Inputs (baseline)", baseline, false);
  for (const [path, bytes] of after) row(path, bytes, traineePages.includes(path));
  const others = [...after.keys()].filter((path) => !traineePages.includes(path));
  if (others.length) console.log(`  (not judged: ${others.join(", ")}, for probe authors rather than trainees)`);
  console.log("minifying the modules in _import/ (scripts/postbuild.ts): JS+data before -> after, and the ratio");
  for (const [path, bytes] of after) {
    const old = before.get(path);
    if (!old) continue;
    const [was, now] = [jsAndData(old), jsAndData(bytes)];
    console.log(
      `  ${path.padEnd(23)} raw ${kB(was.raw).padStart(6)} -> ${kB(now.raw).padStart(6)} kB ` +
        `(${ratio(was).raw.toFixed(3)} -> ${ratio(now).raw.toFixed(3)})   ` +
        `gzip ${kB(was.gzip).padStart(5)} -> ${kB(now.gzip).padStart(5)} kB ` +
        `(${ratio(was).gzip.toFixed(3)} -> ${ratio(now).gzip.toFixed(3)})`,
    );
  }
}

/** Where a page's JavaScript and data come from, by the folder Framework serves them from. */
const sources = [
  {label: "Framework", test: (path: string) => path.startsWith("/_observablehq/")},
  {label: "libraries", test: (path: string) => path.startsWith("/_node/") || path.startsWith("/_npm/")},
  {label: "site code", test: (path: string) => path.startsWith("/_import/")},
  {label: "data", test: (path: string) => path.startsWith("/_file/")},
];

/**
 * The raw bytes of each trainee page by source, beside the budget the target leaves: Framework's client and runtime
 * load on every page, so what is left for the site's code and data is the budget less that.
 */
export function reportBreakdown(baseline: PageBytes, loaded: Map<string, Loaded[]>, traineePages: string[]): void {
  const budget = jsAndData(baseline).raw * target;
  console.log(
    `where the raw bytes of JS and data come from (kB); the target leaves ${kB(budget)} kB a page ` +
      `(${target} x ${kB(jsAndData(baseline).raw)})`,
  );
  console.log(`  ${"page".padEnd(23)}${sources.map(({label}) => label.padStart(11)).join("")}   left for code+data`);
  for (const path of traineePages) {
    const responses = (loaded.get(path) ?? []).filter(({kind}) => kind === "js" || kind === "data");
    const sizes = sources.map(({test}) =>
      responses.filter((response) => test(response.path)).reduce((sum, {body}) => sum + body.length, 0),
    );
    const left = budget - sizes[0]!;
    const used = sizes[1]! + sizes[2]! + sizes[3]!;
    console.log(
      `  ${path.padEnd(23)}${sizes.map((size) => kB(size).padStart(11)).join("")}   ` +
        `${kB(left)} kB, uses ${kB(used)} kB (${(used / left).toFixed(2)}x)`,
    );
  }
}

/**
 * The whole trainee bench on a project folder whose dist/ is Framework's output, before the post-build step: the
 * bytes as Framework emits them, then after scripts/postbuild.ts (as `npm run build` ships them), beside the d3 and
 * Inputs page built now; then Check on every scored item. Leaves dist/ post-built.
 */
export async function benchTrainee(project: string): Promise<void> {
  const dist = join(project, "dist");
  const baseline = baselineProject();
  try {
    observableBuild(baseline);
    const baselineBytes = tally((await loadPages(join(baseline, "dist"), ["/"])).get("/")!);
    const pages = sitePages(dist);
    mendPages(dist);
    // Minifying keeps every file name, so each page loads the same files: Framework's own bodies, kept aside, give
    // the figures before minifying without loading every page twice.
    const unminified = new Map(
      readdirSync(join(dist, "_import"), {recursive: true, encoding: "utf8"})
        .filter((file) => file.endsWith(".js"))
        .map((file) => [`/_import/${file}`, readFileSync(join(dist, "_import", file))]),
    );
    minifyModules(dist);
    const loaded = await loadPages(dist, pages);
    const after = new Map([...loaded].map(([path, responses]) => [path, tally(responses)]));
    const before = new Map([...loaded].map(([path, responses]) => [path, tally(responses, unminified)]));
    reportBytes(
      baselineBytes,
      after,
      before,
      pages.filter((path) => !path.startsWith("/probes/")),
    );
    reportBreakdown(
      baselineBytes,
      loaded,
      pages.filter((path) => !path.startsWith("/probes/")),
    );
  } finally {
    rmSync(baseline, {recursive: true, force: true});
  }
  const rounds = 3;
  reportChecks(await measureChecks(dist, checkedParts, rounds), rounds);
}

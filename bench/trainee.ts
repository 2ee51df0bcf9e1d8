// The trainee pages in Chromium, on a built site: on a slow connection and CPU, the time to the first item's usable
// Score group against a bare Framework page, and each page's gzip bytes (issue 15, bench/first-item.ts); the time
// from Check to the painted ruling for every scored item (issue 6); and, where a page shows one item at a time with
// a "Next item" button, the time from that click to the painted next item (issue 15). A fresh browser context per
// page and round, so localStorage starts empty.
import {rmSync} from "node:fs";
import {cpus, loadavg} from "node:os";
import {join} from "node:path";
import type {Locator, Page} from "playwright-core";
import {loadCalibration, loadItems, loadParts} from "../lib/node/load.js";
import {postbuild} from "../scripts/postbuild.js";
import {openSite} from "../test/browser/site.js";
import {measureSlowLoads, reportSlowLoads} from "./first-item.js";
import {bareProject, observableBuild} from "./framework.js";
import {afterPaintWhere, inPage, median} from "./timing.js";

const frameMs = 1000 / 60;
/** The parts whose items a trainee checks one by one (Part 2 and Part 3 have none; the self-check is blind). */
export const checkedParts = ["/vague", "/rubric", "/edge-cases", "/calibration"];
/** Every page with scored items: the checked parts and the blind self-check. */
export const scoringParts = [...checkedParts, "/self-check"];

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** The ids of the items each scoring page scores, in the order the data gives them (the project's own data). */
export function scoredItemIds(root: string): Map<string, string[]> {
  const items = loadItems(root);
  const ids = new Map<string, string[]>();
  for (const part of loadParts(root))
    if (part.items && part.phase)
      ids.set(
        part.path,
        items.filter((item) => item.set === part.items).map((item) => item.id),
      );
  // A fresh browser gets the first pool: the calibration cases.
  ids.set("/self-check", loadCalibration(root, items).pools[0]!.items);
  return ids;
}

interface CheckTiming {
  item: string;
  /** From the click event's timestamp (the input, not its first handler) to after the next paint that shows the
   *  ruling; NaN if none. */
  paint: number;
  /** From the click event's timestamp to its first listener (a capturing one on window): the input's delivery. */
  inputDelay: number;
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
 * Installed in every page before its scripts. Times each click on a button named Check, from the click event's
 * timestamp (issue 29: the input, not the first handler), to the next paint after the item's region named Ruling is
 * visible: requestAnimationFrame runs just before the frame's style, layout and
 * paint, and a message posted from it is delivered once that frame is done. Chromium's Event Timing API is
 * watched too, but it reports only interactions of 16 ms or more, and its presentation time in headless Chromium
 * with software compositing is late even for a click that does nothing (the radio clicks show how late).
 */
function timeChecks(afterPaint: typeof afterPaintWhere): void {
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
      const start = event.timeStamp;
      const capture = performance.now();
      const item = itemOf(button);
      let handlersEnd = NaN;
      // Added during this click's capture phase, it runs in the same click's bubbling phase, after the handlers.
      addEventListener("click", () => (handlersEnd = performance.now()), {once: true});
      const ruling = () =>
        [...(item?.querySelectorAll("[role=region], [role=status], section, output") ?? [])].find((node) =>
          named(node, "Ruling"),
        );
      afterPaint(
        () => ruling()?.checkVisibility({visibilityProperty: true}) ?? false,
        ({end, frame, framesBefore, shown}) =>
          page.checkTimings.push({
            item: item?.id ?? "?",
            paint: shown ? end - start : NaN,
            inputDelay: capture - start,
            handlers: handlersEnd - capture,
            frame,
            first: page.checkTimings.length === 0,
            framesBefore,
          }),
      );
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

interface MoveTiming {
  /** The item shown before the click, and the one shown after it ("?" when none came). */
  from: string;
  item: string;
  /** From the click event's timestamp to after the next paint that shows the new item's Score group; NaN if none. */
  paint: number;
  /** From the click event's timestamp to its first listener (a capturing one on window): the input's delivery. */
  inputDelay: number;
  /** The click's own handlers. */
  handlers: number;
  /** The frame that shows the new item: from its requestAnimationFrame to after its paint. */
  frame: number;
  /** Animation frames that ran before the one that shows the new item: 0 when the very next frame shows it. */
  framesBefore: number;
  /** Score groups of other items still visible in that frame (the contract: one item's at a time). */
  othersVisible: number;
}

interface Moved {
  moveTimings: MoveTiming[];
}

/**
 * Installed in every page before its scripts. Times each click on a button named "Next item" from the click
 * event's timestamp (the input, not the first handler) to after the first frame painted with a visible Score group
 * of an item other than the ones visible before the click, the same way as timeChecks times a ruling.
 */
function timeMoves(afterPaint: typeof afterPaintWhere): void {
  const page = window as unknown as Moved;
  page.moveTimings = [];
  const text = (node: Element | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
  const nameOf = (node: Element) =>
    node.getAttribute("aria-label")?.trim() ||
    (node.getAttribute("aria-labelledby") ?? "")
      .split(/\s+/)
      .map((id) => text(document.getElementById(id)))
      .join(" ")
      .trim() ||
    (node instanceof HTMLFieldSetElement ? text(node.querySelector(":scope > legend")) : "");
  /** The items whose Score group is visible (visibility: hidden is not, as for the eye): each group's nearest
   *  ancestor with an id. */
  const visibleItems = () =>
    [...document.querySelectorAll("fieldset, [role=group], [role=radiogroup]")]
      .filter((group) => nameOf(group) === "Score" && group.checkVisibility({visibilityProperty: true}))
      .map((group) => group.parentElement?.closest("[id]")?.id ?? "?");
  addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("button") ?? null;
      // Its accessible name: its text less what is hidden from assistive technology (the arrow).
      const spoken = (node: Element) => {
        const copy = node.cloneNode(true) as Element;
        for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
        return text(copy);
      };
      if (!button || (button.getAttribute("aria-label")?.trim() || spoken(button)) !== "Next item") return;
      const start = event.timeStamp;
      const capture = performance.now();
      const before = new Set(visibleItems());
      let handlersEnd = NaN;
      addEventListener("click", () => (handlersEnd = performance.now()), {once: true});
      let visible: string[] = [];
      let shown: string | undefined;
      afterPaint(
        () => {
          visible = visibleItems();
          shown = visible.find((id) => !before.has(id));
          return shown !== undefined;
        },
        ({end, frame, framesBefore}) =>
          page.moveTimings.push({
            from: [...before].join(" ") || "?",
            item: shown ?? "?",
            paint: shown ? end - start : NaN,
            inputDelay: capture - start,
            handlers: handlersEnd - capture,
            frame,
            framesBefore,
            othersVisible: visible.filter((id) => id !== shown).length,
          }),
      );
    },
    {capture: true},
  );
}

/**
 * The ids of the scored items a page shows now: each Check button's nearest element with an id that holds a Score
 * group.
 */
const scoredItems = (page: Page) =>
  page.getByRole("button", {name: "Check", exact: true}).evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      for (let at = button.parentElement; at; at = at.parentElement)
        if (at.id && at.querySelector("fieldset, [role=radiogroup]")) return [at.id];
      return [];
    }),
  );

/** The Score group of the item whose id is `id`, as the tests find it. */
const scoreGroupOf = (page: Page, id: string): Locator =>
  page.locator(`[id="${id}"]`).getByRole("group", {name: "Score", exact: true});

/** A new page of a fresh context, with both timers. */
async function timedPage(site: Awaited<ReturnType<typeof openSite>>): Promise<Page> {
  const context = await site.newContext();
  await context.addInitScript({
    content: `${inPage(timeChecks, afterPaintWhere)} ${inPage(timeMoves, afterPaintWhere)}`,
  });
  return context.newPage();
}

/**
 * Shows the item: when its Score group is not visible (a page that shows one item at a time), goes to
 * `<path>#<id>`, which shows it. False, with a problem noted, when it still does not show.
 */
async function showItem(page: Page, path: string, id: string, problems: string[]): Promise<boolean> {
  const group = scoreGroupOf(page, id);
  if (await group.isVisible()) return true;
  await page.goto(`${path}#${id}`);
  try {
    await group.waitFor({state: "visible", timeout: 10_000});
    return true;
  } catch {
    problems.push(`${path}#${id}: the item's Score group is not shown`);
    return false;
  }
}

export interface PageChecks extends Timed {
  path: string;
  /** Every item's timings, one per round. */
  byItem: Map<string, CheckTiming[]>;
  problems: string[];
}

/**
 * Chooses 3 and checks every scored item on each page, one after another, in `rounds` fresh contexts per page (the
 * machine is shared: an item's figure is the median of its rounds). The items are the data's, then any other the
 * page shows a Check for; an item that is not visible (one item at a time) is reached by `<path>#<id>`.
 */
export async function measureChecks(
  dist: string,
  pages: string[],
  ids: Map<string, string[]>,
  rounds = 3,
): Promise<PageChecks[]> {
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
        const page = await timedPage(site);
        const seen = site.problems.length;
        const known = ids.get(path) ?? [];
        await page.goto(known.length ? `${path}#${known[0]}` : path);
        await page.getByRole("group", {name: "Score", exact: true}).first().waitFor();
        const shown = await scoredItems(page);
        let checked = 0;
        for (const id of [...known, ...shown.filter((id) => !known.includes(id))]) {
          if (!(await showItem(page, path, id, checks.problems))) continue;
          const item = page.locator(`[id="${id}"]`);
          await scoreGroupOf(page, id).getByRole("radio", {name: "3", exact: true}).check();
          // An edge case that also asks which rule decides it (issue 15): any rule, so Check can be pressed.
          const rule = item.getByRole("group", {name: "Deciding rule", exact: true});
          if (await rule.isVisible()) await rule.getByRole("radio").first().check();
          await item.getByRole("button", {name: "Check", exact: true}).click();
          checked++;
          await page.waitForFunction((count) => (window as unknown as Timed).checkTimings.length >= count, checked);
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
        await page.context().close();
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
    `Check to the painted ruling in Chromium: from the click event's timestamp to the first frame painted with the ` +
      `ruling, every scored item, score 3 then Check, each item the median of ${rounds} fresh page loads ` +
      `(target: within the ${ms(frameMs)} frame for every item, the first Check on a page included)`,
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
    `  where the time goes (every click): the input's delivery median ` +
      `${ms(median(all.map((timing) => timing.inputDelay)))}, Check's handlers median ${ms(median(handlers))}, ` +
      `worst ${ms(Math.max(...handlers))}; the frame that paints the ruling median ${ms(median(frames))}, ` +
      `worst ${ms(Math.max(...frames))}; the rest is the wait for that frame`,
  );
  // "Within one frame of Check": the ruling is in the DOM when the click's handlers end, so the next frame paints it.
  const nextFrame = all.filter((timing) => timing.framesBefore === 0).length;
  console.log(
    `  painted by the first frame after the click: ${nextFrame} of ${all.length} Checks ` +
      `${nextFrame === all.length ? "ok" : "OVER"} (the time above is that frame's wait and paint)`,
  );
  console.log(
    ownWorkLine(
      results.flatMap((page) => [...page.byItem]),
      "item",
    ),
  );
  const first = all.filter((timing) => timing.first).map((timing) => timing.paint);
  const later = all.filter((timing) => !timing.first).map((timing) => timing.paint);
  console.log(
    `  the first Check on a page (cold code and styles): median ${ms(median(first))}, worst ` +
      `${ms(Math.max(...first))} ${Math.max(...first) < frameMs ? "ok" : "OVER"}; ` +
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

export interface PageMoves {
  path: string;
  /** False when the page shows no visible "Next item" button: nothing to measure. */
  hasNext: boolean;
  moves: MoveTiming[];
  problems: string[];
}

/**
 * On each page, from its first item, clicks "Next item" until it is gone or disabled (at most once per item), in
 * `rounds` fresh contexts. The items are left unscored: the move alone is timed.
 */
export async function measureMoves(
  dist: string,
  pages: string[],
  ids: Map<string, string[]>,
  rounds = 3,
): Promise<PageMoves[]> {
  const site = await openSite(dist);
  const result: PageMoves[] = [];
  try {
    for (const path of pages) {
      const moved: PageMoves = {path, hasNext: true, moves: [], problems: []};
      const known = ids.get(path) ?? [];
      for (let round = 0; round < rounds && moved.hasNext; round++) {
        const page = await timedPage(site);
        const seen = site.problems.length;
        await page.goto(known.length ? `${path}#${known[0]}` : path);
        await page.getByRole("group", {name: "Score", exact: true}).first().waitFor();
        const next = page.getByRole("button", {name: "Next item", exact: true}).filter({visible: true}).first();
        let clicks = 0;
        while (clicks < Math.max(known.length, 1) && (await next.isVisible()) && (await next.isEnabled())) {
          await next.click();
          clicks++;
          await page.waitForFunction((count) => (window as unknown as Moved).moveTimings.length >= count, clicks);
        }
        if (clicks === 0) moved.hasNext = false;
        moved.moves.push(...(await page.evaluate(() => (window as unknown as Moved).moveTimings)));
        moved.problems.push(...site.problems.slice(seen));
        await page.context().close();
      }
      result.push(moved);
    }
  } finally {
    await site.close();
  }
  return result;
}

export function reportMoves(results: PageMoves[], rounds: number): void {
  console.log(
    `"Next item" to the painted next item in Chromium: from the click event's timestamp to the first frame painted ` +
      `with the next item's Score group, every move through a page's items, each move the median of ${rounds} rounds`,
  );
  console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
  for (const {path, hasNext, moves, problems} of results) {
    if (!hasNext) {
      console.log(`  ${path.padEnd(13)} not measured: no Next item button`);
      continue;
    }
    const byMove = new Map<string, MoveTiming[]>();
    for (const move of moves)
      byMove.set(`${move.from} -> ${move.item}`, [...(byMove.get(`${move.from} -> ${move.item}`) ?? []), move]);
    const each = [...byMove].map(([label, timings]) => ({label, paint: median(timings.map((timing) => timing.paint))}));
    const shown = each.filter((move) => !Number.isNaN(move.paint));
    const missing = moves.filter((move) => Number.isNaN(move.paint)).length;
    if (shown.length === 0) {
      console.log(`  ${path.padEnd(13)} ${moves.length} clicks, no next item shown  OVER`);
      continue;
    }
    const worst = shown.reduce((a, b) => (b.paint > a.paint ? b : a));
    const nextFrame = moves.filter((move) => move.framesBefore === 0).length;
    const others = moves.filter((move) => move.othersVisible > 0).length;
    // Within one frame: the next item is painted by the first frame after the click, as a ruling after Check. The
    // time from the click's timestamp to that frame includes the wait for the display's next frame.
    // Issue 29: and within the 16.7 ms frame of the click's timestamp, for every move (each the median of its rounds).
    const firstFrame = nextFrame === moves.length && missing === 0 && others === 0 ? "ok" : "OVER";
    console.log(
      `  ${path.padEnd(13)} ${String(shown.length).padStart(2)} moves  ` +
        `median ${ms(median(shown.map((move) => move.paint)))}` +
        `, worst ${ms(worst.paint)} (${worst.label}) = ${(worst.paint / frameMs).toFixed(2)}x the ${ms(frameMs)} ` +
        `frame ${worst.paint < frameMs ? "ok" : "OVER"}   painted by the first frame after the click: ${nextFrame} ` +
        `of ${moves.length} ${firstFrame}` +
        (missing ? `   no next item shown: ${missing} clicks` : "") +
        (others ? `   another item's Score group still visible after ${others} moves` : ""),
    );
    const handlers = moves.map((move) => move.handlers);
    console.log(
      `  ${"".padEnd(13)} where the time goes (every click): the input's delivery median ` +
        `${ms(median(moves.map((move) => move.inputDelay)))}, the click's handlers median ` +
        `${ms(median(handlers))}, worst ${ms(Math.max(...handlers))}` +
        `; the frame that paints the item median ${ms(median(moves.map((move) => move.frame)))}, worst ` +
        `${ms(Math.max(...moves.map((move) => move.frame)))}; the rest is the wait for that frame`,
    );
    console.log(`  ${"".padEnd(13)}${ownWorkLine([...byMove], "move")}`);
    if (problems.length) console.log(`    problems: ${[...new Set(problems)].join("; ")}`);
  }
}

/**
 * The click's own work, per item or move (the median of its rounds): the input's delivery, the handlers and the frame
 * that paints, against one frame. The time from the click's timestamp adds the wait for the display's next frame,
 * which is up to a whole frame wherever the click lands in the 16.7 ms interval and is not the page's to shorten: a
 * click just after a frame began waits for the next one however little the page does. So "within 16.7 ms of the
 * click's timestamp for every item" cannot hold for every click; this line, with "painted by the first frame after
 * the click", is what the page controls.
 */
function ownWorkLine(
  timings: readonly (readonly [string, readonly {inputDelay: number; handlers: number; frame: number}[]])[],
  what: string,
): string {
  const each = timings.map(([label, rounds]) => ({
    label,
    work: median(rounds.map((round) => round.inputDelay + round.handlers + round.frame)),
  }));
  const worst = each.reduce((a, b) => (b.work > a.work ? b : a));
  return (
    `  the click's own work (delivery, handlers, the painting frame; the wait for the display's frame left out), ` +
    `per ${what}: median ${ms(median(each.map((entry) => entry.work)))}, worst ${ms(worst.work)} (${worst.label}) ` +
    `${worst.work < frameMs ? "ok" : "OVER"} against the ${ms(frameMs)} frame`
  );
}

/** The slow-profile loads' options, from the bench's command line. */
export interface TraineeOptions {
  /** Runs per page on the slow profile (cold and warm each). */
  runs: number;
  http2: boolean;
  gzip: boolean;
}

/**
 * The whole trainee bench on a project folder whose dist/ is Framework's output: post-builds it as `npm run build`
 * does (leaving dist/ as that ships), then times the pages on the slow profile beside a bare Framework page built
 * now, then Check on every scored item, then "Next item" where there is one.
 */
export async function benchTrainee(project: string, options: TraineeOptions): Promise<void> {
  const dist = join(project, "dist");
  console.log(await postbuild(dist));
  const bare = bareProject();
  try {
    observableBuild(bare);
    reportSlowLoads(await measureSlowLoads(dist, join(bare, "dist"), options));
  } finally {
    rmSync(bare, {recursive: true, force: true});
  }
  await benchClicks(project);
}

/** Check on every scored item, then "Next item" where there is one, on a post-built dist/. */
async function benchClicks(project: string): Promise<void> {
  const dist = join(project, "dist");
  const ids = scoredItemIds(project);
  const rounds = 3;
  reportChecks(await measureChecks(dist, checkedParts, ids, rounds), rounds);
  reportMoves(await measureMoves(dist, scoringParts, ids, rounds), rounds);
}

/** Check and "Next item" alone (`--clicks-only`), on a project folder whose dist/ is Framework's output. */
export async function benchTraineeClicks(project: string): Promise<void> {
  console.log(await postbuild(join(project, "dist")));
  await benchClicks(project);
}

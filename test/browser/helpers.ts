// What the browser tests share beyond site.ts (which the benches import too, outside vitest): the built site opened
// for a file's tests, with the file's own test-only records when it has some (records.ts), and a download's text.
import {rmSync} from "node:fs";
import {text} from "node:stream/consumers";
import type {BrowserContext, BrowserContextOptions, Download, Page} from "playwright-core";
import {afterAll, afterEach, beforeAll} from "vitest";
import {copyProject} from "../../scripts/copy-project.js";
import type {Records} from "./records.js";
import {blankPath, distDir, openSite, testChromium, type Site} from "./site.js";

/**
 * The built site (dist/), served and driven for the tests of a file or a describe block: opened before them and
 * closed after them. Call it where `beforeAll` may be called; what it returns stands for the open site.
 */
export function useSite(): Site {
  return siteFor(async () => openSite(undefined, {browser: await testChromium()}));
}

/**
 * The built site holding test-only records: they are written into a copy of the project (removed after the tests),
 * and the data files they change are served as a build of the copy would ship them. `folder()` is the copy's folder,
 * `written()` what the records' `write` returned.
 */
export function useSiteWith<T>(records: Records<T>): {site: Site; folder: () => string; written: () => T} {
  let copy = "";
  let written: {value: T} | undefined;
  const site = siteFor(
    async () => {
      copy = copyProject(`rater-notebook-${records.name}-`);
      written = {value: await records.write(copy)};
      // Loaded here: only a file with records needs the data's modules.
      const {builtData} = await import("./records.js");
      return openSite(distDir, {browser: await testChromium(), data: builtData(copy).changed});
    },
    () => {
      if (copy) rmSync(copy, {recursive: true, force: true});
    },
  );
  return {
    site,
    folder: () => copy,
    written: () => {
      if (!written) throw new Error("the records are written before the tests: use them in a test or a hook");
      return written.value;
    },
  };
}

/** A site opened before the tests and closed (then cleaned up) after them, standing for the open site meanwhile. */
function siteFor(opening: () => Promise<Site>, cleanUp = () => {}): Site {
  let open: Site | undefined;
  beforeAll(async () => {
    open = await opening();
  });
  afterAll(async () => {
    await open?.close();
    cleanUp();
  });
  const site = (): Site => {
    if (!open) throw new Error("the site is opened before the tests: use it in a test or a hook");
    return open;
  };
  return {
    get origin() {
      return site().origin;
    },
    get browser() {
      return site().browser;
    },
    get problems() {
      return site().problems;
    },
    newPage: () => site().newPage(),
    newContext: (options) => site().newContext(options),
    close: () => site().close(),
  };
}

/** What the browser saved: read as it streams, as the run's shared Chromium keeps the file on its own side. */
export const downloadText = async (download: Download): Promise<string> => text(await download.createReadStream());

/**
 * What the tests of a block share, made by the first that asks (a page loaded, an editor opened, a draft written),
 * where one each would cost a renderer and a load each. After a failed test, or once its page is closed (a crash), the
 * next makes its own, so one failure stays one; `drop` is for a test that leaves it in another state.
 */
export function useShared<T>(make: () => Promise<T>, pageOf: (shared: T) => Page): {get(): Promise<T>; drop(): void} {
  let shared: T | undefined;
  afterEach(({task}) => {
    if (task.result?.state === "fail") shared = undefined;
  });
  return {
    async get() {
      if (shared !== undefined && pageOf(shared).isClosed()) shared = undefined;
      return (shared ??= await make());
    },
    drop() {
      shared = undefined;
    },
  };
}

/**
 * One page for the tests of a file or a describe block, handed to each as a fresh browser would be: on the site's
 * blank document, its storage empty (the site keeps nothing but localStorage), its window the size and colour scheme
 * it opened with. A context and page a test cost a renderer process each (saved-record.test.ts, with the blank
 * document: 55 CPU seconds to 38). After a failed test, or a crash, the next gets a new context, so one failure stays
 * one. A test that adds an init script, or needs two pages at once, opens a context of its own.
 */
export function usePage(site: Site, options?: BrowserContextOptions): () => Promise<Page> {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let size: {width: number; height: number} | null = null;
  const drop = async () => {
    await context?.close();
    [context, page] = [undefined, undefined];
  };
  afterEach(async ({task}) => {
    if (task.result?.state === "fail") await drop();
  });
  afterAll(drop);
  return async () => {
    context ??= await site.newContext(options);
    if (!page || page.isClosed()) {
      page = await context.newPage();
      page.on("crash", () => void drop());
      size = page.viewportSize();
    } else {
      if (size) await page.setViewportSize(size);
      await page.emulateMedia({colorScheme: options?.colorScheme ?? "light"});
    }
    // The pointer off the page, where a test before may have left it over an element.
    await page.mouse.move(0, 0);
    await page.goto(blankPath);
    await page.evaluate(() => localStorage.clear());
    return page;
  };
}

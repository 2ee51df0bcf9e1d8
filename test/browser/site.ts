// Serves the built site (dist/) on 127.0.0.1 and drives the machine's Chromium with playwright-core.
// Every request to another host, console error and dialog is recorded, so a test can assert there were none.
import {existsSync, statfsSync} from "node:fs";
import {createServer, type Server} from "node:http";
import {readFile, stat} from "node:fs/promises";
import {extname, join, resolve} from "node:path";
import {chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page} from "playwright-core";

export const distDir = resolve(import.meta.dirname, "../../dist");
/** The benches' Chromium: the browser a reader runs, so a frame is timed as it would be there. */
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The tests' Chromium: Debian's build of Chromium's own headless browser (the chromium-headless-shell package, made
 * from the same source and version as chromium, and the build Playwright itself runs headless tests in). Its pages are
 * Blink's and V8's as in chromium, without the desktop browser around them (windows, the omnibox, profiles' services):
 * the browser project took 652 CPU seconds in it against 775 in chromium, 342 s of wall clock against 405 s.
 * Where that package could not be installed (scripts/ensure-chromium.sh says so), the tests run in chromium.
 * CHROMIUM_PATH names one Chromium for both.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};
/** The content type a static host sends for a file, by its extension. */
export const contentTypeOf = (file: string): string => contentTypes[extname(file)] ?? "application/octet-stream";

/** The file a static host serves for a path: the file, its `.html` page, or a folder's index.html. */
export async function resolveFile(root: string, pathname: string): Promise<string | null> {
  let file = join(root, decodeURIComponent(pathname));
  if (!file.startsWith(root)) return null;
  if (pathname.endsWith("/")) file = join(file, "index.html");
  for (const candidate of [file, `${file}.html`]) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/**
 * A document of the site's origin with nothing in it, served by the tests' server alone: where a test writes storage
 * before the page it tests loads. The start page did the same at the cost of a page load (about 0.3 CPU seconds).
 */
export const blankPath = "/__blank.html";
/**
 * Its text: with the site's empty icon, as every page of the site has. Chromium's full build (Debian's 156; the tests'
 * own when the headless shell is missing) asks a page with no icon link for /favicon.ico, which the site does not
 * serve, and logs the 404 as a console error: 174 tests failed so.
 */
const blankPage = '<!doctype html><title>blank</title><link rel="icon" href="data:,">';

export interface Site {
  origin: string;
  browser: Browser;
  /** Requests to any other host, console errors or page errors, and dialogs opened, in the order seen. */
  problems: string[];
  newPage(): Promise<Page>;
  /** A page in a fresh context (empty localStorage); `options` change its window (size, touch, colour scheme). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Chromium, and contexts that record what a test must not see: requests to other hosts, errors, failed responses. */
export interface Chromium {
  browser: Browser;
  problems: string[];
  /** A page in a fresh context (empty localStorage); `options` change its window (size, touch, colour scheme). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes the contexts it opened, and the browser when it launched it. */
  close(): Promise<void>;
}

/** The flags Chromium runs with here: headless, no background traffic (this machine's network is closed). */
const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The tests' Chromium does less work between its processes, most of the browser tests' CPU being Chromium's own (a
 * clean clone's site project took 564 s and 610 s of wall clock with these flags, 616 s without: a gain no larger than
 * this machine's variation between runs, kept for the processes and copies it spares): the software GPU in the
 * browser's process, one renderer per site only as the site's own isolation asks (every page here is one origin), no
 * accessibility tree (the tests find elements by role through Playwright's own reading of the DOM, and axe reads the
 * DOM too), and Chromium's own shared memory where /dev/shm has room (Playwright has it share memory through files in
 * /tmp, for a container's 64 MB /dev/shm). V8's optimising compiler stays: turned off, it took three browser files from
 * 115 to 105 CPU seconds, but a whole clean-clone run was no faster (12 min 18 s against 11 min 10 s and 11 min 52 s).
 * The benches keep Chromium as a reader runs it, so a frame is timed as it would be there.
 */
const testFlags = ["--in-process-gpu", "--disable-site-isolation-trials", "--disable-renderer-accessibility"];
function sharedMemory(): {ignoreDefaultArgs?: string[]} {
  try {
    const shm = statfsSync("/dev/shm");
    return shm.bavail * shm.bsize >= 2 ** 30 ? {ignoreDefaultArgs: ["--disable-dev-shm-usage"]} : {};
  } catch {
    return {};
  }
}

/**
 * Features turned off besides those Playwright turns off: headless Chromium builds the omnibox's two popups (WebUI
 * pages in a renderer of their own) for every window, and every new context opens a window. No test shows the
 * browser's own UI; measured on the browser tests, the popups were a quarter of the run's CPU.
 */
const disabledFeatures = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * Chromium reads only the last --disable-features it is given, and Playwright gives its own: ours are added to
 * Playwright's, read off the command line of a Chromium it starts with its defaults (started once a process).
 */
let launchFlags: Promise<string[]> | undefined;
function flags(): Promise<string[]> {
  launchFlags ??= (async () => {
    const probe = await chromium.launchServer({executablePath: chromiumPath, args: chromiumFlags});
    const defaults = probe.process().spawnargs.filter((arg) => arg.startsWith("--disable-features="));
    await probe.close();
    const theirs = defaults.at(-1)?.slice("--disable-features=".length).split(",") ?? [];
    return [...chromiumFlags, `--disable-features=${[...theirs, ...disabledFeatures].join(",")}`];
  })();
  return launchFlags;
}

/**
 * The machine's Chromium, headless, with no background traffic and never a downloaded browser. `args` adds flags
 * (the bench's certificate to trust).
 */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({executablePath: chromiumPath, args: [...(await flags()), ...args]});
}

/**
 * The tests' Chromium: one a test worker, launched at its first use and kept for the worker's life (a worker runs its
 * files one after the other, their modules kept: vitest.config.ts), each file opening contexts of its own and closing
 * them. Playwright ends it with the worker's process. One Chromium for the whole run, which each file connected to,
 * cost more: its Playwright server, in vitest's main process, relayed every message between the workers and Chromium
 * (the browser project, one run each, back to back: 266 s and 502 CPU seconds shared, 247 s and 475 one a worker).
 */
let testBrowser: Promise<Browser> | undefined;
export function testChromium(): Promise<Browser> {
  // A launch that failed, or a browser that went away, is launched again at the next file's first use.
  testBrowser ??= (async () => {
    const browser = await chromium.launch({
      executablePath: testChromiumPath,
      args: [...(await flags()), ...testFlags],
      ...sharedMemory(),
    });
    browser.on("disconnected", () => (testBrowser = undefined));
    return browser;
  })().catch((error: unknown) => {
    testBrowser = undefined;
    throw error;
  });
  return testBrowser;
}

/**
 * Chromium for pages served at origin (a built site, or the dev server): `shared` when given (the tests' own: closing
 * then closes only the contexts opened here), else one launched for the caller.
 */
export async function openBrowser(origin: string, shared?: Browser): Promise<Chromium> {
  const browser = shared ?? (await launchChromium());
  const opened = new Set<BrowserContext>();
  const problems: string[] = [];
  const watch = (context: BrowserContext): BrowserContext => {
    context.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:"))
        problems.push(`request to another host: ${url}`);
    });
    context.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    context.on("weberror", (error) => problems.push(`page error: ${error.error().message}`));
    // No page of the site opens one: a dialog is markup run from a name or a text (a file named with a script in it).
    context.on("dialog", (dialog) => {
      problems.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    context.on("response", (response) => {
      if (response.status() >= 400) problems.push(`http ${response.status()}: ${response.url()}`);
    });
    return context;
  };
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({baseURL: origin, viewport: {width: 1200, height: 900}, ...options});
    opened.add(context);
    context.on("close", () => opened.delete(context));
    return watch(context);
  };
  const close = async () => {
    if (shared) await Promise.all([...opened].map((context) => context.close()));
    else await browser.close();
  };
  return {browser, problems, newContext, close};
}

/**
 * Serves a built site: the project's dist/ unless another is given, driven by `browser` when given (the tests'
 * Chromium, testChromium), else by one launched for it (the benches). `data` answers some paths with other
 * text: the data files a file's test-only records change (test/browser/records.ts).
 */
export async function openSite(
  siteDir: string = distDir,
  {browser: shared, data = new Map()}: {browser?: Browser; data?: ReadonlyMap<string, string>} = {},
): Promise<Site> {
  const root = resolve(siteDir);
  try {
    await stat(join(root, "index.html"));
  } catch {
    throw new Error(`no built site at ${root}: run \`npm run build\` before the browser tests`);
  }
  const server: Server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const text = pathname === blankPath ? blankPage : data.get(pathname);
    if (text !== undefined) {
      res.writeHead(200, {"content-type": contentTypeOf(pathname)});
      res.end(text);
      return;
    }
    const file = await resolveFile(root, pathname);
    if (!file) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, {"content-type": contentTypeOf(file)});
    res.end(await readFile(file));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  const origin = `http://127.0.0.1:${address.port}`;
  const driven = await openBrowser(origin, shared);
  const {browser, problems, newContext} = driven;
  return {
    origin,
    browser,
    problems,
    newContext,
    async newPage() {
      return (await newContext()).newPage();
    },
    async close() {
      await driven.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

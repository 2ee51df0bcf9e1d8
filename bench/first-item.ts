// The trainee pages on a slow connection and a slow CPU (issue 15, "Speed"): the time from navigation start to the
// first scored item's Score group being usable (the reading pages: their title and content shown), with a cold cache
// and a warm one, against a bare one-page Framework site built in the same run and loaded the same way; and the gzip
// bytes of every JS, CSS, JSON and HTML file each page loads. Chromium emulates the profile through CDP
// (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate); a bench-local server serves both sites alike.
import {execFileSync} from "node:child_process";
import {createHash, X509Certificate} from "node:crypto";
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {readFile} from "node:fs/promises";
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import {createSecureServer, type Http2ServerRequest, type Http2ServerResponse} from "node:http2";
import {cpus, loadavg, tmpdir} from "node:os";
import {extname, join, resolve} from "node:path";
import {gzipSync} from "node:zlib";
import type {Browser, BrowserContext, CDPSession} from "playwright-core";
import {contentTypeOf, launchChromium, resolveFile} from "../test/browser/site.js";
import {isInterpreterModule} from "../test/build/interpreter-modules.js";
import {median, withKeptNames} from "./timing.js";

/** The target (issue 29, Speed): each page's figure at most 1.3 times the bare page's, cold and warm. */
export const target = 1.3;

/** The first screen the loads are measured in (issue 29, item 1): a scoring page's Score group must be in it. */
export const screen = {width: 1440, height: 900};

/** About 1.6 Mbit/s down and 750 kbit/s up, 150 ms added to every request, the CPU four times slower. */
export const profile = {
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
  cpuRate: 4,
};

/** What a page waits for: the first scored item's Score group usable, or (a page to read) its title and content. */
export type Goal = "score" | "content";

export interface Target {
  path: string;
  goal: Goal;
}

/** The scoring pages, then the pages to read. */
export const targets: Target[] = [
  ...["/vague", "/rubric", "/edge-cases", "/calibration", "/self-check"].map((path) => ({
    path,
    goal: "score" as const,
  })),
  ...["/", "/examples", "/guideline", "/results"].map((path) => ({path, goal: "content" as const})),
];

export interface ServeOptions {
  /** Compress JS, CSS, JSON, HTML and SVG responses with gzip (level 6) when the browser accepts it. */
  gzip: boolean;
  /** HTTP/2 over TLS with a certificate made for the run (Chromium speaks HTTP/2 only over TLS), else HTTP/1.1. */
  http2: boolean;
}

/** One response of the bench server: the path asked for, the file's kind, its bytes raw and gzip, and the status. */
interface Served {
  path: string;
  kind: Kind;
  status: number;
  raw: number;
  gzip: number;
}

type Kind = "JS" | "CSS" | "JSON" | "HTML" | "other";
const kinds: Kind[] = ["JS", "CSS", "JSON", "HTML"];
const kindOf = (file: string): Kind =>
  (({".js": "JS", ".mjs": "JS", ".css": "CSS", ".json": "JSON", ".html": "HTML"})[extname(file)] as Kind | undefined) ??
  "other";

const compressible = new Set([".html", ".js", ".css", ".json", ".svg"]);

/**
 * Framework names every file it emits under /_…/ with a hash of its content, and so does postbuild's bundler (its
 * hashes in upper case and digits: part-frame.44LWQLPD.js): those can be cached for good.
 */
const hashed = (path: string) => path.startsWith("/_") && /\.[0-9A-Za-z_-]{8}\.[a-z]+$/.test(path);

interface BenchServer {
  origin: string;
  /** Every response, in order: a load's responses are the ones added while it ran. */
  log: Served[];
  /** The hash of the run's certificate's public key, for Chromium to trust (HTTP/2 only). */
  spki: string | null;
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1 made now with openssl, and the hash Chromium is told to trust. */
function certificate(): {key: Buffer; cert: Buffer; spki: string} {
  const dir = mkdtempSync(join(tmpdir(), "rater-notebook-bench-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      {stdio: "ignore"},
    );
    const cert = readFileSync(join(dir, "cert.pem"));
    const spkiDer = new X509Certificate(cert).publicKey.export({type: "spki", format: "der"});
    return {key: readFileSync(join(dir, "key.pem")), cert, spki: createHash("sha256").update(spkiDer).digest("base64")};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * Serves a built site as a static host would: hashed files (Framework's /_observablehq/, /_import/, /_file/,
 * /_node/) with `cache-control: public, max-age=31536000, immutable`, pages with `no-cache` and an ETag (a warm load
 * asks again and gets 304), text compressed with gzip when asked. Bodies are read and compressed once, so the
 * server's own work is the same for every load.
 */
async function serve(siteDir: string, options: ServeOptions): Promise<BenchServer> {
  const root = resolve(siteDir);
  const files = new Map<string, {raw: Buffer; gzip: Buffer; etag: string}>();
  const log: Served[] = [];
  const find = (pathname: string): Promise<string | null> => resolveFile(root, pathname);
  const handle = async (
    req: IncomingMessage | Http2ServerRequest,
    res: ServerResponse | Http2ServerResponse,
  ): Promise<void> => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const file = await find(path);
    if (!file) {
      log.push({path, kind: "other", status: 404, raw: 0, gzip: 0});
      res.writeHead(404, {"content-type": "text/plain"});
      res.end("not found");
      return;
    }
    let body = files.get(file);
    if (!body) {
      const raw = await readFile(file);
      body = {raw, gzip: gzipSync(raw, {level: 6}), etag: `"${createHash("sha1").update(raw).digest("hex")}"`};
      files.set(file, body);
    }
    const kind = kindOf(file);
    const headers: Record<string, string> = {
      "content-type": contentTypeOf(file),
      "cache-control": hashed(path) ? "public, max-age=31536000, immutable" : "no-cache",
      "etag": body.etag,
    };
    if (req.headers["if-none-match"] === body.etag) {
      log.push({path, kind, status: 304, raw: 0, gzip: 0});
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const zipped =
      options.gzip && compressible.has(extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    if (options.gzip && compressible.has(extname(file))) headers["vary"] = "accept-encoding";
    if (zipped) headers["content-encoding"] = "gzip";
    log.push({path, kind, status: 200, raw: body.raw.length, gzip: body.gzip.length});
    res.writeHead(200, headers);
    res.end(zipped ? body.gzip : body.raw);
  };
  let server: Server | ReturnType<typeof createSecureServer>;
  let spki: string | null = null;
  if (options.http2) {
    const tls = certificate();
    spki = tls.spki;
    server = createSecureServer({key: tls.key, cert: tls.cert, allowHTTP1: true}, (req, res) => void handle(req, res));
  } else server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("bench server has no port");
  const origin = `${options.http2 ? "https" : "http"}://127.0.0.1:${address.port}`;
  return {
    origin,
    log,
    spki,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

interface LoadState {
  /** performance.now() (from navigation start) after the first frame painted with the goal met; NaN until then. */
  score: number;
  content: number;
  fcp: number;
  /** Whether the Score group, when it became usable, was in the first screen (the 1440 x 900 viewport, unscrolled). */
  scoreInView: boolean;
  /** Main-thread tasks of 50 ms or more (Long Tasks API): start and duration. */
  longTasks: [number, number][];
  /** The display cells (ids) not shown yet, for a page whose content never came. */
  waiting: string[];
}

/**
 * Installed in every page before its scripts, with the goal to wait for. Each animation frame from the first one
 * (none comes before the render-blocking stylesheet) checks whether the goal is met; when it is, a message posted
 * from that frame's requestAnimationFrame is delivered once the frame is painted, and its time is the figure.
 * - score: a fieldset or group named "Score" (legend, aria-label or aria-labelledby) is visible, is not disabled,
 *   and holds radios, none of them disabled;
 * - content: the h1 in main is visible and every Framework cell that displays something (its inputs include display
 *   or view, read from the page's module script) has displayed it (Framework's client keeps a cell's nodes on its
 *   root comment).
 */
function watchLoad(goal: Goal): void {
  const state: LoadState = {score: NaN, content: NaN, fcp: NaN, scoreInView: false, longTasks: [], waiting: []};
  (window as unknown as {benchLoad: LoadState}).benchLoad = state;
  const text = (node: Element | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
  const nameOf = (node: Element) =>
    node.getAttribute("aria-label")?.trim() ||
    (node.getAttribute("aria-labelledby")
      ? node
          .getAttribute("aria-labelledby")!
          .split(/\s+/)
          .map((id) => text(document.getElementById(id)))
          .join(" ")
      : node instanceof HTMLFieldSetElement
        ? text(node.querySelector(":scope > legend"))
        : "");
  const usable = (group: Element) => {
    if (nameOf(group) !== "Score" || !group.checkVisibility({visibilityProperty: true})) return false;
    if (group instanceof HTMLFieldSetElement && group.disabled) return false;
    const radios = [...group.querySelectorAll("input[type=radio], [role=radio]")];
    return (
      radios.length > 0 &&
      radios.every((radio) => !(radio as HTMLInputElement).disabled && radio.getAttribute("aria-disabled") !== "true")
    );
  };
  const scoreUsable = () => {
    const group = [...document.querySelectorAll("fieldset, [role=group], [role=radiogroup]")].find(usable);
    if (!group) return false;
    const box = group.getBoundingClientRect();
    state.scoreInView = box.top >= 0 && box.bottom <= innerHeight;
    return true;
  };
  let displays: string[] | null = null;
  let roots: Map<string, Comment> | null = null;
  const contentShown = () => {
    const h1 = document.querySelector("main h1");
    if (!h1?.checkVisibility()) return false;
    displays ??= [...document.querySelectorAll("script[type=module]")].flatMap((script) =>
      [...(script.textContent ?? "").matchAll(/define\(\{id: "([^"]+)"[^}]*?inputs: \[([^\]]*)\]/g)]
        .filter((match) => /"(display|view)"/.test(match[2]!))
        .map((match) => match[1]!),
    );
    // The cells' root comments are in the page's HTML: found once the body is parsed, as Framework's client does.
    if (!roots) {
      const found = new Map<string, Comment>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (/^:[0-9a-f]{8}(?:-\d+)?:$/.test((node as Comment).data))
          found.set((node as Comment).data.slice(1, -1), node as Comment);
      if (document.readyState !== "loading") roots = found;
      else return false;
    }
    const found = roots;
    state.waiting = displays.filter((id) => {
      const nodes = (found.get(id) as unknown as {_nodes?: Node[]} | undefined)?._nodes ?? [];
      return !nodes.some((node) => node.nodeName !== "OBSERVABLEHQ-LOADING");
    });
    return state.waiting.length === 0;
  };
  const frame = () =>
    requestAnimationFrame(() => {
      const met = {
        score: Number.isNaN(state.score) && goal === "score" && scoreUsable(),
        content: Number.isNaN(state.content) && contentShown(),
      };
      if (met.score || met.content) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now();
          if (met.score) state.score = painted;
          if (met.content) state.content = painted;
        };
        channel.port2.postMessage(null);
      }
      const done = Number.isNaN(state.content) ? met.content : true;
      const scoreDone = goal !== "score" || !Number.isNaN(state.score) || met.score;
      if (!(done && scoreDone)) frame();
    });
  frame();
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") state.fcp = entry.startTime;
    }).observe({type: "paint", buffered: true});
  } catch {
    // no Paint Timing: the figure stands alone
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch {
    // no Long Tasks API: nothing said about the main thread after the goal
  }
}

/** One load of one page. Times are milliseconds from navigation start; NaN when the goal never came. */
interface Load {
  /** The goal's time: the Score group's, or (a page to read) the content's. */
  ready: number;
  /** Both times; the bare page's are the same frame, its one cell being the Score group. */
  score: number;
  content: number;
  scoreInView: boolean;
  /**
   * The longest stretch the main thread stays busy in one task after the goal is painted: a click on a score then
   * waits that long (0 when no task of 50 ms or more runs after it).
   */
  busyAfter: number;
  fcp: number;
  /** Each file the page fetched (its path) and when the request started (Resource Timing, from navigation start). */
  requested: [string, number][];
  /** The HTML document fully received. */
  html: number;
  domContentLoaded: number;
  /** What Chromium received for the load's requests, headers included (CDP encodedDataLength). */
  wire: number;
  /** What the server sent (a cold load: every file the page loads). */
  served: Served[];
  problems: string[];
}

interface Measured {
  target: Target;
  cold: Load[];
  warm: Load[];
}

const limit = 60_000;

/** Loads `path` in a new page of `context` on the slow profile, until the goal is painted and the network is quiet. */
async function loadOnce(context: BrowserContext, server: BenchServer, {path, goal}: Target): Promise<Load> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error on ${path}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error on ${path}: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(server.origin) && !/^(data|blob):/.test(request.url()))
      problems.push(`request to another host from ${path}: ${request.url()}`);
  });
  const cdp = await context.newCDPSession(page);
  let inFlight = 0;
  let quietSince = performance.now();
  let wire = 0;
  cdp.on("Network.requestWillBeSent", () => {
    inFlight++;
  });
  const finished = (bytes: number) => {
    inFlight = Math.max(0, inFlight - 1);
    wire += bytes;
    quietSince = performance.now();
  };
  cdp.on("Network.loadingFinished", (event) => finished(event.encodedDataLength));
  cdp.on("Network.loadingFailed", () => finished(0));
  await emulate(cdp);
  const first = server.log.length;
  await page.addInitScript({
    content: withKeptNames(`(${watchLoad.toString()})(${JSON.stringify(goal)});`),
  });
  await page.goto(path, {waitUntil: "commit", timeout: limit});
  const key = goal === "score" ? "score" : "content";
  try {
    await page.waitForFunction(
      (key) => !Number.isNaN((window as unknown as {benchLoad: Record<string, number>}).benchLoad[key]),
      key,
      {polling: 100, timeout: limit},
    );
  } catch {
    const waiting = await page.evaluate(() => (window as unknown as {benchLoad: LoadState}).benchLoad.waiting);
    problems.push(
      `${path}: ${goal === "score" ? "no usable Score group" : `content not shown (cells ${waiting.join(", ")})`} ` +
        `within ${limit / 1000} s`,
    );
  }
  // Every file the page loads: wait until no request has been open for a second (at most 20 s more).
  const until = performance.now() + 20_000;
  while (performance.now() < until && (inFlight > 0 || performance.now() - quietSince < 1000))
    await new Promise((done) => setTimeout(done, 100));
  if (goal === "score") {
    // The page's own Score group by role, as the tests find it: the in-page check must have seen the same thing.
    const group = page.getByRole("group", {name: "Score", exact: true}).first();
    if (!(await group.isVisible()) || !(await group.getByRole("radio").first().isEnabled()))
      problems.push(`${path}: no visible group named Score with enabled radios, by role`);
  }
  const timing = await page.evaluate(() => {
    const {benchLoad} = window as unknown as {benchLoad: LoadState};
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      score: benchLoad.score,
      content: benchLoad.content,
      scoreInView: benchLoad.scoreInView,
      longTasks: benchLoad.longTasks,
      fcp: benchLoad.fcp,
      html: navigation?.responseEnd ?? NaN,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
      requested: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
        (entry): [string, number] => [new URL(entry.name).pathname, entry.startTime],
      ),
    };
  });
  await page.close();
  const served = server.log.slice(first);
  for (const response of served)
    if (response.status >= 400) problems.push(`http ${response.status} for ${response.path} from ${path}`);
  const ready = timing[key];
  const busyAfter = Math.max(
    0,
    ...timing.longTasks.map(([start, duration]) => start + duration - Math.max(start, ready)),
  );
  return {
    ready,
    busyAfter,
    score: timing.score,
    content: timing.content,
    scoreInView: timing.scoreInView,
    fcp: timing.fcp,
    html: timing.html,
    domContentLoaded: timing.domContentLoaded,
    requested: timing.requested,
    wire,
    served,
    problems,
  };
}

/** The slow profile on a page's CDP session: on before it navigates, for the page's whole life. */
async function emulate(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.downloadThroughput,
    uploadThroughput: profile.uploadThroughput,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", {rate: profile.cpuRate});
}

const newContext = (browser: Browser, origin: string) => browser.newContext({baseURL: origin, viewport: screen});

/** A fixed loop in a page, throttled and not: whether the CPU rate holds in a page that navigated after it was set. */
async function cpuCheck(browser: Browser, origin: string): Promise<{plain: number; throttled: number}> {
  const loop = () => {
    const start = performance.now();
    let sum = 0;
    for (let i = 0; i < 1e8; i++) sum += i % 7;
    return sum < 0 ? NaN : performance.now() - start;
  };
  const context = await newContext(browser, origin);
  try {
    const plain = await context.newPage();
    await plain.goto("/");
    const throttled = await context.newPage();
    await emulate(await context.newCDPSession(throttled));
    await throttled.goto("/");
    return {plain: await plain.evaluate(loop), throttled: await throttled.evaluate(loop)};
  } finally {
    await context.close();
  }
}

interface SlowResults {
  /** The built site measured: its bundle manifest says which files carry the interpreter. */
  dist: string;
  baseline: Measured;
  pages: Measured[];
  options: ServeOptions;
  runs: number;
  cpu: {bare: {plain: number; throttled: number}};
  loadBefore: number;
  loadAfter: number;
  problems: string[];
}

/**
 * Each target `runs` times, and the bare page as many, in rounds (the bare page, then every page) so a change in the
 * shared machine's load falls on all alike. Each run is a fresh browser context (an empty cache): a cold load, then
 * a second load of the same page in a new tab of that context (the warm load).
 */
export async function measureSlowLoads(
  dist: string,
  bareDist: string,
  {runs, ...options}: ServeOptions & {runs: number},
): Promise<SlowResults> {
  const site = await serve(dist, options);
  const bare = await serve(bareDist, options);
  // Trusted as a real certificate would be: Chromium caches nothing from a host whose certificate it rejects.
  const trust = [site.spki, bare.spki].filter((spki) => spki !== null);
  const trusted = trust.length ? [`--ignore-certificate-errors-spki-list=${trust.join(",")}`] : [];
  const browser = await launchChromium(trusted);
  const loadBefore = loadavg()[0]!;
  const baseline: Measured = {target: {path: "/", goal: "score"}, cold: [], warm: []};
  const pages: Measured[] = targets.map((target) => ({target, cold: [], warm: []}));
  const problems: string[] = [];
  try {
    const cpu = {bare: await cpuCheck(browser, bare.origin)};
    for (let run = 0; run < runs; run++) {
      for (const [server, measured] of [[bare, baseline] as const, ...pages.map((page) => [site, page] as const)]) {
        const context = await newContext(browser, server.origin);
        try {
          // The bare page's content is its Score group too: it is timed once, for both goals.
          const cold = await loadOnce(context, server, measured.target);
          const warm = await loadOnce(context, server, measured.target);
          measured.cold.push(cold);
          measured.warm.push(warm);
          problems.push(...cold.problems, ...warm.problems);
        } finally {
          await context.close();
        }
      }
    }
    return {dist, baseline, pages, options: {...options}, runs, cpu, loadBefore, loadAfter: loadavg()[0]!, problems};
  } finally {
    await browser.close();
    await site.close();
    await bare.close();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? "never" : `${Math.round(value)}`);
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const medianOf = (loads: Load[], pick: (load: Load) => number) => median(loads.map(pick));

/** Gzip bytes by kind of every file a cold load was sent (the same in every cold run: the first is taken). */
function gzipBytes(load: Load | undefined): Record<Kind, number> {
  const bytes: Record<Kind, number> = {JS: 0, CSS: 0, JSON: 0, HTML: 0, other: 0};
  for (const response of load?.served ?? []) if (response.status === 200) bytes[response.kind] += response.gzip;
  return bytes;
}

const pad = (cells: [string, number][]) =>
  cells.map(([text, width]) => (width < 0 ? text.padEnd(-width) : text.padStart(width))).join(" ");

export function reportSlowLoads(results: SlowResults): void {
  const {baseline, pages, options, runs, cpu} = results;
  const number = (value: number) => value.toLocaleString("en");
  console.log(
    `first item usable on a slow connection and CPU: Chromium via CDP, ${number(profile.downloadThroughput)} B/s ` +
      `down, ${number(profile.uploadThroughput)} B/s up, ${profile.latency} ms added to every request, CPU ` +
      `${profile.cpuRate}x slower; the median of ${runs} runs per page, in ms from navigation start to after the ` +
      `first frame painted with a visible Score group whose radios are enabled (a page to read: its h1 and every ` +
      `cell's output); cold = a fresh browser context, warm = the same page again in a new tab of that context`,
  );
  const protocol = options.http2
    ? "HTTP/2 (TLS, a certificate made for the run)"
    : "HTTP/1.1 (Chromium opens at most 6 connections to a host)";
  console.log(
    `  served over ${protocol}` +
      ` by a bench server: ${options.gzip ? "gzip level 6 on JS, CSS, JSON and HTML" : "no compression"}, ` +
      `hashed files cached as immutable, pages no-cache with an ETag (a warm load revalidates the page: 304)`,
  );
  console.log(
    `  machine: ${cpus().length} cores, load average ${results.loadBefore.toFixed(1)} before the loads, ` +
      `${results.loadAfter.toFixed(1)} after (over the last minute)`,
  );
  console.log(
    `  CPU throttle check, the bare page: a fixed loop took ${cpu.bare.plain.toFixed(0)} ms unthrottled, ` +
      `${cpu.bare.throttled.toFixed(0)} ms throttled (${(cpu.bare.throttled / cpu.bare.plain).toFixed(1)}x, ` +
      `set before the page navigated)`,
  );
  type Cache = "cold" | "warm";
  /** A page's figure: the median over its runs of the time its goal came (a goal of the bare page's: either). */
  const figure = (measured: Measured, cache: Cache, goal = measured.target.goal) =>
    medianOf(measured[cache], (load) => load[goal]);
  const range = (measured: Measured, cache: Cache, goal: Goal) => {
    const values = measured[cache].map((load) => load[goal]);
    return `(${ms(Math.min(...values))}-${ms(Math.max(...values))})`;
  };
  const ratioOf = (measured: Measured, cache: Cache) =>
    figure(measured, cache) / figure(baseline, cache, measured.target.goal);
  const verdict = (ratio: number) => (Number.isNaN(ratio) ? "MISSING" : ratio <= target ? "ok" : "OVER");
  const judged = (ratio: number) => `${ratio.toFixed(2)}x ${verdict(ratio)}`;
  console.log(
    `  target: each page at most ${target}x the bare page, cold and warm (a page to read against the bare page's ` +
      `h1 and content, the same frame as its Score group); "in view": cold loads whose Score group was in the ` +
      `first screen (${screen.width} x ${screen.height}) when it became usable, target every one; "busy after": the ` +
      `longest main-thread task still running after it (cold, median): a click on a score waits that long`,
  );
  console.log(
    `  ${pad([
      ["page", -12],
      ["waits for", -13],
      ["cold", 5],
      ["(range)", -11],
      ["ratio", -12],
      ["warm", 5],
      ["(range)", -11],
      ["ratio", -12],
      ["in view", 7],
      ["busy after", 10],
      ["cold: FCP", 9],
      ["HTML in", 8],
      ["DCL", 5],
    ])}`,
  );
  const row = (label: string, measured: Measured, goal: Goal, judge: boolean) =>
    console.log(
      `  ${pad([
        [label, -12],
        [goal === "score" ? "Score usable" : "h1 + content", -13],
        [ms(figure(measured, "cold", goal)), 5],
        [range(measured, "cold", goal), -11],
        [judge ? judged(ratioOf(measured, "cold")) : "", -12],
        [ms(figure(measured, "warm", goal)), 5],
        [range(measured, "warm", goal), -11],
        [judge ? judged(ratioOf(measured, "warm")) : "", -12],
        [
          goal === "score" ? `${measured.cold.filter((load) => load.scoreInView).length}/${measured.cold.length}` : "",
          7,
        ],
        [ms(medianOf(measured.cold, (load) => load.busyAfter)), 10],
        [ms(medianOf(measured.cold, (load) => load.fcp)), 9],
        [ms(medianOf(measured.cold, (load) => load.html)), 8],
        [ms(medianOf(measured.cold, (load) => load.domContentLoaded)), 5],
      ])}`,
    );
  row("bare page", baseline, "score", false);
  row("bare page", baseline, "content", false);
  for (const measured of pages) row(measured.target.path, measured, measured.target.goal, true);
  const over = pages.filter(
    (measured) => !(ratioOf(measured, "cold") <= target && ratioOf(measured, "warm") <= target),
  );
  console.log(
    over.length
      ? `  OVER the ${target}x target: ${over.map((measured) => measured.target.path).join(", ")}`
      : `  every page within ${target}x of the bare page, cold and warm: ok`,
  );
  const outOfView = pages.filter(
    (measured) => measured.target.goal === "score" && !measured.cold.every((load) => load.scoreInView),
  );
  console.log(
    outOfView.length
      ? `  Score group NOT in the first screen in every cold load: ${outOfView.map((m) => m.target.path).join(", ")}`
      : `  every scoring page's Score group in the first screen in every cold load: ok`,
  );
  console.log(
    `  bytes each page loads (kB): gzip = each file's body through zlib level 6, summed over every JS, CSS, JSON ` +
      `and HTML file the cold load asked the server for; on the wire = CDP's encodedDataLength, headers included ` +
      `(the median load); at ${number(profile.downloadThroughput)} B/s the cold bytes alone take the ms shown`,
  );
  console.log(
    `  ${pad([
      ["page", -12],
      ...kinds.map((kind): [string, number] => [`${kind} gzip`, 9]),
      ["all gzip", 9],
      ["raw", 7],
      ["files", 6],
      ["wire cold", 10],
      ["ms", 5],
      ["wire warm", 10],
      ["warm: sent/304", 15],
    ])}`,
  );
  const bytesRow = (label: string, measured: Measured) => {
    const first = measured.cold[0];
    const gzip = gzipBytes(first);
    const sent = (first?.served ?? []).filter((response) => response.status === 200);
    const all = kinds.reduce((sum, kind) => sum + gzip[kind], 0);
    const raw = sent.filter((response) => kinds.includes(response.kind)).reduce((sum, r) => sum + r.raw, 0);
    const wireCold = medianOf(measured.cold, (load) => load.wire);
    const warmSent = medianOf(measured.warm, (load) => load.served.filter((r) => r.status === 200).length);
    const warm304 = medianOf(measured.warm, (load) => load.served.filter((r) => r.status === 304).length);
    console.log(
      `  ${pad([
        [label, -12],
        ...kinds.map((kind): [string, number] => [kB(gzip[kind]), 9]),
        [kB(all), 9],
        [kB(raw), 7],
        [String(sent.length), 6],
        [kB(wireCold), 10],
        [ms((wireCold / profile.downloadThroughput) * 1000), 5],
        [kB(medianOf(measured.warm, (load) => load.wire)), 10],
        [`${warmSent}/${warm304}`, 15],
      ])}`,
    );
  };
  bytesRow("bare page", baseline);
  for (const measured of pages) bytesRow(measured.target.path, measured);
  reportInterpreter(results.dist, pages);
  const problems = [...new Set(results.problems)];
  if (problems.length) console.log(`  problems while loading: ${problems.join("; ")}`);
}

/** The files of a page's bundle (paths as served) that carry the guideline's interpreter, from the bundle manifest. */
function interpreterFiles(dist: string, path: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, "_import", "bundles", "pages.json"), "utf8")) as Record<
    string,
    {files?: Record<string, string[]>}
  >;
  const files = manifest[`${path === "/" ? "index" : path.slice(1)}.html`]?.files ?? {};
  return Object.entries(files)
    .filter(([, modules]) => modules.some(isInterpreterModule))
    .map(([file]) => `/${file}`);
}

/**
 * Issue 31 item 8: on each page, the gzip bytes of the files that carry the guideline's interpreter (lib/engine's
 * CEL adapter, logic, rules and rubric with @marcbachmann/cel-js), as the cold load was sent them, and whether the
 * page asked for them before or after its first item was painted (Resource Timing's start of the first of them
 * against the goal's time, every cold load).
 */
function reportInterpreter(dist: string, pages: Measured[]): void {
  console.log(
    `  the guideline's interpreter on each page: gzip of the files that carry it (a chunk may carry other modules ` +
      `with it), as the first cold load was sent them; "asked for" = when the first of them was requested, against ` +
      `the first item painted (the page's goal), in every cold load; target: after, or never`,
  );
  console.log(
    `  ${pad([
      ["page", -12],
      ["files", 6],
      ["gzip kB", 8],
      ["asked for", -40],
    ])}`,
  );
  for (const measured of pages) {
    const files = interpreterFiles(dist, measured.target.path);
    const sent = (measured.cold[0]?.served ?? []).filter(
      (response) => response.status === 200 && files.includes(response.path),
    );
    const starts = measured.cold.map((load) => {
      const times = load.requested.filter(([path]) => files.includes(path)).map(([, start]) => start);
      return times.length ? Math.min(...times) - load.ready : NaN;
    });
    const asked = starts.filter((start) => !Number.isNaN(start));
    const before = asked.filter((start) => start < 0).length;
    const when = !asked.length
      ? `never (${measured.cold.length} of ${measured.cold.length} cold loads)`
      : before
        ? `BEFORE the first item in ${before} of ${measured.cold.length} cold loads`
        : `after the first item, ${ms(median(asked))} ms later (median), ${asked.length} of ${measured.cold.length}`;
    console.log(
      `  ${pad([
        [measured.target.path, -12],
        [String(sent.length), 6],
        [kB(sent.reduce((sum, response) => sum + response.gzip, 0)), 8],
        [when, -40],
      ])}`,
    );
  }
}

// The files a reader's action runs on its way to the painted result (issue 32 item 1), counted in Chromium on the
// built site rather than read off the imports: an import closure counts every module a page could load, where this
// counts the modules whose code runs between the input and the frame that shows its result.
//
// The page is served its modules one by one (each page's bundle is answered with a module that re-exports the
// page's own imports, the unbundled files Framework writes under _import/), V8's precise coverage counts the calls
// of every function, and the page is paused in the task after the frame that paints the result, so what runs later
// (deferred redraws, idle work) is not counted. The cohort page's worker is one bundle: it is served unminified,
// its functions mapped to the modules esbuild names in it. Three paths: a trainee's Check to the painted ruling (and
// the choice of a score before it, which builds that ruling ahead), a parameter change on /authors to the moved
// cases, and a ratings CSV on /cohort to the painted report.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {BrowserContext, CDPSession, Page} from "playwright-core";
import {loadItems} from "../lib/node/load.js";
import {browserBundle} from "../src/data/browser-bundle.js";
import {openSite, type Site} from "../test/browser/site.js";
import {authorChanges} from "./preview.js";
import {afterPaintWhere, withKeptNames} from "./timing.js";

/** One function's coverage as V8 reports it (Profiler.takePreciseCoverage, function granularity). */
export interface FunctionCoverage {
  functionName: string;
  ranges: {startOffset: number; endOffset: number; count: number}[];
}
export interface ScriptCoverage {
  url: string;
  functions: FunctionCoverage[];
}

/**
 * The project's own modules that ran, by their source paths (`lib/trainee/ruling`, `components/score-card`): a
 * script under _import/ is one module (its content hash dropped); a script `bundled` names is a bundle, each of its
 * functions counted for the module it sits in. Packages (_node/, _npm/) and Framework's runtime are not counted.
 */
export function modulesRun(
  coverage: readonly ScriptCoverage[],
  bundled: {url: RegExp; moduleAt: (offset: number) => string | undefined} | null = null,
): string[] {
  const ran = new Set<string>();
  for (const script of coverage) {
    const called = script.functions.filter((fn) => fn.ranges[0]!.count > 0);
    if (!called.length) continue;
    if (bundled?.url.test(script.url)) {
      for (const fn of called) {
        const module = bundled.moduleAt(fn.ranges[0]!.startOffset);
        if (module) ran.add(module);
      }
      continue;
    }
    const own = /^https?:\/\/[^/]+\/_import\/(.+?)\.[0-9a-f]{8}\.js$/.exec(script.url);
    if (own && !own[1]!.startsWith("bundles/")) ran.add(own[1]!);
  }
  return [...ran].sort();
}

/**
 * Where each module starts in an unminified esbuild bundle, which heads each module's code with a comment naming its
 * path (`// lib/agreement/ratings.ts`): the project's modules, by their paths without `src/` or the extension;
 * packages' (under node_modules) as undefined.
 */
export function bundleModules(text: string): (offset: number) => string | undefined {
  const starts: {at: number; module: string | undefined}[] = [];
  for (const match of text.matchAll(/^ *\/\/ (\S+\.[cm]?[jt]s)$/gm)) {
    const path = match[1]!;
    starts.push({
      at: match.index!,
      module: path.includes("node_modules/") ? undefined : path.replace(/^src\//, "").replace(/\.[cm]?[jt]s$/, ""),
    });
  }
  return (offset) => {
    for (let at = starts.length - 1; at >= 0; at--) if (starts[at]!.at <= offset) return starts[at]!.module;
    return undefined;
  };
}

/** The page's modules served one by one: each bundle answered with re-exports of the page's own imports. */
async function servedModuleByModule(context: BrowserContext, dist: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dist, "_import/bundles/pages.json"), "utf8")) as Record<
    string,
    {bundle: string; entries: string[]}
  >;
  const byBundle = new Map(Object.values(manifest).map((page) => [page.bundle, page.entries]));
  await context.route("**/_import/bundles/*.js", async (route) => {
    const entries = byBundle.get(new URL(route.request().url()).pathname.slice(1));
    if (!entries) return route.continue();
    // The bundle's namespaces are m0, m1, ... in the order of the page's imports (scripts/postbuild.ts).
    const body = entries.map((entry, index) => `export * as m${index} from "/${entry}";`).join("\n");
    await route.fulfill({contentType: "text/javascript", body});
  });
}

/** Coverage counting from now: what ran before (the page's load) is taken and dropped. */
async function coverageFrom(cdp: CDPSession): Promise<() => Promise<ScriptCoverage[]>> {
  await cdp.send("Profiler.takePreciseCoverage");
  return async () => ((await cdp.send("Profiler.takePreciseCoverage")) as {result: ScriptCoverage[]}).result;
}

async function covered(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.startPreciseCoverage", {callCount: true, detailed: false});
  await cdp.send("Debugger.enable");
  return cdp;
}

/**
 * Does `act`, and takes the coverage of what ran from it to the paint of the first frame where `shown` (page source)
 * holds: the page is paused by a `debugger` statement in the task after that frame, its coverage taken, then it goes
 * on. The script that waits for the frame is installed before `act`, so its own few calls are counted nowhere
 * (it runs from no _import/ file).
 */
async function untilPainted(
  page: Page,
  cdp: CDPSession,
  shown: string,
  act: () => Promise<void>,
): Promise<ScriptCoverage[]> {
  const paused = new Promise<void>((resolve) => cdp.once("Debugger.paused", () => resolve()));
  const since = await coverageFrom(cdp);
  // The watch starts at the input: a capturing listener for the events the actions here begin with.
  await page.evaluate(
    withKeptNames(`(() => {
    const start = () => {
      for (const type of ["pointerdown", "keydown", "input", "change"]) removeEventListener(type, start, true);
      (${afterPaintWhere.toString()})(() => (${shown}), () => { debugger; }, 600);
    };
    for (const type of ["pointerdown", "keydown", "input", "change"]) addEventListener(type, start, true);
  })()`),
  );
  await act();
  await paused;
  const coverage = await since();
  await cdp.send("Debugger.resume");
  return coverage;
}

interface PathFigure {
  path: string;
  modules: string[];
}

async function checkPath(site: Site, dist: string): Promise<PathFigure[]> {
  const context = await site.newContext();
  await servedModuleByModule(context, dist);
  const page = await context.newPage();
  const cdp = await covered(page);
  await page.goto("/rubric");
  const card = page.locator("article.item-card").first();
  const scores = card.getByRole("group", {name: "Score", exact: true});
  await scores.waitFor();
  // The page's work after its first item (the rest of the part, the interpreter) is done before the measure.
  await page.waitForTimeout(2000);
  // Choosing a score: the ruling is built ahead in the next idle moment, which the measure waits for.
  const since = await coverageFrom(cdp);
  await scores.getByRole("radio", {name: "3", exact: true}).check();
  await page.waitForTimeout(1500);
  const chose = modulesRun(await since());
  const checked = modulesRun(
    await untilPainted(
      page,
      cdp,
      `document.querySelector("article.item-card .ruling-lead")?.checkVisibility({visibilityProperty: true})`,
      () => card.getByRole("button", {name: "Check", exact: true}).click({noWaitAfter: true}),
    ),
  );
  await context.close();
  return [
    {path: "a score chosen on /rubric → its ruling built ahead", modules: chose},
    {path: "Check on /rubric → the ruling painted", modules: checked},
  ];
}

async function authorsPath(site: Site, dist: string): Promise<PathFigure> {
  const change = authorChanges()[0]!;
  const context = await site.newContext();
  await servedModuleByModule(context, dist);
  const page = await context.newPage();
  const cdp = await covered(page);
  await page.goto("/authors");
  await page.locator("#preview-status").filter({hasText: "Base "}).waitFor();
  await page.waitForTimeout(2000);
  const modules = modulesRun(
    await untilPainted(
      page,
      cdp,
      `document.getElementById("preview-status")?.textContent.includes(${JSON.stringify(change.shows)})`,
      () => change.make(page),
    ),
  );
  await context.close();
  return {path: `${change.label} on /authors → the moved cases painted`, modules};
}

/** The cohort worker as the site builds it (src/data/cohort-worker.js.js), but unminified, so its modules show. */
export const readableWorker = (): Promise<string> =>
  browserBundle(new URL("../src/workers/cohort-worker.ts", import.meta.url), "iife", {minify: false});

/**
 * The worker as the page's bench loads it: the readable bundle, with its replies held at a `debugger` statement
 * before each is posted but progress, so its coverage can be taken before the page, answered, terminates it. Added
 * after the bundle, so the bundle's offsets stay those `bundleModules` reads.
 */
const pausedBeforeReplies = (worker: string): string =>
  `${worker}
;(() => {
  const post = self.postMessage.bind(self);
  self.postMessage = (data, transfer) => {
    if (data?.type !== "progress") debugger;
    post(data, transfer);
  };
})();
`;

/**
 * The coverage of every worker the page starts, through the page's CDP session: Chromium attaches each new worker to
 * it (flatten off, so the worker's messages come wrapped), held at its start until its profiler counts; at each
 * pause before a reply (pausedBeforeReplies) its coverage so far is taken and it goes on.
 */
async function workersCovered(cdp: CDPSession): Promise<ScriptCoverage[]> {
  const taken: ScriptCoverage[] = [];
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  const send = (sessionId: string, method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      waiting.set(++id, resolve);
      void cdp.send("Target.sendMessageToTarget", {sessionId, message: JSON.stringify({id, method, params})});
    });
  cdp.on("Target.receivedMessageFromTarget", ({sessionId, message}: {sessionId: string; message: string}) => {
    const reply = JSON.parse(message) as {id?: number; result?: unknown; method?: string};
    if (reply.id !== undefined) return waiting.get(reply.id)?.(reply.result);
    if (reply.method !== "Debugger.paused") return;
    void (async () => {
      const {result} = (await send(sessionId, "Profiler.takePreciseCoverage")) as {result: ScriptCoverage[]};
      taken.push(...result);
      await send(sessionId, "Debugger.resume");
    })();
  });
  cdp.on("Target.attachedToTarget", ({sessionId, targetInfo}: {sessionId: string; targetInfo: {type: string}}) => {
    if (targetInfo.type !== "worker") return;
    void (async () => {
      await send(sessionId, "Profiler.enable");
      await send(sessionId, "Profiler.startPreciseCoverage", {callCount: true, detailed: false});
      await send(sessionId, "Debugger.enable");
      await send(sessionId, "Runtime.runIfWaitingForDebugger");
    })();
  });
  await cdp.send("Target.setAutoAttach", {autoAttach: true, waitForDebuggerOnStart: true, flatten: false});
  return taken;
}

async function cohortPath(site: Site, dist: string): Promise<PathFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), "rater-notebook-bench-paths-"));
  try {
    // Three raters' ratings of every item, under the one-line guidance and under the guideline.
    const items = loadItems();
    const rows = ["rater,item,phase,score"];
    for (const [rater, shift] of [
      ["ana", 0],
      ["ben", 1],
      ["cai", 3],
    ] as const)
      for (const phase of ["vague", "guideline"])
        items.forEach((item, index) => rows.push(`${rater},${item.id},${phase},${1 + ((index * 7 + shift) % 5)}`));
    const csv = join(dir, "ratings.csv");
    writeFileSync(csv, `${rows.join("\n")}\n`);
    const worker = await readableWorker();
    const context = await site.newContext();
    await servedModuleByModule(context, dist);
    await context.route("**/_file/data/cohort-worker.*.js", (route) =>
      route.fulfill({contentType: "text/javascript", body: pausedBeforeReplies(worker)}),
    );
    const page = await context.newPage();
    const cdp = await covered(page);
    const inWorker = await workersCovered(cdp);
    const ratings = (rows.length - 1).toLocaleString("en");
    await page.goto("/cohort");
    const input = page.getByLabel(/Trainees' files/);
    await input.waitFor();
    await page.waitForTimeout(1500);
    const paged = await untilPainted(page, cdp, `!!document.querySelector(".cohort-report[data-complete]")`, () =>
      input.setInputFiles(csv),
    );
    const headline = await page.locator(".cohort-headline").innerText();
    await context.close();
    if (!headline.includes(`${ratings} ratings`)) throw new Error(`the cohort report is not of the CSV: ${headline}`);
    const onPage = modulesRun(paged);
    const inItsWorker = modulesRun(inWorker, {url: /cohort-worker/, moduleAt: bundleModules(worker)});
    return [
      {path: "a ratings CSV on /cohort → the report painted", modules: [...new Set([...onPage, ...inItsWorker])]},
      {path: "  of which on the page", modules: onPage},
      {path: "  of which in its worker", modules: inItsWorker},
    ];
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** `npm run bench -- --paths-only`: the three paths' files, each listed. */
export async function benchPaths(dist: string): Promise<void> {
  const site = await openSite(dist);
  try {
    const figures = [
      ...(await checkPath(site, dist)),
      await authorsPath(site, dist),
      ...(await cohortPath(site, dist)),
    ];
    console.log("files run on the way from an input to its painted result (Chromium, built site, V8 coverage)");
    for (const {path, modules} of figures) {
      modules.sort();
      console.log(`  ${path}: ${modules.length} files`);
      console.log(`    ${modules.join(", ")}`);
    }
    if (site.problems.length) console.log(`  problems in the page: ${site.problems.join("; ")}`);
  } finally {
    await site.close();
  }
}

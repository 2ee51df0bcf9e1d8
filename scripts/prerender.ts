// The first screen of each scoring page, rendered into its HTML at build, so a trainee can pick a score before the
// page's code has arrived (issue 29, Speed). The page's own code makes it, as the browser runs it: the page's cells,
// read from its built HTML, run in jsdom with the modules the page loads (its bundle), for a first visit (no saved
// record, no address fragment, a 1440 px window), and what the page displays is placed where its display cell puts
// it, marked `data-prerendered`. Nothing after the first paint runs here: no frame, timer or idle callback fires.
// In the browser, a script in the page's head hides the copy when the address or the trainee's storage names
// another state, and src/components/prerendered.ts hands it over to the page's code (what the trainee did in it is
// kept).
import {readFileSync, writeFileSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {createRequire} from "node:module";
import {pathToFileURL} from "node:url";
import {progressKey} from "../lib/trainee/progress.js";
import {prerenderedAttribute, wordsPressed} from "../src/components/prerendered.js";

// jsdom ships no types of its own; this is what is used of it.
const {JSDOM} = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string, options: {url: string}) => {window: Window & typeof globalThis};
};

/** The scoring pages, by their file under dist. */
const scoringPages = ["vague.html", "rubric.html", "edge-cases.html", "calibration.html", "self-check.html"];

/** The width the copy is laid out for: the rubric beside the item from 1200 px (hidden below, by the head's style). */
const viewport = {width: 1440, height: 900};

/** Every key the site keeps in a browser's storage starts so: the record, drafts, copies set aside. */
const storagePrefix = `${progressKey.split(":")[0]}:`;

interface Cell {
  id: string;
  inputs?: string[];
  outputs?: string[];
  body: (...args: unknown[]) => Promise<unknown>;
}

/** Makes `window`'s DOM the global one while `run` runs, as a page's modules expect; gives back Node's after. */
async function withWindow<T>(window: Window & typeof globalThis, run: () => Promise<T>): Promise<T> {
  const never = () => 0;
  const globals: Record<string, unknown> = {
    window,
    self: window,
    document: window.document,
    location: window.location,
    history: window.history,
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    navigator: window.navigator,
    getComputedStyle: window.getComputedStyle.bind(window),
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    dispatchEvent: window.dispatchEvent.bind(window),
    matchMedia: window.matchMedia,
    // The first screen is what shows before any frame: what waits for one never runs here.
    requestAnimationFrame: never,
    cancelAnimationFrame: never,
    requestIdleCallback: never,
    cancelIdleCallback: never,
    setTimeout: never,
    clearTimeout: never,
    setInterval: never,
    clearInterval: never,
  };
  for (const name of Object.getOwnPropertyNames(window))
    if (/^[A-Z]/.test(name) && !(name in globals) && name !== "Infinity" && name !== "NaN")
      globals[name] = (window as unknown as Record<string, unknown>)[name];
  const before = new Map(
    Object.keys(globals).map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const),
  );
  for (const [name, value] of Object.entries(globals))
    Object.defineProperty(globalThis, name, {value, configurable: true, writable: true});
  try {
    return await run();
  } finally {
    for (const [name, descriptor] of before)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
  }
}

/** `(min-width: 1200px)` and its like, answered for the viewport; anything else does not match. */
function mediaQuery(query: string) {
  const widths = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  const matches =
    widths.length > 0 &&
    widths.every(([, side, px]) => (side === "min" ? viewport.width >= +px! : viewport.width <= +px!));
  return {
    matches,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  };
}

/**
 * What a built page displays on a first visit, run as Framework's client would run its cells: each cell once its
 * inputs are defined, FileAttachment reading the page's registered files from dist, `import()` resolved from the
 * page (a fresh copy of each module per page). Returns the display cell's id and the node it displayed.
 */
async function firstScreen(dist: string, page: string, html: string): Promise<{cell: string; node: Element}> {
  const file = join(dist, page);
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error("it has no module script");
  const {window} = new JSDOM(html, {url: `https://prerender.invalid/${page.replace(/\.html$/, "")}`});
  Object.defineProperty(window, "matchMedia", {value: mediaQuery, configurable: true});
  const files = new Map<string, string>();
  const cells: Cell[] = [];
  const moduleImport = (specifier: string) =>
    import(`${pathToFileURL(resolve(dirname(file), specifier)).href}?prerender=${encodeURIComponent(page)}`);
  const code = script.replace(/^import .*;$/gm, "").replace(/\bimport\(/g, "moduleImport(");
  // The page's own script, from the build just made.
  new Function("define", "registerFile", "moduleImport", code)(
    (cell: Cell) => cells.push(cell),
    (name: string, {path}: {path: string}) => files.set(name, path),
    moduleImport,
  );
  const FileAttachment = (name: string) => {
    const path = files.get(name);
    if (!path) throw new Error(`it loads ${name}, which it does not register`);
    const text = () => readFileSync(resolve(dirname(file), path), "utf8");
    return {text: async () => text(), json: async () => JSON.parse(text()) as unknown};
  };
  const shown: {cell: string; node: unknown}[] = [];
  const scope = new Map<string, unknown>([["FileAttachment", FileAttachment]]);
  await withWindow(window, async () => {
    for (let pending = [...cells]; pending.length;) {
      const ready = pending.find((cell) =>
        (cell.inputs ?? []).every((input) => input === "display" || scope.has(input)),
      );
      if (!ready) throw new Error(`its cells wait on ${pending.flatMap((cell) => cell.inputs ?? []).join(", ")}`);
      pending = pending.filter((cell) => cell !== ready);
      const display = (value: unknown) => (shown.push({cell: ready.id, node: value}), value);
      const args = (ready.inputs ?? []).map((input) => (input === "display" ? display : scope.get(input)));
      const exported = (await ready.body(...args)) as Record<string, unknown> | undefined;
      for (const output of ready.outputs ?? []) scope.set(output, exported?.[output]);
    }
  });
  const [only, ...more] = shown;
  if (!only || more.length) throw new Error(`it displays ${shown.length} values, where one page node was expected`);
  if (!(only.node instanceof window.Element)) throw new Error("what it displays is not an element");
  window.close();
  return {cell: only.cell, node: only.node};
}

/** The template in the page's head that holds what starts the page's code until the script beside it starts it. */
const startId = "page-start";

/**
 * The page's code and the files it preloads (its module script, module and data preloads), moved from the head
 * into an inert template: fetched with the copy's stylesheet, they would share the connection with it and hold back
 * the first paint of a copy that needs none of them.
 */
function holdStart(html: string): {html: string; held: string} {
  const parts: string[] = [];
  const rest = html.replace(
    /<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>\n|<script type="module">[\s\S]*?<\/script>\n?/g,
    (part) => (parts.push(part), ""),
  );
  if (!parts.some((part) => part.startsWith("<script"))) throw new Error("it has no module script to hold");
  return {html: rest, held: `<template id="${startId}">\n${parts.join("")}</template>\n`};
}

/**
 * The head's part: a style that hides the copy when the script beside it finds it is not the state the page will
 * show (a query, another item's fragment, anything of the site's in storage, storage that cannot be read), and, below
 * 1200 px, the rubric's place beside the item (the page's code puts it in a sheet there). The script starts the
 * page's code (`holdStart`): its files at once when the copy is stale and its script once the page is read, else both
 * once the copy is painted; it also keeps the words pressed and marks a Check pressed on a chosen score before the
 * code arrived, which the code then carries out.
 */
function headPart(shownItem: string | null): string {
  const hash = JSON.stringify(shownItem ? `#${shownItem}` : "");
  const script = `(() => {
  const root = document.documentElement;
  const stale = () => root.setAttribute("data-prerender", "stale");
  const otherItem = () => location.hash !== "" && location.hash !== ${hash};
  try {
    if (location.search !== "" || otherItem()) stale();
    const site = ${JSON.stringify(storagePrefix)};
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i).startsWith(site)) stale();
  } catch {
    stale();
  }
  // A module added to the head runs as soon as it arrives, and the page's code finds where its cells show as it
  // runs: the script waits until the whole page is read, while its files are asked for at once.
  const whenRead = (then) =>
    document.readyState === "loading" ? addEventListener("DOMContentLoaded", then, {once: true}) : then();
  const start = () => {
    const held = document.getElementById(${JSON.stringify(startId)});
    if (!held) return;
    held.remove();
    for (const node of [...held.content.children]) {
      if (node.localName !== "script") {
        document.head.append(document.importNode(node));
        continue;
      }
      // A script parsed into a template never runs, even once moved: its like is made anew.
      const started = document.createElement("script");
      started.type = node.type;
      started.textContent = node.textContent;
      whenRead(() => document.head.append(started));
    }
  };
  // Once the whole copy is parsed and painted: a frame drawn while the page is still read may hold only its top.
  // A hidden tab paints no frame to wait for.
  const afterPaint = () =>
    requestAnimationFrame(() => {
      const painted = new MessageChannel();
      painted.port1.onmessage = start;
      painted.port2.postMessage(null);
    });
  if (root.hasAttribute("data-prerender") || document.visibilityState === "hidden") start();
  else if (document.readyState === "loading") addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
  addEventListener("hashchange", () => otherItem() && (stale(), start()));
  // The words pressed in the copy, in order, are pressed again in the code's (a click or Enter marks a word).
  addEventListener("click", (event) => {
    const word = event.target.closest && event.target.closest("[${prerenderedAttribute}] button.word");
    if (word) (word.closest("[${prerenderedAttribute}]").${wordsPressed} ??= []).push(word);
  });
  // A Check pressed on a chosen score is carried out by the code; a score changed after it was not checked.
  addEventListener("click", (event) => {
    const check = event.target.closest && event.target.closest("[${prerenderedAttribute}] [data-card=check]");
    const card = check && check.closest("article");
    if (card && card.querySelector("input[type=radio]:checked")) check.setAttribute("data-pressed", "");
  });
  addEventListener("change", (event) => {
    const copy = event.target.closest && event.target.closest("[${prerenderedAttribute}]");
    if (copy) for (const pressed of copy.querySelectorAll("[data-pressed]")) pressed.removeAttribute("data-pressed");
  });
})();`;
  return (
    `<style>html[data-prerender="stale"] [${prerenderedAttribute}] {display: none;}\n` +
    `@media (max-width: 1199.98px) {[${prerenderedAttribute}] .walk-aside {display: none;}}</style>\n` +
    `<script>${script}</script>\n`
  );
}

/** Said above the copy where the browser runs no script: its Check would do nothing, and nothing would be kept. */
const noscriptNotice =
  '<noscript><div class="noscript-notice"><p>This browser runs no scripts for this site, so Check does nothing ' +
  "and no answer is kept: turn JavaScript on for this site to score the cases.</p></div></noscript>";

interface Prerendered {
  pages: number;
  /** Bytes of the first screens placed in the pages. */
  bytes: number;
}

/** Places each scoring page's first screen in its HTML under dist; throws, naming the page, when one cannot be made. */
export async function prerenderPages(dist: string, pages: readonly string[] = scoringPages): Promise<Prerendered> {
  const result: Prerendered = {pages: 0, bytes: 0};
  for (const page of pages) {
    const file = join(dist, page);
    let html: string;
    try {
      html = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    let made: {cell: string; node: Element};
    let held: ReturnType<typeof holdStart>;
    try {
      made = await firstScreen(dist, page, html);
      held = holdStart(html);
    } catch (error) {
      throw new Error(`postbuild: cannot prerender ${page}: ${(error as Error).message}`, {cause: error});
    }
    const {cell, node} = made;
    node.setAttribute(prerenderedAttribute, "");
    const root = `<!--:${cell}:-->`;
    if (!html.includes(root)) throw new Error(`postbuild: ${page} has no place for its display cell ${cell}`);
    const shownItem = node.querySelector("article.item-card[id]:not(.item-slot[hidden] *)")?.id ?? null;
    const copy = node.outerHTML;
    const after = held.html
      .replace(root, `${noscriptNotice}${copy}${root}`)
      .replace('<link rel="icon"', `${held.held}${headPart(shownItem)}<link rel="icon"`);
    writeFileSync(file, after);
    result.pages += 1;
    result.bytes += Buffer.byteLength(copy);
  }
  return result;
}

// npm run dev [-- preview options]: Framework's preview server, with the pages following every save under guideline/,
// data/ and lib/ within a second, and a broken authored file shown in the page (file, field, fix) instead of a blank.
// - Framework re-runs a data loader only when the loader file itself changes, and a fresh loader process takes over
//   a second to compile lib/ and warm up. So this process builds the data archive (lib/node/site-data.ts) itself, kept
//   warm, rebuilds it on every save, serves it on 127.0.0.1, and touches the loader (src/data.tar.js), which then
//   only fetches it (RATER_NOTEBOOK_DEV_DATA). Framework sees the touched loader and pushes the change to the open
//   pages over its websocket.
// - The archive is built with brokenAsData: a broken authored file does not stop the loader; the data files it
//   stops hold its problems, and the pages show them (src/components/broken-files.ts). The build still fails.
// - lib/ is re-imported after it changes (tsx's tsImport loads a fresh copy), and the data rebuilt with it. Framework
//   pushes a changed module to the open pages itself (it watches the modules each page imports), so a save under lib/
//   alone touches the archive's loader only when the fresh copy builds other bytes (or fails to build): a change to
//   what a page shows is not held up by the data it does not change (a cold copy builds the data in about a second).
//   The other loaders, which bundle lib/ modules, are touched at once on every save. A module only
//   observablehq.config.ts imports (the navigation's) takes a restart.
import {spawn} from "node:child_process";
import {existsSync, readdirSync, utimesSync, watch} from "node:fs";
import {createServer} from "node:http";
import type {AddressInfo} from "node:net";
import {join} from "node:path";
import {tsImport} from "tsx/esm/api";
import type * as SiteDataModule from "../lib/node/site-data.js";
import {formatProblem} from "../lib/authored/problems.js";
import {prepareCache} from "./build.js";
import {contentRoot} from "../lib/node/content-root.js";

const root = join(import.meta.dirname, "..");
/** Where guideline/ and data/ are read from: the project's, unless NOTEBOOK_CONTENT names another folder. */
const content = contentRoot(process.env);
const loader = join(root, "src", "data.tar.js");
const config = join(root, "observablehq.config.ts");
/**
 * A data loader of its own under src/data/ (name.json.ts, ...), if one is added: touched too, so its output follows
 * the authored files, though it re-runs in a fresh process. A data file in lib/node/site-data.ts is the quick way.
 */
const otherLoaders = (): string[] => {
  const folder = join(root, "src", "data");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => /\.\w+\.(js|ts)$/.test(name))
    .map((name) => join(folder, name));
};

const importSiteData = (): Promise<typeof SiteDataModule> =>
  tsImport("../lib/node/site-data.ts", import.meta.url) as Promise<typeof SiteDataModule>;
let siteData = importSiteData();

interface Built {
  archive: Uint8Array;
  problems: string[];
  /** Counts the builds: the loader's request says which one the pages got. */
  build: number;
}

/** The archive as the files are now; each build waits for the one before, so the newest always lands last. */
let latest: Promise<Built> = Promise.resolve({archive: new Uint8Array(), problems: [], build: 0});
let builds = 0;
/** The newest build a loader has fetched. */
let fetched = 0;
/** Builds the archive anew; resolves with it and whether its bytes differ from the build's before. */
function rebuild(): Promise<Built & {differs: boolean}> {
  const build = ++builds;
  const next = latest
    .catch(() => undefined)
    .then(async (before) => {
      const {archive, problems} = (await siteData).dataArchive(content, {brokenAsData: true});
      const built = {archive: archive!, problems: problems.map(formatProblem), build};
      return {...built, differs: !before || !Buffer.from(built.archive).equals(before.archive)};
    });
  latest = next;
  return next;
}

/** What the terminal says after a rebuild: the problems pages now show, or that they are gone. */
let shownProblems = "";
function report(built: Built): void {
  const now = built.problems.join("\n");
  if (now === shownProblems) return;
  shownProblems = now;
  console.log(now ? `dev: broken authored files, shown in the pages:\n${now}` : "dev: authored files all valid");
}

const touch = (file: string) => {
  const now = new Date();
  utimesSync(file, now, now);
};

/** The newest build the archive's loader was touched for. */
let touched = 0;
/**
 * Touches the archive's loader for the build numbered `build`: Framework re-runs it at once, and its request waits for
 * the newest build, this one or a later. A build older than the one touched last has been served already.
 */
function touchLoader(build: number): void {
  if (build < touched) return;
  touched = build;
  touch(loader);
  // Framework misses a touch that lands while a page that has just opened is still setting up its watch (it has
  // read the loader's time already): when no loader has asked for this build a few seconds later, touch it again.
  // With no page open, the second touch does nothing; a busy machine can take over a second to ask.
  setTimeout(() => {
    if (fetched < build && touched === build) touch(loader);
  }, 3000);
}

let libChanged = false;
let contentChanged = false;
let navigationChanged = false;
function changed(what: string): void {
  const codeOnly = libChanged && !contentChanged;
  if (libChanged) siteData = importSiteData();
  // The other loaders bundle lib/ modules of their own (the cohort page's worker, the case editor's schemas), and
  // Framework re-runs a loader only when its file changes: touched on every save, at once.
  otherLoaders().forEach(touch);
  // The navigation lists the parts and the probes: Framework reloads the pages when its config changes.
  if (navigationChanged) touch(config);
  libChanged = contentChanged = navigationChanged = false;
  const built = rebuild();
  const build = builds;
  // A save under lib/ alone: the loader follows only if the fresh code builds other data.
  if (!codeOnly) touchLoader(build);
  built.then(
    (done) => {
      report(done);
      if (codeOnly && done.differs) touchLoader(build);
    },
    (error: unknown) => {
      console.error(`dev: cannot build the data after ${what} changed:`, error);
      if (codeOnly) touchLoader(build);
    },
  );
}

// Editors save in several steps (write, rename): one rebuild for the burst.
const settle = 25;
let pending: NodeJS.Timeout | undefined;
for (const [folder, under] of [
  ["guideline", content],
  ["data", content],
  ["lib", root],
] as const) {
  watch(join(under, folder), {recursive: true}, (_event, file) => {
    const path = `${folder}/${file ?? ""}`;
    if (folder === "lib") libChanged = true;
    else contentChanged = true;
    if (path === "data/parts.yaml" || path.startsWith("data/probes/")) navigationChanged = true;
    clearTimeout(pending);
    pending = setTimeout(() => changed(path), settle);
  });
}

// Framework restyles a page when the stylesheet it is given (src/style.css) changes, by a hash of that file alone:
// a save in one of the area files it imports (src/css/) leaves the hash as it was, so reload the open pages instead
// (touching the config is how Framework is told to).
let restyle: NodeJS.Timeout | undefined;
watch(join(root, "src", "css"), () => {
  clearTimeout(restyle);
  restyle = setTimeout(() => touch(config), settle);
});

const server = createServer((_request, response) => {
  latest.then(
    ({archive, build}) => {
      fetched = Math.max(fetched, build);
      response.writeHead(200, {"content-type": "application/x-tar"}).end(archive);
    },
    (error: unknown) => response.writeHead(500).end(`dev: cannot build the data: ${String(error)}\n`),
  );
});
await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
const {port} = server.address() as AddressInfo;

// The same pinned library versions as the build, so the preview needs no network either; and no loader output
// from before this session, which could be older than the authored files.
prepareCache(root);
await rebuild().then(report);
const preview = spawn(join(root, "node_modules", ".bin", "observable"), ["preview", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    OBSERVABLE_TELEMETRY_DISABLE: "1",
    RATER_NOTEBOOK_DEV_DATA: `http://127.0.0.1:${port}/`,
  },
});
preview.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => preview.kill(signal));
// A few more builds before the first save, so it finds the code compiled and quick; made while Framework starts, so
// the server is no later ready for them.
for (let warmUp = 0; warmUp < 3; warmUp++) await rebuild();

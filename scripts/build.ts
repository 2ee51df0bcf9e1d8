// npm run build [-- --update-pins]: the static site in dist/, with no network, the same output every day. With
// NOTEBOOK_CONTENT=<folder> (lib/node/content-root.ts), the site of that folder's guideline/ and data/, in
// dist-<folder name>/.
// Why a script rather than `observable build`:
// - Framework's client names the versions of the libraries it loads lazily (react-dom, echarts, d3, ...), and
//   Framework asks the npm registry for them whenever its cache folder has none. They are pinned in
//   framework-npm-versions.json and written into that folder before every build, so the build asks nothing and
//   embeds the same versions every day. A build that still asks (a new library) fails: pin it, or run with
//   --update-pins (which needs the network once) after upgrading Framework.
// - Framework reuses a data loader's cached output while the loader file is unchanged, but the loader reads
//   guideline/, data/ and lib/: its outputs are cleared before every build, so nothing stale ships.
// - A broken authored file fails the build before Framework starts: the data loader's checks (lib/node/site-data.ts)
//   run here first, in this process, and print the lines the loader would, at once rather than after Framework has
//   built every page, and last, under the count, so the build's last line names a file, its field and the fix. The
//   loader still checks them, for a Framework build run without this script.
// - Framework empties its output folder before building: the site is built into a fresh folder next to dist/
//   and replaces dist/ only once the build and the post-build step (scripts/postbuild.ts: lang, zoom, minified
//   modules) have succeeded.
import {spawnSync, type SpawnSyncReturns} from "node:child_process";
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {postbuild} from "./postbuild.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {siteOutput} from "../lib/node/content-root.js";
import {formatProblem} from "../lib/authored/problems.js";
import {plural} from "../lib/text/format.js";
import {quoteText} from "../lib/text/quote-text.js";

const root = resolve(import.meta.dirname, "..");
export const pinsFile = "framework-npm-versions.json";
/** Framework's cache folder: .observablehq/cache under the source root ("src" in observablehq.config.ts). */
const cacheDir = (project: string) => join(project, "src", ".observablehq", "cache");

/** The pinned versions, by package name. */
export function readPins(project: string = root): Record<string, string> {
  return JSON.parse(readFileSync(join(project, pinsFile), "utf8")) as Record<string, string>;
}

/** name@version of every version Framework's cache folder holds (where it looks before asking the registry). */
export function cachedVersions(project: string = root): string[] {
  const npm = join(cacheDir(project), "_npm");
  if (!existsSync(npm)) return [];
  return readdirSync(npm)
    .flatMap((entry) => (entry.startsWith("@") ? readdirSync(join(npm, entry)).map((sub) => `${entry}/${sub}`) : entry))
    .sort();
}

/**
 * Makes the pinned versions the only ones in Framework's cache folder (an empty folder per name@version is
 * what Framework reads) and clears the data loaders' cached outputs: data.tar and the files extracted from it under
 * data/, everything there but Framework's own folders (_npm, _node, _observablehq, ...).
 */
export function prepareCache(project: string = root): void {
  const cache = cacheDir(project);
  if (existsSync(cache))
    for (const entry of readdirSync(cache))
      if (!entry.startsWith("_")) rmSync(join(cache, entry), {recursive: true, force: true});
  rmSync(join(cache, "_npm"), {recursive: true, force: true});
  for (const [name, version] of Object.entries(readPins(project)))
    mkdirSync(join(cache, "_npm", `${name}@${version}`), {recursive: true});
}

/**
 * Every problem in project's authored files, one line each, as the data loader prints them; none means it may build.
 * The data's modules load only when asked: scripts/dev.ts imports this file for prepareCache and builds the data its
 * own way, and would start a quarter of a second later.
 */
export async function authoredProblems(project: string = root): Promise<string[]> {
  const {siteData} = await import("../lib/node/site-data.js");
  return siteData(project).problems.map(formatProblem);
}

/**
 * Framework's build of this project into .dist-build, from the pinned versions (with updatePins, from none: it
 * resolves them afresh), of the content root and with the environment given. Its standard output is printed as it
 * comes.
 */
export function frameworkBuild({
  updatePins,
  content,
  env,
}: {
  updatePins: boolean;
  content: string;
  env: CommandIO["env"];
}): Pick<SpawnSyncReturns<string>, "status" | "stderr"> {
  if (updatePins) rmSync(cacheDir(root), {recursive: true, force: true});
  else prepareCache(root);
  return spawnSync(join(root, "node_modules", ".bin", "observable"), ["build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "pipe"],
    encoding: "utf8",
    // observablehq.config.ts reads SITE_OUTPUT: Framework has no command-line option for the output folder.
    env: {...env, OBSERVABLE_TELEMETRY_DISABLE: "1", SITE_OUTPUT: ".dist-build", NOTEBOOK_CONTENT: content},
  });
}

/** What the build says of a failed Framework build, from what Framework printed to standard error. */
export function frameworkFailure(stderr: string): string {
  const askedNetwork = /registry\.npmjs\.org|cdn\.jsdelivr\.net/.test(stderr);
  const hint = ` (framework asked the network for a library: pin its version in ${pinsFile})`;
  return `observable build failed${askedNetwork ? hint : ""}`;
}

/**
 * `npm run build [-- --update-pins]`: the content root's site (io.root, the project's own unless NOTEBOOK_CONTENT
 * names another) built by this project into its output folder. Exits 1, the output folder as it was, when an authored
 * file is broken, Framework fails or asks the network, or the post-build step fails; 2 on an unknown argument.
 * `framework` runs Framework's build (a test gives one that fails as Framework does).
 */
export const buildWith = (framework: typeof frameworkBuild) =>
  async function command(args: readonly string[], io: CommandIO): Promise<number> {
    const out = lineWriter(io.stdout);
    const err = lineWriter(io.stderr);
    const unknown = args.find((arg) => arg !== "--update-pins");
    if (unknown !== undefined) {
      err(`build: unknown argument ${quoteText(unknown)}: expected --update-pins or nothing`);
      return 2;
    }
    const updatePins = args.includes("--update-pins");
    const output = siteOutput(io.env);
    const unchanged = `${output}/ is unchanged`;
    const next = join(root, ".dist-build");
    const old = join(root, ".dist-old");
    const fail = (message: string) => {
      rmSync(next, {recursive: true, force: true});
      err(`build: ${message}; ${unchanged}`);
      return 1;
    };
    const problems = await authoredProblems(io.root);
    if (problems.length > 0) {
      // The problems last, where the eye lands: the file, the field and the fix are the build's last line.
      err(`build: ${plural(problems.length, "problem")} in the authored files; ${unchanged}:`);
      err(problems.join("\n"));
      return 1;
    }
    for (const dir of [next, old]) rmSync(dir, {recursive: true, force: true});
    const result = framework({updatePins, content: io.root, env: io.env});
    io.stderr.write(result.stderr ?? "");
    if (result.status !== 0) return fail(frameworkFailure(result.stderr ?? ""));
    const resolved = cachedVersions(root);
    if (updatePins) {
      const pins = Object.fromEntries(
        resolved.map((entry) => [entry.slice(0, entry.lastIndexOf("@")), entry.slice(entry.lastIndexOf("@") + 1)]),
      );
      writeFileSync(join(root, pinsFile), `${JSON.stringify(pins, null, 2)}\n`);
      out(`build: pinned ${resolved.length} versions in ${pinsFile}`);
    } else {
      const pinned = Object.entries(readPins(root)).map(([name, version]) => `${name}@${version}`);
      const unpinned = resolved.filter((entry) => !pinned.includes(entry));
      if (unpinned.length > 0)
        return fail(`framework resolved ${unpinned.join(", ")} from the registry: pin it in ${pinsFile}`);
    }
    let done: string;
    try {
      done = await postbuild(next);
    } catch (error) {
      return fail((error as Error).message);
    }
    if (existsSync(join(root, output))) renameSync(join(root, output), old);
    renameSync(next, join(root, output));
    rmSync(old, {recursive: true, force: true});
    // Said once the site is in place: a reader that closes the pipe early ends the command, never the build.
    out(done);
    out(`build: ${output}/ replaced`);
    return 0;
  };

export const build = buildWith(frameworkBuild);

await runAsEntry(import.meta, build);

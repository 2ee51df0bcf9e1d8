// What Framework 1.13 cannot be told to do, done on each new build before scripts/build.ts swaps it in for dist/:
// - its page template has no lang on <html> and its viewport forbids zooming (maximum-scale=1);
// - it emits the project's own modules (_import/) transpiled but not minified, and every trainee page loads them;
// - it loads them as one file each (38 on a scoring page), and the page's data only once they have run: on a slow
//   connection the round trips, not the bytes, decide when the first item can be scored. Each page's modules are
//   bundled into one file, and its data files are preloaded with the page;
// - its pages show nothing until their code has run: each scoring page's first screen is rendered into its HTML, by
//   the page's own bundle (scripts/prerender.ts).
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {transformSync} from "esbuild";
import {rollup, type OutputChunk} from "rollup";
import {prerenderPages} from "./prerender.js";

/** Marks every page under dist English and zoomable; returns how many pages. */
export function mendPages(dist: string): number {
  const pages = readdirSync(dist, {recursive: true, encoding: "utf8"}).filter((file) => file.endsWith(".html"));
  for (const page of pages) {
    const file = join(dist, page);
    const before = readFileSync(file, "utf8");
    const after = before.replace(/^<html>/m, '<html lang="en">').replace(', maximum-scale=1"', '"');
    if (!after.includes('<html lang="en">'))
      throw new Error(`postbuild: ${page} has no <html> element to mark as English`);
    writeFileSync(file, after);
  }
  return pages.length;
}

export interface Minified {
  modules: number;
  /** Bytes of all the modules before and after. */
  before: number;
  after: number;
}

/**
 * Minifies every JavaScript module under dist/_import/ in place. File names stay as they are: the pages and the
 * other modules import them by name. Only the syntax is compacted (no bundling, no lowering), so every import and
 * export stays what it was. Throws, naming the module, when esbuild cannot parse one.
 */
export function minifyModules(dist: string): Minified {
  const folder = join(dist, "_import");
  const modules = readdirSync(folder, {recursive: true, encoding: "utf8"}).filter((file) => file.endsWith(".js"));
  let before = 0;
  let after = 0;
  for (const module of modules) {
    const file = join(folder, module);
    const source = readFileSync(file, "utf8");
    let code: string;
    try {
      ({code} = transformSync(source, {loader: "js", format: "esm", minify: true, sourcefile: `_import/${module}`}));
    } catch (error) {
      throw new Error(`postbuild: cannot minify _import/${module}: ${(error as Error).message}`, {cause: error});
    }
    writeFileSync(file, code);
    before += Buffer.byteLength(source);
    after += Buffer.byteLength(code);
  }
  return {modules: modules.length, before, after};
}

export interface Bundled {
  pages: number;
  /**
   * Each page's bundle and the modules in it, by their paths under dist (written to _import/bundles/pages.json):
   * `modules` all it can load, `lazy` those it loads only when asked (import() chunks), `files` the modules in each
   * file it can load (the bundle and its chunks), so the bench can tell which files carry a given module; `entries`
   * the modules the page imports, in the order of the bundle's namespaces (`m0`, `m1`, ...), so the bench can load
   * the page from its modules one by one and tell which of them a path runs.
   */
  manifest: Record<
    string,
    {bundle: string; entries: string[]; modules: string[]; lazy: string[]; files: Record<string, string[]>}
  >;
  /** Module requests the pages made before, and make now (the page's entry bundles). */
  requestsBefore: number;
  requestsAfter: number;
  /** Data files preloaded with their page. */
  preloaded: number;
}

/** The folder under dist/_import/ that holds the pages' bundles. */
const bundleFolder = "bundles";

/**
 * Bundles each page's own modules, and preloads its data. A page's inline script imports its entry modules
 * (`import("./_import/components/rubric-part.<hash>.js")`); each becomes a namespace of one bundle
 * (`import("./_import/bundles/part-frame.<hash>.js").then((bundle) => bundle.m1)`), so the names every cell takes from
 * it stay what they were, and two entries can never clash. The bundle takes in what those modules import (lib/, the
 * npm packages under _node/). What the page imports only with import() (the ruling's code, the interpreter) becomes
 * chunks fetched when asked for, and they import what they share with the page from the bundle itself: rollup keeps
 * a module the page has already loaded in the page's file, where esbuild's splitting gives every shared module a chunk
 * of its own, each one more request before the first item (six on a scoring page, against one). The page's
 * modulepreload links give way to its file, and each JSON file it registers for FileAttachment is preloaded as a fetch,
 * so it arrives with the modules instead of after them. The modules under _import/ stay where they are.
 */
async function bundlePages(dist: string): Promise<Bundled> {
  const pages = readdirSync(dist, {recursive: true, encoding: "utf8"}).filter((file) => file.endsWith(".html"));
  const result: Bundled = {pages: 0, manifest: {}, requestsBefore: 0, requestsAfter: 0, preloaded: 0};
  const folder = join(dist, "_import", bundleFolder);
  const underDist = (path: string) => relative(dist, path).split("\\").join("/");
  for (const page of pages) {
    const file = join(dist, page);
    const html = readFileSync(file, "utf8");
    const entryPattern = /import\("((?:\.\.?\/)+_import\/[^"]+\.js)"\)/g;
    const entries = [...new Set([...html.matchAll(entryPattern)].map((match) => match[1]!))];
    if (!entries.length) continue;
    const base = dirname(file);
    // Named by what it holds, so pages that import the same modules (the four scoring parts) share one cached file.
    const names = entries.map((entry) => entry.replace(/^.*\//, "").replace(/\.[0-9a-f]+\.js$/, ""));
    const name = names.find((entry) => entry !== "broken-files") ?? names[0]!;
    mkdirSync(folder, {recursive: true});
    const entryFile = join(folder, `.${name}.entry.js`);
    writeFileSync(
      entryFile,
      entries.map((entry, index) => `export * as m${index} from ${JSON.stringify(resolve(base, entry))};`).join("\n"),
    );
    let outputs: OutputChunk[];
    try {
      const bundle = await rollup({input: entryFile, preserveEntrySignatures: "allow-extension", logLevel: "silent"});
      ({output: outputs} = (await bundle.generate({
        format: "es",
        entryFileNames: `${name}.[hash].js`,
        chunkFileNames: "chunk.[hash].js",
        hashCharacters: "hex",
      })) as {output: OutputChunk[]});
      await bundle.close();
    } catch (error) {
      throw new Error(`postbuild: cannot bundle the modules of ${page}: ${(error as Error).message}`, {cause: error});
    } finally {
      rmSync(entryFile, {force: true});
    }
    const chunks = outputs.filter((output) => output.type === "chunk");
    for (const chunk of chunks) {
      const {code} = transformSync(chunk.code, {loader: "js", format: "esm", minify: true, sourcefile: chunk.fileName});
      writeFileSync(join(folder, chunk.fileName), code);
    }
    const pathOf = (fileName: string) => `_import/${bundleFolder}/${fileName}`;
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    // What the page needs at once: its file and what that imports statically, all the way down.
    const eager: string[] = [];
    const visit = (fileName: string) => {
      if (eager.includes(fileName)) return;
      eager.push(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(entry.fileName);
    const modulesOf = (fileNames: readonly string[]) =>
      [
        ...new Set(
          fileNames.flatMap((fileName) =>
            Object.keys(byName.get(fileName)!.modules).filter((id) => id.endsWith(".js") && id !== entryFile),
          ),
        ),
      ]
        .map(underDist)
        .sort();
    const all = chunks.map((chunk) => chunk.fileName);
    const modules = modulesOf(all);
    const lazy = modulesOf(all.filter((fileName) => !eager.includes(fileName)));
    const files = Object.fromEntries(all.map((fileName) => [pathOf(fileName), modulesOf([fileName])]));
    const hrefOf = (path: string) =>
      `./${relative(base, join(dist, path)).split("\\").join("/")}`.replace(/^\.\/\.\.\//, "../");
    const href = hrefOf(pathOf(entry.fileName));

    let after = html.replace(entryPattern, (whole, found: string) => {
      const index = entries.indexOf(found);
      return `import(${JSON.stringify(href)}).then((bundle) => bundle.m${index})`;
    });
    // The modules now inside the bundle are no longer fetched one by one; the bundle and the data are, at once.
    const preloads = after.match(/<link rel="modulepreload" href="(?:\.\.?\/)+_(?:import|node)\/[^"]+">\n?/g) ?? [];
    result.requestsBefore += preloads.length;
    after = after.replace(/<link rel="modulepreload" href="(?:\.\.?\/)+_(?:import|node)\/[^"]+">\n?/g, "");
    // A file a cell reads only when asked (`() => FileAttachment(...)`: the authors' versions for their save dialog)
    // is not preloaded: fetched unused, the browser warns of it.
    const onDemand = new Set([...after.matchAll(/=>\s*FileAttachment\("([^"]+)"\)/g)].map((match) => match[1]!));
    const data = [...after.matchAll(/registerFile\("([^"]+)", \{[^}]*"mimeType":"application\/json","path":"([^"]+)"/g)]
      .filter((match) => !onDemand.has(match[1]!))
      .map((match) => match[2]!);
    const links = [
      ...eager.map((fileName) => `<link rel="modulepreload" href="${hrefOf(pathOf(fileName))}">`),
      ...data.map((path) => `<link rel="preload" as="fetch" crossorigin href="${path}">`),
    ];
    if (!after.includes('<link rel="icon"'))
      throw new Error(`postbuild: ${page} has no icon link to put its preloads before`);
    after = after.replace('<link rel="icon"', `${links.join("\n")}\n<link rel="icon"`);
    writeFileSync(file, after);
    result.manifest[page] = {
      bundle: pathOf(entry.fileName),
      entries: entries.map((found) => underDist(resolve(base, found))),
      modules,
      lazy,
      files,
    };
    result.pages += 1;
    result.requestsAfter += eager.length;
    result.preloaded += data.length;
  }
  writeFileSync(join(folder, "pages.json"), JSON.stringify(result.manifest, null, 1));
  return result;
}

/** Everything above, on a build in dist; returns what it did, in a line for the build's log. */
export async function postbuild(dist: string): Promise<string> {
  const pages = mendPages(dist);
  const {modules, before, after} = minifyModules(dist);
  const bundled = await bundlePages(dist);
  const prerendered = await prerenderPages(dist);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return (
    `postbuild: ${pages} pages marked lang="en" and zoomable; ` +
    `${modules} modules in _import/ minified, ${kB(before)} -> ${kB(after)}; ` +
    `${bundled.pages} pages' modules bundled ` +
    `(${bundled.requestsBefore} module requests -> ${bundled.requestsAfter}), ` +
    `${bundled.preloaded} data files preloaded; ` +
    `${prerendered.pages} pages' first screens rendered into their HTML (${kB(prerendered.bytes)})`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await postbuild(join(import.meta.dirname, "..", "dist")));
}

// What Framework 1.13 cannot be told to do, done on each new build before scripts/build.ts swaps it in for dist/:
// - its page template has no lang on <html> and its viewport forbids zooming (maximum-scale=1);
// - it emits the project's own modules (_import/) transpiled but not minified, and every trainee page loads them.
import {readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {transformSync} from "esbuild";

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

/** Everything above, on a build in dist; returns what it did, in a line for the build's log. */
export function postbuild(dist: string): string {
  const pages = mendPages(dist);
  const {modules, before, after} = minifyModules(dist);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return (
    `postbuild: ${pages} pages marked lang="en" and zoomable; ` +
    `${modules} modules in _import/ minified, ${kB(before)} -> ${kB(after)}`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(postbuild(join(import.meta.dirname, "..", "dist")));
}

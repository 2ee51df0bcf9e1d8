// What the data loaders that hand a page a script of its own share: one entry bundled by esbuild for the browser,
// minified, written to standard output (the loader's file). Plain JavaScript, so node runs a loader at once; its
// types are in browser-bundle.d.ts, for the bench that bundles the same entry unminified.
import {build} from "esbuild";
import {fileURLToPath} from "node:url";

/** `entry` (a URL) bundled as `format` ("iife" for a worker, "esm" for a module the page imports). */
export async function browserBundle(entry, format, {minify = true} = {}) {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format,
    platform: "browser",
    target: "es2022",
    minify,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

/** The loader's output: `entry` bundled as `format`, minified. */
export async function writeBrowserBundle(entry, format) {
  process.stdout.write(await browserBundle(entry, format));
}

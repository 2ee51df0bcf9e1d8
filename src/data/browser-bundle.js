// What the data loaders that hand a page a script of its own share: one entry bundled by esbuild for the browser,
// minified, written to standard output (the loader's file). Plain JavaScript, so node runs a loader at once.
import {build} from "esbuild";
import {fileURLToPath} from "node:url";

/** Bundles `entry` (a URL) as `format` ("iife" for a worker, "esm" for a module the page imports). */
export async function writeBrowserBundle(entry, format) {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format,
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  process.stdout.write(result.outputFiles[0].text);
}

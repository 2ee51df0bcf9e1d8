// The cohort page's worker as one classic script: src/workers/cohort-worker.ts with Papa Parse, the checks and the
// report it uses, bundled by esbuild. The page loads it as a file attachment (a same-origin file under _file/) with
// `new Worker(url)`: Framework 1.13 neither bundles nor rewrites `new Worker(new URL(..., import.meta.url))`.
// Plain JavaScript, so node runs it at once, without starting TypeScript for a loader that only calls esbuild.
import {build} from "esbuild";
import {fileURLToPath} from "node:url";

const result = await build({
  entryPoints: [fileURLToPath(new URL("../workers/cohort-worker.ts", import.meta.url))],
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2022",
  minify: true,
  write: false,
  logLevel: "silent",
});
process.stdout.write(result.outputFiles[0].text);

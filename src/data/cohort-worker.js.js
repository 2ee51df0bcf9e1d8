// The cohort page's worker as one classic script: src/workers/cohort-worker.ts with Papa Parse, the checks and the
// report it uses, bundled by esbuild. The page loads it as a file attachment (a same-origin file under _file/) with
// `new Worker(url)`: Framework 1.13 neither bundles nor rewrites `new Worker(new URL(..., import.meta.url))`.
import {writeBrowserBundle} from "./browser-bundle.js";

await writeBrowserBundle(new URL("../workers/cohort-worker.ts", import.meta.url), "iife");

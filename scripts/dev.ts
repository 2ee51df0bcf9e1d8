// npm run dev: Framework's preview server, plus a watch on the authored files.
// Framework re-runs a data loader only when the loader file itself changes, so an edit under guideline/ or data/
// touches the loaders that read them and the page reloads with the new content.
import {spawn} from "node:child_process";
import {readdirSync, utimesSync, watch} from "node:fs";
import {join} from "node:path";
import {prepareCache} from "./build.js";

const root = join(import.meta.dirname, "..");
const loaders = readdirSync(join(root, "src", "data"))
  .filter((name) => /\.json\.ts$/.test(name))
  .map((name) => join(root, "src", "data", name));

let pending: NodeJS.Timeout | undefined;
for (const folder of ["guideline", "data"]) {
  watch(join(root, folder), {recursive: true}, (_event, file) => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      const now = new Date();
      for (const loader of loaders) utimesSync(loader, now, now);
      console.log(`dev: ${folder}/${file ?? ""} changed; data loaders will re-run`);
    }, 100);
  });
}

// The same pinned library versions as the build, so the preview needs no network either.
prepareCache(root, {keepLoaderOutputs: true});
const preview = spawn("npx", ["observable", "preview", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1"},
});
preview.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => preview.kill(signal));

// Everything the browser loads comes from this site: no web font, no CDN, no telemetry.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {loadParts} from "./lib/load.js";

// The parts a trainee walks, from data/parts.yaml; a part joins the navigation once its page exists.
const parts = loadParts().filter((part) => existsSync(`src${part.path}.md`));
const probesDir = "data/probes";
const pages = [
  {name: "Start here", path: "/"},
  ...parts.map((part) => ({name: `${part.number}. ${part.title}`, path: part.path})),
  // Probes: one page per folder of data/probes/ with v1.json, v2.json, ..., from src/probes/[probe].md.
  ...readdirSync(probesDir)
    .sort()
    .flatMap((probe) => {
      const newest = probeVersions(probe).at(-1);
      return newest === undefined
        ? []
        : [{name: `Probe: ${probeTitle(`${probesDir}/${probe}/v${newest}.json`) ?? probe}`, path: `/probes/${probe}`}];
    }),
];

/** The version numbers in a probe's folder, in order; none for a file or a folder without versions. */
function probeVersions(probe: string): number[] {
  if (!statSync(`${probesDir}/${probe}`).isDirectory()) return [];
  return readdirSync(`${probesDir}/${probe}`)
    .flatMap((file) => /^v([1-9][0-9]*)\.json$/.exec(file)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);
}

/** A version's title, for the navigation only: npm run probes:check and the data loader report a broken file. */
function probeTitle(file: string): string | undefined {
  try {
    const {title} = JSON.parse(readFileSync(file, "utf8")) as {title?: unknown};
    return typeof title === "string" && title !== "" ? title : undefined;
  } catch {
    return undefined;
  }
}
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export default {
  title: "Rater Notebook",
  root: "src",
  // scripts/build.ts builds into a fresh folder (Framework empties its output first) and swaps it in on success.
  output: process.env.SITE_OUTPUT ?? "dist",
  style: "style.css",
  globalStylesheets: [],
  head: '<link rel="icon" href="data:,">',
  // Framework's sidebar toggle has no accessible name; a plain navigation bar replaces it.
  sidebar: false,
  header: `<nav class="site-nav" aria-label="Site"><a href="./">Rater Notebook</a>${pages
    .slice(1)
    .map((page) => `<a href=".${page.path}">${escape(page.name)}</a>`)
    .join("")}</nav>`,
  footer: "Rater Notebook: everything you do here stays in your browser.",
  pager: true,
  search: false,
  pages,
};

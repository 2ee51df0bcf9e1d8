// Everything the browser loads comes from this site: no web font, no CDN, no telemetry.
import {existsSync} from "node:fs";
import {loadParts, projectRoot} from "./lib/load.js";
import {probePages} from "./lib/probes/load.js";
import {AuthoredFileError} from "./lib/problems.js";

/**
 * The parts a trainee walks, from data/parts.yaml. In `npm run dev` (scripts/dev.ts) a broken file must not stop the
 * server: the navigation lists no parts, and the pages show the file's problems until it is fixed.
 */
function readParts() {
  try {
    return loadParts();
  } catch (error) {
    if (process.env.RATER_NOTEBOOK_DEV_DATA && error instanceof AuthoredFileError) return [];
    throw error;
  }
}

// A part joins the navigation once its page exists.
const parts = readParts().filter((part) => existsSync(`src${part.path}.md`));
const pages = [
  {name: "Start here", path: "/"},
  ...parts.map((part) => ({name: `${part.number}. ${part.title}`, path: part.path})),
  // The trainee's results, and export and import of their record.
  {name: "Your results", path: "/results"},
  {name: "For authors", path: "/authors"},
  {name: "Cohort", path: "/cohort"},
  // Probes: one page per folder of data/probes/ with v1.json, v2.json, ..., from src/probes/[probe].md.
  ...probePages(projectRoot).map(({probe, title}) => ({
    name: `Probe: ${title}`,
    path: `/probes/${probe}`,
  })),
];
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
  pager: false,
  search: false,
  pages,
};

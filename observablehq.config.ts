// Everything the browser loads comes from this site: no web font, no CDN, no telemetry.
import {existsSync} from "node:fs";
import {loadParts} from "./lib/node/load.js";
import {contentRoot, siteOutput} from "./lib/node/content-root.js";
import {probePages} from "./lib/probes/load.node.js";
import {AuthoredFileError} from "./lib/authored/problems.js";
import {siteNav, type NavGroups} from "./lib/site/site-nav.js";

/** Where guideline/ and data/ are read from: the project's, unless NOTEBOOK_CONTENT names another folder. */
const content = contentRoot(process.env);

/**
 * The parts a trainee walks, from data/parts.yaml. In `npm run dev` (scripts/dev.ts) a broken file must not stop the
 * server: the navigation lists no parts, and the pages show the file's problems until it is fixed.
 */
function readParts() {
  try {
    return loadParts(content);
  } catch (error) {
    if (process.env.RATER_NOTEBOOK_DEV_DATA && error instanceof AuthoredFileError) return [];
    throw error;
  }
}

// A part joins the navigation once its page exists.
const parts = readParts().filter((part) => existsSync(`src${part.path}.md`));
// The navigation's two groups (lib/site/site-nav.ts): the trainee's walk, then the tools.
const nav: NavGroups = {
  training: [
    {name: "Start here", path: "/"},
    ...parts.map((part) => ({name: `${part.number}. ${part.navTitle ?? part.title}`, path: part.path})),
    // The blind run over the calibration cases, for experienced raters; then the trainee's results, export, import.
    {name: "Blind self-check", path: "/self-check"},
    {name: "Your results", path: "/results"},
  ],
  tools: [
    {name: "For authors", path: "/authors"},
    {name: "Model judges", path: "/judges"},
    {name: "Cohort", path: "/cohort"},
    // Probes: one page per folder of data/probes/ with v1.json, v2.json, ..., from src/probes/[probe].md.
    ...probePages(content).map(({probe, title}) => ({name: `Probe: ${title}`, path: `/probes/${probe}`})),
  ],
};
const pages = [...nav.training, ...nav.tools];

export default {
  title: "Rater Notebook",
  root: "src",
  // scripts/build.ts builds into a fresh folder (Framework empties its output first) and swaps it in on success.
  output: process.env.SITE_OUTPUT ?? siteOutput(process.env),
  style: "style.css",
  globalStylesheets: [],
  head: '<link rel="icon" href="data:,">',
  // Framework's sidebar toggle has no accessible name; a plain navigation bar replaces it.
  sidebar: false,
  // Called per page: the current page's link is marked (aria-current="page").
  header: ({path}: {path: string}) => siteNav(nav, {path}),
  footer: "Rater Notebook: everything you do here stays in your browser.",
  pager: false,
  search: false,
  pages,
};

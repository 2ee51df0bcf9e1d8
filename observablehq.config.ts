// Everything the browser loads comes from this site: no web font, no CDN, no telemetry.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {loadParts} from "./lib/node/load.js";
import {contentRoot, siteOutput} from "./lib/node/content-root.js";
import {probePages} from "./lib/probes/load.node.js";
import {AuthoredFileError} from "./lib/authored/problems.js";
import {siteNav, type NavGroups} from "./lib/site/site-nav.js";
import type {TrainingPart} from "./lib/authored/schemas/parts.js";

/**
 * The navigation of the site built from `content` (guideline/ and data/): the trainee's walk from data/parts.yaml,
 * then the tools. A part joins the walk once its page exists. In `npm run dev` (scripts/dev.ts) a broken file must not
 * stop the server: the walk lists no parts, and the pages show the file's problems until it is fixed.
 */
export function navGroups(content: string, {dev = false} = {}): NavGroups {
  let parts: TrainingPart[] = [];
  try {
    parts = loadParts(content);
  } catch (error) {
    if (!(dev && error instanceof AuthoredFileError)) throw error;
  }
  const pageExists = (part: TrainingPart) => existsSync(join(import.meta.dirname, "src", `${part.path}.md`));
  return {
    training: [
      {name: "Start here", path: "/"},
      ...parts
        .filter(pageExists)
        .map((part) => ({name: `${part.number}. ${part.navTitle ?? part.title}`, path: part.path})),
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
}

// Where guideline/ and data/ are read from: the project's, unless NOTEBOOK_CONTENT names another folder.
const nav = navGroups(contentRoot(process.env), {dev: Boolean(process.env.RATER_NOTEBOOK_DEV_DATA)});
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

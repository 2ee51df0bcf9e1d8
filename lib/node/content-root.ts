// Where the site's content is read from: guideline/ and data/ under the content root. The project's own (the case
// study) unless NOTEBOOK_CONTENT names another folder (`NOTEBOOK_CONTENT=test/fixtures/second-guideline npm run
// build`). This is the one place that reads the variable: the build, the data loader, the navigation, the dev server
// and the commands take the root, and the build its output folder, from here. Node-only.
import {basename, resolve} from "node:path";
import {projectRoot} from "./load.js";

/** The environment variable naming another content root: a folder, absolute or from the project's folder. */
const contentVariable = "NOTEBOOK_CONTENT";

type Env = Readonly<Record<string, string | undefined>>;

/** The content root the environment names, or the project's own. */
export function contentRoot(env: Env): string {
  const given = env[contentVariable];
  return given ? resolve(projectRoot, given) : projectRoot;
}

/**
 * The build's output folder, from the project's folder: dist/ for the project's own content, dist-<folder>/ for
 * another (dist-second-guideline/), so a build of other content never replaces the case study's site.
 */
export function siteOutput(env: Env): string {
  const root = contentRoot(env);
  return root === projectRoot ? "dist" : `dist-${basename(root)}`;
}

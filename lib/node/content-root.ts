// The one place that reads NOTEBOOK_CONTENT, which names another content root than the case study's
// (`NOTEBOOK_CONTENT=test/fixtures/second-guideline npm run build`). Node-only.
import {basename, isAbsolute, join, relative, resolve} from "node:path";
import {projectRoot} from "./load.js";

/** A folder, absolute or from the project's folder. */
const contentVariable = "NOTEBOOK_CONTENT";

type Env = Readonly<Record<string, string | undefined>>;

export function contentRoot(env: Env): string {
  const given = env[contentVariable];
  return given ? resolve(projectRoot, given) : projectRoot;
}

/** dist-<folder>/ for other content, so a build of it never replaces the case study's site. */
export function siteOutput(env: Env): string {
  const root = contentRoot(env);
  return root === projectRoot ? "dist" : `dist-${basename(root)}`;
}

/**
 * A path within the content root (`data/items/edge-11.md`) as an author finds it from the project's folder: under the
 * folder NOTEBOOK_CONTENT names, where it names another (absolute when that folder is outside the project). A command
 * reads and writes under its `root`, which lib/node/command.ts takes from the same variable; a test's copy of the
 * project, given as `root` with the variable unset, is named as the project's own.
 */
export function contentPath(env: Env, path: string): string {
  const root = contentRoot(env);
  if (root === projectRoot) return path;
  const from = relative(projectRoot, root);
  return join(from.startsWith("..") || isAbsolute(from) ? root : from, path);
}

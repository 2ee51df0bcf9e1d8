// A copy of the project's sources (not tests, not node_modules, not Framework's cache) in a temporary
// folder, with node_modules linked, so a test can change authored files and build or load the copy. Framework's
// bundles of node_modules imports (its cache's _node/, made from the linked node_modules, never from the network) are
// copied when the project has them: a copy's build then skips bundling them again (about 5 s a build).
import {cpSync, existsSync, mkdtempSync, symlinkSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";

export const projectRoot = resolve(import.meta.dirname, "..");

/** What a build needs: sources, authored data, config and the post-build step. */
const entries = [
  "lib",
  "guideline",
  "data",
  "src",
  "scripts",
  "observablehq.config.ts",
  "framework-npm-versions.json",
  "package.json",
  "tsconfig.json",
];

/** Copies the project to a new temporary folder and returns its path; the caller removes it. */
export function copyProject(prefix = "rater-notebook-copy-"): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of entries) {
    // verbatimSymlinks keeps src/lib -> ../lib relative, so the copy's pages import the copy's lib/.
    cpSync(join(projectRoot, entry), join(copy, entry), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => !source.includes(".observablehq"),
    });
  }
  symlinkSync(join(projectRoot, "node_modules"), join(copy, "node_modules"));
  const bundles = join(projectRoot, "src/.observablehq/cache/_node");
  if (existsSync(bundles)) cpSync(bundles, join(copy, "src/.observablehq/cache/_node"), {recursive: true});
  return copy;
}

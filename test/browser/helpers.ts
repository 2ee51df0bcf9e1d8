// What the browser tests share beyond site.ts (which the benches import too, outside vitest): the built site, or a
// built copy of the project, opened for a file's tests, and the looks a page is checked in.
import {spawnSync} from "node:child_process";
import {rmSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, inject} from "vitest";
import {copyProject, projectRoot} from "../../scripts/copy-project.js";
import {openSite, type Site} from "./site.js";

/**
 * The built site (dist/), served and driven for the tests of a file or a describe block: opened before them and
 * closed after them. Call it where `beforeAll` may be called; what it returns stands for the open site.
 */
export function useSite(): Site {
  return siteFor(() => openSite(undefined, {endpoint: inject("chromiumEndpoint")}));
}

/**
 * A copy of the project with test-only records written into it (`prepare` writes them into the folder it is given),
 * built by the copy's own build script (post-build step included), served for the tests of a file or a describe
 * block and removed after them. `folder()` is the copy's folder.
 */
export function useBuiltCopy(
  prefix: string,
  prepare: (folder: string) => void | Promise<void>,
): {site: Site; folder: () => string} {
  let copy = "";
  const site = siteFor(
    async () => {
      copy = copyProject(prefix);
      await prepare(copy);
      const build = spawnSync(join(projectRoot, "node_modules/.bin/tsx"), ["scripts/build.ts"], {
        cwd: copy,
        encoding: "utf8",
        env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1"},
        timeout: 200_000,
      });
      if (build.status !== 0) throw new Error(`the build failed in ${copy}:\n${build.stderr}${build.stdout}`);
      return openSite(join(copy, "dist"), {endpoint: inject("chromiumEndpoint")});
    },
    () => {
      if (copy) rmSync(copy, {recursive: true, force: true});
    },
    // A whole build on a busy two-core machine.
    240_000,
  );
  return {site, folder: () => copy};
}

/** A site opened before the tests and closed (then cleaned up) after them, standing for the open site meanwhile. */
function siteFor(opening: () => Promise<Site>, cleanUp = () => {}, timeout?: number): Site {
  let open: Site | undefined;
  beforeAll(async () => {
    open = await opening();
  }, timeout);
  afterAll(async () => {
    await open?.close();
    cleanUp();
  });
  const site = (): Site => {
    if (!open) throw new Error("the site is opened before the tests: use it in a test or a hook");
    return open;
  };
  return {
    get origin() {
      return site().origin;
    },
    get browser() {
      return site().browser;
    },
    get problems() {
      return site().problems;
    },
    newPage: () => site().newPage(),
    newContext: (options) => site().newContext(options),
    close: () => site().close(),
  };
}

/** The looks every page is checked in: a phone and a desktop window, each light and dark. */
export const looks = [
  {width: 390, height: 844, scheme: "light"},
  {width: 390, height: 844, scheme: "dark"},
  {width: 1440, height: 900, scheme: "light"},
  {width: 1440, height: 900, scheme: "dark"},
] as const;

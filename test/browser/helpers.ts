// What the browser tests share beyond site.ts (which the benches import too, outside vitest): the built site opened
// for a file's tests.
import {afterAll, beforeAll} from "vitest";
import {openSite, type Site} from "./site.js";

/**
 * The built site (dist/), served and driven for the tests of a file or a describe block: opened before them and
 * closed after them. Call it where `beforeAll` may be called; what it returns stands for the open site.
 */
export function useSite(): Site {
  let open: Site | undefined;
  beforeAll(async () => {
    open = await openSite();
  });
  afterAll(async () => {
    await open?.close();
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

// The stylesheets keep the shape src/css/tokens.css documents: media queries only at the three breakpoints (640, 760
// and 1200 px, written max-width: N-0.02px below one and min-width: N px from it), the pointer and the colour scheme;
// one dark-mode block, in tokens.css, where the colours are; and no text-wrap shorthand.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {expect, it} from "vitest";
import {projectRoot} from "../../../lib/node/load.js";

const folders = ["src/css", "src/components"];
const stylesheets = [
  "src/style.css",
  ...folders.flatMap((folder) =>
    readdirSync(join(projectRoot, folder))
      .filter((name) => name.endsWith(".css"))
      .map((name) => `${folder}/${name}`),
  ),
];
/** A stylesheet's text without its comments, which may quote a query in words. */
const code = (file: string) => readFileSync(join(projectRoot, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

const allowedQueries = new Set([
  "(max-width: 639.98px)",
  "(max-width: 759.98px)",
  "(min-width: 640px)",
  "(min-width: 760px)",
  "(min-width: 1200px)",
  "(max-width: 1199.98px)",
  "(pointer: fine)",
  "not (pointer: fine)",
  "(prefers-color-scheme: dark)",
]);

it("reads every stylesheet: the base, the area files and the pages' own", () => {
  expect(stylesheets).toContain("src/css/tokens.css");
  expect(stylesheets.length).toBeGreaterThan(10);
});

it("writes media queries only at the documented breakpoints, the pointer and the colour scheme", () => {
  const found = stylesheets.flatMap((file) =>
    [...code(file).matchAll(/@media\s+([^{]+?)\s*\{/g)].map((match) => `${file}: ${match[1]}`),
  );
  expect(found.length).toBeGreaterThan(10);
  expect(found.filter((entry) => !allowedQueries.has(entry.slice(entry.indexOf(": ") + 2)))).toEqual([]);
});

it("has one dark-mode block, in tokens.css", () => {
  const blocks = stylesheets.flatMap((file) =>
    [...code(file).matchAll(/@media\s+\(prefers-color-scheme: dark\)/g)].map(() => file),
  );
  expect(blocks).toEqual(["src/css/tokens.css"]);
});

it("writes text-wrap's style alone, never its shorthand, which would turn wrapping back on over a nowrap", () => {
  // `text-wrap: pretty` also sets text-wrap-mode: wrap, and base.css's rule for prose outranked every
  // `white-space: nowrap` on a button or a paragraph in the page (a phone's "Next →" broke before its arrow).
  const shorthand = stylesheets.filter((file) => /(^|[;{\s])text-wrap\s*:/.test(code(file)));
  expect(shorthand).toEqual([]);
});

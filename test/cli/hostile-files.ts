// Hostile authored files, one of each kind the readers refuse (an alias bomb, a section named like a prototype key, a
// file over the size limit, a NUL byte, nesting past the depth limit), written into a copy of the authored files, with
// the one line each must stop the build with.
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {expect} from "vitest";
import {edit} from "../build/dev-server.js";

/** Writes the hostile files into copy; returns the line each stops the build with. */
export function writeHostileFiles(copy: string): string[] {
  const aliasBomb = [
    "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
    ..."bcdefghi".split("").map((name, i) => `${name}: &${name} [${Array(9).fill(`*${"abcdefgh"[i]}`).join(", ")}]`),
  ].join("\n");
  edit(copy, "data/items/example-1.md", "---\n", `---\n${aliasBomb}\n`);
  edit(copy, "data/items/example-2.md", "## Request", "## constructor\n\nx\n\n## Request");
  writeFileSync(join(copy, "data/items/example-3.md"), `---\nid: example-3\n---\n${"> ".repeat(31_500_000)}x\n`);
  edit(copy, "data/items/example-4.md", "## Response\n", "## Response\n\n\0\n");
  edit(copy, "data/case-study.yaml", "problem:", `${aliasBomb}\nproblem:`);
  edit(copy, "guideline/v2/guideline.yaml", "version: v2", `deep: ${"[".repeat(5000)}${"]".repeat(5000)}\nversion: v2`);
  const example4 = readFileSync(join(copy, "data/items/example-4.md"), "utf8");
  return [
    "data/items/example-1.md: YAML aliases in the front matter copy anchored values more than 100 times, " +
      "the most allowed: write the values out instead",
    'data/items/example-2.md at ## constructor: unknown section: expected one of "## request", "## request gloss", ' +
      '"## response", "## response gloss"',
    "data/items/example-3.md: larger than 64 kB, the most an item file may hold: shorten it",
    `data/items/example-4.md: holds a NUL byte (line ${example4.split("\n").indexOf("\0") + 1}): remove it`,
    "data/case-study.yaml: YAML aliases copy anchored values more than 100 times, the most allowed: " +
      "write the values out instead",
    "guideline/v2/guideline.yaml: YAML nests deeper than 32 levels of mappings and lists: flatten it",
  ];
}

/** A stack trace's line, or a JavaScript error's name: never in what an author is shown. */
export function expectNoJavaScriptError(output: string): void {
  expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(output).not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/);
}

// Framework 1.13 emits the project's own modules (_import/) transpiled but not minified, and every trainee page
// loads them: scripts/postbuild.ts minifies them in place. The browser tests check that the minified site works.
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {pathToFileURL} from "node:url";
import {afterEach, describe, expect, it} from "vitest";
import {minifyModules} from "../../scripts/postbuild.js";
import {distDir} from "../browser/site.js";

const modulesOf = (dist: string) =>
  readdirSync(join(dist, "_import"), {recursive: true, encoding: "utf8"})
    .filter((file) => file.endsWith(".js"))
    .sort();

describe("the built site's modules", () => {
  it("are minified: no comment lines, no indentation", () => {
    if (!existsSync(join(distDir, "_import")))
      throw new Error(`no built site at ${distDir}: run \`npm run build\` before this test`);
    const modules = modulesOf(distDir);
    expect(modules.length).toBeGreaterThan(10);
    const unminified = modules.filter((module) => {
      const lines = readFileSync(join(distDir, "_import", module), "utf8").split("\n");
      // A library's licence notice (/*! … */, //! …) stays, as the licence asks; any other comment would not. A line
      // after one ending in a backtick is the text of a template literal (marked's, in the case editor's bundle).
      return lines.some(
        (line, at) =>
          /^\s*(\/\/(?!!)|\/\*(?!!))/.test(line) || (line.startsWith("  ") && !lines[at - 1]?.endsWith("`")),
      );
    });
    expect(unminified).toEqual([]);
  });

  it("import only files that exist, by the names the build gave them", () => {
    let imports = 0;
    const missing = modulesOf(distDir).flatMap((module) => {
      const code = readFileSync(join(distDir, "_import", module), "utf8");
      const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*"(\.\.?\/[^"]+)"/g)].map((match) => match[1]!);
      imports += specifiers.length;
      return specifiers
        .filter((specifier) => !existsSync(join(distDir, "_import", dirname(module), specifier)))
        .map((specifier) => `${module} -> ${specifier}`);
    });
    expect(missing).toEqual([]);
    expect(imports).toBeGreaterThan(20);
  });
});

describe("minifyModules", () => {
  let dist = "";
  const write = (file: string, code: string) => {
    mkdirSync(dirname(join(dist, file)), {recursive: true});
    writeFileSync(join(dist, file), code);
  };
  afterEach(() => rmSync(dist, {recursive: true, force: true}));

  it("keeps the file names, the imports and the exports", async () => {
    dist = mkdtempSync(join(tmpdir(), "rater-notebook-minify-"));
    write(
      "_import/lib/words.1234abcd.js",
      '// Labels.\nexport const labels = {met: "met"};\nexport function label(value) {\n  return labels[value] ?? value;\n}\n',
    );
    write(
      "_import/components/card.5678ef90.js",
      'import { label } from "../lib/words.1234abcd.js";\n\n/** A card. */\nexport function Card(value) {\n' +
        "  const text = label(value);\n  return `card: ${text}`;\n}\nexport default Card;\n",
    );
    write("_file/data/items.json", '{\n  "kept": true\n}\n');
    const {modules, before, after} = minifyModules(dist);
    expect(modules).toBe(2);
    expect(after).toBeLessThan(before);
    const card = readFileSync(join(dist, "_import/components/card.5678ef90.js"), "utf8");
    expect(card).toContain('from"../lib/words.1234abcd.js"');
    expect(card).not.toMatch(/A card|\n {2}/);
    // Only modules: a data file is left as it was.
    expect(readFileSync(join(dist, "_file/data/items.json"), "utf8")).toBe('{\n  "kept": true\n}\n');
    const loaded = (await import(pathToFileURL(join(dist, "_import/components/card.5678ef90.js")).href)) as {
      Card: (value: string) => string;
      default: unknown;
    };
    expect(loaded.Card("met")).toBe("card: met");
    expect(loaded.default).toBe(loaded.Card);
  });

  it("fails, naming the module, on one it cannot parse", () => {
    dist = mkdtempSync(join(tmpdir(), "rater-notebook-minify-"));
    write("_import/lib/ok.js", "export const ok = 1;\n");
    write("_import/lib/broken.js", "export const = ;\n");
    expect(() => minifyModules(dist)).toThrow(/^postbuild: cannot minify _import\/lib\/broken\.js: /);
  });
});

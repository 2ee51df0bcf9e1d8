// The house rules of issue 17 that a reader cannot see from one file: where modules live, that a concept keeps to one
// file (issue 32) and the shape a component keeps. Each rule names the files that break it.
import {lstatSync, readdirSync, readFileSync, statSync} from "node:fs";
import {join, relative, resolve} from "node:path";
import ts from "typescript";
import {describe, expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../../..");

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** The repository's files below `dir` whose names end in `ending`. */
const filesOf = (dir: string, ending: RegExp): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    // src/lib is a link to lib/, for Framework: lib/ is read once, as itself.
    if (lstatSync(join(root, path)).isSymbolicLink()) return [];
    if (statSync(join(root, path)).isDirectory()) return filesOf(path, ending);
    return ending.test(name) ? [path] : [];
  });

/** The modules and pages each module is imported by (statically, for its types, or loaded later), by path. */
function importersOf(): Map<string, string[]> {
  const product = ["lib", "src", "scripts", "bench"].flatMap((dir) => filesOf(dir, /\.(ts|md)$/));
  const files = [...product, ...filesOf("test", /\.ts$/), "observablehq.config.ts"];
  const importers = new Map<string, string[]>();
  for (const file of files)
    for (const [, spec] of readFileSync(join(root, file), "utf8").matchAll(
      /(?:from|import\(?)\s*"(\.{1,2}\/[^"]+)"/g,
    )) {
      const target = relative(root, resolve(root, file, "..", spec!))
        .replace(/\.js$/, ".ts")
        .replace(/^src\/lib\//, "lib/");
      importers.set(target, [...(importers.get(target) ?? []), file]);
    }
  return importers;
}
const importers = importersOf();
const isTest = (file: string) => file.startsWith("test/");

/**
 * The modules of `files` that another product module alone imports (lib/, src/, scripts/, bench/, the pages), with no
 * test of their own (a test file that imports them): a part of that module, which belongs in it. `among` narrows
 * the importers that count (a component's parts). Each entry of `kept` names a module that stays apart, and why: an
 * entry that no longer applies is named too, so the list cannot outlive its reasons.
 */
function partsApart(files: string[], kept: Record<string, string>, among: (importer: string) => boolean = () => true) {
  const apart = files.flatMap((file) => {
    const by = importers.get(file) ?? [];
    const users = [...new Set(by.filter((importer) => !isTest(importer)))];
    return users.length === 1 && among(users[0]!) && !by.some(isTest) ? [`${file}: imported by ${users[0]} alone`] : [];
  });
  const stale = Object.keys(kept).filter((file) => !apart.some((line) => line.startsWith(`${file}:`)));
  return {apart: apart.filter((line) => !(line.split(":")[0]! in kept)), stale};
}

/** lib/ modules that one other module alone imports, with no test of their own, kept apart: why. */
const libApart: Record<string, string> = {};

/** Components that one other component alone imports, with no test of their own, kept apart: why. */
const componentsApart: Record<string, string> = {
  "src/components/transfer.ts":
    "moving a record between browsers (export, import): its own concept, shown on the results page",
  "src/components/ruling.ts":
    "loaded apart, with import(), once a part's first item is painted (docs/contributing.md, Loading)",
};

describe("lib/", () => {
  it("holds folders named for the product, and no module at its top", () => {
    const entries = readdirSync(join(root, "lib"));
    expect(entries.filter((name) => name.endsWith(".ts"))).toEqual([]);
    expect(entries.sort()).toEqual(
      ["agreement", "authored", "authoring", "engine", "judges", "node", "probes", "site", "text", "trainee"].sort(),
    );
  });

  it("keeps a decision in one module: a module that one other alone imports has tests of its own, or joins it", () => {
    const {apart, stale} = partsApart(tsFiles("lib"), libApart);
    expect(apart).toEqual([]);
    expect(stale).toEqual([]);
  });

  // Issue 32 item 4: comments say why, and a tenth of the lines is room enough for that (Framework's and Plot's
  // sources are about 7%). A line counts when it holds only comment text; blank lines count on neither side.
  it("keeps comment lines within a tenth of lib/'s lines", () => {
    let comments = 0;
    let lines = 0;
    const folders = new Map<string, [number, number]>();
    for (const file of tsFiles("lib")) {
      const text = readFileSync(join(root, file), "utf8");
      const inComment = new Set<number>();
      const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
      const lineOf = (at: number) => text.slice(0, at).split("\n").length;
      for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan())
        if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia)
          for (let line = lineOf(scanner.getTokenStart()); line <= lineOf(scanner.getTokenEnd()); line++)
            inComment.add(line);
      const folder = file.split("/").slice(0, 2).join("/");
      const tally = folders.get(folder) ?? [0, 0];
      text.split("\n").forEach((line, index) => {
        if (!line.trim()) return;
        tally[1]++;
        if (inComment.has(index + 1) && /^\s*(\/\/|\/\*|\*)/.test(line)) tally[0]++;
      });
      folders.set(folder, tally);
    }
    for (const [c, n] of folders.values()) [comments, lines] = [comments + c, lines + n];
    const byFolder = [...folders].map(([folder, [c, n]]) => `${folder} ${((100 * c) / n).toFixed(1)}%`).join(", ");
    expect(comments / lines, `${comments} of ${lines} lines are comments (${byFolder})`).toBeLessThanOrEqual(0.1);
  });
});

describe("src/components/", () => {
  const components = tsFiles("src/components");

  it("keeps a component and its private parts in one module, unless a part is its own concept with its own test", () => {
    const {apart, stale} = partsApart(components, componentsApart, (importer) =>
      importer.startsWith("src/components/"),
    );
    expect(apart).toEqual([]);
    expect(stale).toEqual([]);
  });

  it("holds only modules that build DOM, themselves or through another component", () => {
    const buildsDom = (text: string) =>
      /\b(el|svg|document|HTMLElement|Element)\b/.test(text) || /^import \{[^}]*\} from "\.\/[\w-]+\.js";$/m.test(text);
    const noDom = components.filter((file) => !buildsDom(readFileSync(join(root, file), "utf8")));
    expect(noDom).toEqual([]);
  });

  // Issue 32 item 2: one shape for every exported component, stateless or not: Name(data, {options} = {}), returning
  // a node, or a Live node (src/components/dom.ts) for a part that changes while shown: its state, an update from
  // lib/, a view, effects after the patch. A lower-case export is no escape: a helper that builds no DOM is a
  // decision and lives in lib/. dom.ts (the DOM builder and the model's runtime) is the exception.
  it("gives every exported component one shape: Name(data, {options} = {}) returning a node or a Live node", () => {
    const off: string[] = [];
    for (const file of components) {
      if (file === "src/components/dom.ts") continue;
      const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
      const exported = (node: ts.Node) =>
        ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const functions: [string, ts.SignatureDeclaration][] = [];
      for (const statement of source.statements) {
        if (!exported(statement)) continue;
        if (ts.isFunctionDeclaration(statement) && statement.name) functions.push([statement.name.text, statement]);
        if (ts.isVariableStatement(statement))
          for (const declaration of statement.declarationList.declarations) {
            const value = declaration.initializer;
            if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
              functions.push([declaration.name.getText(source), value]);
          }
      }
      for (const [name, signature] of functions) {
        const where = `${file}: ${name}`;
        if (!/^[A-Z]/.test(name)) {
          off.push(
            `${where} is a lower-case export: a component is Name(data, {options} = {}), and a helper that builds no DOM belongs in lib/`,
          );
          continue;
        }
        const [, options, ...rest] = signature.parameters;
        if (rest.length) off.push(`${where} takes ${signature.parameters.length} parameters`);
        if (options && !(options.initializer || options.questionToken))
          off.push(`${where}: its options are not optional`);
        const returns = signature.type?.getText(source);
        const aNode =
          /^(Promise<)?(HTML\w*Element|SVG\w*Element|Element|Node|DocumentFragment|Live<.+>)>?( \| null)?$/s;
        if (!returns) off.push(`${where} does not declare what it returns`);
        else if (!aNode.test(returns)) off.push(`${where} returns ${returns}, not a node`);
      }
    }
    expect(off).toEqual([]);
  });
});

describe("what may run where", () => {
  it("keeps the browser worker away from components", () => {
    const imports = tsFiles("src/workers").flatMap((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(/from "([^"]+)"/g)].map((m) => `${file} -> ${m[1]}`),
    );
    expect(imports.filter((line) => line.includes("/components/"))).toEqual([]);
  });
});

describe("test/", () => {
  const kinds = ["browser", "build", "cli", "unit"];

  it("holds a folder per kind of test (vitest.config.ts's projects), the fixtures, and no test at its top", () => {
    const entries = readdirSync(join(root, "test"));
    const folders = entries.filter((name) => statSync(join(root, "test", name)).isDirectory());
    expect(folders.sort()).toEqual([...kinds, "fixtures"].sort());
    expect(entries.filter((name) => name.endsWith(".test.ts"))).toEqual([]);
  });

  it("keeps Chromium to the browser and build tests, and a command's own process to the command tests", () => {
    // This file names what it looks for.
    const testModules = (kind: string) =>
      tsFiles(`test/${kind}`).filter((file) => file !== "test/unit/lint/house.test.ts");
    const off: string[] = [];
    for (const kind of ["unit", "cli"])
      for (const file of testModules(kind)) {
        const text = readFileSync(join(root, file), "utf8");
        if (/from "playwright-core"|\/browser\/site\.js"/.test(text)) off.push(`${file} drives a browser`);
        if (/scripts\/build\.ts|"build"\]/.test(text)) off.push(`${file} builds`);
      }
    // A unit test may start a system tool it checks against (tar, mkfifo, the lint script), never a command of ours.
    for (const file of testModules("unit"))
      if (/scripts\/[\w-]+\.ts/.test(readFileSync(join(root, file), "utf8").replace(/^\s*(\/\/|\*).*$/gm, "")))
        off.push(`${file} starts a command: it belongs in test/cli/`);
    expect(off).toEqual([]);
  });
});

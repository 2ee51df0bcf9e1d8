// The house rules of issue 17 that a reader cannot see from one file: where modules live, how long they grow and
// the shape a component keeps. Each rule names the files that break it.
import {readdirSync, readFileSync, statSync} from "node:fs";
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
const lineCount = (file: string): number => readFileSync(join(root, file), "utf8").trimEnd().split("\n").length;
/** The comment a module opens with: its leading `//` lines or its first block comment. */
function firstComment(file: string): string {
  const text = readFileSync(join(root, file), "utf8");
  const block = /^\/\*\*?([\s\S]*?)\*\//.exec(text);
  if (block) return block[1]!;
  return (/^(?:\/\/.*\n)+/.exec(text)?.[0] ?? "").replace(/^\/\/ ?/gm, "");
}

describe("lib/", () => {
  it("holds folders named for the product, and no module at its top", () => {
    const entries = readdirSync(join(root, "lib"));
    expect(entries.filter((name) => name.endsWith(".ts"))).toEqual([]);
    expect(entries.sort()).toEqual(
      ["agreement", "authored", "authoring", "engine", "judges", "node", "probes", "site", "text", "trainee"].sort(),
    );
  });

  it("keeps each module within 300 lines, or says in its first comment why it is long", () => {
    const long = tsFiles("lib")
      .filter((file) => lineCount(file) > 300)
      .filter((file) => !/\blong\b/i.test(firstComment(file)))
      .map((file) => `${file}: ${lineCount(file)} lines`);
    expect(long).toEqual([]);
  });
});

describe("src/components/", () => {
  const components = tsFiles("src/components");

  it("keeps each component within 250 lines", () => {
    const long = components.filter((file) => lineCount(file) > 250).map((file) => `${file}: ${lineCount(file)} lines`);
    expect(long).toEqual([]);
  });

  it("holds only modules that build DOM, themselves or through another component", () => {
    const buildsDom = (text: string) =>
      /\b(el|svg|document|HTMLElement|Element)\b/.test(text) || /^import \{[^}]*\} from "\.\/[\w-]+\.js";$/m.test(text);
    const noDom = components.filter((file) => !buildsDom(readFileSync(join(root, file), "utf8")));
    expect(noDom).toEqual([]);
  });

  it("gives every exported component Framework's shape: Name(data, {options} = {}) returning a node", () => {
    const off: string[] = [];
    for (const file of components) {
      const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
      for (const statement of source.statements) {
        if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
        const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        const name = statement.name.text;
        if (!exported || !/^[A-Z]/.test(name)) continue;
        const [, options, ...rest] = statement.parameters;
        const where = `${relative(root, join(root, file))}: ${name}`;
        if (rest.length) off.push(`${where} takes ${statement.parameters.length} parameters`);
        if (options && !(options.initializer || options.questionToken))
          off.push(`${where}: its options are not optional`);
        const returns = statement.type?.getText(source);
        const aNode = /^(Promise<)?(HTML\w*Element|SVG\w*Element|Element|Node|DocumentFragment)>?( \| null)?$/;
        if (returns && !aNode.test(returns)) off.push(`${where} returns ${returns}, not a node`);
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

// What runs in the browser never imports node:* or full zod. ESLint's no-restricted-imports enforces it on every
// module outside eslint.config.js's Node-only places (lib/node/, *.node.ts) and schemas (lib/authored/schemas/); these
// tests show the rule fires, and that every module a page reaches through a value import is one the rule covers, so no
// page can pull in a Node-only module unnoticed.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import {ESLint} from "eslint";
import ts from "typescript";
import {describe, expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({cwd: root});

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: join(root, filePath)});
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the browser-safe import rule", () => {
  const forbidden =
    'import {readFileSync} from "node:fs";\nimport {z} from "zod";\nexport const x = [readFileSync, z];\n';

  it("fires on node:* and zod in a component and in a lib module a page imports", async () => {
    for (const file of ["src/components/example.ts", "lib/probes/score.ts", "lib/engine/derive.ts"]) {
      const messages = await restrictedImports(forbidden, file);
      expect(messages, file).toHaveLength(2);
      expect(messages[0]).toMatch(/runs in the browser/);
      expect(messages[1]).toMatch(/full zod/);
    }
  });

  it("lets a schema import zod but not node:*, and a page reach neither", async () => {
    const messages = await restrictedImports(forbidden, "lib/authored/schemas/item.ts");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/runs in the browser/);
  });

  it("allows a type-only zod import, and both in Node-only modules", async () => {
    expect(
      await restrictedImports('import type {z} from "zod";\nexport type T = z.ZodType;\n', "lib/engine/rubric.ts"),
    ).toEqual([]);
    expect(await restrictedImports(forbidden, "lib/node/load.ts")).toEqual([]);
    expect(await restrictedImports(forbidden, "lib/probes/runs.node.ts")).toEqual([]);
    expect(await restrictedImports(forbidden, "src/data/items.json.ts")).toEqual([]);
  });
});

/** Relative value imports of a module (type-only imports and exports are erased and never reach the browser). */
function valueImports(code: string, file: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause?.isTypeOnly ||
        (clause && !clause.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly));
      if (!allTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers.filter((specifier) => specifier.startsWith("."));
}

/** The JavaScript cells of a Framework page. */
const pageCode = (markdown: string): string =>
  [...markdown.matchAll(/^```(?:js|javascript)[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]).join("\n");

/** A page's import as a file on disk: src/lib is a link to lib/, and .js names the .ts source. */
function resolveImport(from: string, specifier: string): string {
  const target = relative(root, resolve(dirname(join(root, from)), specifier)).replace(/^src\/lib\//, "lib/");
  return target.replace(/\.js$/, ".ts");
}

function pages(dir = "src"): string[] {
  return readdirSync(join(root, dir), {withFileTypes: true}).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "lib" || entry.name.startsWith(".") ? [] : pages(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

it("covers every module a page reaches through a value import", async () => {
  const reached = new Set<string>();
  const queue: string[] = [];
  for (const page of pages()) {
    for (const specifier of valueImports(pageCode(readFileSync(join(root, page), "utf8")), page)) {
      if (!specifier.startsWith("./data/") && !specifier.startsWith("../data/"))
        queue.push(resolveImport(page, specifier));
    }
  }
  while (queue.length) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of valueImports(readFileSync(join(root, file), "utf8"), file)) {
      queue.push(resolveImport(file, specifier));
    }
  }
  expect(reached.size).toBeGreaterThan(3);
  const uncovered: string[] = [];
  for (const file of reached) {
    const config = await eslint.calculateConfigForFile(join(root, file));
    const rule = config?.rules?.["no-restricted-imports"];
    const patterns: {regex?: string}[] = Array.isArray(rule) ? (rule[1]?.patterns ?? []) : [];
    const on = Array.isArray(rule) && rule[0] === 2;
    if (!on || !patterns.some((p) => p.regex === "^node:") || !patterns.some((p) => p.regex?.startsWith("^zod")))
      uncovered.push(file);
  }
  expect(uncovered, "modules a page imports that eslint.config.js treats as Node-only").toEqual([]);
});

// A probe module's name says where it may run: `<name>.node.ts` exactly when it needs Node at run time, that is
// when it imports node:* or zod (not only its types), or by value a module that does, at any depth. Type-only
// imports are erased, so a browser-safe module may name a .node.ts module's types.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import ts from "typescript";
import {expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const probesDir = "lib/probes";

/** The specifiers a module imports or re-exports by value (type-only ones are left out). */
function valueSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

const reasons = new Map<string, string | null>();

/** Why a module needs Node at run time (the import that reaches node:* or zod), or null when it does not. */
function needsNode(file: string): string | null {
  const known = reasons.get(file);
  if (known !== undefined) return known;
  reasons.set(file, null); // an import cycle adds nothing
  let why: string | null = null;
  for (const specifier of valueSpecifiers(file)) {
    if (specifier.startsWith("node:") || /^zod(\/v4)?$/.test(specifier)) why = `imports ${specifier}`;
    else if (specifier.startsWith(".")) {
      const target = relative(root, resolve(dirname(join(root, file)), specifier)).replace(/\.js$/, ".ts");
      if (needsNode(target) !== null) why = `imports ${target}`;
    }
    if (why) break;
  }
  reasons.set(file, why);
  return why;
}

it("a probe module is named .node.ts exactly when it needs Node at run time", () => {
  const modules = readdirSync(join(root, probesDir)).filter((name) => name.endsWith(".ts"));
  expect(modules.length).toBeGreaterThan(10);
  const misnamed = modules.flatMap((name) => {
    const why = needsNode(`${probesDir}/${name}`);
    const suffixed = name.endsWith(".node.ts");
    if (why && !suffixed) return [`${name} ${why} but is not named .node.ts`];
    if (!why && suffixed) return [`${name} is named .node.ts but imports nothing that needs Node`];
    return [];
  });
  expect(misnamed).toEqual([]);
});

it("tells a module that needs Node from one that names only its types", () => {
  expect(needsNode(`${probesDir}/load.node.ts`)).toBe("imports node:fs");
  expect(needsNode(`${probesDir}/check-probes.node.ts`)).toMatch(/^imports lib\/probes\/.+\.node\.ts$/);
  expect(needsNode(`${probesDir}/select.node.ts`)).toBe("imports lib/node/cli.ts");
  // score.ts imports the schema's types alone.
  expect(readFileSync(join(root, probesDir, "score.ts"), "utf8")).toMatch(
    /import type \{[^}]*\} from "\.\/schema\.node\.js"/,
  );
  expect(needsNode(`${probesDir}/score.ts`)).toBeNull();
});

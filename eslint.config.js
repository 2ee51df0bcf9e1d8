// ESLint: typescript-eslint's recommended rules, Prettier owns the layout, and one rule that matters more than
// style: what runs in the browser never imports node:* or zod (zod's full build alone is ~450 kB).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Where a module may use Node or full zod is set by its place, not a list:
 * - lib/node/ and any `*.node.ts` module run only in Node (the build's data, the command lines, file readers);
 * - lib/authored/schemas/ holds the zod schemas of the authored files: the build validates with them, and a page
 *   imports their types only (a type import is erased, so zod never reaches the browser);
 * - everything else under lib/ and src/ may be imported by a page and must stay browser-safe.
 * test/unit/lint/browser-safe.test.ts checks that no page reaches a Node-only module or a schema through a value
 * import.
 */
export const nodeOnlyPlaces = [
  "lib/node/**",
  "**/*.node.ts",
  "src/data/**",
  "scripts/**",
  "bench/**",
  "test/**",
  "*.config.ts",
  "*.config.js",
];

/** The authored files' zod schemas: Node-only for their values, but they import nothing from node:*. */
export const schemaPlaces = ["lib/authored/schemas/**"];

const noNode = {
  regex: "^node:",
  message: "a module a page imports runs in the browser: keep Node-only code in a data loader or a Node-only module",
};
const noFullZod = {
  regex: "^zod(/v4)?$",
  allowTypeImports: true,
  message:
    "full zod is ~450 kB in every trainee's browser: validate authored files in a data loader, " +
    "or use zod/mini for imported files",
};

export const browserSafeRule = {"no-restricted-imports": ["error", {patterns: [noNode, noFullZod]}]};
const schemaRule = {"no-restricted-imports": ["error", {patterns: [noNode]}]};

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-*/",
      ".dist-build/",
      ".dist-old/",
      "node_modules/",
      "src/.observablehq/",
      "src/lib/",
      "test/fixtures/",
      "scratch/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", {argsIgnorePattern: "^_", varsIgnorePattern: "^_"}],
      "@typescript-eslint/consistent-type-imports": ["error", {fixStyle: "inline-type-imports"}],
    },
  },
  {files: ["lib/**/*.ts", "src/**/*.ts"], ignores: [...nodeOnlyPlaces, ...schemaPlaces], rules: browserSafeRule},
  {files: schemaPlaces, rules: schemaRule},
  prettier,
  // eslint-config-prettier switches max-len off; long lines are a reading problem, not a formatting one.
  {rules: {"max-len": ["error", {code: 120, ignoreUrls: true}]}},
  // A test quotes whole messages (inline snapshots, expected errors): those strings stay on one line.
  {
    files: ["test/**"],
    rules: {"max-len": ["error", {code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true}]},
  },
);

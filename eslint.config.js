// ESLint: typescript-eslint's recommended rules, Prettier owns the layout, and one rule that matters more than
// style: what runs in the browser never imports node:* or zod (zod's full build alone is ~450 kB).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Modules that run only in Node: data loaders, CLIs, schemas that validate authored files, file readers.
 * Everything else under lib/ and src/ may be imported by a page and must stay browser-safe.
 * test/lint/browser-safe.test.ts checks that no page reaches one of these through a value import.
 */
export const nodeOnlyModules = [
  // schemas (zod) that validate authored files at build time; pages import their types only
  "lib/verdict.ts",
  "lib/parameters.ts",
  "lib/item.ts",
  "lib/guideline.ts",
  "lib/parts.ts",
  "lib/content.ts",
  "lib/probes/schema.node.ts",
  // the trainee's export file in zod, for the coordinator's command line; pages use transfer.ts's superstruct
  "lib/trainee/transfer-zod.ts",
  // the parameters' domains read from the zod schema, and the guideline check that tries them
  "lib/parameter-domains.ts",
  "lib/check.ts",
  // file readers and writers, YAML and Markdown parsing, hashing
  "lib/load.ts",
  "lib/site-data.ts",
  "lib/item-file.ts",
  "lib/probes/load.node.ts",
  "lib/probes/load-runs.node.ts",
  "lib/probes/files.node.ts",
  "lib/probes/hash.node.ts",
  "lib/probes/runs.node.ts",
  "lib/probes/check-probes.node.ts",
  "lib/probes/select.node.ts",
  "lib/probes/index.node.ts",
  // the command lines' shared argument handling (node:util, node:fs)
  "lib/cli.ts",
  // a file read with its size capped (node:fs): the command lines, the authored files' and the run files' loaders
  "lib/read-file.ts",
  // the agreement CLI's file reader (through lib/cli.ts)
  "lib/agreement/read-files.ts",
  "src/data/**",
  "scripts/**",
  "bench/**",
  "test/**",
  "*.config.ts",
  "*.config.js",
];

export const browserSafeRule = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: "^node:",
          message:
            "a module a page imports runs in the browser: keep Node-only code in a data loader or a Node-only module",
        },
        {
          regex: "^zod(/v4)?$",
          allowTypeImports: true,
          message:
            "full zod is ~450 kB in every trainee's browser: validate authored files in a data loader, " +
            "or use zod/mini for imported files",
        },
      ],
    },
  ],
};

export default tseslint.config(
  {ignores: ["dist/", "node_modules/", "src/.observablehq/", "src/lib/", "test/fixtures/", "scratch/"]},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", {argsIgnorePattern: "^_", varsIgnorePattern: "^_"}],
      "@typescript-eslint/consistent-type-imports": ["error", {fixStyle: "inline-type-imports"}],
    },
  },
  {files: ["lib/**/*.ts", "src/**/*.ts"], ignores: nodeOnlyModules, rules: browserSafeRule},
  prettier,
  // eslint-config-prettier switches max-len off; long lines are a reading problem, not a formatting one.
  {rules: {"max-len": ["error", {code: 120, ignoreUrls: true}]}},
  // A test quotes whole messages (inline snapshots, expected errors): those strings stay on one line.
  {
    files: ["test/**"],
    rules: {"max-len": ["error", {code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true}]},
  },
);

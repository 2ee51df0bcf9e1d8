// The schema libraries a page that promises to load none must not load: zod (full, or zod/mini, whether as a path
// under zod or as the @zod/mini package) and superstruct, the trainee record's validator. A module counts by its
// place in the build (`_node/zod@4.1.12/index.js`, `_node/superstruct@2.0.2/index.js`). Shared by the build test
// (test/build/page-modules.test.ts) and the bench (bench/case-editor-page.ts).
const schemaLibraryModule = /(^|\/)(zod|@zod\/mini|superstruct)[@/]/;

/** The modules of `modules` that are a schema library's. */
export const schemaLibraryModules = (modules: readonly string[]): string[] =>
  modules.filter((module) => schemaLibraryModule.test(module));

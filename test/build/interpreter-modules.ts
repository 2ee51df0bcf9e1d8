// The guideline's interpreter (issue 31 item 8): lib/engine's CEL adapter, compiled logic, rules and rubric, and the
// CEL library they run on (@marcbachmann/cel-js). A module counts by its place in the build, with or without its
// content hash (`_import/lib/engine/cel.a08a063a.js`, `_node/@marcbachmann/cel-js@8.0.0/index.js`). Shared by the
// build test (test/build/page-modules.test.ts) and the bench (bench/first-item.ts).
const interpreterModule =
  /^(_import\/lib\/engine\/(cel|logic|rules|rubric)(\.[0-9a-f]{8})?\.js|_node\/@marcbachmann\/cel-js@)/;

/** Whether a built module (its path under dist, the `.js` and content hash optional) is the interpreter's. */
export const isInterpreterModule = (module: string): boolean =>
  interpreterModule.test(/\.js$/.test(module) ? module : `${module}.js`);

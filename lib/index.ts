// Pure, DOM-free logic. Browser-safe modules only: load.ts (node:fs) is imported directly by loaders and CLIs.
export * from "./verdict.js";
export * from "./parameters.js";
export * from "./item.js";
export * from "./guideline.js";
export * from "./rules.js";
export * from "./rubric.js";
export * from "./engine.js";
export * from "./problems.js";
export * from "./check.js";
export * from "./parts.js";
export * from "./coverage.js";

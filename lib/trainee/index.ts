// The pure logic the trainee pages call: browser-safe (no DOM, no node:*, no full zod, no clock).
export * from "./progress.js";
export * from "./step1.js";
export * from "./implied.js";
export * from "./compare.js";
export * from "./self-check.js";
export * from "./results.js";
export * from "./transfer.js";

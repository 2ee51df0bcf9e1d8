// Probes: versioned prompts with regex rules, scored deterministically. Node-only as a whole (load, hash,
// runs and check-probes read files); pages import score.js and request.js directly.
export * from "./schema.js";
export * from "./score.js";
export * from "./check.js";
export * from "./request.js";
export * from "./runner.js";
export * from "./hash.js";
export * from "./pattern.js";
export * from "./load.js";
export * from "./runs.js";
export * from "./view.js";
export * from "./secrets.js";
export * from "./limits.js";
export * from "./check-probes.js";
export * from "./select.js";

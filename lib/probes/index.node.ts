// Probes: versioned prompts with regex rules, scored deterministically. Node-only as a whole (load, hash,
// runs and check-probes read files); pages import score.js and request.js directly.
export * from "./schema.node.js";
export * from "./run-metadata.js";
export * from "./score.js";
export * from "./check.js";
export * from "./request.js";
export * from "./runner.js";
export * from "./chat-call.js";
export * from "./runner-error.js";
export * from "./endpoint-call.js";
export * from "./hash.node.js";
export * from "./pattern.js";
export * from "./load.node.js";
export * from "./load-runs.node.js";
export * from "./runs.node.js";
export * from "./view.js";
export * from "./secrets.js";
export * from "./secret-fields.js";
export * from "./limits.js";
export * from "./check-probes.node.js";
export * from "./select.node.js";

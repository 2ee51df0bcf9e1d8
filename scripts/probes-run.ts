// npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--key-env NAME]
//   [--timeout SECONDS] [--retries N] [--root DIR]
// Sends the version's prompt with its parameters to an OpenAI-compatible chat-completions endpoint and
// records the run in data/runs/. The key comes from an environment variable and is never written or printed.
import {resolve} from "node:path";
import {parseArgs} from "node:util";
import {
  defaultKeyVariable,
  formatTotal,
  loadProbes,
  runProbe,
  writeRun,
  type FetchLike,
  type Sleep,
} from "../lib/probes/index.js";

const defaultBaseUrl = "https://openrouter.ai/api/v1";

function fail(message: string, code = 2): never {
  console.error(`probes:run: ${message}`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      "model": {type: "string"},
      "version": {type: "string"},
      "base-url": {type: "string", default: defaultBaseUrl},
      "key-env": {type: "string", default: defaultKeyVariable},
      "timeout": {type: "string", default: "120"},
      "retries": {type: "string", default: "3"},
      "root": {type: "string", default: "."},
    },
  });
} catch (error) {
  fail((error as Error).message.toLowerCase());
}
const {values, positionals} = parsed;
const [name] = positionals;
if (!name || !values.model)
  fail("usage: npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--timeout 120]");
const timeoutSeconds = Number(values.timeout);
if (!(timeoutSeconds > 0)) fail(`--timeout: expected a number of seconds, got "${values.timeout}"`);
const retries = Number(values.retries);
if (!Number.isInteger(retries) || retries < 0) fail(`--retries: expected a whole number, got "${values.retries}"`);
let endpoint: string;
try {
  endpoint = `${new URL(values["base-url"]).href.replace(/\/+$/, "")}/chat/completions`;
} catch {
  fail(`--base-url: not a url: "${values["base-url"]}"`);
}
const apiKey = process.env[values["key-env"]] ?? "";
if (apiKey.trim() === "") fail(`missing api key: set the environment variable ${values["key-env"]}`);

const root = resolve(values.root);
const loaded = loadProbes(root, {backtracking: false});
const probe = loaded.probes.find((p) => p.probe === name);
if (!probe)
  fail(`unknown probe "${name}": expected one of ${loaded.probes.map((p) => p.probe).join(", ") || "(none)"}`);
const version = values.version ? probe.versions.find((v) => v.data.version === values.version) : probe.versions.at(-1);
if (!version)
  fail(
    `unknown version "${values.version}" of ${name}: expected one of ${probe.versions.map((v) => v.data.version).join(", ")}`,
  );

const sleep: Sleep = (ms, signal) =>
  new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      done();
    });
  });

console.log(`probes:run: ${name} ${version.data.version} on ${values.model} via ${new URL(endpoint).host}`);
const outcome = await runProbe({
  version: version.data,
  versionHash: version.hash,
  model: values.model,
  apiKey,
  endpoint,
  fetch: fetch as unknown as FetchLike,
  now: () => new Date(),
  sleep,
  timeoutMs: timeoutSeconds * 1000,
  maxRetries: retries,
  log: (line) => console.log(`probes:run: ${line}`),
});
if (!outcome.ok) fail(`${outcome.error.message} (nothing recorded)`, 1);
const file = writeRun(root, outcome.run);
const {run} = outcome;
if (run.truncated)
  console.log(
    `probes:run: truncated by the token limit (finish reason "length", maxTokens ${run.parameters.maxTokens}): recorded, not scored`,
  );
else if (run.score)
  console.log(`probes:run: ${formatTotal(run.score.total)} (${run.score.passed} of ${run.score.of} steps)`);
console.log(`probes:run: recorded ${file}`);

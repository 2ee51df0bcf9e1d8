// npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--key-env NAME]
//   [--timeout SECONDS] [--retries N] [--root DIR]
// Sends the version's prompt with its parameters to an OpenAI-compatible chat-completions endpoint and
// records the run in data/runs/. The key comes from an environment variable and is never written or printed.
// Everything that can be checked is checked before the call: flags, the key, the version (valid, released,
// unchanged) and that the run folder is writable.
import {resolve} from "node:path";
import {fail, numberFlag, parseCommandLine, quote, runCli} from "../lib/node/cli.js";
import {
  checkProbes,
  checkRunFolder,
  containsKeyPiece,
  defaultKeyVariable,
  findKeyShaped,
  formatTotal,
  keyProblem,
  maskKeyShaped,
  modelSlugProblem,
  redactKey,
  runProbe,
  RunWriteError,
  selectVersion,
  writeRun,
  type Sleep,
} from "../lib/probes/index.node.js";

const defaultBaseUrl = "https://openrouter.ai/api/v1";
const usage = "npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--timeout 120]";

const sleep: Sleep = (ms, signal) =>
  new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      done();
    });
  });

/**
 * Every key this command knows of: the default variable's from the start (a bad flag may be printed before the
 * chosen variable is read), the chosen one once read. Every line printed is redacted against each, plainly or
 * disguised, and anything else key-shaped is masked: the last guard, after the checks that refuse before printing.
 */
const knownKeys: string[] = [process.env[defaultKeyVariable] ?? ""].filter((key) => key.trim() !== "");
const scrub = (line: string) => maskKeyShaped(knownKeys.reduce((text, key) => redactKey(text, key), line));
const say = (line: string) => console.log(scrub(line));

/** Why a flag's value cannot be printed or used: it holds the key (in any form) or something key-shaped. */
function secretProblem(value: string, apiKey: string): string | null {
  if (containsKeyPiece(value, apiKey)) return "holds the api key or a piece of it";
  const [shaped] = findKeyShaped(value);
  return shaped ? `holds ${shaped.kind} ("${shaped.hint}")` : null;
}

/** A RunWriteError becomes one line (exit 1); anything else is rethrown. */
function writing<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof RunWriteError) fail(`${error.message}; nothing recorded`, 1);
    throw error;
  }
}

async function main(): Promise<void> {
  const {values, positionals} = parseCommandLine(process.argv.slice(2), {
    usage,
    options: {
      "model": {type: "string"},
      "version": {type: "string"},
      "base-url": {type: "string", default: defaultBaseUrl},
      "key-env": {type: "string", default: defaultKeyVariable},
      "timeout": {type: "string", default: "120"},
      "retries": {type: "string", default: "3"},
      "root": {type: "string", default: "."},
    },
    positionals: ["probe"],
  });
  const name = positionals[0]!;
  const model = values.model;
  if (model === undefined) fail(`missing --model <slug>; usage: ${usage}`);
  const keyEnv = values["key-env"];
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv))
    fail(`--key-env: expected an environment variable name like ${defaultKeyVariable}, got ${quote(keyEnv)}`);
  const apiKey = process.env[keyEnv] ?? "";
  if (apiKey.trim() === "") fail(`missing api key: set the environment variable ${keyEnv}`);
  knownKeys.push(apiKey);
  const keyIssue = keyProblem(apiKey);
  if (keyIssue) fail(`the api key in ${keyEnv} ${keyIssue}: set it again`);
  // Nothing prints the model or the base url before they are checked against the key.
  const modelSecret = secretProblem(model, apiKey);
  if (modelSecret) fail(`--model ${modelSecret}: pass the model's slug, like openai/gpt-5-mini`);
  const baseSecret = secretProblem(values["base-url"], apiKey);
  if (baseSecret)
    fail(`--base-url ${baseSecret}: the key goes in its environment variable, never in the url; nothing called`);
  if (!/^[\x21-\x7e]{1,200}$/.test(model))
    fail(`--model: expected a slug like openai/gpt-5-mini (visible ascii, no spaces), got ${quote(model)}`);
  const slugProblem = modelSlugProblem(model);
  if (slugProblem) fail(`--model ${quote(model)} ${slugProblem}: expected a slug like openai/gpt-5-mini`);
  const timeoutSeconds = numberFlag("timeout", values.timeout, {min: 1, max: 600, unit: " seconds"});
  const retries = numberFlag("retries", values.retries, {min: 0, max: 10, whole: true});
  let base: URL;
  try {
    base = new URL(values["base-url"]);
  } catch {
    fail(`--base-url: not a url: ${quote(values["base-url"])}`);
  }
  if (base.protocol !== "https:" && base.protocol !== "http:")
    fail(`--base-url: expected an http or https url, got ${quote(values["base-url"])}`);
  if (base.username || base.password)
    fail("--base-url: holds a user name or password: the key goes in its environment variable, never in the url");
  const endpoint = `${base.href.replace(/\/+$/, "")}/chat/completions`;

  const root = resolve(values.root);
  const selection = selectVersion(checkProbes(root), name, values.version);
  if (!selection.ok) fail(`${selection.message}; nothing called`, selection.kind === "usage" ? 2 : 1);
  const {version} = selection;
  writing(() => checkRunFolder(root, name, version.data.version));

  say(`probes:run: ${name} ${version.data.version} on ${model} via ${new URL(endpoint).host}`);
  const outcome = await runProbe({
    version: version.data,
    versionHash: version.hash,
    model,
    apiKey,
    endpoint,
    fetch,
    now: () => new Date(),
    sleep,
    timeoutMs: timeoutSeconds * 1000,
    maxRetries: retries,
    log: (line) => say(`probes:run: ${line}`),
  });
  if (!outcome.ok) fail(outcome.error.message, 1);
  const {run} = outcome;
  const file = writing(() => writeRun(root, run));
  const {maxTokens} = run.parameters;
  for (const note of run.dropped ?? []) say(`probes:run: ${note}, so it was not recorded`);
  if (run.oversized)
    say(
      `probes:run: oversized (${run.replyBytes} bytes, more than maxTokens ${maxTokens} allows): ` +
        "recorded as an excerpt, not scored",
    );
  else if (run.truncated)
    say(
      `probes:run: truncated by the token limit (finish reason "length", maxTokens ${maxTokens}): recorded, not scored`,
    );
  else if (run.score) say(`probes:run: ${formatTotal(run.score.total)} (${run.score.passed} of ${run.score.of} steps)`);
  say(`probes:run: recorded ${file}`);
}

process.exitCode = await runCli("probes:run", main, {stderr: (line) => console.error(scrub(line))});

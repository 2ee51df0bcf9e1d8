// npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--key-env NAME]
//   [--timeout SECONDS] [--retries N] [--root DIR]
// Sends the version's prompt with its parameters to an OpenAI-compatible chat-completions endpoint and
// records the run in data/runs/. The key comes from an environment variable and is never written or printed.
// Everything that can be checked is checked before the call: flags, the key (lib/node/model-cli.ts, shared with
// judge:run), the version (valid, released, unchanged) and that the run folder is writable.
import {resolve} from "node:path";
import {fail, parseCommandLine, runCli} from "../lib/node/cli.js";
import {modelCall, modelCallFlags, modelCliOutput, sleep, writing} from "../lib/node/model-cli.js";
import {checkProbes, checkRunFolder, formatTotal, runProbe, selectVersion, writeRun} from "../lib/probes/index.node.js";

const usage = "npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--timeout 120]";
const output = modelCliOutput();
const {say} = output;

async function main(): Promise<void> {
  const {values, positionals} = parseCommandLine(process.argv.slice(2), {
    usage,
    options: modelCallFlags({version: {type: "string"}}),
    positionals: ["probe"],
  });
  const name = positionals[0]!;
  const {model, apiKey, endpoint, timeoutMs, maxRetries} = modelCall(values, {usage, output});

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
    timeoutMs,
    maxRetries,
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

process.exitCode = await runCli("probes:run", main, {stderr: (line) => console.error(output.scrub(line))});

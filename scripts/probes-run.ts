// npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--key-env NAME]
//   [--timeout SECONDS] [--retries N] [--root DIR]
// Sends the version's prompt with its parameters to an OpenAI-compatible chat-completions endpoint and
// records the run in data/runs/. The key comes from an environment variable and is never written or printed.
// Everything that can be checked is checked before the call: flags, the key (lib/node/model-cli.ts, shared with
// judge:run), the version (valid, released, unchanged) and that the run folder is writable.
import {fail, parseCommandLine, runCli} from "../lib/node/cli.js";
import {lineWriter, rootFolder, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {
  modelCall,
  modelCallFlags,
  modelCliOutput,
  realWorld,
  writing,
  type CallWorld,
  type ModelCliOutput,
} from "../lib/node/model-cli.js";
import {checkProbes, checkRunFolder, formatTotal, runProbe, selectVersion, writeRun} from "../lib/probes/index.node.js";

const usage =
  "npm run probes:run -- <probe> --model <slug> [--version v2] [--base-url URL] [--timeout 120] [--retries 3] " +
  "[--key-env NAME] [--root DIR]";

/** The command; a test passes its own world (the network, the clock, its waits) where the run needs it. */
export async function probesRun(
  args: readonly string[],
  io: CommandIO,
  world: Partial<CallWorld> = {},
): Promise<number> {
  const output = modelCliOutput(io);
  const err = lineWriter(io.stderr);
  return runCli(
    "probes:run",
    (line) => err(output.scrub(line)),
    () => main(args, io, world, output),
    output.say,
  );
}

async function main(
  args: readonly string[],
  io: CommandIO,
  world: Partial<CallWorld>,
  output: ModelCliOutput,
): Promise<void> {
  const {say} = output;
  const {values, positionals} = parseCommandLine(args, {
    usage,
    options: modelCallFlags({version: {type: "string"}}),
    positionals: ["probe"],
  });
  const name = positionals[0]!;
  const {model, apiKey, endpoint, timeoutMs, maxRetries} = modelCall(values, {usage, output, env: io.env});

  const root = rootFolder(io, values.root);
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
    ...realWorld,
    ...world,
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

await runAsEntry(import.meta, probesRun);

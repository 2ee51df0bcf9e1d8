// Writing judges' run files with the probes' durable writer: a run is rewritten after each case, and a reader sees the
// old text or the new, never half. Refused when anything in it is key-shaped. Node-only.
import {
  checkWritableFolder,
  refuseKeyShaped,
  replaceDurably,
  runFileName,
  type FileWriter,
} from "../probes/runs.node.js";
import {defaultEndpoint, defaultKeyVariable, shellQuote} from "../probes/request.js";
import {judgesDir} from "./prompts.node.js";
import {JudgeRun} from "./schema.node.js";

export const judgeRunsDir = `${judgesDir}/runs`;
/** What judge:score and judge:run --resume ask for when the file named is not one. */
export const runFileWanted = `give a run file, like those judge:run writes in ${judgeRunsDir}/`;

/** Where a run is recorded, relative to the root: named by its start and its model, as a probe run is. */
export const judgeRunFile = (run: Pick<JudgeRun, "startedAt" | "model">): string =>
  `${judgeRunsDir}/${runFileName(run)}`;

/**
 * The command that finishes an incomplete run as it was made, for judge:run and judges:check alike: --resume refuses
 * another model or endpoint, so both are named (the base url left out when it is the default), and the key's variable
 * and the root when the command was given others.
 */
export function resumeCommand(
  file: string,
  run: Pick<JudgeRun, "model" | "endpoint">,
  {keyEnv, root}: {keyEnv?: string | undefined; root?: string | undefined} = {},
): string {
  // Each value as a shell reads it back: a base url's query ("?a=1&b=2") would otherwise end the command at "&".
  const flags = [`--resume ${shellQuote(file)}`, `--model ${shellQuote(run.model)}`];
  // judge:run asks <base url>/chat/completions.
  if (run.endpoint !== defaultEndpoint)
    flags.push(`--base-url ${shellQuote(run.endpoint.replace(/\/chat\/completions$/, ""))}`);
  if (keyEnv !== undefined && keyEnv !== defaultKeyVariable) flags.push(`--key-env ${shellQuote(keyEnv)}`);
  if (root !== undefined && root !== ".") flags.push(`--root ${shellQuote(root)}`);
  return `npm run judge:run -- ${flags.join(" ")}`;
}

/** Makes sure runs can be written, before anything is paid for. Throws RunWriteError naming the folder. */
export function checkJudgeRunsFolder(root: string, options: {write?: FileWriter} = {}): void {
  checkWritableFolder(root, judgeRunsDir, options);
}

/** Validates a run and writes it over its file (judgeRunFile), whole. Returns the path relative to root. */
export function writeJudgeRun(root: string, run: JudgeRun, options: {write?: FileWriter} = {}): string {
  const data = JudgeRun.parse(run);
  const file = judgeRunFile(data);
  // The runner refuses these already; whatever else calls this, a secret never reaches the disk.
  refuseKeyShaped(file, data);
  replaceDurably(root, file, `${JSON.stringify(data, null, 2)}\n`, options);
  return file;
}

// Writing judges' run files with the probes' durable writer: a run is rewritten after each case, and a reader sees the
// old text or the new, never half. Refused when anything in it is key-shaped. Node-only.
import {
  checkWritableFolder,
  refuseKeyShaped,
  replaceDurably,
  runFileName,
  type FileWriter,
} from "../probes/runs.node.js";
import {judgesDir} from "./prompts.node.js";
import {JudgeRun} from "./schema.node.js";

export const judgeRunsDir = `${judgesDir}/runs`;

/** Where a run is recorded, relative to the root: named by its start and its model, as a probe run is. */
export const judgeRunFile = (run: Pick<JudgeRun, "startedAt" | "model">): string =>
  `${judgeRunsDir}/${runFileName(run)}`;

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

// Reads and checks the recorded runs, data/runs/<probe>/<version>/*.json, against the versions load.node.ts read.
// Node-only (node:fs). A run file is bounded in size and depth before it is parsed, and refused whole when it
// holds anything shaped like a secret; problems are in lib/authored/problems.ts's form and never quote the secret.
import {join} from "node:path";
import {formatBytes} from "../text/format.js";
import {problemsFromZod, type Report} from "../authored/problems.js";
import {CappedReadError, readCappedFile} from "../node/read-file.js";
import {checkRun} from "./check.js";
import {isDirectory, jsonError, listDir} from "./files.node.js";
import {jsonDepth, runFileByteCap, runFileDepthLimit} from "./limits.js";
import type {LoadedProbe} from "./load.node.js";
import {Run} from "./schema.node.js";
import {keyPieceFields, keyShapedFields} from "./secret-fields.js";
import {containsKeyPiece, findKeyShaped} from "./secrets.js";

export const runsDir = "data/runs";

export interface LoadedRun {
  file: string;
  data: Run;
}

/**
 * Reads one run file: bounded in size and depth (checked before it is parsed or walked), and refused whole when
 * anything in it is shaped like a secret, or holds the user's key (when at hand) in any form: a run never holds
 * one, and the page would ship it to every visitor. Problems never quote the secret.
 */
function readRunFile(root: string, file: string, report: Report, apiKey: string | undefined): unknown {
  const error = (field: string, message: string) => report.problems.push({file, field, message});
  let text: string;
  try {
    // A byte order mark is kept, as JSON.parse refuses it: a run is written without one.
    text = new TextDecoder("utf-8", {ignoreBOM: true}).decode(readCappedFile(join(root, file), runFileByteCap));
  } catch (thrown) {
    if (!(thrown instanceof CappedReadError)) throw thrown;
    if (thrown.reason === "too-large")
      error(
        "",
        `too large (${formatBytes(thrown.size)}): a run file is far smaller than ${formatBytes(runFileByteCap)}; ` +
          "delete it",
      );
    else if (thrown.reason === "not-a-file") error("", "not a regular file: a run is a file; delete it");
    else error("", `cannot read: ${thrown.code}`);
    return undefined;
  }
  const secret = (kind: string, hint: string) =>
    `holds ${kind} ("${hint}"): a run must never hold a secret; delete the file`;
  const theKey = "holds the api key or a piece of it: a run must never hold the key; delete the file";
  if (jsonDepth(text, runFileDepthLimit) > runFileDepthLimit) {
    error("", `too deep: nested more than ${runFileDepthLimit} levels, where a run is 4; delete it`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (thrown) {
    const [found] = findKeyShaped(text);
    if (apiKey && containsKeyPiece(text, apiKey)) error("", theKey);
    else if (found) error("", secret(found.kind, found.hint));
    else error("", `invalid json: ${jsonError(thrown)}`);
    return undefined;
  }
  const holdingKey = apiKey ? keyPieceFields(json, apiKey) : [];
  for (const field of holdingKey) error(field, theKey);
  const shaped = keyShapedFields(json).filter(({field}) => !holdingKey.includes(field));
  for (const {field, found} of shaped) error(field, secret(found.kind, found.hint));
  return shaped.length > 0 || holdingKey.length > 0 ? undefined : json;
}

/**
 * Reads data/runs/<probe>/<version>/*.json. Each run must point at an existing version with the same content
 * hash, hold nothing key-shaped (nor the user's key in any form, when `apiKey` is given), and carry the score
 * its reply gets from the real scorer (lib/probes/check.ts).
 */
export function loadRuns(
  root: string,
  probes: readonly LoadedProbe[],
  report: Report,
  {apiKey}: {apiKey?: string} = {},
): LoadedRun[] {
  const runs: LoadedRun[] = [];
  for (const probe of listDir(join(root, runsDir))) {
    const probeDir = join(root, runsDir, probe);
    if (!isDirectory(probeDir)) continue;
    for (const version of listDir(probeDir)) {
      if (!isDirectory(join(probeDir, version))) continue;
      for (const name of listDir(join(probeDir, version))) {
        const file = `${runsDir}/${probe}/${version}/${name}`;
        if (name.startsWith(".") && name.endsWith(".tmp"))
          report.warnings.push({file, field: "", message: "left by an interrupted write: delete it"});
        if (!name.endsWith(".json")) continue;
        const json = readRunFile(root, file, report, apiKey);
        if (json === undefined) continue;
        const parsed = Run.safeParse(json);
        if (!parsed.success) {
          for (const problem of problemsFromZod(file, parsed.error, json)) report.problems.push(problem);
          continue;
        }
        const run = parsed.data;
        const target = probes.find((p) => p.probe === run.probe)?.versions.find((v) => v.data.version === run.version);
        // A run filed in the wrong folder: name the first field that disagrees with where it is filed.
        if (run.probe !== probe || run.version !== version)
          report.problems.push({
            file,
            field: run.probe !== probe ? "probe" : "version",
            message: `run says ${run.probe} ${run.version} but is filed under ${probe}/${version}`,
          });
        else if (!target)
          report.problems.push({file, field: "version", message: `no valid probe version ${run.probe} ${run.version}`});
        else if (target.hash !== run.versionHash)
          report.problems.push({
            file,
            field: "versionHash",
            message: `does not match ${target.file}: a run stays with the content that produced it`,
          });
        else {
          const problems = checkRun(file, run, target.data);
          for (const problem of problems) report.problems.push(problem);
          if (problems.length === 0) runs.push({file, data: run});
        }
      }
    }
  }
  runs.sort((a, b) => (a.data.startedAt < b.data.startedAt ? -1 : a.data.startedAt > b.data.startedAt ? 1 : 0));
  return runs;
}

// Reads and checks the recorded runs, data/runs/<probe>/<version>/*.json; problems never quote a secret.
import {join} from "node:path";
import {problemsFromZod, type Report} from "../authored/problems.js";
import {checkRun} from "./check.js";
import {isDirectory, listDir} from "./files.node.js";
import type {LoadedProbe} from "./load.node.js";
import {noteStrayTempFile, readRunFile} from "./run-file.node.js";
import {Run} from "./schema.node.js";

export const runsDir = "data/runs";

export interface LoadedRun {
  file: string;
  data: Run;
}

/** Each run must point at an existing version with the same content hash, hold nothing key-shaped, and carry the
 *  score its reply gets from the real scorer. */
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
        noteStrayTempFile(name, file, report);
        if (!name.endsWith(".json")) continue;
        // A probe run nests 4 deep: the run, its score, the rules, a rule.
        const json = readRunFile(root, file, report, {apiKey, usualDepth: 4});
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

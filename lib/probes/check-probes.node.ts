// One pipeline for `probes:check`, the probes data loader and the runner's CLIs.
import {checkExamples} from "./check.js";
import {loadRuns, type LoadedRun} from "./load-runs.node.js";
import {checkHashes, loadHashes, loadProbes, type LoadedProbe, type Report} from "./load.node.js";
import type {Hashes} from "./schema.node.js";
import {maskedProblem, usableKey} from "./run-file.node.js";

export interface ProbesCheck extends Report {
  probes: LoadedProbe[];
  /** Null when data/probes/hashes.json is missing or broken. */
  hashes: Hashes | null;
  runs: LoadedRun[];
}

/** With `apiKey`, a run holding it in any form is refused too, even in pieces no shape can tell from text. */
export function checkProbes(root: string, {apiKey}: {apiKey?: string} = {}): ProbesCheck {
  const loaded = loadProbes(root);
  const report: Report = {problems: [...loaded.problems], warnings: [...loaded.warnings]};
  const hashes = loadHashes(root, report);
  const examples = loaded.probes.flatMap(({versions}) =>
    versions.flatMap((version) => checkExamples(version.file, version.data)),
  );
  if (hashes) checkHashes(loaded.probes, hashes, report, {unfinished: new Set(examples.map(({file}) => file))});
  report.problems.push(...examples);
  const key = usableKey(apiKey);
  const runs = loadRuns(root, loaded.probes, report, {apiKey: key});
  return {
    probes: loaded.probes,
    hashes,
    runs,
    problems: report.problems.map(maskedProblem(key)),
    warnings: report.warnings.map(maskedProblem(key)),
  };
}

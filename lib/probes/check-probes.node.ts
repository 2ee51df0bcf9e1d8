// One pipeline for the probes, used by `probes:check`, the probes data loader and the runner's CLIs: every
// version validated (schema, patterns, released and unchanged), every worked example and every recorded run
// through the real scorer. Node-only (reads files).
import {checkExamples} from "./check.js";
import {loadRuns, type LoadedRun} from "./load-runs.node.js";
import {checkHashes, loadHashes, loadProbes, type LoadedProbe, type Report} from "./load.node.js";
import type {Hashes} from "./schema.node.js";
import {maskedProblem, usableKey} from "./run-file.node.js";

export interface ProbesCheck extends Report {
  probes: LoadedProbe[];
  /** The released versions' hashes, or null when data/probes/hashes.json is missing or broken. */
  hashes: Hashes | null;
  /** The runs that passed every check. */
  runs: LoadedRun[];
}

/**
 * Everything `probes:check` checks, under root. No problem at all means the site may ship every probe. With
 * `apiKey` (the user's key, when at hand), a run holding it in any form is refused too, even in pieces among other
 * words that no shape can tell from text.
 */
export function checkProbes(root: string, {apiKey}: {apiKey?: string} = {}): ProbesCheck {
  const loaded = loadProbes(root);
  const report: Report = {problems: [...loaded.problems], warnings: [...loaded.warnings]};
  const hashes = loadHashes(root, report);
  if (hashes) checkHashes(loaded.probes, hashes, report);
  for (const probe of loaded.probes)
    for (const version of probe.versions)
      for (const problem of checkExamples(version.file, version.data)) report.problems.push(problem);
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

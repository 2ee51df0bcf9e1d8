// One pipeline for the probes, used by `probes:check`, the probes data loader and the runner's CLIs: every
// version validated (schema, patterns, released and unchanged), every worked example and every recorded run
// through the real scorer. Node-only (reads files).
import type {Problem} from "../problems.js";
import {checkExamples} from "./check.js";
import {checkHashes, loadHashes, loadProbes, loadRuns, type LoadedProbe, type LoadedRun, type Report} from "./load.js";
import type {Hashes} from "./schema.js";
import {maskKeyShaped} from "./secrets.js";

export interface ProbesCheck extends Report {
  probes: LoadedProbe[];
  /** The released versions' hashes, or null when data/probes/hashes.json is missing or broken. */
  hashes: Hashes | null;
  /** The runs that passed every check. */
  runs: LoadedRun[];
}

/** A problem that never prints a key-shaped text in full, wherever it came from (a field name, a quoted value). */
const masked = ({file, field, message}: Problem): Problem => ({
  file: maskKeyShaped(file),
  field: maskKeyShaped(field),
  message: maskKeyShaped(message),
});

/** Everything `probes:check` checks, under root. No problem at all means the site may ship every probe. */
export function checkProbes(root: string): ProbesCheck {
  const loaded = loadProbes(root);
  const report: Report = {problems: [...loaded.problems], warnings: [...loaded.warnings]};
  const hashes = loadHashes(root, report);
  if (hashes) checkHashes(loaded.probes, hashes, report);
  for (const probe of loaded.probes)
    for (const version of probe.versions) report.problems.push(...checkExamples(version.file, version.data));
  const runs = loadRuns(root, loaded.probes, report);
  return {
    probes: loaded.probes,
    hashes,
    runs,
    problems: report.problems.map(masked),
    warnings: report.warnings.map(masked),
  };
}

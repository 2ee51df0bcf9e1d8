// Probes for the site: every version validated (schema, patterns for the linear-time engine, hashes), every worked
// example scored by the real scorer, recorded runs attached to their version. Fails the build on any error.
import {checkExamples, checkHashes, loadHashes, loadProbes, loadRuns, probeView} from "../../lib/probes/index.js";
import {formatProblem} from "../../lib/problems.js";

const root = process.cwd();
const loaded = loadProbes(root);
const report = {errors: [...loaded.errors], warnings: [...loaded.warnings]};
const hashes = loadHashes(root, report);
if (hashes) checkHashes(loaded.probes, hashes, report);
const runs = loadRuns(root, loaded.probes, report);
for (const probe of loaded.probes) for (const v of probe.versions) report.errors.push(...checkExamples(v.file, v.data));
if (report.errors.length > 0) {
  console.error(report.errors.map(formatProblem).join("\n"));
  process.exit(1);
}
const probes = loaded.probes.map((probe) => probeView(probe.probe, probe.versions, runs.map((r) => r.data)));
process.stdout.write(JSON.stringify({probes}));

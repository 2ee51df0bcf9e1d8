// Probes for the site: everything `probes:check` checks (lib/probes/check-probes.ts), so a broken version, a
// tampered run or a run holding anything key-shaped fails the build with its file and field. The page gets
// what it shows: versions, example scores and per-run scores, never the runs' replies.
import {emitJson, projectRoot} from "../../lib/load.js";
import {checkProbes, probeView} from "../../lib/probes/index.js";
import {AuthoredFileError} from "../../lib/problems.js";

emitJson(() => {
  const check = checkProbes(projectRoot);
  if (check.problems.length > 0) throw new AuthoredFileError(check.problems);
  const runs = check.runs.map((run) => run.data);
  return {probes: check.probes.map((probe) => probeView(probe.probe, probe.versions, runs))};
});

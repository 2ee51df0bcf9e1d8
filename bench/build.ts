// A cold `npm run build` of the site next to a one-page Framework build (d3 and Inputs, bench/framework.ts) in the same
// run (issue 7: under twice). Cold means as from a fresh clone: no Framework cache at all, so no loader output and no
// bundled library; each build gets the pinned versions only, as scripts/build.ts gives them, so none asks the network.
import {spawnSync} from "node:child_process";
import {rmSync} from "node:fs";
import {cpus, loadavg} from "node:os";
import {delimiter, join} from "node:path";
import {stripVTControlCharacters} from "node:util";
import {performance} from "node:perf_hooks";
import {copyProject, projectRoot} from "../scripts/copy-project.js";
import {median} from "./timing.js";
import {baselineProject, observableBuild} from "./framework.js";
import {plural} from "../lib/text/format.js";

/** The target: a cold build under twice the one-page build. */
const target = 2;

const cold = (dir: string) => rmSync(join(dir, "src", ".observablehq"), {recursive: true, force: true});

function seconds(work: () => void): number {
  const start = performance.now();
  work();
  return (performance.now() - start) / 1000;
}

/** Runs `npm run build` in dir; returns what it printed, for the loaders' own times. */
function npmRunBuild(dir: string): string {
  const bin = join(projectRoot, "node_modules", ".bin");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: dir,
    encoding: "utf8",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1", PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`},
  });
  if (result.status !== 0) throw new Error(`npm run build failed in ${dir}:\n${result.stderr}${result.stdout}`);
  return result.stdout + result.stderr;
}

/** Each data loader Framework ran, with its time: "load /data.tar → [missing] success 158 kB in 1234ms". */
function loaderTimes(log: string): {loader: string; ms: number}[] {
  const ran = /load (\/\S+) → \[(?:missing|stale)\] success \S+ \S+ in (\d+)ms/g;
  return [...stripVTControlCharacters(log).matchAll(ran)].map((match) => ({loader: match[1]!, ms: Number(match[2])}));
}

export function benchBuild(rounds = 5): void {
  const baseline = baselineProject();
  const site = copyProject("rater-notebook-bench-build-");
  try {
    const baselineRuns: number[] = [];
    const siteRuns: number[] = [];
    const loaderRuns: number[] = [];
    let loaders: string[] = [];
    // Alternate the two builds so load on the shared machine falls on both alike.
    for (let round = 0; round < rounds; round++) {
      cold(baseline);
      baselineRuns.push(seconds(() => observableBuild(baseline)));
      cold(site);
      let log = "";
      siteRuns.push(seconds(() => (log = npmRunBuild(site))));
      const times = loaderTimes(log);
      loaders = times.map((time) => time.loader);
      loaderRuns.push(times.reduce((sum, time) => sum + time.ms, 0) / 1000);
    }
    const ratio = median(siteRuns) / median(baselineRuns);
    console.log(`site build, cold (median of ${rounds} each, alternating, same run)`);
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
    const s = (values: number[]) => `${median(values).toFixed(2)} s`;
    console.log(`  one-page Framework build (a d3 + Inputs page, observable build): ${s(baselineRuns)}`);
    console.log(`  npm run build (Framework's build and the post-build step):       ${s(siteRuns)}`);
    console.log(
      `    of which data loaders: ${s(loaderRuns)} in ${plural(loaders.length, "run")} (${loaders.join(", ")})`,
    );
    const verdict = ratio < target ? "ok" : "OVER";
    console.log(`  ratio: ${ratio.toFixed(2)}x the one-page build (target: under ${target}x)  ${verdict}`);
  } finally {
    rmSync(baseline, {recursive: true, force: true});
    rmSync(site, {recursive: true, force: true});
  }
}

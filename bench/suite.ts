// How long people wait on the suite (issue 27), measured as CI meets it: a fresh clone of the committed HEAD, `npm ci`,
// then in the same run a cold `npm run build` (no Framework cache, no dist/) and `npm test` from nothing built, with
// CI=true; then `npm run test:unit`, the inner loop, twice (cold: its first run in the clone; warm: the next). Targets:
// npm test within 8 minutes and within 30 cold builds; test:unit within 60 s and within 4 cold builds. Each step's
// CPU seconds (the whole machine's, from /proc/stat) stand beside its wall clock: a CPU-bound suite on two cores takes
// at least half its CPU seconds, so they say whether it waits or works; the ratio to the cold build says whether the
// machine is slower. Uncommitted changes are not in a clone: commit first.
import {spawnSync} from "node:child_process";
import {existsSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {cpus, loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {projectRoot} from "../scripts/copy-project.js";

/** The seconds every core of this machine has spent busy since it started (user, nice, system, irqs), on Linux. */
function busySeconds(): number | undefined {
  if (!existsSync("/proc/stat")) return undefined;
  const [user, nice, system, , , irq, softirq] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

interface Step {
  seconds: number;
  /** The machine's busy CPU seconds meanwhile, where known. */
  cpu?: number;
}

/** Runs a command in dir and returns its wall time and CPU; a failure stops the bench with what it printed. */
function timed(dir: string, command: string, args: string[]): Step {
  const busy = busySeconds();
  const start = performance.now();
  const result = spawnSync(command, args, {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: {...process.env, CI: "true", OBSERVABLE_TELEMETRY_DISABLE: "1"},
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed in ${dir}:\n${result.stdout.slice(-4000)}${result.stderr}`);
  const after = busySeconds();
  return busy === undefined || after === undefined ? {seconds} : {seconds, cpu: after - busy};
}

const verdict = (value: number, limit: number) => (value <= limit ? "ok" : "OVER");
const s = (seconds: number) => `${seconds.toFixed(0)} s`;
const cpuOf = (step: Step) => (step.cpu === undefined ? "" : `, ${s(step.cpu)} of CPU`);

export function benchSuite(): void {
  const clone = mkdtempSync(join(tmpdir(), "rater-notebook-bench-suite-"));
  try {
    const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], {cwd: projectRoot, encoding: "utf8"}).stdout.trim();
    timed(tmpdir(), "git", ["clone", "--quiet", "--no-hardlinks", projectRoot, clone]);
    const install = timed(clone, "npm", ["ci", "--no-audit", "--no-fund"]);
    const build = timed(clone, "npm", ["run", "build"]);
    rmSync(join(clone, "dist"), {recursive: true, force: true});
    rmSync(join(clone, "src", ".observablehq"), {recursive: true, force: true});
    const test = timed(clone, "npm", ["test"]);
    const unitCold = timed(clone, "npm", ["run", "test:unit"]);
    const unitWarm = timed(clone, "npm", ["run", "test:unit"]);

    console.log(`the suite, from a fresh clone of ${head} (CI=true, one run each, in this order)`);
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
    console.log(`  npm ci:                      ${s(install.seconds)}${cpuOf(install)}`);
    console.log(`  npm run build, cold:         ${s(build.seconds)}${cpuOf(build)}`);
    const testLimit = Math.min(480, 30 * build.seconds);
    console.log(
      `  npm test:                    ${s(test.seconds)}${cpuOf(test)} = ` +
        `${(test.seconds / build.seconds).toFixed(1)}x the cold build ` +
        `(target: within 480 s and 30x the build, here ${s(testLimit)})  ${verdict(test.seconds, testLimit)}`,
    );
    const unitLimit = Math.min(60, 4 * build.seconds);
    for (const [label, step] of [
      ["npm run test:unit, first:   ", unitCold],
      ["npm run test:unit, again:   ", unitWarm],
    ] as const)
      console.log(
        `  ${label}${s(step.seconds)}${cpuOf(step)} = ${(step.seconds / build.seconds).toFixed(1)}x the cold build ` +
          `(target: within 60 s and 4x the build, here ${s(unitLimit)})  ${verdict(step.seconds, unitLimit)}`,
      );
  } finally {
    rmSync(clone, {recursive: true, force: true});
  }
}

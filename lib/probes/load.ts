// Reads and validates data/probes/<probe>/vN.json, data/probes/hashes.json and data/runs/.
// Node-only (node:fs). Every problem names the file and the field at fault, in lib/problems.ts's form
// (print with formatProblem): data/probes/six-step-chain/v1.json at rules[3].pattern: invalid regular expression: ...
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import type {z} from "zod";
import {fieldPath, problemsFromZod, type Problem} from "../problems.js";
import {contentHash} from "./hash.js";
import {patternProblem} from "./pattern.js";
import {Hashes, ProbeVersion, Run} from "./schema.js";

export const probesDir = "data/probes";
export const hashesFile = "data/probes/hashes.json";
export const runsDir = "data/runs";

export interface LoadedVersion {
  /** Path relative to the root, e.g. data/probes/six-step-chain/v2.json. */
  file: string;
  data: ProbeVersion;
  /** sha256 of the canonical content. */
  hash: string;
}

export interface LoadedProbe {
  probe: string;
  /** In version order (v1, v2, ...). */
  versions: LoadedVersion[];
}

export interface LoadedRun {
  file: string;
  data: Run;
}

export interface LoadOptions {
  /**
   * Ignored: every pattern is always checked, now cheaply (does it compile for the linear-time engine?).
   * Kept so callers that passed `{backtracking: false}` still type-check.
   */
  backtracking?: boolean;
}

export interface Report {
  errors: Problem[];
  warnings: Problem[];
}

function readJson(root: string, file: string, report: Report): unknown {
  let text: string;
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch (error) {
    report.errors.push({
      file,
      field: "",
      message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    report.errors.push({file, field: "", message: `invalid json: ${(error as Error).message.toLowerCase()}`});
    return undefined;
  }
}

/** Reads a JSON file and validates it with a schema; problems go into the report and the result is undefined. */
function readValidated<T>(
  root: string,
  file: string,
  schema: z.ZodType<T>,
  report: Report,
): {json: unknown; data: T} | undefined {
  const json = readJson(root, file, report);
  if (json === undefined) return undefined;
  const parsed = schema.safeParse(json);
  if (parsed.success) return {json, data: parsed.data};
  report.errors.push(...problemsFromZod(file, parsed.error, json));
  return undefined;
}

/**
 * Checks that go beyond the shape: patterns compile for the linear-time engine, ids and steps agree, examples
 * cite real rules.
 */
export function checkVersion(
  file: string,
  version: ProbeVersion,
  expected: {probe: string; version: string},
  report: Report,
  _options: LoadOptions = {},
): void {
  const error = (field: string, message: string) => report.errors.push({file, field, message});
  if (version.probe !== expected.probe)
    error("probe", `"${version.probe}" does not match its folder "${expected.probe}"`);
  if (version.version !== expected.version)
    error("version", `"${version.version}" does not match its file name "${expected.version}"`);
  const seen = new Set<string>();
  version.rules.forEach((rule, i) => {
    const at = (key: string) => fieldPath(["rules", i, key]);
    if (seen.has(rule.id)) error(at("id"), `duplicate rule id "${rule.id}"`);
    seen.add(rule.id);
    if (rule.step !== i + 1) error(at("step"), `expected step ${i + 1} (rules are in prompt order), got ${rule.step}`);
    const problem = patternProblem(rule);
    if (problem) error(at("pattern"), problem);
  });
  version.examples.forEach((example, i) => {
    const at = (key: string) => fieldPath(["examples", i, key]);
    for (const id of Object.keys(example.expected)) {
      if (!seen.has(id)) error(at("expected"), `unknown rule "${id}"`);
    }
    for (const rule of version.rules) {
      if (!(rule.id in example.expected)) error(at("expected"), `no outcome declared for rule "${rule.id}"`);
    }
    if (example.kind === "correct" && example.total !== 1) error(at("total"), "a correct example must declare total 1");
    if (example.kind === "rejected" && example.total === 1)
      error(at("total"), "a rejected example must not declare total 1");
  });
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

const versionFile = /^(v[1-9][0-9]*)\.json$/;

/** Loads every probe under root/data/probes. Files that fail validation are reported and left out. */
export function loadProbes(root: string, options: LoadOptions = {}): Report & {probes: LoadedProbe[]} {
  const report: Report = {errors: [], warnings: []};
  const probes: LoadedProbe[] = [];
  for (const name of listDir(join(root, probesDir))) {
    if (!statSync(join(root, probesDir, name)).isDirectory()) continue;
    const files = listDir(join(root, probesDir, name));
    const versions: LoadedVersion[] = [];
    const numbers = files
      .map((f) => versionFile.exec(f)?.[1])
      .filter((v): v is string => v !== undefined)
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    for (const f of files) {
      if (!versionFile.test(f))
        report.errors.push({
          file: `${probesDir}/${name}/${f}`,
          field: "",
          message: "unexpected file: a probe folder holds only v1.json, v2.json, ...",
        });
    }
    numbers.forEach((v, i) => {
      const file = `${probesDir}/${name}/${v}.json`;
      if (v !== `v${i + 1}`)
        report.errors.push({file, field: "", message: `versions must be numbered without gaps: expected v${i + 1}`});
      const read = readValidated(root, file, ProbeVersion, report);
      if (!read) return;
      const before = report.errors.length;
      checkVersion(file, read.data, {probe: name, version: v}, report, options);
      if (report.errors.length === before) versions.push({file, data: read.data, hash: contentHash(read.json)});
    });
    if (numbers.length === 0)
      report.errors.push({file: `${probesDir}/${name}`, field: "", message: "no version files"});
    probes.push({probe: name, versions});
  }
  return {...report, probes};
}

/** Reads data/probes/hashes.json: the released versions and their content hashes. */
export function loadHashes(root: string, report: Report): Hashes | null {
  if (!existsSync(join(root, hashesFile))) {
    report.errors.push({file: hashesFile, field: "", message: "missing: it lists every released version's sha256"});
    return null;
  }
  return readValidated(root, hashesFile, Hashes, report)?.data ?? null;
}

/**
 * Versions are immutable: every version file must be released (its hash listed) and unchanged, and a
 * released version's file must not disappear.
 */
export function checkHashes(probes: readonly LoadedProbe[], hashes: Hashes, report: Report): void {
  for (const {probe, versions} of probes) {
    for (const {file, data, hash} of versions) {
      const released = hashes[probe]?.[data.version];
      if (released === undefined)
        report.errors.push({
          file,
          field: "",
          message: `not released: add "${data.version}": "${hash}" under "${probe}" in ${hashesFile}`,
        });
      else if (released !== hash)
        report.errors.push({
          file,
          field: "",
          message: `content changed after release (sha256 ${hash.slice(0, 12)}, released ${released.slice(0, 12)}): put the change in a new version`,
        });
    }
  }
  for (const [probe, released] of Object.entries(hashes)) {
    for (const version of Object.keys(released)) {
      const found = probes.find((p) => p.probe === probe)?.versions.some((v) => v.data.version === version);
      if (!found)
        report.errors.push({
          file: hashesFile,
          field: fieldPath([probe, version]),
          message: `released version has no valid file ${probesDir}/${probe}/${version}.json`,
        });
    }
  }
}

/** Reads data/runs/<probe>/<version>/*.json; each run must point at an existing version with the same content hash. */
export function loadRuns(root: string, probes: readonly LoadedProbe[], report: Report): LoadedRun[] {
  const runs: LoadedRun[] = [];
  for (const probe of listDir(join(root, runsDir))) {
    const probeDir = join(root, runsDir, probe);
    if (!statSync(probeDir).isDirectory()) continue;
    for (const version of listDir(probeDir)) {
      if (!statSync(join(probeDir, version)).isDirectory()) continue;
      for (const name of listDir(join(probeDir, version))) {
        if (!name.endsWith(".json")) continue;
        const file = `${runsDir}/${probe}/${version}/${name}`;
        const run = readValidated(root, file, Run, report)?.data;
        if (!run) continue;
        const target = probes.find((p) => p.probe === run.probe)?.versions.find((v) => v.data.version === run.version);
        // A run filed in the wrong folder: name the first field that disagrees with where it is filed.
        if (run.probe !== probe || run.version !== version)
          report.errors.push({
            file,
            field: run.probe !== probe ? "probe" : "version",
            message: `run says ${run.probe} ${run.version} but is filed under ${probe}/${version}`,
          });
        else if (!target)
          report.errors.push({file, field: "version", message: `no valid probe version ${run.probe} ${run.version}`});
        else if (target.hash !== run.versionHash)
          report.errors.push({
            file,
            field: "versionHash",
            message: `does not match ${target.file}: a run stays with the content that produced it`,
          });
        else runs.push({file, data: run});
      }
    }
  }
  runs.sort((a, b) => (a.data.startedAt < b.data.startedAt ? -1 : a.data.startedAt > b.data.startedAt ? 1 : 0));
  return runs;
}

// Reads and validates data/probes/<probe>/vN.json, data/probes/hashes.json and data/runs/.
// Node-only (node:fs). Every message is short, lowercase and names the file and the field at fault.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import type {z} from "zod";
import {contentHash} from "./hash.js";
import {backtrackingRisk} from "./redos.js";
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
  /** Check every pattern for catastrophic backtracking (a few seconds). Default true. */
  backtracking?: boolean;
}

export interface Report {
  errors: string[];
  warnings: string[];
}

/** A zod issue path as written in the file: rules[3].pattern. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && issue.input === undefined) return "missing field";
  return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
}

/** zod issues as lines "file: field: message". */
export function formatIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = formatPath(issue.path);
    return `${file}: ${path === "" ? "" : `${path}: `}${issueMessage(issue)}`;
  });
}

function readJson(root: string, file: string, report: Report): unknown {
  let text: string;
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch (error) {
    report.errors.push(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    report.errors.push(`${file}: invalid json: ${(error as Error).message.toLowerCase()}`);
    return undefined;
  }
}

/** Checks that go beyond the shape: patterns compile and cannot backtrack catastrophically, ids and steps agree, examples cite real rules. */
export function checkVersion(
  file: string,
  version: ProbeVersion,
  expected: {probe: string; version: string},
  report: Report,
  {backtracking = true}: LoadOptions = {},
): void {
  const {errors, warnings} = report;
  if (version.probe !== expected.probe) errors.push(`${file}: probe: "${version.probe}" does not match its folder "${expected.probe}"`);
  if (version.version !== expected.version) errors.push(`${file}: version: "${version.version}" does not match its file name "${expected.version}"`);
  const seen = new Set<string>();
  version.rules.forEach((rule, i) => {
    const at = `${file}: rules[${i}]`;
    if (seen.has(rule.id)) errors.push(`${at}.id: duplicate rule id "${rule.id}"`);
    seen.add(rule.id);
    if (rule.step !== i + 1) errors.push(`${at}.step: expected step ${i + 1} (rules are in prompt order), got ${rule.step}`);
    try {
      new RegExp(rule.pattern, rule.flags);
    } catch (error) {
      errors.push(`${at}.pattern: invalid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, "").toLowerCase()}`);
      return;
    }
    if (!backtracking) return;
    const risk = backtrackingRisk(rule.pattern, rule.flags);
    if (risk.level === "exponential") errors.push(`${at}.pattern: at risk of catastrophic backtracking (${risk.summary}): rewrite the pattern`);
    else if (risk.level === "unknown") errors.push(`${at}.pattern: cannot be checked for catastrophic backtracking (${risk.summary})`);
    else if (risk.level === "polynomial") warnings.push(`${at}.pattern: super-linear backtracking (${risk.summary}); bounded here by maxTokens`);
  });
  version.examples.forEach((example, i) => {
    const at = `${file}: examples[${i}]`;
    for (const id of Object.keys(example.expected)) {
      if (!seen.has(id)) errors.push(`${at}.expected: unknown rule "${id}"`);
    }
    for (const rule of version.rules) {
      if (!(rule.id in example.expected)) errors.push(`${at}.expected: no outcome declared for rule "${rule.id}"`);
    }
    if (example.kind === "correct" && example.total !== 1) errors.push(`${at}.total: a correct example must declare total 1`);
    if (example.kind === "rejected" && example.total === 1) errors.push(`${at}.total: a rejected example must not declare total 1`);
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
      if (!versionFile.test(f)) report.errors.push(`${probesDir}/${name}/${f}: unexpected file: a probe folder holds only v1.json, v2.json, ...`);
    }
    numbers.forEach((v, i) => {
      const file = `${probesDir}/${name}/${v}.json`;
      if (v !== `v${i + 1}`) report.errors.push(`${file}: versions must be numbered without gaps: expected v${i + 1}`);
      const json = readJson(root, file, report);
      if (json === undefined) return;
      const parsed = ProbeVersion.safeParse(json);
      if (!parsed.success) {
        report.errors.push(...formatIssues(file, parsed.error));
        return;
      }
      const before = report.errors.length;
      checkVersion(file, parsed.data, {probe: name, version: v}, report, options);
      if (report.errors.length === before) versions.push({file, data: parsed.data, hash: contentHash(json)});
    });
    if (numbers.length === 0) report.errors.push(`${probesDir}/${name}: no version files`);
    probes.push({probe: name, versions});
  }
  return {...report, probes};
}

/** Reads data/probes/hashes.json: the released versions and their content hashes. */
export function loadHashes(root: string, report: Report): Hashes | null {
  if (!existsSync(join(root, hashesFile))) {
    report.errors.push(`${hashesFile}: missing: it lists every released version's sha256`);
    return null;
  }
  const json = readJson(root, hashesFile, report);
  if (json === undefined) return null;
  const parsed = Hashes.safeParse(json);
  if (!parsed.success) {
    report.errors.push(...formatIssues(hashesFile, parsed.error));
    return null;
  }
  return parsed.data;
}

/**
 * Versions are immutable: every version file must be released (its hash listed) and unchanged, and a
 * released version's file must not disappear.
 */
export function checkHashes(probes: readonly LoadedProbe[], hashes: Hashes, report: Report): void {
  for (const {probe, versions} of probes) {
    for (const {file, data, hash} of versions) {
      const released = hashes[probe]?.[data.version];
      if (released === undefined) report.errors.push(`${file}: not released: add "${data.version}": "${hash}" under "${probe}" in ${hashesFile}`);
      else if (released !== hash)
        report.errors.push(`${file}: content changed after release (sha256 ${hash.slice(0, 12)}, released ${released.slice(0, 12)}): put the change in a new version`);
    }
  }
  for (const [probe, released] of Object.entries(hashes)) {
    for (const version of Object.keys(released)) {
      const found = probes.find((p) => p.probe === probe)?.versions.some((v) => v.data.version === version);
      if (!found) report.errors.push(`${hashesFile}: ${probe}.${version}: released version has no valid file ${probesDir}/${probe}/${version}.json`);
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
        const json = readJson(root, file, report);
        if (json === undefined) continue;
        const parsed = Run.safeParse(json);
        if (!parsed.success) {
          report.errors.push(...formatIssues(file, parsed.error));
          continue;
        }
        const run = parsed.data;
        const target = probes.find((p) => p.probe === run.probe)?.versions.find((v) => v.data.version === run.version);
        if (run.probe !== probe || run.version !== version) report.errors.push(`${file}: probe/version: run says ${run.probe} ${run.version} but is filed under ${probe}/${version}`);
        else if (!target) report.errors.push(`${file}: version: no valid probe version ${run.probe} ${run.version}`);
        else if (target.hash !== run.versionHash) report.errors.push(`${file}: versionHash: does not match ${target.file}: a run stays with the content that produced it`);
        else runs.push({file, data: run});
      }
    }
  }
  runs.sort((a, b) => (a.data.startedAt < b.data.startedAt ? -1 : a.data.startedAt > b.data.startedAt ? 1 : 0));
  return runs;
}

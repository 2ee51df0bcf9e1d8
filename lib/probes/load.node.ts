// Reads and validates data/probes/<probe>/vN.json, data/probes/hashes.json and data/runs/.
// Node-only (node:fs). Every problem names the file and the field at fault, in lib/problems.ts's form
// (print with formatProblem): data/probes/six-step-chain/v1.json at rules[3].pattern: invalid regular expression: ...
import {existsSync, readdirSync, statSync} from "node:fs";
import {join} from "node:path";
import type {z} from "zod";
import {AuthoredFileError, fieldPath, problemsFromZod, type Report} from "../problems.js";
import {CappedReadError, readAuthoredFile, readCappedFile} from "../read-file.js";
import {contentHash} from "./hash.node.js";
import {checkRun} from "./check.js";
import {formatBytes} from "../numbers.js";
import {jsonDepth, runFileByteCap, runFileDepthLimit} from "./limits.js";
import {patternProblem} from "./pattern.js";
import {newestVersion} from "./versions.js";
import {Hashes, ProbeVersion, Run} from "./schema.node.js";
import {containsKeyPiece, findKeyShaped, keyPieceFields, keyShapedFields, maskKeyShaped} from "./secrets.js";

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
  /** The valid versions, in version order (v1, v2, ...). */
  versions: LoadedVersion[];
  /** Every version file's name (v1, v2, ...), valid or not, in version order. */
  names: string[];
}

export interface LoadedRun {
  file: string;
  data: Run;
}

export type {Report};

/** A JSON.parse error in words, with V8's quoted piece of the text masked where it looks like a key. */
function jsonError(error: unknown): string {
  return maskKeyShaped((error as Error).message).toLowerCase();
}

function readJson(root: string, file: string, report: Report): unknown {
  let text: string;
  try {
    text = readAuthoredFile(join(root, file), file, "probe");
  } catch (error) {
    if (!(error instanceof AuthoredFileError)) throw error;
    for (const problem of error.problems) report.problems.push(problem);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    report.problems.push({file, field: "", message: `invalid json: ${jsonError(error)}`});
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
  for (const problem of problemsFromZod(file, parsed.error, json)) report.problems.push(problem);
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
): void {
  const error = (field: string, message: string) => report.problems.push({file, field, message});
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

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const versionFile = /^(v[1-9][0-9]*)\.json$/;

/** A probe folder as found on disk: its version files' names in version order, and any other files in it. */
export interface ProbeFolder {
  probe: string;
  /** "v1", "v2", ... in version order. */
  names: string[];
  strays: string[];
}

/** The one scan of data/probes: every folder, with its version files. The loader and the navigation both use it. */
export function probeFolders(root: string): ProbeFolder[] {
  return listDir(join(root, probesDir))
    .filter((name) => isDirectory(join(root, probesDir, name)))
    .map((probe) => {
      const files = listDir(join(root, probesDir, probe));
      const names = files
        .flatMap((f) => versionFile.exec(f)?.[1] ?? [])
        .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
      return {probe, names, strays: files.filter((f) => !versionFile.test(f))};
    });
}

/**
 * The site's probe pages: one per folder with version files, named by the newest file's title (the folder's name
 * when that file has none). Lenient on purpose: a broken file is the loader's and probes:check's to report.
 */
export function probePages(root: string): {probe: string; title: string}[] {
  return probeFolders(root).flatMap(({probe, names}) => {
    const newest = newestVersion(names);
    if (newest === undefined) return [];
    let title: unknown;
    try {
      const file = `${probesDir}/${probe}/${newest}.json`;
      title = (JSON.parse(readAuthoredFile(join(root, file), file, "probe")) as {title?: unknown}).title;
    } catch {
      title = undefined;
    }
    return [{probe, title: typeof title === "string" && title !== "" ? title : probe}];
  });
}

/** Loads every probe under root/data/probes. Files that fail validation are reported and left out. */
export function loadProbes(root: string): Report & {probes: LoadedProbe[]} {
  const report: Report = {problems: [], warnings: []};
  const probes: LoadedProbe[] = [];
  for (const {probe: name, names: numbers, strays} of probeFolders(root)) {
    const versions: LoadedVersion[] = [];
    for (const f of strays) {
      report.problems.push({
        file: `${probesDir}/${name}/${f}`,
        field: "",
        message: "unexpected file: a probe folder holds only v1.json, v2.json, ...",
      });
    }
    numbers.forEach((v, i) => {
      const file = `${probesDir}/${name}/${v}.json`;
      if (v !== `v${i + 1}`)
        report.problems.push({file, field: "", message: `versions must be numbered without gaps: expected v${i + 1}`});
      const read = readValidated(root, file, ProbeVersion, report);
      if (!read) return;
      const before = report.problems.length;
      checkVersion(file, read.data, {probe: name, version: v}, report);
      if (report.problems.length === before) versions.push({file, data: read.data, hash: contentHash(read.json)});
    });
    if (numbers.length === 0)
      report.problems.push({file: `${probesDir}/${name}`, field: "", message: "no version files"});
    probes.push({probe: name, versions, names: numbers});
  }
  return {...report, probes};
}

/** Reads data/probes/hashes.json: the released versions and their content hashes. */
export function loadHashes(root: string, report: Report): Hashes | null {
  if (!existsSync(join(root, hashesFile))) {
    report.problems.push({file: hashesFile, field: "", message: "missing: it lists every released version's sha256"});
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
        report.problems.push({
          file,
          field: "",
          message: `not released: add "${data.version}": "${hash}" under "${probe}" in ${hashesFile}`,
        });
      else if (released !== hash)
        report.problems.push({
          file,
          field: "",
          message:
            `content changed after release (sha256 ${hash.slice(0, 12)}, released ${released.slice(0, 12)}): ` +
            "put the change in a new version",
        });
    }
  }
  for (const [probe, released] of Object.entries(hashes)) {
    for (const version of Object.keys(released)) {
      const found = probes.find((p) => p.probe === probe)?.versions.some((v) => v.data.version === version);
      if (!found)
        report.problems.push({
          file: hashesFile,
          field: fieldPath([probe, version]),
          message: `released version has no valid file ${probesDir}/${probe}/${version}.json`,
        });
    }
  }
}

/**
 * Reads one run file: bounded in size and depth (checked before it is parsed or walked), and refused whole when
 * anything in it is shaped like a secret, or holds the user's key (when at hand) in any form: a run never holds
 * one, and the page would ship it to every visitor. Problems never quote the secret.
 */
function readRunFile(root: string, file: string, report: Report, apiKey: string | undefined): unknown {
  const error = (field: string, message: string) => report.problems.push({file, field, message});
  let text: string;
  try {
    // A byte order mark is kept, as JSON.parse refuses it: a run is written without one.
    text = new TextDecoder("utf-8", {ignoreBOM: true}).decode(readCappedFile(join(root, file), runFileByteCap));
  } catch (thrown) {
    if (!(thrown instanceof CappedReadError)) throw thrown;
    if (thrown.reason === "too-large")
      error(
        "",
        `too large (${formatBytes(thrown.size)}): a run file is far smaller than ${formatBytes(runFileByteCap)}; ` +
          "delete it",
      );
    else if (thrown.reason === "not-a-file") error("", "not a regular file: a run is a file; delete it");
    else error("", `cannot read: ${thrown.code}`);
    return undefined;
  }
  const secret = (kind: string, hint: string) =>
    `holds ${kind} ("${hint}"): a run must never hold a secret; delete the file`;
  const theKey = "holds the api key or a piece of it: a run must never hold the key; delete the file";
  if (jsonDepth(text, runFileDepthLimit) > runFileDepthLimit) {
    error("", `too deep: nested more than ${runFileDepthLimit} levels, where a run is 4; delete it`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (thrown) {
    const [found] = findKeyShaped(text);
    if (apiKey && containsKeyPiece(text, apiKey)) error("", theKey);
    else if (found) error("", secret(found.kind, found.hint));
    else error("", `invalid json: ${jsonError(thrown)}`);
    return undefined;
  }
  const holdingKey = apiKey ? keyPieceFields(json, apiKey) : [];
  for (const field of holdingKey) error(field, theKey);
  const shaped = keyShapedFields(json).filter(({field}) => !holdingKey.includes(field));
  for (const {field, found} of shaped) error(field, secret(found.kind, found.hint));
  return shaped.length > 0 || holdingKey.length > 0 ? undefined : json;
}

/**
 * Reads data/runs/<probe>/<version>/*.json. Each run must point at an existing version with the same content
 * hash, hold nothing key-shaped (nor the user's key in any form, when `apiKey` is given), and carry the score
 * its reply gets from the real scorer (lib/probes/check.ts).
 */
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
        if (name.startsWith(".") && name.endsWith(".tmp"))
          report.warnings.push({file, field: "", message: "left by an interrupted write: delete it"});
        if (!name.endsWith(".json")) continue;
        const json = readRunFile(root, file, report, apiKey);
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

// Reads and validates the probe versions and data/probes/hashes.json. Every problem names the file and the field:
// data/probes/six-step-chain/v1.json at rules[3].pattern: invalid regular expression: ...
import {existsSync} from "node:fs";
import {join} from "node:path";
import type {z} from "zod";
import {AuthoredFileError, fieldPath, problemsFromZod, type Report} from "../authored/problems.js";
import {guidelineVersions, readGuideline} from "../node/load.js";
import {readAuthoredFile} from "../node/read-file.js";
import {quoteValue} from "../text/quote-text.js";
import {isDirectory, jsonError, listDir} from "./files.node.js";
import {contentHash} from "./hash.node.js";
import {patternProblem} from "./pattern.js";
import {Hashes, ProbeVersion} from "./schema.node.js";
import {newestVersion} from "./versions.js";

export const probesDir = "data/probes";
export const hashesFile = "data/probes/hashes.json";

export interface LoadedVersion {
  file: string;
  data: ProbeVersion;
  hash: string;
}

export interface LoadedProbe {
  probe: string;
  versions: LoadedVersion[];
  names: string[];
}

export type {Report};

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
    report.problems.push({file, field: "", message: `invalid json: ${jsonError(error, text)}`});
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

/** The rules a probe step's guidelineRule may name: the current guideline's, with the file that lists them. */
interface GuidelineRules {
  file: string;
  ids: string[];
}

/**
 * The newest guideline's rule ids; null when the root holds no guideline, or one that cannot be read
 * (guideline:check and the build say why).
 */
function currentGuidelineRules(root: string): GuidelineRules | null {
  if (!existsSync(join(root, "guideline"))) return null;
  const version = guidelineVersions(root).at(-1);
  if (version === undefined) return null;
  try {
    return {file: `guideline/${version}/guideline.yaml`, ids: readGuideline(version, root).rules.map((r) => r.id)};
  } catch (error) {
    if (error instanceof AuthoredFileError) return null;
    throw error;
  }
}

/**
 * Checks that go beyond the shape: patterns compile for the linear-time engine, ids and steps agree, examples
 * cite real rules, and each step names a rule of the current guideline (when there is one to hold it to).
 */
export function checkVersion(
  file: string,
  version: ProbeVersion,
  expected: {probe: string; version: string},
  report: Report,
  guideline: GuidelineRules | null = null,
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
    if (guideline && !guideline.ids.includes(rule.guidelineRule))
      error(
        at("guidelineRule"),
        `no rule ${quoteValue(rule.guidelineRule)} in the current guideline, ${guideline.file}: ` +
          `use one of its rule ids: ${guideline.ids.join(", ")}`,
      );
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
  const guideline = currentGuidelineRules(root);
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
      // Only the newest version is held to the current guideline: a released one cannot change, and a rule the
      // guideline renames later would fail it with nothing its author could fix.
      const holdTo = i === numbers.length - 1 ? guideline : null;
      checkVersion(file, read.data, {probe: name, version: v}, report, holdTo);
      if (report.problems.length === before) versions.push({file, data: read.data, hash: contentHash(read.json)});
    });
    if (numbers.length === 0)
      report.problems.push({file: `${probesDir}/${name}`, field: "", message: "no version files"});
    probes.push({probe: name, versions, names: numbers});
  }
  return {...report, probes};
}

/**
 * Reads data/probes/hashes.json: the released versions and their content hashes. Content with no probe at all
 * (another guideline's: lib/node/content-root.ts) needs no list of them.
 */
export function loadHashes(root: string, report: Report): Hashes | null {
  if (!existsSync(join(root, hashesFile))) {
    if (probeFolders(root).length === 0) return {};
    report.problems.push({file: hashesFile, field: "", message: "missing: it lists every released version's sha256"});
    return null;
  }
  return readValidated(root, hashesFile, Hashes, report)?.data ?? null;
}

/**
 * Versions are immutable: every version file must be released (its hash listed) and unchanged, and a
 * released version's file must not disappear.
 */
export function checkHashes(
  probes: readonly LoadedProbe[],
  hashes: Hashes,
  report: Report,
  {unfinished = new Set()}: {unfinished?: ReadonlySet<string>} = {},
): void {
  for (const {probe, versions} of probes) {
    for (const {file, data, hash} of versions) {
      const released = hashes[probe]?.[data.version];
      // A new version with problems of its own is not offered its release line: released, it could not be mended.
      if (released === undefined && unfinished.has(file)) continue;
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

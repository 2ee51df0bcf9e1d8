// The probe version a command works on: the one asked for, or the newest; either way released and valid. A broken
// newest version is an error, never a silent fall back to the one before.
import {quote} from "../node/cli.js";
import {formatProblem, type Problem} from "../authored/problems.js";
import type {ProbesCheck} from "./check-probes.node.js";
import {hashesFile, probesDir, type LoadedProbe, type LoadedVersion} from "./load.node.js";
import {newestVersion} from "./versions.js";

export type Selection =
  | {ok: true; probe: LoadedProbe; version: LoadedVersion}
  /** usage: the name asked for does not exist; broken: it exists but is not valid or not released. */
  | {ok: false; kind: "usage" | "broken"; message: string};

function blockers(check: Pick<ProbesCheck, "hashes" | "problems">, probe: string, version: string): Problem[] {
  const file = `${probesDir}/${probe}/${version}.json`;
  return check.problems.filter(
    (p) =>
      p.file === file ||
      (p.file === hashesFile && (check.hashes === null || [probe, `${probe}.${version}`, ""].includes(p.field))),
  );
}

export function selectVersion(
  check: Pick<ProbesCheck, "probes" | "hashes" | "problems">,
  name: string,
  requested?: string,
): Selection {
  const probe = check.probes.find((p) => p.probe === name);
  if (!probe) {
    const names = check.probes.map((p) => p.probe).join(", ") || "(none)";
    return {ok: false, kind: "usage", message: `unknown probe ${quote(name)}: expected one of ${names}`};
  }
  const usable = (v: string) =>
    blockers(check, name, v).length === 0 ? probe.versions.find((lv) => lv.data.version === v) : undefined;
  const choices = probe.names.filter((v) => usable(v) !== undefined);
  const wanted = requested ?? newestVersion(probe.names);
  if (wanted === undefined) return {ok: false, kind: "broken", message: `${probesDir}/${name}: no version files`};
  if (!probe.names.includes(wanted))
    return {
      ok: false,
      kind: "usage",
      message: `unknown version ${quote(wanted)} of ${name}: expected one of ${choices.join(", ") || "(none)"}`,
    };
  const version = usable(wanted);
  if (version) return {ok: true, probe, version};
  const [first, ...more] = blockers(check, name, wanted);
  const older = choices.filter((v) => Number(v.slice(1)) < Number(wanted.slice(1))).at(-1);
  const message = [
    first ? formatProblem(first) : `${probesDir}/${name}/${wanted}.json: not a valid version`,
    more.length > 0 ? ` (and ${more.length} more: npm run probes:check lists them)` : "",
    requested === undefined
      ? `; the newest version is not usable${older ? `: fix it, or pass --version ${older}` : ""}`
      : "",
  ].join("");
  return {ok: false, kind: "broken", message};
}

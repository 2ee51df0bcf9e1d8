// Moving a trainee's record between machines, and handing it to a coordinator: the export file (a versioned
// envelope around the saved record, with an optional rater name) and reading an imported file without ever throwing.
// What an import would change is lib/trainee/import-plan.ts. Pure: the caller passes the time in and does the
// reading and the saving.
//
// The one schema of the file, for the pages and the coordinator's `npm run progress:check` alike: superstruct's, like
// the saved record's, because it keeps the trainee pages smallest (issue 32: the record's and the file's schemas
// bundled alone and minified by esbuild, as the build bundles a page, come to 3.2 kB gzip with superstruct, 8.0 kB
// with zod/mini).
import {literal, object, optional, refine, string, validate, type Infer} from "superstruct";
import {impossibleShape} from "../text/json-shape.js";
import {formatBytes, thousands, utf8Length} from "../text/format.js";
import {fieldPath} from "../authored/problems.js";
import {quoteValue} from "../text/quote-text.js";
import {raterNameFault, raterNameMaxLength} from "../agreement/rater-name.js";
import {
  isoDateTime,
  Progress,
  progressVersion,
  recordNestingLimit,
  recordProblem,
  validateSafely,
  type Failure,
} from "./progress.js";

const app = "rater-notebook";
export const exportKind = "progress-export";
/** The envelope's version; the record inside carries its own. */
export const exportVersion = 1;
/**
 * The largest trainee's progress file every reader takes, checked before reading where the reader can: the import
 * page, `progress:check`, the cohort page and `npm run agreement`. A real record is a few hundred kB at most. The
 * cohort page (5 MiB) and the command (32 MiB, its cap for a CSV) had larger caps of their own, but both then read
 * the record through this module, which refused past 2 MB: so 2 MB was already what every reader took, and no file
 * any of them read is refused now; a larger one is refused unread, in the same words everywhere.
 */
export const progressFileByteLimit = 2_000_000;
export {raterNameMaxLength};

/** What a rater name must be (lib/agreement/rater-name.ts). */
const RaterName = refine(string(), "rater-name", (value) => raterNameFault(value) ?? true);

export const ExportFile = object({
  app: literal(app),
  kind: literal(exportKind),
  version: literal(exportVersion),
  /** When the file was made, as the caller passed it in. */
  exportedAt: isoDateTime,
  /** Who the record belongs to, if they said: for a coordinator collecting files. Shown as text only. */
  rater: optional(RaterName),
  progress: Progress,
});
export type ExportFile = Infer<typeof ExportFile>;

/** The checks a rater name gets, as a message, or null when it is fine. Empty means no name. */
export function raterNameProblem(name: string): string | null {
  if (name.trim() === "") return null;
  const [error] = validate(name.trim(), RaterName);
  return error ? withoutPath(error.message) : null;
}

/** The export file for a record: the envelope, as readable JSON. */
export function exportFile(progress: Progress, {rater, now}: {rater?: string; now: string}): string {
  const name = rater?.trim();
  const file: ExportFile = {
    app,
    kind: exportKind,
    version: exportVersion,
    exportedAt: now,
    ...(name ? {rater: name} : {}),
    progress,
  };
  const [error] = validate(file, ExportFile);
  if (error) throw new Error(`cannot export: ${describeFailure(error)}`);
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** rater-notebook-progress-2026-03-01.json, with the rater's name in it when it makes a safe file name; the record
 *  format's version is inside the file, not in a name the trainee reads. */
export function exportFileName({rater, now}: {rater?: string; now: string}): string {
  const slug = (rater ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `rater-notebook-progress${slug ? `-${slug}` : ""}-${now.slice(0, 10)}.json`;
}

/** Why a file was refused. */
export type ImportRefusalReason =
  "too-large" | "empty" | "truncated" | "malformed" | "foreign" | "wrong-version" | "invalid";

export interface ImportRefusal {
  ok: false;
  reason: ImportRefusalReason;
  /** Lowercase, names what is wrong; never holds more than a short quote of the file. */
  message: string;
  /**
   * What the message adds to what its reason says ("it holds no record" of "this is not a Rater Notebook progress
   * file: it holds no record"), for a page that says the reason first; null when it adds nothing.
   */
  detail: string | null;
}

export interface ImportedFile {
  ok: true;
  /** A bare saved record (what localStorage holds) has no envelope: no rater, no export time. */
  rater: string | null;
  exportedAt: string | null;
  progress: Progress;
}

export type ImportResult = ImportedFile | ImportRefusal;

/** A refusal: its reason, the message shown, and what the message adds to the reason's words (all of it by default). */
export const refuse = (
  reason: ImportRefusalReason,
  message: string,
  detail: string | null = message,
): ImportRefusal => ({
  ok: false,
  reason,
  message,
  detail,
});
/** A refusal whose message first says what its reason says, then `detail`. */
const restated = (reason: ImportRefusalReason, said: string, detail: string): ImportRefusal =>
  refuse(reason, `${said}: ${detail}`, detail);
const notOurs = (detail: string) => restated("foreign", "this is not a Rater Notebook progress file", detail);

/** The size check, before reading: a refusal, or null when the file may be read. */
export function checkImportSize(bytes: number): ImportRefusal | null {
  if (bytes > progressFileByteLimit) {
    // Just over the limit rounds to the limit: then the bytes say it.
    const size = formatBytes(bytes) === formatBytes(progressFileByteLimit) ? `${thousands(bytes)} bytes` : null;
    return refuse(
      "too-large",
      `the file is ${size ?? formatBytes(bytes)}; a progress file is at most ${formatBytes(progressFileByteLimit)}`,
    );
  }
  if (bytes === 0) return refuse("empty", "the file is empty", null);
  return null;
}

/** superstruct's message of a refinement, without the path it puts in front. */
const withoutPath = (message: string): string => message.replace(/^At path: .*? -- /, "");

/** What a schema check found wrong, in a few words: where, and what was there. */
function describeFailure(error: Failure): string {
  const where = fieldPath(error.path) || "the top level";
  if (error.type === "unknown") return error.message;
  if (error.type === "never") return `${where} is not part of a progress record`;
  if (error.value === undefined) return `${where} is missing`;
  if (error.refinement === "rater-name") return `${where}: ${withoutPath(error.message)}`;
  return `${where} has an unexpected value ${quoteValue(error.value)}`;
}

/**
 * Reads an imported file's text: an export file, or a bare saved record of this version. Never throws; anything
 * else is refused with the reason and a message that names what is wrong.
 */
export function readImport(text: string): ImportResult {
  const size = checkImportSize(utf8Length(text));
  if (size) return size;
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return refuse("empty", "the file holds only white space");
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    const position = /position (\d+)/.exec(message)?.[1];
    // Where the parser stopped: at the end of the text (or told so) means the text ends too soon.
    if (/end of (JSON|data)|unterminated|unexpected end/i.test(message) || Number(position) >= body.trimEnd().length)
      return refuse(
        "truncated",
        "the file ends in the middle of its JSON: it looks cut short",
        "the file ends in the middle of its JSON",
      );
    return refuse("malformed", `the file is not readable JSON${position ? ` (near character ${position})` : ""}`);
  }
  return readImportedValue(value);
}

/** readImport's checks of what the file's JSON holds, for a caller that has parsed (and perhaps trimmed) it. */
export function readImportedValue(value: unknown): ImportResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return notOurs("it holds no record");
  const record = value as Record<string, unknown>;
  if (record.app !== app)
    return notOurs(
      record.app === undefined
        ? "it does not say it is one"
        : // Nothing of another app's file is quoted: it may not be a file anyone meant to give.
          "it is from another app",
    );
  const bare = record.kind === undefined && "answers" in record;
  if (!bare && record.kind !== exportKind)
    return refuse(
      "foreign",
      `this Rater Notebook file is not a progress export (its kind is ${quoteValue(record.kind)})`,
    );
  // Before the version, as the saved record is read: a version of 1e400 is an impossible number, not a newer file.
  const shape = impossibleShape(value, recordNestingLimit);
  if (shape?.kind === "too-deep")
    return refuse("invalid", `the file nests deeper than a progress record does, at ${shape.path}`);
  if (shape)
    return refuse(
      "invalid",
      `the file has an impossible number at ${shape.path}: ${quoteValue(shape.value)}: ` +
        "expected a whole number, as the site writes it",
    );
  const expected = bare ? progressVersion : exportVersion;
  if (record.version !== expected) {
    const newer = typeof record.version === "number" && record.version > expected;
    return refuse(
      "wrong-version",
      `the file is version ${quoteValue(record.version ?? null)}; this site reads version ${expected}` +
        (newer ? ": it comes from a newer Rater Notebook" : ""),
    );
  }
  if (bare) {
    const [error, progress] = validateSafely(value, Progress);
    if (error) return restated("invalid", "the record is damaged", describeFailure(error));
    const problem = recordProblem(progress, "");
    if (problem) return restated("invalid", "the record is damaged", problem.replace(/^\./, ""));
    return {ok: true, rater: null, exportedAt: null, progress};
  }
  if (
    typeof record.progress === "object" &&
    record.progress !== null &&
    (record.progress as {version?: unknown}).version !== progressVersion
  )
    return refuse(
      "wrong-version",
      `the record in the file is version ${quoteValue((record.progress as {version?: unknown}).version ?? null)}; ` +
        `this site reads version ${progressVersion}`,
    );
  const [error, file] = validateSafely(value, ExportFile);
  if (error) return restated("invalid", "the file is damaged", describeFailure(error));
  const problem = recordProblem(file.progress);
  if (problem) return restated("invalid", "the file is damaged", problem);
  return {ok: true, rater: file.rater ?? null, exportedAt: file.exportedAt, progress: file.progress};
}

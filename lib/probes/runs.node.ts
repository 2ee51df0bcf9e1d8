// Writing run files whole or not at all: to a temporary file in the same folder, flushed, then linked to its name (a
// link, unlike a rename, never replaces a run); a crash leaves at most a dot-file ending in .tmp. A file rewritten as
// it grows (a judge's run) is renamed over its old self: a reader sees the old text or the new, never half.
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {runsDir} from "./load-runs.node.js";
import {Run} from "./schema.node.js";
import {keyShapedFields} from "./secret-fields.js";

/** Never an existing file; flushed to disk. */
export type FileWriter = (path: string, text: string) => void;

export const writeDurably: FileWriter = (path, text) => {
  const fd = openSync(path, "wx", 0o644);
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** The message names the file and the cause, never a stack. */
export class RunWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunWriteError";
  }
}

/** It has no letter or digit. */
export function modelSlugProblem(model: string): string | null {
  if (!/[a-z0-9]/.test(modelFileStem(model))) return "has no letter or digit to name the run file by";
  return null;
}

/** e.g. 2026-08-10T12-00-00.000Z--openai-gpt-5-mini.json */
export function runFileName(run: Pick<Run, "startedAt" | "model">): string {
  return `${run.startedAt.replaceAll(":", "-")}--${modelFileStem(run.model)}.json`;
}

/** The model slug as it appears in a file name: lowercase letters, digits, dots and dashes. */
export function modelFileStem(model: string): string {
  return model
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const temporary = (name: string) => `.${name}.tmp`;

/** Removes a file if it is there; a path under a file that is not a folder has nothing to remove. */
function remove(path: string): void {
  try {
    rmSync(path, {force: true});
  } catch {
    // nothing there to remove
  }
}

type Step = "folder" | "write" | "link" | "rename";

/** What went wrong at a step, in words; the codes a user can act on get a sentence. */
function cause(step: Step, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "the folder is not writable";
  if (code === "ENOSPC") return "the disk is full";
  if (step === "folder" && (code === "ENOTDIR" || code === "EEXIST"))
    return "a file stands where a folder should be: move it away";
  if (step === "link" && code === "EEXIST") return "a run with this name exists";
  return code ? code.toLowerCase() : String((error as Error).message ?? error).toLowerCase();
}

function syncFolder(path: string): void {
  // Makes the new name itself durable; a file system that cannot sync a folder loses nothing else by it.
  try {
    const fd = openSync(path, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // not supported here
  }
}

/** The folder a run of this version goes to, relative to the root. */
export const runFolder = (probe: string, version: string): string => `${runsDir}/${probe}/${version}`;

/**
 * Makes sure files can be written to a folder (relative to root), before anything is paid for: creates the folder,
 * writes and removes a probe file in it, and removes the folders it made. Throws RunWriteError naming the folder.
 */
export function checkWritableFolder(
  root: string,
  dir: string,
  {write = writeDurably}: {write?: FileWriter} = {},
): void {
  const folder = resolve(root, dir);
  const probeFile = join(folder, temporary("write-check"));
  // The folders the check makes, deepest first: they go again after it, even when it fails halfway.
  const missing: string[] = [];
  for (let at = folder; !existsSync(at) && at !== dirname(at); at = dirname(at)) missing.push(at);
  let step: Step = "folder";
  try {
    mkdirSync(folder, {recursive: true});
    step = "write";
    remove(probeFile);
    write(probeFile, "{}\n");
  } catch (error) {
    throw new RunWriteError(`cannot write runs to ${dir}: ${cause(step, error)}`);
  } finally {
    remove(probeFile);
    // A run that records nothing leaves nothing; its first write makes them again.
    for (const made of missing) {
      try {
        rmdirSync(made);
      } catch {
        break;
      }
    }
  }
}

/** Makes sure a run of this version can be written (checkWritableFolder); returns its folder. */
export function checkRunFolder(
  root: string,
  probe: string,
  version: string,
  options: {write?: FileWriter} = {},
): string {
  const dir = runFolder(probe, version);
  checkWritableFolder(root, dir, options);
  return dir;
}

/** Refuses to write a run holding anything key-shaped: whatever calls a writer, a secret never reaches the disk. */
export function refuseKeyShaped(file: string, data: unknown): void {
  const [shaped] = keyShapedFields(data);
  if (shaped)
    throw new RunWriteError(
      `cannot write ${file}: ${shaped.field} holds ${shaped.found.kind} ("${shaped.found.hint}"): ` +
        "a run must never hold a secret",
    );
}

/**
 * Writes text to file (relative to root) through a temporary file in its folder: linked to its name, never over an
 * existing file ("link"), or renamed over it ("rename"). Throws RunWriteError naming the file and the cause.
 */
function placeDurably(root: string, file: string, text: string, place: "link" | "rename", write: FileWriter): void {
  const dir = dirname(file);
  const temp = join(root, dir, temporary(basename(file)));
  let step: Step = "folder";
  try {
    mkdirSync(join(root, dir), {recursive: true});
    step = "write";
    remove(temp); // a leftover of an interrupted write of this very file
    write(temp, text);
    step = place;
    if (place === "link") linkSync(temp, join(root, file));
    else renameSync(temp, join(root, file));
  } catch (error) {
    throw new RunWriteError(`cannot write ${file}: ${cause(step, error)}`);
  } finally {
    remove(temp);
  }
  syncFolder(join(root, dir));
}

/** Writes text to file (relative to root) whole, over what it held: what a reader sees is the old text or the new. */
export function replaceDurably(
  root: string,
  file: string,
  text: string,
  {write = writeDurably}: {write?: FileWriter} = {},
): void {
  placeDurably(root, file, text, "rename", write);
}

/** Validates and writes a run, whole or not at all; never overwrites. Returns the path relative to root. */
export function writeRun(root: string, run: Run, {write = writeDurably}: {write?: FileWriter} = {}): string {
  const data = Run.parse(run);
  const file = `${runFolder(data.probe, data.version)}/${runFileName(data)}`;
  // The runner refuses these already; whatever else calls this, a secret never reaches the disk.
  refuseKeyShaped(file, data);
  placeDurably(root, file, `${JSON.stringify(data, null, 2)}\n`, "link", write);
  return file;
}

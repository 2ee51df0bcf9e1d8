// Node-only: reads a file whose size is capped, for every reader that must not be made to hold more than it expects.
import {closeSync, constants, fstatSync, openSync, readSync} from "node:fs";
import {byteLimit, decodeAuthoredFile, tooLarge, type AuthoredKind} from "../authored/limits.js";
import {AuthoredFileError} from "../authored/problems.js";

export class CappedReadError extends Error {
  constructor(
    readonly reason: "cannot-open" | "not-a-file" | "too-large",
    readonly code = "",
    readonly size = 0,
  ) {
    super(`${reason}${code ? ` (${code})` : ""}`);
    this.name = "CappedReadError";
  }
}

/** Why a file could not be opened (a CappedReadError's code), in plain words; a rare code as the system gives it. */
export function cannotOpenWords(code: string): string {
  if (code === "ENOENT") return "no such file: check its name and its folder";
  if (code === "ENOTDIR") return "no such file: a part of its path is a file, not a folder";
  if (code === "EACCES" || code === "EPERM") return "not allowed to read it: check its permissions";
  return `cannot read it (${code})`;
}

/** A file opened to read, or a CappedReadError: it cannot be opened, or it is not a regular file. */
function openRegularFile(path: string): {fd: number; size: number} {
  let fd: number;
  try {
    // Without blocking: opening a named pipe to read would wait for a writer, before fstat could refuse it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new CappedReadError("cannot-open", (error as NodeJS.ErrnoException).code ?? String(error));
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new CappedReadError("not-a-file");
    return {fd, size: stat.size};
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Why a file named to a reader that reads it itself (a judge's run file, which its check reads) cannot be read, in
 * plain words (`notAFile` says what to give instead of a folder or a device); null when it can be opened to read.
 */
export function unreadableFile(path: string, notAFile: string): string | null {
  try {
    closeSync(openRegularFile(path).fd);
    return null;
  } catch (error) {
    if (!(error instanceof CappedReadError)) throw error;
    return unopenedWords(error, notAFile);
  }
}

/** A file that could not be opened, or is not a regular file, in plain words (`notAFile`: what to give instead). */
export const unopenedWords = (error: CappedReadError, notAFile: string): string =>
  error.reason === "cannot-open" ? cannotOpenWords(error.code) : `not a regular file: ${notAFile}`;

/** What is not a regular file (a folder, /dev/zero, a FIFO) or is larger than the cap is refused before a byte is
 *  read; a file that grows meanwhile is read to cap + 1 at most. */
export function readCappedFile(path: string, cap: number): Uint8Array {
  const {fd, size: fileSize} = openRegularFile(path);
  try {
    if (fileSize > cap) throw new CappedReadError("too-large", "", fileSize);
    const buffer = new Uint8Array(Math.min(fileSize, cap) + 1);
    let size = 0;
    for (;;) {
      const read = readSync(fd, buffer, size, buffer.byteLength - size, null);
      if (read === 0) break;
      size += read;
      if (size > cap) throw new CappedReadError("too-large", "", size);
      if (size === buffer.byteLength) break;
    }
    return buffer.subarray(0, size);
  } finally {
    closeSync(fd);
  }
}

/** Held to lib/authored/limits.ts: UTF-8 with no NUL, size checked before a byte is read. */
export function readAuthoredFile(path: string, file: string, kind: AuthoredKind): string {
  let bytes: Uint8Array;
  try {
    bytes = readCappedFile(path, byteLimit(kind));
  } catch (error) {
    if (!(error instanceof CappedReadError)) throw error;
    if (error.reason === "too-large") throw tooLarge(file, kind);
    const message =
      error.reason === "not-a-file"
        ? "not a regular file: put the file itself there"
        : `cannot read it (${error.code}): ${error.code === "ENOENT" ? "restore the file" : "make it readable"}`;
    throw new AuthoredFileError([{file, field: "", message}]);
  }
  return decodeAuthoredFile(bytes, file, kind);
}

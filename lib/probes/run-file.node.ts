// Reading a recorded run file, probe's or judge's: bounded in size and depth before it is parsed, refused whole when
// it holds anything shaped like a secret or the user's key. Problems never quote the secret.
import {join} from "node:path";
import {formatBytes} from "../text/format.js";
import type {Problem, Report} from "../authored/problems.js";
import {CappedReadError, readCappedFile, unopenedWords} from "../node/read-file.js";
import {jsonError} from "./files.node.js";
import {jsonDepth, runFileByteCap, runFileDepthLimit} from "./limits.js";
import {keyPieceFields, keyShapedFields} from "./secret-fields.js";
import {containsKeyPiece, findKeyShaped, maskKeyShaped, redactKey} from "./secrets.js";

export interface RunFileReading {
  /** A file holding it in any form is refused too. */
  apiKey?: string | undefined;
  /** For the refusal of a deeper file: "a run is 4". */
  usualDepth: number;
}

/** Refused whole when anything in it is shaped like a secret or holds the user's key: the page would ship it to every
 *  visitor. */
export function readRunFile(root: string, file: string, report: Report, {apiKey, usualDepth}: RunFileReading): unknown {
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
    else error("", unopenedWords(thrown, "a run is a file; delete it"));
    return undefined;
  }
  const secret = (kind: string, hint: string) =>
    `holds ${kind} ("${hint}"): a run must never hold a secret; delete the file`;
  const theKey = "holds the api key or a piece of it: a run must never hold the key; delete the file";
  if (jsonDepth(text, runFileDepthLimit) > runFileDepthLimit) {
    error("", `too deep: nested more than ${runFileDepthLimit} levels, where a run is ${usualDepth}; delete it`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (thrown) {
    const [found] = findKeyShaped(text);
    if (apiKey && containsKeyPiece(text, apiKey)) error("", theKey);
    else if (found) error("", secret(found.kind, found.hint));
    else error("", `invalid json: ${jsonError(thrown, text)}`);
    return undefined;
  }
  const holdingKey = apiKey ? keyPieceFields(json, apiKey) : [];
  for (const field of holdingKey) error(field, theKey);
  const shaped = keyShapedFields(json).filter(({field}) => !holdingKey.includes(field));
  for (const {field, found} of shaped) error(field, secret(found.kind, found.hint));
  return shaped.length > 0 || holdingKey.length > 0 ? undefined : json;
}

/** A write's temp file (".<name>.tmp") left by an interrupted write: a warning, never read. */
export function noteStrayTempFile(name: string, file: string, report: Report): void {
  if (name.startsWith(".") && name.endsWith(".tmp"))
    report.warnings.push({file, field: "", message: "left by an interrupted write: delete it"});
}

/** The user's key as the checks take it: none when unset or blank. */
export const usableKey = (apiKey: string | undefined): string | undefined =>
  apiKey === undefined || apiKey.trim() === "" ? undefined : apiKey;

/**
 * A problem that never prints a key-shaped text in full, nor the user's key in any form, wherever it came from
 * (a file or field name, a quoted value).
 */
export const maskedProblem =
  (apiKey: string | undefined) =>
  ({file, field, message}: Problem): Problem => {
    const clean = (text: string) => maskKeyShaped(apiKey ? redactKey(text, apiKey) : text);
    return {file: clean(file), field: clean(field), message: clean(message)};
  };

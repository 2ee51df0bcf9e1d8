// The probes' file-system helpers shared by the version loader and the run loader. Node-only (node:fs).
import {readdirSync, statSync} from "node:fs";
import {maskKeyShaped} from "./secrets.js";

/** A JSON.parse error in words, with V8's quoted piece of the text masked where it looks like a key. */
export function jsonError(error: unknown): string {
  return maskKeyShaped((error as Error).message).toLowerCase();
}

export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// The runner's one kind of error, and how it quotes server text in one: every message of a failed run is built
// from text already redacted of the key. Pure.
import {excerpt} from "./limits.js";

export type RunnerErrorCode =
  | "missing-key"
  | "invalid-key"
  | "leak"
  | "network"
  | "timeout"
  | "http"
  | "redirect"
  | "rate-limited"
  | "too-large"
  | "malformed"
  | "api";

export class RunnerError extends Error {
  constructor(
    readonly code: RunnerErrorCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RunnerError";
  }
}

/** One line of at most `length` characters. Only ever called on text already redacted. */
export function flatExcerpt(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${excerpt(flat, length)}…` : flat;
}

// Catastrophic-backtracking check of a rule's pattern with recheck (automaton checker: no fuzzing, no
// randomness, no time limit, so the same pattern always gets the same verdict). Node-only.
import {checkSync} from "recheck";

export interface BacktrackingRisk {
  /** "exponential" is an error; "polynomial" is reported as a warning with its degree. */
  level: "safe" | "polynomial" | "exponential" | "unknown";
  /** recheck's summary, e.g. "3rd degree polynomial". */
  summary: string;
}

const cache = new Map<string, BacktrackingRisk>();

export function backtrackingRisk(pattern: string, flags: string): BacktrackingRisk {
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  // Run recheck's pure JavaScript build in this process (no worker, no native binary, no JVM).
  process.env.RECHECK_SYNC_BACKEND ??= "pure";
  const diagnostics = checkSync(pattern, flags, {checker: "automaton", timeout: null});
  let risk: BacktrackingRisk;
  if (diagnostics.status === "safe") risk = {level: "safe", summary: diagnostics.complexity.summary};
  else if (diagnostics.status === "vulnerable")
    risk = {
      level: diagnostics.complexity.type === "exponential" ? "exponential" : "polynomial",
      summary: diagnostics.complexity.summary,
    };
  else risk = {level: "unknown", summary: diagnostics.error.kind};
  cache.set(key, risk);
  return risk;
}

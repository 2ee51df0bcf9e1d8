// Hostile replies for a rule, for the tests and the bench: the pattern's literal pieces, in order and packed
// tight, repeated without the last one, so a backtracking engine meets every partial match and never a whole
// one (the case study's step 2 on "-Jupiter-Saturn-Jupiter-Saturn..." is cubic there). Pure and deterministic.
import type {ProbeRule} from "../../../lib/probes/schema.node.js";

/** A JavaScript pattern's literal runs, in order; letter escapes, classes, groups and quantifiers end a run. */
export function literalPieces(pattern: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  const cut = () => {
    if (piece !== "") pieces.push(piece);
    piece = "";
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      i += 1;
      if (/[a-zA-Z0-9]/.test(next)) cut();
      else piece += next;
    } else if (c === "[") {
      cut();
      while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
    } else if (c === "{") {
      cut();
      while (i < pattern.length && pattern[i] !== "}") i += 1;
    } else if (c === "(" && pattern[i + 1] === "?") {
      cut();
      // Skip (?: (?= (?! (?<= (?<! and a group's name (?<name>.
      const named = /^\(\?<[^=!][^>]*>/.exec(pattern.slice(i))?.[0];
      i += named ? named.length - 1 : pattern[i + 2] === "<" ? 3 : 2;
    } else if ("()|^$*+?.".includes(c)) cut();
    else piece += c;
  }
  cut();
  return pieces;
}

/** A reply of exactly `length` characters that is hard for a backtracking engine on this rule's pattern. */
export function hostileReply(rule: Pick<ProbeRule, "pattern">, length: number): string {
  const pieces = literalPieces(rule.pattern);
  // Without the last piece (or, for a single piece, its last character): every partial match, never a whole one.
  const unit = (pieces.length > 1 ? pieces.slice(0, -1).join("") : (pieces[0] ?? "").slice(0, -1)) || "a";
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

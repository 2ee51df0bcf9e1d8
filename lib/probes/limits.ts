// Size bounds, each derived from what a version allows, so a hostile endpoint can never make the runner hold, score,
// record or ship more than a real reply could be.
import type {RunParameters} from "./schema.node.js";

/** English averages about 4 bytes per token and a CJK token is 3 to 6: 16 leaves room for any real reply. */
export const bytesPerToken = 16;

export function replyByteBound(parameters: Pick<RunParameters, "maxTokens">): number {
  return parameters.maxTokens * bytesPerToken;
}

/** What probes:run and judge:run accept for --model, and a run file holds. */
export const modelMaxLength = 200;

/** Ids, usage, headers echoed as JSON. */
export const responseOverheadBytes = 64 * 1024;

/** JSON may spend 6 bytes on one character (\uXXXX), so a body holding the largest reply still fits. */
export function responseByteCap(parameters: Pick<RunParameters, "maxTokens">): number {
  return replyByteBound(parameters) * 6 + responseOverheadBytes;
}

export const oversizedExcerptLength = 2000;

export const scoreInputByteCap = 1024 * 1024;

/** A run within the bounds is far smaller. */
export const runFileByteCap = 8 * 1024 * 1024;

/** A run is 4 deep (the run, its score, the rules, a rule); 8 is no run. */
export const runFileDepthLimit = 8;

/** One pass over the text, no recursion, so a megabyte of [[[[… is measured before anything parses it, and a run
 *  file past the limit is refused unread; returns at most limit + 1. Parsed values: lib/text/json-shape.ts. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

export function excerpt(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// Size bounds, each derived from what a version allows, so a hostile or broken endpoint can never make the
// runner hold, score, record or ship more than a real reply could be. Pure.
import type {RunParameters} from "./schema.node.js";

/**
 * Bytes of UTF-8 per token a reply may use before it counts as oversized. English averages about 4
 * characters (bytes) per token and a CJK token is 3 to 6 bytes: 16 leaves room for any real reply.
 */
export const bytesPerToken = 16;

/** The largest reply a version can produce, in UTF-8 bytes: maxTokens × 16. A larger one is oversized. */
export function replyByteBound(parameters: Pick<RunParameters, "maxTokens">): number {
  return parameters.maxTokens * bytesPerToken;
}

/** The longest model slug a run may name: what probes:run and judge:run accept for --model, and a run file holds. */
export const modelMaxLength = 200;

/** Room in a response body for everything but the reply text: ids, usage, headers echoed as JSON. */
export const responseOverheadBytes = 64 * 1024;

/**
 * The most the runner reads of a 2xx body. JSON may spend up to 6 bytes on one character of text (\uXXXX),
 * so a body holding the largest reply still fits; a body past this cannot hold a reply within the bound.
 */
export function responseByteCap(parameters: Pick<RunParameters, "maxTokens">): number {
  return replyByteBound(parameters) * 6 + responseOverheadBytes;
}

/** What an oversized run keeps of its reply: the first 2,000 characters. */
export const oversizedExcerptLength = 2000;

/** The largest reply `probes:score` reads (a file or standard input): 1 MiB. */
export const scoreInputByteCap = 1024 * 1024;

/** The largest run file `probes:check` and the build read: a run within the bounds is far smaller. */
export const runFileByteCap = 8 * 1024 * 1024;

/** How deep a run file's JSON may nest: a run is 4 deep (the run, its score, the rules, a rule); 8 is no run. */
export const runFileDepthLimit = 8;

/**
 * How deep JSON text nests ([ and { outside strings), stopping once past `limit`: one pass, no recursion, so a
 * megabyte of [[[[… is measured before anything parses or walks it. Returns at most limit + 1.
 * Before parsing, on purpose: a run file past the limit is refused unread. A value already parsed (a saved record,
 * YAML's data) is measured by tooDeepAt and impossibleShape in lib/text/json-shape.ts.
 */
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

/** The first `length` characters of text, never ending in half a surrogate pair. */
export function excerpt(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// What a run's metadata from an endpoint can be: the finish reasons the API defines, a model slug, the model
// asked for (with a short version suffix), and the notes a run carries for what it dropped. Pure, with no zod:
// the runner and the run check use these in any context, and schema.node.ts builds the run's schema from them.

/** The finish reasons an OpenAI-compatible chat completion defines ("error" ends a run, never recorded). */
export const finishReasons = ["stop", "length", "tool_calls", "content_filter", "function_call"] as const;

/** The most characters a model slug an endpoint reports (servedBy) may have. */
export const modelSlugMaxLength = 128;

/**
 * What a model slug an endpoint reports can be: ASCII letters, digits and . _ : @ ~ + - in up to four parts
 * joined by /, at most 128 characters (openai/gpt-5-mini, meta-llama/llama-3.1-405b-instruct:free), and no run
 * of 16 hex digits across them: that is a hash or a key, not a model's name.
 */
export function isModelSlug(text: string): boolean {
  return (
    text.length <= modelSlugMaxLength &&
    /^[A-Za-z0-9~][A-Za-z0-9._:@~+-]*(?:\/[A-Za-z0-9][A-Za-z0-9._:@~+-]*){0,3}$/.test(text) &&
    !/[0-9a-f]{16}/i.test(text.replace(/[._:@~+/-]/g, ""))
  );
}

/**
 * Whether the model an endpoint says answered (a model slug) is the model asked for: the same slug, or the slug
 * and a short version suffix ("openai/gpt-5-mini" answered by "openai/gpt-5-mini-2025-08-07" or "...:free"),
 * in any case. The suffix starts with - : or @ and is at most 16 characters of a-z 0-9 . : -, so the field
 * cannot carry anything else (a slug-shaped key, ROT13 or base36, would otherwise ship in the built site).
 */
export function isServedModel(servedBy: string, model: string): boolean {
  if (!isModelSlug(servedBy)) return false;
  const served = servedBy.toLowerCase();
  const asked = model.toLowerCase();
  if (asked === "" || !served.startsWith(asked)) return false;
  const suffix = served.slice(asked.length);
  return suffix === "" || /^[-:@][a-z0-9.:-]{0,15}$/.test(suffix);
}

/**
 * Why a response's metadata was dropped, word for word: a run names what it dropped and why, and never quotes it
 * (the value could be anything an endpoint chose to send).
 */
export const droppedNotes = {
  servedBy: "servedBy dropped: the response's model field was not a model slug",
  finishReason: "finishReason dropped: the response's finish reason was not one the API defines",
} as const;

/** Whether text is a finish reason the API defines. */
export const isFinishReason = (text: string): text is (typeof finishReasons)[number] =>
  (finishReasons as readonly string[]).includes(text);

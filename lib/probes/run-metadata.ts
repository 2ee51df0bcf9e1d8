// What a run's metadata from an endpoint can be. No zod: the runner and the run check use these in any context, and
// schema.node.ts builds the run's schema from them.

/** Of an OpenAI-compatible chat completion ("error" ends a run, never recorded). */
export const finishReasons = ["stop", "length", "tool_calls", "content_filter", "function_call"] as const;

export const modelSlugMaxLength = 128;

/** ASCII letters, digits and . _ : @ ~ + - in up to four parts joined by / (meta-llama/llama-3.1-405b-instruct:free),
 *  and no run of 16 hex digits across them: that is a hash or a key, not a model's name. */
export function isModelSlug(text: string): boolean {
  return (
    text.length <= modelSlugMaxLength &&
    /^[A-Za-z0-9~][A-Za-z0-9._:@~+-]*(?:\/[A-Za-z0-9][A-Za-z0-9._:@~+-]*){0,3}$/.test(text) &&
    !/[0-9a-f]{16}/i.test(text.replace(/[._:@~+/-]/g, ""))
  );
}

/** The same slug, or it with a short version suffix ("openai/gpt-5-mini-2025-08-07", "...:free"), in any case: at
 *  most 16 characters of a-z 0-9 . : -, so a slug-shaped key (ROT13, base36) cannot ship in the built site. */
export function isServedModel(servedBy: string, model: string): boolean {
  if (!isModelSlug(servedBy)) return false;
  const served = servedBy.toLowerCase();
  const asked = model.toLowerCase();
  if (asked === "" || !served.startsWith(asked)) return false;
  const suffix = served.slice(asked.length);
  return suffix === "" || /^[-:@][a-z0-9.:-]{0,15}$/.test(suffix);
}

/** What a run's checker says of a `servedBy` that `isServedModel` refuses, probe run or judge run alike. */
export const servedByRule =
  "not the run's model, or that model and a version suffix (- : or @ and at most 15 more of a-z 0-9 . : -)";

/** A run names what it dropped and why, and never quotes it (it could be anything an endpoint chose to send). */
export const droppedNotes = {
  servedBy: "servedBy dropped: the response's model field was not a model slug",
  finishReason: "finishReason dropped: the response's finish reason was not one the API defines",
} as const;

export const isFinishReason = (text: string): text is (typeof finishReasons)[number] =>
  (finishReasons as readonly string[]).includes(text);

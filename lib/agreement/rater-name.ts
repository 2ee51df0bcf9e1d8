// The one rule for a rater's name, typed, read from a file or a CSV: shown to a coordinator as text, so any letters,
// marks and symbols, but nothing that would not show as itself (lib/text/quote-text.ts). A judge's run is named from
// its model and start, long enough for any model slug judge:run accepts.
import {modelMaxLength} from "../probes/limits.js";
import {codePointName, unsafeCharacter} from "../text/quote-text.js";

/** In code points. */
export const raterNameMaxLength = 80;

/** UTC, to the second or finer (at most nanoseconds). */
const runStart = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)Z$/;

export const isRunStart = (text: string): boolean => runStart.test(text) && !Number.isNaN(Date.parse(text));

/** "openai/gpt-5-mini (judge, 2026-08-10 12:00:41.500 UTC)": two runs of one model are two raters, even in the same
 *  second; a copy of one run is the same rater. */
export function judgeRaterName(model: string, startedAt: string): string {
  const [, day, time] = runStart.exec(startedAt) ?? [];
  return `${model} (judge, ${day} ${time} UTC)`;
}

/** The longest name judgeRaterName gives: the longest model slug judge:run accepts, and the longest start. */
export const judgeRaterNameMaxLength = judgeRaterName(
  "m".repeat(modelMaxLength),
  "2026-01-01T00:00:00.000000000Z",
).length;

/**
 * What is wrong with a rater's name as it would be stored, or null when it is fine. A person's name is at most 80
 * characters; a judge's is held to judgeRaterNameMaxLength.
 */
export function raterNameFault(name: string, maxLength = raterNameMaxLength): string | null {
  if (name.trim() !== name || name === "") return "a rater name may not be empty or start or end with a space";
  if ([...name].length > maxLength) return `a rater name may be at most ${maxLength} characters`;
  const unsafe = unsafeCharacter.exec(name);
  if (unsafe)
    return (
      "a rater name may not hold control characters, invisible characters or marks that reorder text " +
      `(it holds ${codePointName(unsafe[0])})`
    );
  return null;
}

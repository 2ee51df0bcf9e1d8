// The one rule for a rater's name, wherever it comes from: the name a trainee types on the results page (and the
// export file that carries it), a trainee's file read by the cohort page or `npm run agreement`, and a ratings CSV.
// A name is shown to a coordinator as text, so it may hold any letters, marks and symbols, but nothing that would
// not show as itself (lib/text/quote-text.ts): no control character, no invisible or zero-width character, no mark that
// reorders text, no line separator. Browser-safe.
//
// A judge's run is a rater too, named here from its model and the moment it started (judgeRaterName): one name per
// run, as its file is, and long enough for any model slug judge:run accepts.
import {modelMaxLength} from "../probes/limits.js";
import {codePointName, unsafeCharacter} from "../text/quote-text.js";

/** The longest rater name a person gives, in characters (code points). */
export const raterNameMaxLength = 80;

/** When a judge's run started, as a run records it: a UTC time, to the second or finer (at most nanoseconds). */
const runStart = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)Z$/;

/** Whether text is a run's start judgeRaterName can name it by. */
export const isRunStart = (text: string): boolean => runStart.test(text) && !Number.isNaN(Date.parse(text));

/**
 * A judge's name as a rater: its model and the moment its run started, as recorded (what its file is named by), as
 * in "openai/gpt-5-mini (judge, 2026-08-10 12:00:41.500 UTC)". Two runs of one model are two raters, even started in
 * the same minute or second; a copy of one run is the same rater.
 */
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

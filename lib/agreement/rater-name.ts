// The one rule for a rater's name, wherever it comes from: the name a trainee types on the results page (and the
// export file that carries it), a trainee's file read by the cohort page or `npm run agreement`, and a ratings CSV.
// A name is shown to a coordinator as text, so it may hold any letters, marks and symbols, but nothing that would
// not show as itself (lib/text/quote-text.ts): no control character, no invisible or zero-width character, no mark that
// reorders text, no line separator. Browser-safe.
import {codePointName, unsafeCharacter} from "../text/quote-text.js";

/** The longest rater name, in characters (code points). */
export const raterNameMaxLength = 80;

/** What is wrong with a rater's name as it would be stored, or null when it is fine. */
export function raterNameFault(name: string): string | null {
  if (name.trim() !== name || name === "") return "a rater name may not be empty or start or end with a space";
  if ([...name].length > raterNameMaxLength) return `a rater name may be at most ${raterNameMaxLength} characters`;
  const unsafe = unsafeCharacter.exec(name);
  if (unsafe)
    return (
      "a rater name may not hold control characters, invisible characters or marks that reorder text " +
      `(it holds ${codePointName(unsafe[0])})`
    );
  return null;
}

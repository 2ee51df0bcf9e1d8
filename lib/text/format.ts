// Numbers as people read them, one way each in every message and page.

/** Without Intl: its first use costs tens of ms in a page, a pause in the middle of a click. */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `many` is the plural where adding an s will not do: plural(2, "item moves", "items move"). */
export const plural = (count: number, noun: string, many = `${noun}s`): string =>
  `${thousands(count)} ${count === 1 ? noun : many}`;

const smallNumbers = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** A count in words up to ten, as prose writes it ("the six parts"), in figures beyond. */
export const countWord = (count: number): string => smallNumbers[count] ?? thousands(count);

const ordinals = [
  "zeroth",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

/** A place in an order in words up to the tenth ("the second version"), in figures beyond ("the 11th", "the 22nd"). */
export function ordinalWord(n: number): string {
  if (ordinals[n]) return ordinals[n];
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${thousands(n)}${suffix}`;
}

/** A text's size in UTF-8 bytes. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

const mebibyte = 1024 * 1024;

/**
 * A size as people read it. A whole number of MiB, as the limits set in powers of two are, exactly: "8 MiB". Anything
 * else in decimal units, as a file dialog shows it: "940 bytes", "64 kB", "52.4 MB".
 */
export function formatBytes(bytes: number): string {
  if (bytes >= mebibyte && bytes % mebibyte === 0) return `${bytes / mebibyte} MiB`;
  if (bytes < 1000) return `${bytes} bytes`;
  const kilobytes = Math.round(bytes / 1000);
  if (kilobytes < 1000) return `${kilobytes} kB`;
  return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** The words of a text, as a reader counts them: each run between spaces that holds a letter or a digit. */
export const wordCount = (text: string): number => (text.match(/\S*[\p{L}\p{N}]\S*/gu) ?? []).length;

/**
 * Words in a sentence's list: "Example 1", "Example 1 and Example 5", "Example 1, Example 3 and Example 5"; with "or"
 * for a choice ("2, 3 or 4"). Of a list named in part, `count` long in all, the words given and how many more: "P1, P2,
 * P3 and 4 more".
 */
export function listWords(
  words: readonly string[],
  {count = words.length, conjunction = "and"}: {count?: number; conjunction?: "and" | "or"} = {},
): string {
  const more = count - words.length;
  if (more > 0) return words.length ? `${words.join(", ")} and ${thousands(more)} more` : `${thousands(more)} more`;
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

/**
 * A note quoted after a colon, ended as a sentence: the case study's line notes are often fragments ("formality was
 * never requested"), and run after "… is not an instruction here." they read as a sentence missing its capital.
 */
export const endedSentence = (text: string): string => {
  const trimmed = text.trim();
  return /[.!?]["”’)]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** A time a trainee is told to expect: "about 8 min". */
export const aboutMinutes = (minutes: number): string => `about ${minutes} min`;

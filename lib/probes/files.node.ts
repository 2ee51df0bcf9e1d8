import {readdirSync, statSync} from "node:fs";

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `line ${line}, column ${offset - before.lastIndexOf("\n")}`;
}

/**
 * Why `text` is not JSON, in words that quote nothing of it: the file may be of another kind altogether (a link to a
 * system file, given by mistake), and V8's message quotes its start. What V8 found, in its own fixed words, and
 * where, when it says; a text whose first character cannot start JSON at all is placed there.
 */
export function jsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : "";
  if (/^Unexpected end of JSON input/.test(message)) return "it ends before its JSON is complete";
  const position = /in JSON at position (\d+)|after JSON at position (\d+)/.exec(message);
  const offset = position ? Number(position[1] ?? position[2]) : undefined;
  // "Expected ',' or '}' after property value in JSON at position 9": V8's own words, with nothing of the text.
  const described = /^([A-Za-z ,'}\]:-]+?) (in|after) JSON at position/.exec(message);
  if (offset !== undefined && described && !/^Unexpected token/.test(message)) {
    const what = `${described[1]!.toLowerCase()}${described[2] === "after" ? " after JSON" : ""}`;
    return `${what} at ${lineAndColumn(text, offset)}`;
  }
  // An editor's byte order mark, which JSON.parse refuses: a space to the search below, so it would be placed nowhere.
  if (text.startsWith("\uFEFF")) return "a byte order mark at line 1, column 1: save the file as UTF-8 without one";
  // "Unexpected token 'r', "root:x:0:0"... is not valid JSON" names no place: placed when it is the first character.
  const first = text.search(/\S/);
  const at = offset ?? (first >= 0 && !/[[{"\-0-9tfn]/.test(text[first]!) ? first : undefined);
  return `an unexpected character${at === undefined ? "" : ` at ${lineAndColumn(text, at)}`}`;
}

export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

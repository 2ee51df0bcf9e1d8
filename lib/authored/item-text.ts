// Reading an item file's text: the YAML front matter and the "## Heading" sections, put together as the record the
// item schema validates, and that check, with the schema passed in (checkItemRecord). Browser-safe and importing no
// schema: the case editor reads and checks a file here as the build does (lib/authored/item-file.ts), with the
// schema its page loads on its own (src/data/case-schemas.js.js).
import {Lexer, type Token} from "marked";
import {parseDocument, type Document} from "yaml";
import {authoredLimits, checkAuthoredText} from "./limits.js";
import {tooDeepAt} from "../text/json-shape.js";
import {quoteText} from "../text/quote-text.js";
import {AuthoredFileError, problemsFromZod, type Problem} from "./problems.js";
import type {Item} from "./schemas/item.js";
import type {ItemSchema} from "./schemas/facts.js";

export const itemSections = {
  "request": ["request", "text"],
  "request gloss": ["request", "gloss"],
  "response": ["response", "text"],
  "response gloss": ["response", "gloss"],
} as const;

/** The text is held to the item file's limits before the YAML and Markdown parsers see it. */
export function splitItemFile(source: string, file: string): {frontMatter: unknown; sections: Map<string, string>} {
  checkAuthoredText(source, file, "item");
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match)
    throw new AuthoredFileError([
      {
        file,
        field: "",
        message: "missing front matter: start the file with a --- line, the YAML fields, and another --- line",
      },
    ]);
  // The front matter starts on the file's second line, after the opening ---.
  const frontMatter = parseYamlData(match[1]!, file, "front matter", 1);
  const found = new Map<string, string>();
  const problems: Problem[] = [];
  let heading: string | null = null;
  let body = "";
  const flush = () => {
    if (heading === null) return;
    if (found.has(heading.toLowerCase()))
      problems.push({file, field: `## ${heading}`, message: "this section appears twice: keep one"});
    else found.set(heading.toLowerCase(), body.trim());
  };
  for (const token of lexSections(source.slice(match[0].length), file)) {
    if (token.type === "heading" && token.depth === 2) {
      flush();
      heading = token.text.trim();
      body = "";
    } else {
      body += token.raw;
    }
  }
  flush();
  if (problems.length) throw new AuthoredFileError(problems);
  return {frontMatter, sections: found};
}

/** Node's stack overflow: what a parser that recurses once per level throws on nesting deep enough. */
const isStackOverflow = (error: unknown): boolean => error instanceof RangeError && /call stack/i.test(error.message);

/** The Markdown after the front matter as marked's tokens, or a problem when it nests past the limit. */
function lexSections(markdown: string, file: string): Token[] {
  const tooDeep = () =>
    new AuthoredFileError([
      {
        file,
        field: "",
        message: `the sections nest quotes or lists deeper than ${authoredLimits.markdownDepth} levels: flatten them`,
      },
    ]);
  let marks = 0;
  for (const character of markdown)
    if ((character === "*" || character === "_") && ++marks > authoredLimits.emphasisMarks)
      throw new AuthoredFileError([
        {
          file,
          field: "",
          message: `the sections hold more than ${authoredLimits.emphasisMarks} emphasis marks (* or _): write fewer`,
        },
      ]);
  let tokens: Token[];
  try {
    tokens = Lexer.lex(markdown);
  } catch (error) {
    if (isStackOverflow(error)) throw tooDeep();
    throw error;
  }
  // Measured without recursion: a level is a quote or a list, and a list's items hold what is nested in it. Not
  // json-shape's walk: these are Markdown tokens, where only quotes and lists count as levels.
  const stack: [Token, number][] = tokens.map((token) => [token, 0]);
  while (stack.length) {
    const [token, outside] = stack.pop()!;
    const depth = outside + (token.type === "blockquote" || token.type === "list" ? 1 : 0);
    if (depth > authoredLimits.markdownDepth) throw tooDeep();
    const inner = token as {tokens?: Token[]; items?: Token[]};
    for (const child of [...(inner.tokens ?? []), ...(inner.items ?? [])]) stack.push([child, depth]);
  }
  return tokens;
}

/**
 * Parses YAML, or throws naming the file and the line of the first error (the ones after it usually follow
 * from it). `lineOffset` is how many lines of the file come before the YAML.
 */
function parseYaml(source: string, file: string, what = "", lineOffset = 0): Document {
  const document = parseDocument(source, {prettyErrors: false});
  const [error] = document.errors;
  // The yaml package reports a collection nested deeper than the call stack this way.
  if (document.errors.some((each) => each.code === "RESOURCE_EXHAUSTION")) throw yamlTooDeep(file, what);
  if (error) {
    const line = source.slice(0, Math.max(0, error.pos[0])).split("\n").length + lineOffset;
    const parsers = error.message.split("\n")[0]!;
    const words = yamlMistake(error.code, parsers, source.slice(Math.max(0, error.pos[0])));
    const said = words ? `${words} (${parsers})` : parsers;
    throw new AuthoredFileError([
      {
        file,
        field: "",
        message: `${what ? `${what} is ` : ""}not valid YAML (line ${line}): ${said}`,
      },
    ]);
  }
  return document;
}

/**
 * The usual slips of a hand-edited file in an author's words, with the fix, where the parser's own words name neither
 * the key nor the fix ("Map keys must be unique"); null for the rest, whose words stand alone. `from` is the source
 * from where the parser places the error.
 */
function yamlMistake(code: string, parsers: string, from: string): string | null {
  switch (code) {
    case "DUPLICATE_KEY": {
      // The key as written: quoted ("title": or 'a:b':) or plain, up to its colon.
      const key = /^("[^"\n]*"|'[^'\n]*'|[^:\n,{}]*)/
        .exec(from)![0]
        .trim()
        .replace(/^(["'])(.*)\1$/, "$2");
      return `${key ? quoteText(key, 40) : "a key"} is given twice in one mapping: keep one`;
    }
    case "TAB_AS_INDENT":
      return "a tab indents the line: indent with spaces";
    case "BAD_INDENT":
      // Its other case, a "[" or "{" left open, names what to close.
      return parsers.startsWith("All mapping items")
        ? "the key does not start where the other keys of its mapping start: line it up with them"
        : null;
    case "MULTILINE_IMPLICIT_KEY":
      return 'a key needs ": " after it (a colon, then a space), on its own line';
    case "BLOCK_AS_IMPLICIT_KEY":
      // Its other case, a list where a key should be, is said well enough by the parser.
      return parsers.startsWith("Nested mappings")
        ? 'a value holds ": " or is indented under another: put the value in quotes, or line it up with the keys'
        : null;
    default:
      return null;
  }
}

const yamlTooDeep = (file: string, what: string) => {
  const message = `nests deeper than ${authoredLimits.yamlDepth} levels of mappings and lists: flatten it`;
  return new AuthoredFileError([{file, field: "", message: `${what || "YAML"} ${message}`}]);
};

/**
 * Parses YAML into plain data, held to the limits of lib/authored/limits.ts: aliases may copy anchored values at most
 * `yamlAliases` times (an alias bomb is refused before it expands) and mappings and lists nest at most `yamlDepth`
 * levels. Throws AuthoredFileError naming the file, as parseYaml does.
 */
export function parseYamlData(source: string, file: string, what = "", lineOffset = 0): unknown {
  const document = parseYaml(source, file, what, lineOffset);
  let data: unknown;
  try {
    data = document.toJS({maxAliasCount: authoredLimits.yamlAliases});
  } catch (error) {
    if (isStackOverflow(error)) throw yamlTooDeep(file, what);
    // The yaml package throws ReferenceError for an alias past maxAliasCount and for one with no anchor before it.
    if (!(error instanceof ReferenceError)) throw error;
    const message = /alias count/i.test(error.message)
      ? `YAML aliases${what ? ` in the ${what}` : ""} copy anchored values more than ` +
        `${authoredLimits.yamlAliases} times, the most allowed: write the values out instead`
      : `${what ? `${what} is ` : ""}not valid YAML: ${error.message.split("\n")[0]}`;
    throw new AuthoredFileError([{file, field: "", message}]);
  }
  // Measured on the parsed data: YAML nests by indentation too, so its text cannot be measured by counting brackets.
  if (tooDeepAt(data, authoredLimits.yamlDepth) !== null) throw yamlTooDeep(file, what);
  return data;
}

/**
 * The front matter with the body sections put in their fields (request.text, response.gloss, ...): what the item
 * schema validates, and a problem for each unknown section (reported with the schema's, so one run lists all).
 * Throws AuthoredFileError when the text cannot be read at all.
 */
export function itemRecord(source: string, file: string): {record: Record<string, unknown>; problems: Problem[]} {
  const {frontMatter, sections: found} = splitItemFile(source, file);
  if (typeof frontMatter !== "object" || frontMatter === null || Array.isArray(frontMatter)) {
    throw new AuthoredFileError([{file, field: "", message: "front matter must be a YAML mapping of fields"}]);
  }
  const problems: Problem[] = [];
  const record = structuredClone(frontMatter) as Record<string, Record<string, unknown> | undefined>;
  for (const [heading, text] of found) {
    // Own keys only: "## constructor" must not find Object.prototype's.
    if (!Object.hasOwn(itemSections, heading)) {
      problems.push({
        file,
        field: `## ${heading}`,
        message: `unknown section: expected one of ${Object.keys(itemSections)
          .map((name) => `"## ${name}"`)
          .join(", ")}`,
      });
      continue;
    }
    const [parent, key] = itemSections[heading as keyof typeof itemSections];
    record[parent] = {...(record[parent] ?? {}), [key]: text};
  }
  return {record, problems};
}

/** The section a field's text comes from ("response.text" -> "Response"), or null for a front-matter field. */
export function sectionOf(field: string): string | null {
  const heading = Object.entries(itemSections).find(([, [parent, key]]) => field === `${parent}.${key}`)?.[0];
  return heading === undefined ? null : `${heading[0]!.toUpperCase()}${heading.slice(1)}`;
}

/**
 * A problem in the author's words: a missing text that lives in a body section names the section, not the field;
 * so does a missing request or response, whose text is what the author left out.
 */
export function inSectionWords(problem: Problem): Problem {
  const section = sectionOf(problem.field) ?? sectionOf(`${problem.field}.text`);
  return section !== null && problem.message.startsWith("missing")
    ? {...problem, message: `missing: expected a "## ${section}" section`}
    : problem;
}

/** A record (front matter with the sections' texts in place) held to the item schema: the item, or its problems. */
export function checkItemRecord(
  record: Record<string, unknown>,
  schema: ItemSchema,
  file: string,
): {item: Item; problems: []} | {item: null; problems: Problem[]} {
  const parsed = schema.safeParse(record);
  if (parsed.success) return {item: parsed.data, problems: []};
  return {item: null, problems: problemsFromZod(file, parsed.error, record).map(inSectionWords)};
}

import {Lexer} from "marked";
import {parseDocument, type Document} from "yaml";
import {Item} from "./item.js";
import {AuthoredFileError, problemsFromZod, type Problem} from "./problems.js";

/** Body sections an item file may have, and where each one goes in the item. */
const sections = {
  "request": ["request", "text"],
  "request gloss": ["request", "gloss"],
  "response": ["response", "text"],
  "response gloss": ["response", "gloss"],
} as const;

/** Splits a Markdown file into its YAML front matter (as data) and its "## Heading" sections (raw text). */
export function splitItemFile(source: string, file: string): {frontMatter: unknown; sections: Map<string, string>} {
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
  const document = parseYaml(match[1]!, file, "front matter", 1);
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
  for (const token of Lexer.lex(source.slice(match[0].length))) {
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
  return {frontMatter: document.toJS(), sections: found};
}

/**
 * Parses YAML, or throws naming the file and the line of the first error (the ones after it usually follow
 * from it). `lineOffset` is how many lines of the file come before the YAML.
 */
export function parseYaml(source: string, file: string, what = "", lineOffset = 0): Document {
  const document = parseDocument(source, {prettyErrors: false});
  const [error] = document.errors;
  if (error) {
    const line = source.slice(0, Math.max(0, error.pos[0])).split("\n").length + lineOffset;
    throw new AuthoredFileError([
      {
        file,
        field: "",
        message: `${what ? `${what} is ` : ""}not valid YAML (line ${line}): ${error.message.split("\n")[0]}`,
      },
    ]);
  }
  return document;
}

/** Parses and validates one item file. Throws AuthoredFileError naming the file and every field at fault. */
export function parseItemFile(source: string, file: string): Item {
  const {frontMatter, sections: found} = splitItemFile(source, file);
  if (typeof frontMatter !== "object" || frontMatter === null || Array.isArray(frontMatter)) {
    throw new AuthoredFileError([{file, field: "", message: "front matter must be a YAML mapping of fields"}]);
  }
  const problems: Problem[] = [];
  const record = structuredClone(frontMatter) as Record<string, Record<string, unknown> | undefined>;
  for (const [heading, text] of found) {
    if (!(heading in sections)) {
      problems.push({
        file,
        field: `## ${heading}`,
        message: `unknown section: expected one of ${Object.keys(sections)
          .map((name) => `"## ${name}"`)
          .join(", ")}`,
      });
      continue;
    }
    const [parent, key] = sections[heading as keyof typeof sections];
    record[parent] = {...(record[parent] ?? {}), [key]: text};
  }
  const parsed = Item.safeParse(record);
  if (!parsed.success) {
    for (const problem of problemsFromZod(file, parsed.error, record)) {
      // A missing text that lives in a body section: name the section, not the field it fills.
      const heading = Object.entries(sections).find(([, [parent, key]]) => problem.field === `${parent}.${key}`)?.[0];
      const missing = heading !== undefined && problem.message.startsWith("missing");
      problems.push(
        missing
          ? {...problem, message: `missing: expected a "## ${heading[0]!.toUpperCase()}${heading.slice(1)}" section`}
          : problem,
      );
    }
  }
  if (problems.length) throw new AuthoredFileError(problems);
  const item = parsed.data!;
  const expected = file.split("/").pop()!.replace(/\.md$/, "");
  if (item.id !== expected)
    throw new AuthoredFileError([
      {
        file,
        field: "id",
        message:
          `id "${item.id}" does not match the file name: ` + `rename the file to ${item.id}.md or set id: ${expected}`,
      },
    ]);
  return item;
}

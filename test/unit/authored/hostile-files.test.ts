// Every authored file the build and guideline:check read, made hostile in each way an author's editor, a bad merge or
// a malicious pull request could: each must stop its loader with one problem naming the file, what is wrong and the
// fix, never a stack overflow, a TypeError or a silently mangled text. The limits are those of
// docs/guideline-authors.md (When an authored file is wrong): 64 kB an item file, 256 kB a YAML file, 32 levels of
// YAML, 100 alias copies, 16 levels of Markdown quotes and lists.
import {mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {
  loadCalibration,
  loadCaseStudy,
  loadGuideline,
  loadItems,
  loadParts,
  loadRubricWriter,
  projectRoot,
} from "../../../lib/node/load.js";
import type {Problem} from "../../../lib/authored/problems.js";
import {authoredCopies, authoredError} from "./helpers.js";

/** A copy of the authored files (guideline/ and data/ without the probes and their runs), removed after the test. */
const authoredCopy = authoredCopies("rater-notebook-hostile-", {leave: ["probes", "runs"]});

/** The problems a loader throws; fails the test if it throws anything else, or nothing. */
const problemsOf = (load: () => unknown): Problem[] => authoredError(load).problems;

interface AuthoredFile {
  path: string;
  /** An item file or a YAML file: their size limits differ, and an item's YAML is its front matter. */
  kind: "item" | "yaml";
  load: (root: string) => unknown;
}

const authoredFiles: AuthoredFile[] = [
  {path: "data/items/example-2.md", kind: "item", load: (root) => loadItems(root)},
  {path: "guideline/v2/guideline.yaml", kind: "yaml", load: (root) => loadGuideline("v2", root)},
  {path: "guideline/v1/guideline.yaml", kind: "yaml", load: (root) => loadGuideline("v1", root)},
  {path: "data/parts.yaml", kind: "yaml", load: (root) => loadParts(root)},
  {path: "data/case-study.yaml", kind: "yaml", load: (root) => loadCaseStudy(root)},
  {path: "data/rubric-writer.yaml", kind: "yaml", load: (root) => loadRubricWriter(root)},
  {path: "data/calibration.yaml", kind: "yaml", load: (root) => loadCalibration(root, [])},
];

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The real file with a line inserted as its second line: a YAML comment, in an item's front matter or not. */
function secondLine(real: string, line: Uint8Array): Uint8Array {
  const firstBreak = real.indexOf("\n") + 1;
  const head = encode(real.slice(0, firstBreak));
  return new Uint8Array([...head, ...encode("# "), ...line, 0x0a, ...encode(real.slice(firstBreak))]);
}

/** An alias bomb ("billion laughs"): nine levels of nine copies each, 387,420,489 strings once expanded. */
const aliasBomb = [
  'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  ..."bcdefghi".split("").map((name, index) => {
    const previous = "abcdefgh"[index]!;
    return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`;
  }),
].join("\n");

/** A mapping nested `levels` deep in block style, each level one indent further. */
const blockNesting = (levels: number): string =>
  Array.from({length: levels}, (_, level) => `${"  ".repeat(level)}k${level}:`).join("\n") + " leaf";

/** YAML as a whole file, or as an item's front matter with the item's own fields after it. */
function withYaml(file: AuthoredFile, real: string, yaml: string): string {
  return file.kind === "item" ? real.replace(/^---\n/, `---\n${yaml}\n`) : `${yaml}\n`;
}

describe.each(authoredFiles)("$path, made hostile, stops its loader with one line naming it", (file) => {
  const real = readFileSync(join(projectRoot, file.path), "utf8");
  const yamlIn = file.kind === "item" ? "front matter" : "YAML";

  /** Writes the file into a copy and loads it; returns the one problem, as the line the author reads. */
  function oneLine(content: string | Uint8Array): string {
    const root = authoredCopy();
    writeFileSync(join(root, file.path), content);
    const problems = problemsOf(() => file.load(root));
    const lines = problems.map(
      ({file: name, field, message}) => (field ? `${name} at ${field}` : name) + `: ${message}`,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    return lines[0]!;
  }

  it("larger than its limit: refused by its size, before it is parsed", () => {
    const limit = file.kind === "item" ? 64_000 : 256_000;
    const padding = `\n#${"x".repeat(limit)}\n`;
    expect(oneLine(real + padding)).toBe(
      file.kind === "item"
        ? `${file.path}: larger than 64 kB, the most an item file may hold: shorten it`
        : `${file.path}: larger than 256 kB, the most a YAML file may hold: shorten it`,
    );
  });

  it("not UTF-8 (a file saved as Latin-1): refused, not read with a replacement character", () => {
    // "café" in Latin-1: é is the single byte 0xE9, which no UTF-8 sequence starts and ends with.
    expect(oneLine(secondLine(real, new Uint8Array([0x63, 0x61, 0x66, 0xe9])))).toBe(
      `${file.path}: not valid UTF-8 (line 2): save it as UTF-8`,
    );
  });

  it("a NUL byte: refused", () => {
    expect(oneLine(secondLine(real, new Uint8Array([0x78, 0x00, 0x79])))).toBe(
      `${file.path}: holds a NUL byte (line 2): remove it`,
    );
  });

  it("a YAML alias bomb: refused at the yaml package's alias limit, never expanded", () => {
    const where = file.kind === "item" ? " in the front matter" : "";
    expect(oneLine(withYaml(file, real, aliasBomb))).toBe(
      `${file.path}: YAML aliases${where} copy anchored values more than 100 times, the most allowed: ` +
        "write the values out instead",
    );
  });

  it("an alias with no anchor: refused as invalid YAML", () => {
    expect(oneLine(withYaml(file, real, "unanchored: *nowhere"))).toBe(
      `${file.path}: ${file.kind === "item" ? "front matter is " : ""}not valid YAML: ` +
        "Unresolved alias (the anchor must be set before the alias): nowhere",
    );
  });

  it("nested 33 levels deep in block style: past the depth limit", () => {
    expect(oneLine(withYaml(file, real, blockNesting(33)))).toBe(
      `${file.path}: ${yamlIn} nests deeper than 32 levels of mappings and lists: flatten it`,
    );
  });

  it("nested 5,000 levels deep in flow style (deeper than the YAML parser's stack): the same line", () => {
    const deep = `deep: ${"[".repeat(5000)}${"]".repeat(5000)}`;
    expect(oneLine(withYaml(file, real, deep))).toBe(
      `${file.path}: ${yamlIn} nests deeper than 32 levels of mappings and lists: flatten it`,
    );
  });

  it("32 levels deep is still read (the limit is inclusive)", () => {
    // The nesting is valid YAML within the limit, so what stops the file is the schema, not the depth.
    const root = authoredCopy();
    writeFileSync(join(root, file.path), withYaml(file, real, blockNesting(32)));
    const problems = problemsOf(() => file.load(root));
    expect(problems.map((problem) => problem.message).join("\n")).not.toMatch(/nests deeper|stack/);
  });
});

describe("an item file's body", () => {
  const path = "data/items/example-2.md";
  const real = readFileSync(join(projectRoot, path), "utf8");

  function oneLine(content: string): string {
    const root = authoredCopy();
    writeFileSync(join(root, path), content);
    const problems = problemsOf(() => loadItems(root));
    expect(problems).toHaveLength(1);
    const [{file, field, message}] = problems as [Problem];
    return `${field ? `${file} at ${field}` : file}: ${message}`;
  }

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])(
    "a section named after an Object.prototype property (## %s) is an unknown section",
    (name) => {
      expect(oneLine(real.replace("## Request", `## ${name}\n\nx\n\n## Request`))).toBe(
        `${path} at ## ${name.toLowerCase()}: unknown section: expected one of "## request", "## request gloss", ` +
          '"## response", "## response gloss"',
      );
    },
  );

  it("a 63 MB body (a stack overflow in the Markdown lexer) is refused by its size", () => {
    const body = "> ".repeat(31_500_000);
    expect(oneLine(`${real}\n${body}x\n`)).toBe(
      `${path}: larger than 64 kB, the most an item file may hold: shorten it`,
    );
  });

  it("emphasis marks past the limit (the lexer's work grows with their square) are refused before lexing", () => {
    // 31,000 of "_a" within the size limit took the lexer 8.6 s.
    expect(oneLine(`${real}\n${"_a".repeat(31_000)}\n`)).toBe(
      `${path}: the sections hold more than 1000 emphasis marks (* or _): write fewer`,
    );
  });

  it("quotes nested 3,000 deep within the size limit (deeper than the lexer's stack): refused by depth", () => {
    expect(oneLine(`${real}\n${"> ".repeat(3000)}x\n`)).toBe(
      `${path}: the sections nest quotes or lists deeper than 16 levels: flatten them`,
    );
  });

  it("lists nested 17 deep: past the limit; 16 deep: read", () => {
    const nested = (levels: number) =>
      Array.from({length: levels}, (_, level) => `${"  ".repeat(level)}- level ${level + 1}`).join("\n");
    expect(oneLine(real.replace("## Response\n", `## Response\n\n${nested(17)}\n`))).toBe(
      `${path}: the sections nest quotes or lists deeper than 16 levels: flatten them`,
    );
    const root = authoredCopy();
    writeFileSync(join(root, path), real.replace("## Response\n", `## Response\n\n${nested(16)}\n`));
    expect(() => loadItems(root)).not.toThrow();
  });

  it("a NUL in the response: refused with its line", () => {
    const lines = real.split("\n");
    const response = lines.indexOf("## Response");
    lines.splice(response + 1, 0, "", "x\0y");
    // Line numbers count from 1: the NUL is two lines below "## Response".
    expect(oneLine(lines.join("\n"))).toBe(`${path}: holds a NUL byte (line ${response + 3}): remove it`);
  });
});

describe("a file an authored path names that is not a readable text file", () => {
  it("a folder where an item file should be: refused, naming it", () => {
    const root = authoredCopy();
    rmSync(join(root, "data/items/example-2.md"));
    mkdirSync(join(root, "data/items/example-2.md"));
    expect(problemsOf(() => loadItems(root))).toEqual([
      {file: "data/items/example-2.md", field: "", message: "not a regular file: put the file itself there"},
    ]);
  });
  it("a missing YAML file: refused, naming it", () => {
    const root = authoredCopy();
    rmSync(join(root, "data/parts.yaml"));
    expect(problemsOf(() => loadParts(root))).toEqual([
      {file: "data/parts.yaml", field: "", message: "cannot read it (ENOENT): restore the file"},
    ]);
  });
});

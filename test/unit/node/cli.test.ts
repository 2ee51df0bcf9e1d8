import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {CliError, numberFlag, parseCommandLine, quote, readInput, runCli} from "../../../lib/node/cli.js";
import {AuthoredFileError} from "../../../lib/authored/problems.js";
import {rootFolder, typedPath} from "../../../lib/node/command.js";

const spec = {
  usage: "npm run x -- <probe> [--version v2] [--json]",
  options: {version: {type: "string"}, json: {type: "boolean", default: false}},
  positionals: ["probe"],
} as const;

/** The one line a CliError carries, or "ok". */
function line(run: () => unknown): string {
  try {
    run();
    return "ok";
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return `${error.exitCode}: ${error.message}`;
  }
}

describe("parseCommandLine", () => {
  it("parses flags and positionals", () => {
    const {values, positionals} = parseCommandLine(["six-step-chain", "--version", "v1", "--json"], spec);
    expect([values.version, values.json, positionals]).toEqual(["v1", true, ["six-step-chain"]]);
  });

  it("every bad command line is one line, exit 2, naming the problem and what is valid", () => {
    const usage = "usage: npm run x -- <probe> [--version v2] [--json]";
    expect(line(() => parseCommandLine(["p", "--bogus"], spec))).toBe(
      `2: unknown option "--bogus": expected --version, --json; ${usage}`,
    );
    expect(line(() => parseCommandLine(["p", "-x"], spec))).toBe(
      `2: unknown option "-x": expected --version, --json; ${usage}`,
    );
    expect(line(() => parseCommandLine(["p", "--version"], spec))).toBe(`2: --version needs a value; ${usage}`);
    expect(line(() => parseCommandLine(["p", "--version", "--json"], spec))).toBe(
      `2: --version needs a value; ${usage}`,
    );
    expect(line(() => parseCommandLine(["p", "--json=yes"], spec))).toBe(`2: --json takes no value; ${usage}`);
    expect(line(() => parseCommandLine(["p", "q"], spec))).toBe(`2: unexpected argument "q"; ${usage}`);
    expect(line(() => parseCommandLine([], spec))).toBe(`2: missing <probe>; ${usage}`);
    expect(line(() => parseCommandLine(["p", "x\ny"], spec))).toBe(`2: unexpected argument "x\\ny"; ${usage}`);
  });

  it("a rest of one or more positionals, after the fixed ones", () => {
    const rest = {usage: "npm run x -- <files ...>", options: {json: {type: "boolean"}}, rest: "files"} as const;
    expect(parseCommandLine(["a.csv", "b.json", "--json"], rest).positionals).toEqual(["a.csv", "b.json"]);
    expect(line(() => parseCommandLine(["--json"], rest))).toBe("2: missing <files>; usage: npm run x -- <files ...>");
    const both = {...rest, positionals: ["probe"]} as const;
    expect(parseCommandLine(["p", "a", "b"], both).positionals).toEqual(["p", "a", "b"]);
    expect(line(() => parseCommandLine(["p"], both))).toBe("2: missing <files>; usage: npm run x -- <files ...>");
  });

  it("takes a negative number after a flag for its value, so the flag's own check names the range", () => {
    expect(parseCommandLine(["p", "--version", "-1"], spec).values.version).toBe("-1");
    expect(parseCommandLine(["p", "--version", "-.5", "--json"], spec).values).toEqual({version: "-.5", json: true});
    const retries = parseCommandLine(["--retries", "-1"], {usage: "x", options: {retries: {type: "string"}}});
    expect(line(() => numberFlag("retries", retries.values.retries!, {min: 0, max: 10, whole: true}))).toBe(
      '2: --retries: expected a whole number from 0 to 10, got "-1"',
    );
    // A dash and a letter is still another flag.
    expect(line(() => parseCommandLine(["p", "--version", "-x"], spec))).toMatch(/^2: --version needs a value/);
  });

  it("refuses a flag given twice, in the words the authors' page uses for its address", () => {
    expect(line(() => parseCommandLine(["p", "--version", "v2", "--version", "v1"], spec))).toBe(
      '2: --version is set twice ("v2" and "v1"): set it once; usage: npm run x -- <probe> [--version v2] [--json]',
    );
  });

  it("numbers within a range", () => {
    const timeout = (value: string) => line(() => numberFlag("timeout", value, {min: 1, max: 600, unit: " seconds"}));
    expect(numberFlag("timeout", "2.5", {min: 1, max: 600})).toBe(2.5);
    for (const bad of ["", "abc", "0", "601", "1e3", "Infinity", "NaN", "0x10", "-1", "1,5"])
      expect(timeout(bad)).toBe(`2: --timeout: expected a number from 1 to 600 seconds, got ${JSON.stringify(bad)}`);
    expect(line(() => numberFlag("retries", "1.5", {min: 0, max: 10, whole: true}))).toBe(
      '2: --retries: expected a whole number from 0 to 10, got "1.5"',
    );
  });
});

describe("readInput", () => {
  const dir = mkdtempSync(join(tmpdir(), "cli-input-"));
  const lineOf = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return "ok";
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      return `${error.exitCode}: ${error.message}`;
    }
  };
  async function* chunks(n: number, size: number) {
    for (let i = 0; i < n; i++) yield new Uint8Array(size);
  }
  /** What a command says of an input that is not a file: each command its own words. */
  const reply = {notAFile: "give a file holding the reply"};
  /** A command's standard input that must not be read: the input is a file. */
  const noStdin = {
    get stdin(): AsyncIterable<Uint8Array> {
      throw new Error("standard input read for a file");
    },
  };

  it("reads a file or standard input up to the cap, and refuses past it with one line", async () => {
    const file = join(dir, "reply.txt");
    writeFileSync(file, "hello");
    expect(await readInput(file, 5, noStdin, reply)).toBe("hello");
    expect(await lineOf(() => readInput(file, 4, noStdin, reply))).toBe(
      `2: ${JSON.stringify(file)}: larger than 4 bytes, the most read here`,
    );
    const refuse = (what: string, bytes: number): never => {
      throw new CliError(`${what}: ${bytes} bytes`, 1);
    };
    expect(await lineOf(() => readInput(file, 4, noStdin, {...reply, tooLarge: refuse}))).toBe(
      `1: ${JSON.stringify(file)}: 5 bytes`,
    );
    expect(await readInput(undefined, 10, {stdin: chunks(2, 5)}, reply)).toBe("\0".repeat(10));
    expect(await lineOf(() => readInput(undefined, 1024 * 1024, {stdin: chunks(1_000_000, 1024)}, reply))).toBe(
      "2: standard input: larger than 1 MiB, the most read here",
    );
    rmSync(dir, {recursive: true, force: true});
  });

  it("with notText, refuses bytes that are not UTF-8, from a file or standard input; without, decodes as File.text()", async () => {
    const folder = mkdtempSync(join(tmpdir(), "cli-text-"));
    try {
      const utf16 = join(folder, "utf16.txt");
      writeFileSync(utf16, Buffer.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]));
      const notText = (what: string): never => {
        throw new CliError(`${what}: not UTF-8 text`);
      };
      expect(await lineOf(() => readInput(utf16, 64, noStdin, {...reply, notText}))).toBe(
        `2: ${JSON.stringify(utf16)}: not UTF-8 text`,
      );
      async function* bytes() {
        yield new Uint8Array([0xc3]);
      }
      expect(await lineOf(() => readInput(undefined, 64, {stdin: bytes()}, {...reply, notText}))).toBe(
        "2: standard input: not UTF-8 text",
      );
      // A byte order mark is dropped either way; a byte that is not UTF-8 is U+FFFD, as a browser reads a file.
      const marked = join(folder, "marked.txt");
      writeFileSync(marked, Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69, 0xff]));
      expect(await readInput(marked, 64, noStdin, reply)).toBe("hi\uFFFD");
      writeFileSync(marked, Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]));
      expect(await readInput(marked, 64, noStdin, {...reply, notText})).toBe("hi");
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });

  it("refuses what is not a regular file before reading it", async () => {
    const notAFile = "give the file itself";
    expect(await lineOf(() => readInput("/dev/zero", 1024, noStdin, {notAFile}))).toBe(
      '2: "/dev/zero": not a regular file: give the file itself',
    );
  });

  it("says in plain words why a file cannot be opened: no such file", async () => {
    const notAFile = "give the file itself";
    expect(await lineOf(() => readInput("/no/such/file", 1024, noStdin, {notAFile}))).toBe(
      '2: "/no/such/file": no such file: check its name and its folder',
    );
    // A name, as typed in another folder than the project's, where npm runs the script: where it was looked for.
    expect(await lineOf(() => readInput("no-such-reply.txt", 1024, noStdin, {notAFile}))).toBe(
      '2: "no-such-reply.txt": no such file: check its name and its folder ' +
        `(looked for as ${JSON.stringify(join(process.cwd(), "no-such-reply.txt"))})`,
    );
    const folder = mkdtempSync(join(tmpdir(), "cli-missing-"));
    try {
      writeFileSync(join(folder, "notes"), "");
      const under = join(folder, "notes", "reply.txt");
      expect(await lineOf(() => readInput(under, 1024, noStdin, {notAFile}))).toBe(
        `2: ${JSON.stringify(under)}: no such file: a part of its path is a file, not a folder`,
      );
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});

describe("runCli", () => {
  const capture = async (main: () => number | void | Promise<number | void>) => {
    const lines: string[] = [];
    // Standard output and standard error into one list, in the order written: the tests read which lines come.
    const code = await runCli(
      "x:y",
      (l) => lines.push(l),
      main,
      (l) => lines.push(l),
    );
    return {code, lines};
  };

  it("returns main's exit code, or prints one line for a failure and returns its code", async () => {
    expect(await capture(() => {})).toEqual({code: 0, lines: []});
    expect(await capture(() => 1)).toEqual({code: 1, lines: []});
    expect(
      await capture(() => {
        throw new CliError("bad flag", 2);
      }),
    ).toEqual({code: 2, lines: ["x:y: bad flag"]});
    expect(
      await capture(() => {
        throw new AuthoredFileError([{file: "a.json", field: "b", message: "c"}]);
      }),
    ).toEqual({code: 1, lines: ["a.json at b: c", "x:y: fix the authored files above"]});
    expect(
      await capture(() => {
        throw new Error("boom\n    at somewhere (file.ts:1:1)");
      }),
    ).toEqual({code: 1, lines: ["x:y: unexpected error: boom"]});
  });

  it("never prints a bidi control, a line separator or an invisible character raw, whoever wrote the message", async () => {
    // quote() escapes what it quotes; a message built without it (a library's, a server's) is escaped on its way out.
    expect(quote("gpt\u202E5")).toBe('"gpt\\u{202E}5"');
    expect(line(() => parseCommandLine(["p", "q\u2028r"], spec))).toBe(
      '2: unexpected argument "q\\u{2028}r"; usage: npm run x -- <probe> [--version v2] [--json]',
    );
    const thrown = await capture(() => {
      throw new CliError("refused: a\u202Eb\u200Bc\u2029d", 1);
    });
    expect(thrown).toEqual({code: 1, lines: ["x:y: refused: a\\u{202E}b\\u{200B}c\\u{2029}d"]});
    const authored = await capture(() => {
      throw new AuthoredFileError([{file: "x\u202E.json", field: "b", message: "c"}]);
    });
    expect(authored.lines[0]).toBe("x\\u{202E}.json at b: c");
    const bug = await capture(() => {
      throw new Error("boom \u202E");
    });
    expect(bug.lines).toEqual(["x:y: unexpected error: boom \\u{202E}"]);
  });
});

describe("rootFolder", () => {
  it("takes a --root that is a folder, from where the command runs; refuses one missing or a file, exit 2", () => {
    const io = {root: "/the/project"} as Parameters<typeof rootFolder>[0];
    const folder = mkdtempSync(join(tmpdir(), "cli-root-"));
    try {
      writeFileSync(join(folder, "file"), "");
      expect(rootFolder(io, undefined)).toBe("/the/project");
      expect(rootFolder(io, folder)).toBe(folder);
      expect(line(() => rootFolder(io, join(folder, "missing")))).toBe(
        `2: --root ${JSON.stringify(join(folder, "missing"))}: no such folder: give the project's folder`,
      );
      expect(line(() => rootFolder(io, join(folder, "file")))).toBe(
        `2: --root ${JSON.stringify(join(folder, "file"))}: not a folder: give the project's folder`,
      );
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });

  it("reads a relative --root, and any file named, from the folder the command was typed in", () => {
    const folder = mkdtempSync(join(tmpdir(), "cli-typed-"));
    try {
      mkdirSync(join(folder, "project"));
      const io = {root: "/the/project", typedIn: folder} as Parameters<typeof rootFolder>[0];
      expect(rootFolder(io, "project")).toBe(join(folder, "project"));
      expect(typedPath(io, "ratings.csv")).toBe(join(folder, "ratings.csv"));
      expect(typedPath(io, "/elsewhere/ratings.csv")).toBe("/elsewhere/ratings.csv");
      // Typed where the command runs (npm's INIT_CWD the project's folder): as given.
      expect(typedPath({}, "docs/examples/ratings.csv")).toBe("docs/examples/ratings.csv");
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});

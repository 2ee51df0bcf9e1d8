// What the command-line entries share: strict flags, and failing with one line, never a stack trace; lib never exits.
import {existsSync} from "node:fs";
import {isAbsolute, resolve} from "node:path";
import {parseArgs, type ParseArgsConfig} from "node:util";
import {formatBytes} from "../text/format.js";
import {AuthoredFileError} from "../authored/problems.js";
import {quoteText, escapeUnsafe, setTwice} from "../text/quote-text.js";
import {utf8Decoder} from "../text/utf8.js";
import {CappedReadError, readCappedFile, unopenedWords} from "./read-file.js";

/**
 * Exit code 2 for a usage error: bad flags, a name that names nothing, a file named that cannot be opened or is not a
 * regular file. 1 for the rest: input read and refused, a check that fails.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** `--help` or `-h` on the command line: the command prints its usage on standard output, does nothing else, exit 0. */
export class HelpRequested extends Error {
  constructor(usage: string) {
    super(`usage: ${usage}`);
    this.name = "HelpRequested";
  }
}

export function fail(line: string, exitCode: 1 | 2 = 2): never {
  throw new CliError(line, exitCode);
}

export const quote = (value: string, length = 60): string => quoteText(value, length);
/** A file's name, whole as far as a name runs: its end (a run file's date and model) is where a slip shows. */
export const quotePath = (path: string): string => quote(path, 240);

/** For a relative name not found: where it was looked for (a name typed in another folder comes here whole,
 *  lib/node/command.ts `typedPath`), and in the folders `also` names (a command's root, `typedOrInRoot`). */
export const lookedFor = (path: string, also: readonly string[] = []): string =>
  isAbsolute(path) || existsSync(path)
    ? ""
    : ` (looked for as ${[...new Set([resolve(path), ...also.map((folder) => resolve(folder, path))])]
        .map(quotePath)
        .join(" and ")})`;

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CommandSpec<O extends Options> {
  usage: string;
  options: O;
  positionals?: readonly string[];
  /** Then one or more of these, e.g. "files": no positional is then "unexpected". */
  rest?: string;
}

/** Node's own text is long and names no valid choice. */
function describe(error: {code?: string; message: string}, flags: string): string {
  const name = /'(-[^' ]*)/.exec(error.message)?.[1] ?? "an option";
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
    return `unknown option ${quote(name)}: expected ${flags || "no options"}`;
  if (/does not take an argument/.test(error.message)) return `${name} takes no value`;
  if (/argument missing|ambiguous/.test(error.message)) return `${name} needs a value`;
  return error.message.split("\n")[0]!.toLowerCase();
}

/** A value that starts with a dash and a digit or a point: a negative number, not a flag. */
const negativeNumber = /^-\.?[0-9]/;

/** Whether an argument is a flag (`--seed`, not `--seed=1`) whose value is the next argument. */
function takesValue(arg: string, options: Options): boolean {
  const name = /^--([^=]+)$/.exec(arg)?.[1];
  return name !== undefined && Object.hasOwn(options, name) && options[name]!.type === "string";
}

/**
 * The arguments with `--seed -1` written `--seed=-1`: parseArgs takes a value that starts with a dash for another
 * flag and says only that the value is missing, where the flag's own check names what it accepts.
 */
function withNegativeValues(args: readonly string[], options: Options): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return [...joined, ...args.slice(i)];
    const next = args[i + 1];
    if (takesValue(arg, options) && next !== undefined && negativeNumber.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/** `--help` or `-h` before `--`, and not the value of a flag that takes one (`--id -h` names an id). */
function helpAsked(args: readonly string[], options: Options): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return true;
    if (takesValue(arg, options)) i++;
  }
  return false;
}

/**
 * Parses the command line strictly: an unknown flag, a flag without its value, a flag with a value given twice, a
 * missing or an extra positional argument is a CliError (exit 2) naming it and what is valid. `--help` or `-h`
 * anywhere before `--` asks for the usage alone (HelpRequested).
 */
export function parseCommandLine<const O extends Options>(args: readonly string[], spec: CommandSpec<O>) {
  if (helpAsked(args, spec.options)) throw new HelpRequested(spec.usage);
  const flags = Object.keys(spec.options)
    .map((name) => `--${name}`)
    .join(", ");
  let parsed;
  try {
    parsed = parseArgs({
      args: withNegativeValues(args, spec.options),
      options: spec.options,
      strict: true,
      allowPositionals: true,
      tokens: true,
    });
  } catch (error) {
    fail(`${describe(error as Error & {code?: string}, flags)}; usage: ${spec.usage}`);
  }
  // Only one value could win (parseArgs keeps the last): refused, as the authors' page refuses a choice set twice.
  const given = new Map<string, string>();
  for (const token of parsed.tokens)
    if (token.kind === "option" && token.value !== undefined && spec.options[token.name]?.multiple !== true) {
      const first = given.get(token.name);
      if (first !== undefined) fail(`${setTwice(`--${token.name}`, first, token.value)}; usage: ${spec.usage}`);
      given.set(token.name, token.value);
    }
  const wanted = spec.positionals ?? [];
  const extra = parsed.positionals[wanted.length];
  if (extra !== undefined && spec.rest === undefined) fail(`unexpected argument ${quote(extra)}; usage: ${spec.usage}`);
  const missing = wanted[parsed.positionals.length] ?? (extra === undefined ? spec.rest : undefined);
  if (missing !== undefined) fail(`missing <${missing}>; usage: ${spec.usage}`);
  return parsed;
}

/**
 * A number typed as a flag's value, within [min, max] (and whole, if asked), or a CliError naming the flag and
 * the range.
 */
export function numberFlag(
  flag: string,
  value: string,
  {min, max, whole = false, unit = ""}: {min: number; max: number; whole?: boolean; unit?: string},
): number {
  const n = /^\s*[0-9]+(\.[0-9]+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n)))
    fail(
      `--${flag}: expected ${whole ? "a whole number" : "a number"} from ${min} to ${max}${unit}, got ${quote(value)}`,
    );
  return n;
}

/**
 * A file's bytes, at most `cap` (lib/node/read-file.ts: a regular file, its size checked before a byte is read), or one
 * line naming the file and what is wrong: a usage error (exit 2) when it cannot be opened or is not a regular file
 * (`notAFile` says what to give instead), `tooLarge` (given its size as far as seen) when it is larger than the cap.
 */
export function readFileOrFail(
  path: string,
  cap: number,
  {notAFile, tooLarge}: {notAFile: string; tooLarge: (size: number) => never},
): Uint8Array {
  try {
    return readCappedFile(path, cap);
  } catch (error) {
    if (!(error instanceof CappedReadError)) throw error;
    if (error.reason === "too-large") return tooLarge(error.size);
    return fail(
      `${quotePath(path)}: ${unopenedWords(error, notAFile)}${error.code === "ENOENT" ? lookedFor(path) : ""}`,
    );
  }
}

/**
 * Reads a text input of at most `cap` bytes: a regular file (checked before reading, so /dev/zero or a FIFO is
 * refused at once, `notAFile` saying in the command's words what to give instead), or the command's standard input
 * when path is undefined (`from.stdin`, touched only then), read in chunks and stopped past the cap. Past the cap it
 * fails with `tooLarge` (given what was read, quoted, and its size as far as known), by default a usage error (exit 2)
 * naming the cap. A file that cannot be opened, or is not a regular file, is a usage error. With `notText`, bytes that
 * are not UTF-8 fail with it (given what was read, quoted); without it they are decoded as a browser's File.text()
 * decodes them, for a command that answers in a page's words.
 */
export async function readInput(
  path: string | undefined,
  cap: number,
  from: {readonly stdin: AsyncIterable<Uint8Array>},
  {
    notAFile,
    tooLarge = (what: string) => fail(`${what}: larger than ${formatBytes(cap)}, the most read here`),
    notText,
  }: {notAFile: string; tooLarge?: (what: string, bytes: number) => never; notText?: (what: string) => never},
): Promise<string> {
  let bytes: Uint8Array;
  if (path !== undefined)
    bytes = readFileOrFail(path, cap, {notAFile, tooLarge: (size) => tooLarge(quotePath(path), size)});
  else {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of from.stdin) {
      size += chunk.byteLength;
      if (size > cap) tooLarge("standard input", size);
      chunks.push(chunk);
    }
    bytes = Buffer.concat(chunks);
  }
  if (!notText) return new TextDecoder().decode(bytes);
  return utf8Decoder()(bytes, true) ?? notText(path === undefined ? "standard input" : quotePath(path));
}

/** One line: the first line of a message, never a stack. */
const oneLine = (text: string): string => text.split("\n")[0] ?? "";

/**
 * Runs a command's main and returns its exit code: what main returns (0 when nothing), 2 or 1 for a CliError
 * (printed with `print` as `name: message`), 1 for broken authored files (printed as one problem a line), 0 for a
 * request for the usage (printed with `out`, standard output's writer).
 */
export async function runCli(
  name: string,
  print: (line: string) => void,
  main: () => number | void | Promise<number | void>,
  out: (line: string) => void,
): Promise<number> {
  // Whoever wrote a message (a library, a server's reply), nothing in it may reorder or break the terminal's line.
  const stderr = (line: string) => print(escapeUnsafe(line));
  try {
    return (await main()) ?? 0;
  } catch (error) {
    if (error instanceof HelpRequested) {
      out(error.message);
      return 0;
    }
    if (error instanceof CliError) {
      stderr(`${name}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof AuthoredFileError) {
      for (const line of error.message.split("\n")) stderr(line);
      stderr(`${name}: fix the authored files above`);
      return 1;
    }
    // A bug, not a user's mistake: still one line, with what would help a report.
    stderr(`${name}: unexpected error: ${oneLine(error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}

// A command's entry: arguments, streams, environment and project folder in, exit code out. A test calls it in
// process as the shell would; nothing a command does reads the process. Node-only.
import {existsSync, realpathSync, statSync, type Stats} from "node:fs";
import {isAbsolute, resolve} from "node:path";
import type {Writable} from "node:stream";
import {fileURLToPath} from "node:url";
import {fail, quotePath} from "./cli.js";
import {contentRoot} from "./content-root.js";

export interface CommandIO {
  stdout: Writable;
  stderr: Writable;
  stdin: AsyncIterable<Uint8Array>;
  env: Readonly<Record<string, string | undefined>>;
  /** A command's --root, when given. */
  root: string;
  /**
   * The folder the command was typed in, when it is not the one it runs in: npm runs a script in the project's folder
   * and names the other in INIT_CWD. A file named on the command line is read from there (`typedPath`).
   */
  typedIn?: string;
}

/** A file or folder named on the command line, from the folder the command was typed in; absolute, as given. */
export const typedPath = (io: Pick<CommandIO, "typedIn">, path: string): string =>
  io.typedIn === undefined || isAbsolute(path) ? path : resolve(io.typedIn, path);

/**
 * A file a command names from its root as it finishes (a judge's run: "recorded data/judges/runs/…"), typed back to
 * another command: from the folder the command was typed in when a file is there, else from the root (--root, or the
 * folder NOTEBOOK_CONTENT names), so the path printed is found wherever it is typed again.
 */
export function typedOrInRoot(io: Pick<CommandIO, "typedIn">, root: string, path: string): string {
  const typed = typedPath(io, path);
  return isAbsolute(path) || existsSync(typed) ? typed : resolve(root, path);
}

export type Command = (args: readonly string[], io: CommandIO) => Promise<number>;

/**
 * --root is taken from the folder the command was typed in (`typedPath`), and must name a folder: a name mistyped
 * would otherwise be an empty project, which probes:check passed ("0 probes ... all as declared").
 */
export function rootFolder(io: CommandIO, given: string | undefined): string {
  if (given === undefined) return io.root;
  const typed = typedPath(io, given);
  const folder = resolve(typed);
  let found: Stats | undefined;
  try {
    found = statSync(folder);
  } catch {
    // Missing, or a part of the path is a file.
  }
  if (!found?.isDirectory())
    fail(`--root ${quotePath(typed)}: ${found ? "not a folder" : "no such folder"}: give the project's folder`);
  return folder;
}

export const lineWriter =
  (stream: Writable) =>
  (line: string): void =>
    void stream.write(`${line}\n`);

/** Whether the module is the script the process was started with (`tsx scripts/x.ts`), not one imported by a test. */
function isEntry(meta: ImportMeta): boolean {
  const started = process.argv[1];
  if (started === undefined) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(meta.url));
  } catch {
    return false;
  }
}

/** npm's INIT_CWD, when it names another folder than the one the command runs in. */
function typedIn(initCwd: string | undefined, cwd: string): {typedIn?: string} {
  return initCwd && resolve(initCwd) !== resolve(cwd) ? {typedIn: resolve(initCwd)} : {};
}

/** The process's own: its streams, its environment, and the content root it names (the project's own unless set). */
function processIO(): CommandIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Touched only when read: a command that never reads it must not open it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    root: contentRoot(process.env),
    ...typedIn(process.env.INIT_CWD, process.cwd()),
  };
}

/**
 * A reader that stops early (`| head`) closes the pipe the command writes to: the command ends there, quietly and with
 * exit 0, as Unix tools do, where the write's error would end it with a stack trace. Any other error is thrown.
 */
function endOnClosedPipe(stream: Writable): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
}

/** A script's last line: runs its command with the process's arguments and io when the script is the entry. */
export async function runAsEntry(meta: ImportMeta, command: Command): Promise<void> {
  if (!isEntry(meta)) return;
  endOnClosedPipe(process.stdout);
  endOnClosedPipe(process.stderr);
  process.exitCode = await command(process.argv.slice(2), processIO());
}

// A command's entry: its arguments, its streams, its environment and its project folder in, its exit code out. The
// script calls it with the process's own (runAsEntry); a test calls it in process with its own, as the shell would.
// Nothing a command does reads the process: only what it is given. Node-only.
import {realpathSync} from "node:fs";
import {resolve} from "node:path";
import type {Writable} from "node:stream";
import {fileURLToPath} from "node:url";
import {contentRoot} from "./content-root.js";

export interface CommandIO {
  stdout: Writable;
  stderr: Writable;
  /** Read only by a command that reads standard input, and only then. */
  stdin: AsyncIterable<Uint8Array>;
  env: Readonly<Record<string, string | undefined>>;
  /** The project folder the command reads and writes (a command's --root, when given, instead). */
  root: string;
}

export type Command = (args: readonly string[], io: CommandIO) => Promise<number>;

/** The folder a command works in: its --root as typed (from where the command runs), else the project's. */
export const rootFolder = (io: CommandIO, given: string | undefined): string =>
  given === undefined ? io.root : resolve(given);

/** Writes each line given, ended, to the stream: what console.log did for the process's own. */
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
  };
}

/** A script's last line: runs its command with the process's arguments and io when the script is the entry. */
export async function runAsEntry(meta: ImportMeta, command: Command): Promise<void> {
  if (isEntry(meta)) process.exitCode = await command(process.argv.slice(2), processIO());
}

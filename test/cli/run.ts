// A command called in process as the shell calls its script: its arguments, standard input given as text, an
// environment of its own (nothing of the machine's: a key set there must not change a test), the project folder it
// works in; what it wrote to standard output and standard error, and its exit code. And the few started as a process
// of their own (`spawned`), where the process is what is tested.
import {spawn} from "node:child_process";
import {constants} from "node:os";
import {Readable, Writable} from "node:stream";
import type {Command} from "../../lib/node/command.js";
import {projectRoot} from "../../lib/node/load.js";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it. */
export function sink(): {stream: Writable; text: () => string} {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return {stream, text: () => Buffer.concat(chunks).toString("utf8")};
}

export async function runCommand(
  command: Command,
  args: readonly string[],
  {
    input = "",
    env = {},
    root = projectRoot,
    typedIn,
  }: {input?: string; env?: Record<string, string | undefined>; root?: string; typedIn?: string} = {},
): Promise<CommandResult> {
  const [stdout, stderr] = [sink(), sink()];
  const stdin = Readable.from(input === "" ? [] : [Buffer.from(input, "utf8")]);
  const io = {stdout: stdout.stream, stderr: stderr.stream, stdin, env, root, ...(typedIn ? {typedIn} : {})};
  const code = await command(args, io);
  return {code, stdout: stdout.text(), stderr: stderr.text()};
}

interface SpawnOptions {
  input?: string;
  env?: Record<string, string>;
  closeOutput?: boolean;
  user?: {uid: number; gid: number};
}

/**
 * A command started as a process of its own, as `npm run` or Framework starts it: in the project's folder, with an
 * environment of PATH and `env` alone, `input` on its standard input. What it wrote, and its exit code (as a shell
 * gives it when a signal ended it: 128 and the signal's number). `closeOutput` closes its standard output's reading
 * end at once (a reader gone, as `| head`); `user` starts it as another user.
 */
export function spawned(
  file: string,
  args: readonly string[],
  {input = "", env = {}, closeOutput = false, user}: SpawnOptions = {},
): Promise<CommandResult> {
  return new Promise((done, fail) => {
    const child = spawn(file, args, {cwd: projectRoot, env: {PATH: process.env.PATH, ...env}, ...user});
    const [stdout, stderr] = [sink(), sink()];
    if (closeOutput) child.stdout.destroy();
    else child.stdout.pipe(stdout.stream);
    child.stderr.pipe(stderr.stream);
    child.on("error", fail);
    // A command that ends before reading its input closes the pipe: that is its answer, not the test's error.
    child.stdin.on("error", () => undefined);
    child.on("close", (code, signal) =>
      done({code: code ?? 128 + constants.signals[signal!], stdout: stdout.text(), stderr: stderr.text()}),
    );
    child.stdin.end(input);
  });
}

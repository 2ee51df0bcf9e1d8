// A command called in process as the shell calls its script: its arguments, standard input given as text, an
// environment of its own (nothing of the machine's: a key set there must not change a test), the project folder it
// works in; what it wrote to standard output and standard error, and its exit code.
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
  }: {input?: string; env?: Record<string, string | undefined>; root?: string} = {},
): Promise<CommandResult> {
  const [stdout, stderr] = [sink(), sink()];
  const stdin = Readable.from(input === "" ? [] : [Buffer.from(input, "utf8")]);
  const code = await command(args, {stdout: stdout.stream, stderr: stderr.stream, stdin, env, root});
  return {code, stdout: stdout.text(), stderr: stderr.text()};
}

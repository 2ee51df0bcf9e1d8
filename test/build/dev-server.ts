// Runs `npm run dev` (scripts/dev.ts: Framework's preview server and the watch on the authored files) on a project
// folder, for the dev-loop test and the bench. The server picks its own free port and prints its address.
import {spawn} from "node:child_process";
import {readFileSync, writeFileSync} from "node:fs";
import {delimiter, join} from "node:path";
import {stripVTControlCharacters} from "node:util";
import type {Page} from "playwright-core";
import {projectRoot} from "../../scripts/copy-project.js";

export interface DevServer {
  origin: string;
  /** Everything the dev server has printed so far. */
  output(): string;
  stop(): Promise<void>;
}

const bin = join(projectRoot, "node_modules", ".bin");

/** Starts the dev server in project and resolves once it listens; rejects with its output if it exits or hangs. */
export function startDev(project: string, {timeout = 120_000} = {}): Promise<DevServer> {
  // Its own process group, so stop() ends the server and the processes it started, and nothing else.
  const child = spawn(join(bin, "tsx"), ["scripts/dev.ts", "--no-open"], {
    cwd: project,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1", PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`},
  });
  let printed = "";
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, "SIGTERM");
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise<DevServer>((resolve, reject) => {
    const fail = (why: string) => {
      void stop();
      reject(new Error(`${why}; it printed:\n${printed}`));
    };
    const timer = setTimeout(() => fail(`the dev server did not start within ${timeout / 1000} s`), timeout);
    const read = (chunk: Buffer) => {
      printed += chunk.toString("utf8");
      // Framework prints "↳ http://127.0.0.1:3000/", perhaps with colour codes.
      const address = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(stripVTControlCharacters(printed));
      if (!address) return;
      clearTimeout(timer);
      resolve({origin: address[1]!, output: () => printed, stop});
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => fail(`the dev server exited with code ${code}`));
  });
}

/** Replaces `from` with `to` in a file of the project, failing if `from` is not there. */
export function edit(project: string, file: string, from: string, to: string): void {
  const path = join(project, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  writeFileSync(path, text.replace(from, to));
}

/**
 * Loads a page and resolves once the dev server has welcomed it on its websocket, the channel it pushes changes on.
 */
export async function openLive(page: Page, path: string, timeout = 60_000): Promise<void> {
  const welcomed = new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({payload}) => {
        if (String(payload).includes('"type":"welcome"')) resolve();
      }),
    ),
  );
  await page.goto(path);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    welcomed,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${path}: no welcome from the dev server in ${timeout} ms`)), timeout);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Resolves once the page's main content shows text (polled every frame), and no longer shows `without` when given (an
 * edit taken back: "Only what the request says" once "Only what the request says (2)" is gone), or rejects after
 * timeout.
 */
export async function waitForText(
  page: Page,
  text: string,
  {timeout = 60_000, without}: {timeout?: number; without?: string} = {},
): Promise<void> {
  await page.waitForFunction(
    ([wanted, gone]) => {
      const shown = document.querySelector("main")?.textContent ?? "";
      return shown.includes(wanted!) && !(gone && shown.includes(gone));
    },
    [text, without] as const,
    {polling: "raf", timeout},
  );
}

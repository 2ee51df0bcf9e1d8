// Runs `npm run dev` (scripts/dev.ts: Framework's preview server and the watch on the authored files) on a project
// folder, for the dev-loop test and the bench. The server picks its own free port and prints its address.
import {spawn} from "node:child_process";
import {existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, writeFileSync} from "node:fs";
import {delimiter, join} from "node:path";
import {stripVTControlCharacters} from "node:util";
import type {Page} from "playwright-core";
import {projectRoot} from "../../scripts/copy-project.js";

export interface DevServer {
  origin: string;
  /**
   * Whether its preview process watches the project's observablehq.config.ts (configWatch): set up once a server,
   * asked whenever a page is opened.
   */
  watchesConfig(): boolean | undefined;
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
      resolve({origin: address[1]!, watchesConfig: configWatch(project), output: () => printed, stop});
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
 * Asks whether Framework's preview server, run in `project`, watches the project's observablehq.config.ts: each open
 * page's socket does, set up last of the page's watches (Framework's preview.js, hello). Read from Linux's /proc (the
 * inotify watches of the server's process, found once); undefined where that cannot be read.
 */
function configWatch(project: string): () => boolean | undefined {
  if (!existsSync("/proc/self/fdinfo")) return () => undefined;
  const folder = realpathSync(project);
  const inode = statSync(join(folder, "observablehq.config.ts"), {bigint: true}).ino.toString(16);
  const watch = new RegExp(`^inotify wd:[0-9a-f]+ ino:${inode} `, "m");
  const isServer = (pid: string) => {
    try {
      return (
        readlinkSync(`/proc/${pid}/cwd`) === folder &&
        readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("preview")
      );
    } catch {
      return false; // a process that ended meanwhile, or not ours to read
    }
  };
  let server: string | undefined;
  return () => {
    server ??= readdirSync("/proc").find((name) => /^\d+$/.test(name) && isServer(name));
    if (server === undefined) return undefined;
    return readdirSync(`/proc/${server}/fdinfo`).some((fd) => {
      try {
        return watch.test(readFileSync(`/proc/${server}/fdinfo/${fd}`, "utf8"));
      } catch {
        return false; // a descriptor closed meanwhile
      }
    });
  };
}

/** Resolves once `ready()` holds (asked every 20 ms), or rejects with `what` after timeout. */
async function until(ready: () => boolean, what: string, timeout: number): Promise<void> {
  for (const end = Date.now() + timeout; !ready(); await new Promise((next) => setTimeout(next, 20)))
    if (Date.now() > end) throw new Error(`${what} in ${timeout} ms`);
}

/**
 * Loads a page and resolves once the dev server has welcomed it on its websocket, the channel it pushes changes on,
 * and watches for the page every file a save may change. Framework welcomes a page before it sets up those watches,
 * and a save that lands between the two is never pushed: so the page is loaded when no page of before still has a
 * socket open (each socket's watches closed, its "socket close" printed), and is ready once the server watches the
 * configuration again (where dev.ts's restyle and navigation changes go).
 */
export async function openLive(page: Page, path: string, dev: DevServer, timeout = 60_000): Promise<void> {
  const count = (what: RegExp) => dev.output().match(what)?.length ?? 0;
  await until(
    () => count(/socket open/g) === count(/socket close/g) && dev.watchesConfig() !== true,
    "the dev server still has a page's socket, or its watch of the configuration, open",
    timeout,
  );
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
  await until(() => dev.watchesConfig() !== false, `${path}: the dev server set up no watch for the page`, timeout);
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

// The run's one Chromium: launched once for the whole run (the browser and build projects both name this setup; the
// second finds the first's), each test file connecting to it and making its own contexts (test/browser/helpers.ts).
import type {BrowserServer} from "playwright-core";
import type {TestProject} from "vitest/node";
import {launchChromiumServer} from "./site.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's Chromium listens (playwright's `chromium.connect`). */
    chromiumEndpoint: string;
    /** The command line it was started with: the executable, then its flags. */
    chromiumCommand: string[];
  }
}

/** Vitest loads this module once per project that names it, in one process: the browser is kept on globalThis. */
const shared = globalThis as typeof globalThis & {
  raterNotebookChromium?: {server: Promise<BrowserServer>; users: number};
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.raterNotebookChromium ??= {server: launchChromiumServer(), users: 0};
  const chromium = shared.raterNotebookChromium;
  chromium.users++;
  const server = await chromium.server;
  project.provide("chromiumEndpoint", server.wsEndpoint());
  project.provide("chromiumCommand", [server.process().spawnfile, ...server.process().spawnargs.slice(1)]);
  return async () => {
    if (--chromium.users > 0) return;
    delete shared.raterNotebookChromium;
    await (await chromium.server).close();
  };
}

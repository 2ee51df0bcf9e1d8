// The browser project's one Chromium: launched once for the whole run, each test file connecting to it and making its
// own contexts (test/browser/helpers.ts), so a run starts one browser where it started one per file.
import type {TestProject} from "vitest/node";
import {launchChromiumServer} from "./site.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's Chromium listens (playwright's `chromium.connect`). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchChromiumServer();
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}

// Writing a recorded run to data/runs/<probe>/<version>/. Node-only (node:fs).
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {runsDir} from "./load.js";
import {Run} from "./schema.js";

/** A file name from the run's start time and model: 2026-08-10T12-00-00.000Z--openai-gpt-5-mini.json */
export function runFileName(run: Pick<Run, "startedAt" | "model">): string {
  const time = run.startedAt.replaceAll(":", "-");
  const model = run.model
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${time}--${model}.json`;
}

/** Validates and writes a run; never overwrites. Returns the path relative to root. */
export function writeRun(root: string, run: Run): string {
  const data = Run.parse(run);
  const dir = `${runsDir}/${data.probe}/${data.version}`;
  mkdirSync(join(root, dir), {recursive: true});
  const file = `${dir}/${runFileName(data)}`;
  writeFileSync(join(root, file), `${JSON.stringify(data, null, 2)}\n`, {flag: "wx"});
  return file;
}

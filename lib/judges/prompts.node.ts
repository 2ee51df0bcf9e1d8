// Reading data/judges/prompts/<name>.md: YAML front matter, then "## System" and "## User". A prompt is immutable
// once a run uses it: hashes.json lists each one's sha256, a prompt must be listed to be run, and a listed prompt
// whose text changed is refused.
import {createHash} from "node:crypto";
import {existsSync} from "node:fs";
import {join} from "node:path";
import {problemsFromZod, type Problem, type Report} from "../authored/problems.js";
import {AuthoredFileError} from "../authored/problems.js";
import {loadGuideline} from "../node/load.js";
import {readAuthoredFile} from "../node/read-file.js";
import {splitItemFile} from "../authored/item-text.js";
import {jsonError, listDir} from "../probes/files.node.js";
import {guidelineText} from "./guideline-text.js";
import {asksForFlags, missingPlaceholders, promptPlaceholders, unknownPlaceholders} from "./prompt.js";
import {PromptHashes, PromptSettings} from "./schema.node.js";

export const judgesDir = "data/judges";
export const promptsDir = `${judgesDir}/prompts`;
export const promptHashesFile = `${promptsDir}/hashes.json`;

export interface LoadedPrompt {
  name: string;
  /** Its path from the root, as problems name it. */
  file: string;
  settings: PromptSettings;
  /** The "## System" and "## User" templates, as written. */
  system: string;
  user: string;
  /** sha256 (hex) of the file's text. */
  hash: string;
  /** Its answer's shape names flags (./prompt.ts asksForFlags). */
  asksForFlags: boolean;
}

/** sha256 (hex) of a text's UTF-8 bytes. */
export const textHash = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** What a judge is given of a guideline version: its text, and the sha256 a run records of it (`guidelineHash`). */
export function judgeGuideline(version: string, root: string): {version: string; text: string; hash: string} {
  const text = guidelineText(loadGuideline(version, root));
  return {version, text, hash: textHash(text)};
}

const promptName = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Reads one prompt file; problems name the file and the field. */
export function readPrompt(root: string, name: string): {prompt: LoadedPrompt | null; problems: Problem[]} {
  const file = `${promptsDir}/${name}.md`;
  try {
    const text = readAuthoredFile(join(root, file), file, "probe");
    const {frontMatter, sections} = splitItemFile(text, file);
    const settings = PromptSettings.safeParse(frontMatter);
    const problems: Problem[] = settings.success ? [] : problemsFromZod(file, settings.error, frontMatter);
    for (const section of ["system", "user"]) {
      const field = `## ${section[0]!.toUpperCase()}${section.slice(1)}`;
      const template = sections.get(section);
      if (!template) problems.push({file, field, message: "missing: write it"});
      // Caught here, before the prompt is listed and so fixed for good, not only when a run fills it.
      for (const name of unknownPlaceholders(template ?? ""))
        problems.push({
          file,
          field,
          message: `{{${name}}} is not a placeholder: use ${promptPlaceholders.map((p) => `{{${p}}}`).join(", ")}`,
        });
    }
    const [system, user] = [sections.get("system"), sections.get("user")];
    if (system && user)
      for (const name of missingPlaceholders({system, user}))
        problems.push({
          file,
          field: "## User",
          message: `holds no {{${name}}}, nor does ## System: the model must be given the ${name}; put it in`,
        });
    const extra = [...sections.keys()].filter((key) => key !== "system" && key !== "user");
    for (const key of extra)
      problems.push({file, field: `## ${key}`, message: "unknown section: a prompt has ## System and ## User"});
    if (problems.length || !settings.success || !system || !user) return {prompt: null, problems};
    return {
      prompt: {
        name,
        file,
        settings: settings.data,
        system,
        user,
        hash: textHash(text),
        asksForFlags: asksForFlags({system, user}),
      },
      problems: [],
    };
  } catch (error) {
    if (error instanceof AuthoredFileError) return {prompt: null, problems: error.problems};
    throw error;
  }
}

/** Every prompt file under root, read, and the problems of those that could not be. */
export function loadPrompts(root: string): Report & {prompts: LoadedPrompt[]} {
  const report: Report = {problems: [], warnings: []};
  const prompts: LoadedPrompt[] = [];
  for (const entry of listDir(join(root, promptsDir))) {
    if (entry === "hashes.json" || entry.startsWith(".")) continue;
    const name = entry.replace(/\.md$/, "");
    if (!entry.endsWith(".md") || !promptName.test(name)) {
      report.problems.push({
        file: `${promptsDir}/${entry}`,
        field: "",
        message: "not a prompt file: name it like checklist-v1.md (lowercase letters, digits and dashes)",
      });
      continue;
    }
    const read = readPrompt(root, name);
    report.problems.push(...read.problems);
    if (read.prompt) prompts.push(read.prompt);
  }
  return {...report, prompts};
}

/** Reads data/judges/prompts/hashes.json; null (and a problem) when it is missing or broken. */
export function loadPromptHashes(root: string, report: Report): PromptHashes | null {
  const file = promptHashesFile;
  if (!existsSync(join(root, file))) {
    report.problems.push({file, field: "", message: "missing: it lists every prompt's sha256, {} when there is none"});
    return null;
  }
  let text: string;
  let json: unknown;
  try {
    text = readAuthoredFile(join(root, file), file, "yaml");
  } catch (error) {
    if (!(error instanceof AuthoredFileError)) throw error;
    report.problems.push(...error.problems);
    return null;
  }
  try {
    json = JSON.parse(text);
  } catch (error) {
    report.problems.push({file, field: "", message: `invalid json: ${jsonError(error, text)}`});
    return null;
  }
  const parsed = PromptHashes.safeParse(json);
  if (parsed.success) return parsed.data;
  report.problems.push(...problemsFromZod(file, parsed.error, json));
  return null;
}

/**
 * Prompts are immutable once listed: every prompt file must be listed with its hash (so a run can use it) and
 * unchanged, and a listed prompt's file must not disappear.
 */
export function checkPromptHashes(prompts: readonly LoadedPrompt[], hashes: PromptHashes, report: Report): void {
  for (const {name, file, hash} of prompts) {
    const listed = hashes[name];
    if (listed === undefined)
      report.problems.push({
        file,
        field: "",
        message: `not listed: add "${name}": "${hash}" to ${promptHashesFile} before a run uses it`,
      });
    else if (listed !== hash)
      report.problems.push({
        file,
        field: "",
        message:
          `text changed after it was listed (sha256 ${hash.slice(0, 12)}, listed ${listed.slice(0, 12)}): runs ` +
          "used the listed text; put the change in a new prompt file",
      });
  }
  for (const name of Object.keys(hashes))
    if (!prompts.some((prompt) => prompt.name === name))
      report.problems.push({
        file: promptHashesFile,
        field: name,
        message: `listed prompt has no valid file ${promptsDir}/${name}.md`,
      });
}

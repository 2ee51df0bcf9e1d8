// The judges' prompt files: front matter and two sections, read with file and field in every problem, and
// immutable once listed in data/judges/prompts/hashes.json.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {
  checkPromptHashes,
  loadPromptHashes,
  loadPrompts,
  readPrompt,
  textHash,
} from "../../../lib/judges/prompts.node.js";
import {projectRoot} from "../../../lib/node/load.js";
import type {Report} from "../../../lib/authored/problems.js";

const good = [
  "---",
  "description: A test prompt.",
  "parameters: {maxTokens: 2000, temperature: 0}",
  "---",
  "",
  "## System",
  "",
  "You rate responses. {{guideline}}",
  "",
  "## User",
  "",
  "{{conversation}} {{request}} {{response}}",
  "",
].join("\n");

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, {recursive: true, force: true});
});

function root(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "judges-prompts-"));
  roots.push(dir);
  mkdirSync(join(dir, "data/judges/prompts"), {recursive: true});
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "data/judges/prompts", name), text);
  return dir;
}

describe("loadPrompts", () => {
  it("reads the settings and both templates, and hashes the file's text", () => {
    const {prompts, problems} = loadPrompts(root({"test-v1.md": good}));
    expect(problems).toEqual([]);
    expect(prompts).toEqual([
      {
        name: "test-v1",
        file: "data/judges/prompts/test-v1.md",
        settings: {description: "A test prompt.", parameters: {maxTokens: 2000, temperature: 0}},
        system: "You rate responses. {{guideline}}",
        user: "{{conversation}} {{request}} {{response}}",
        hash: textHash(good),
        // Its templates name no "flags".
        asksForFlags: false,
      },
    ]);
  });

  it("names the file and the field of what is wrong", () => {
    const broken = good.replace("temperature: 0", "temperature: 9").replace("## User", "## Users");
    const {prompts, problems} = loadPrompts(root({"test-v1.md": broken, "Bad Name.md": good}));
    expect(prompts).toEqual([]);
    expect(problems.map(({file, field}) => `${file} ${field}`)).toEqual([
      "data/judges/prompts/Bad Name.md ",
      "data/judges/prompts/test-v1.md parameters.temperature",
      "data/judges/prompts/test-v1.md ## User",
      "data/judges/prompts/test-v1.md ## users",
    ]);
  });

  it("refuses a placeholder that is not one of the four, before the prompt can be listed", () => {
    const broken = good.replace("You rate responses.", "Rate {{case}}.").replace("{{request}}", "{{ reply }}");
    const {prompts, problems} = loadPrompts(root({"test-v1.md": broken}));
    expect(prompts).toEqual([]);
    const expected = "is not a placeholder: use {{guideline}}, {{conversation}}, {{request}}, {{response}}";
    expect(problems).toEqual([
      {file: "data/judges/prompts/test-v1.md", field: "## System", message: `{{case}} ${expected}`},
      {file: "data/judges/prompts/test-v1.md", field: "## User", message: `{{reply}} ${expected}`},
      {
        file: "data/judges/prompts/test-v1.md",
        field: "## User",
        message: "holds no {{request}}, nor does ## System: the model must be given the request; put it in",
      },
    ]);
  });

  it("refuses a prompt that gives the model no response or no guideline: it would rate a case it never saw", () => {
    // Either section may hold a placeholder ({{guideline}} is in ## System here); one neither holds is named.
    const blind = good.replace(" {{guideline}}", "").replace(" {{response}}", "");
    const {prompts, problems} = loadPrompts(root({"test-v1.md": blind}));
    expect(prompts).toEqual([]);
    expect(problems.map((problem) => problem.message)).toEqual([
      "holds no {{guideline}}, nor does ## System: the model must be given the guideline; put it in",
      "holds no {{response}}, nor does ## System: the model must be given the response; put it in",
    ]);
    // With spaces inside the braces, as a run fills them: held.
    expect(loadPrompts(root({"test-v1.md": good.replace("{{request}}", "{{ request }}")})).problems).toEqual([]);
  });
});

describe("what a prompt asks for", () => {
  it("asks for flags where its answer's shape names them: checklist-v2 does, checklist-v1 does not", () => {
    // data/judges/prompts: v2's shape is {"checklist": …, "score": 5, "flags": []}; v1's has no flags.
    expect(readPrompt(projectRoot, "checklist-v1").prompt!.asksForFlags).toBe(false);
    expect(readPrompt(projectRoot, "checklist-v2").prompt!.asksForFlags).toBe(true);
  });
});

describe("prompts are immutable once listed", () => {
  const check = (files: Record<string, string>, hashes: unknown) => {
    const dir = root({...files, "hashes.json": JSON.stringify(hashes)});
    const report: Report = {problems: [], warnings: []};
    const listed = loadPromptHashes(dir, report);
    if (listed) checkPromptHashes(loadPrompts(dir).prompts, listed, report);
    return report.problems.map((problem) => `${problem.file} ${problem.field}: ${problem.message}`);
  };

  it("accepts a listed, unchanged prompt", () => {
    expect(check({"test-v1.md": good}, {"test-v1": textHash(good)})).toEqual([]);
  });

  it("refuses an unlisted prompt, a changed one, and a listed one with no file", () => {
    const hash = textHash(good);
    const changed = `${good}One more line.\n`;
    expect(check({"test-v1.md": good}, {})).toEqual([
      `data/judges/prompts/test-v1.md : not listed: add "test-v1": "${hash}" to data/judges/prompts/hashes.json ` +
        "before a run uses it",
    ]);
    expect(check({"test-v1.md": changed}, {"test-v1": hash})).toEqual([
      `data/judges/prompts/test-v1.md : text changed after it was listed (sha256 ${textHash(changed).slice(0, 12)}, ` +
        `listed ${hash.slice(0, 12)}): runs used the listed text; put the change in a new prompt file`,
    ]);
    expect(check({}, {"test-v1": hash})).toEqual([
      "data/judges/prompts/hashes.json test-v1: listed prompt has no valid file data/judges/prompts/test-v1.md",
    ]);
  });
});

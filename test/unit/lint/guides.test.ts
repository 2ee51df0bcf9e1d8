// Every command the README and the guides in docs/ show in a code block is run by a test, so the guides stay true:
// `runBy` maps each to the test that runs it, and this file checks that the test names the command's script and
// each of its flags. Every `npm run X` the guides name anywhere, in a code block or in the text, names a script of
// package.json, and every flag after it is one that script's entry states. Reads files only: no command is started.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {dirname, join, normalize, relative, resolve} from "node:path";
import {describe, expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const read = (path: string): string => readFileSync(join(root, path), "utf8");
const scripts = (JSON.parse(read("package.json")) as {scripts: Record<string, string>}).scripts;

/** The README and every guide under docs/ (the decision records included). */
function guides(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(root, dir), {withFileTypes: true}).flatMap((entry) =>
      entry.isDirectory() ? docs(`${dir}/${entry.name}`) : entry.name.endsWith(".md") ? [`${dir}/${entry.name}`] : [],
    );
  return ["README.md", ...docs("docs")];
}

interface Block {
  file: string;
  language: string;
  lines: string[];
}

function blocks(file: string): Block[] {
  const found: Block[] = [];
  let open: Block | undefined;
  for (const line of read(file).split("\n")) {
    const fence = /^\s*```\s*([\w-]*)/.exec(line);
    if (fence && !open) found.push((open = {file, language: fence[1]!, lines: []}));
    else if (fence) open = undefined;
    else open?.lines.push(line);
  }
  return found;
}

const shells = new Set(["sh", "shell", "bash"]);

/** Each command of a shell block: a line without its comment, split at `&&`. */
const commandsOf = (block: Block): string[] =>
  block.lines.flatMap((line) =>
    line
      .replace(/\s#\s.*$/, "")
      .split("&&")
      .map((part) => part.trim().replace(/\s+/g, " "))
      .filter((part) => part !== "" && !part.startsWith("#")),
  );

/**
 * The test that runs each command a guide shows, with the module it runs it through when that is a helper the test
 * imports. `npm ci` and `npm test` are the suite's own start: CI runs them (.ci/run), no test can.
 */
const runBy: Record<string, {test: string; via?: string}> = {
  "npm run dev": {test: "test/build/dev-loop.test.ts", via: "test/build/dev-server.ts"},
  "npm run build": {test: "test/cli/build.test.ts"},
  "npm run progress:check -- rater-notebook-progress-ana-2026-12-01.json": {test: "test/cli/progress-check.test.ts"},
  "npm run guideline:check": {test: "test/cli/guideline-check.test.ts"},
  "npm run guideline:preview -- --base v2 --set counting=most-missed": {test: "test/cli/guideline-preview.test.ts"},
  "npm run guideline:preview -- --base v2 --candidate v1": {test: "test/cli/guideline-preview.test.ts"},
  "npm run guideline:preview -- --candidate v2 --set counting=most-missed --write v3": {
    test: "test/cli/guideline-write.test.ts",
  },
  "npm run agreement -- docs/examples/ratings.csv": {test: "test/cli/agreement.test.ts"},
  "npm run agreement -- ratings.csv": {test: "test/cli/agreement.test.ts"},
  "npm run agreement -- ratings.csv trainee.json --json": {test: "test/cli/agreement.test.ts"},
  "npm run agreement -- ratings.csv --csv summary --seed 7 --replicates 1000": {test: "test/cli/agreement.test.ts"},
  "npm run judge:run -- --model openai/gpt-5-mini --cases calibration": {
    test: "test/cli/judge-run.test.ts",
    via: "test/unit/judges/helpers.ts",
  },
  "npm run judge:run -- --model llama3.1 --base-url http://127.0.0.1:11434/v1 --key-env LOCAL_KEY --cases calibration":
    {
      test: "test/cli/judge-run.test.ts",
    },
  "npm run judge:score -- data/judges/runs/2026-08-10T12-00-00.000Z--openai-gpt-5-mini.json": {
    test: "test/cli/judge-score.test.ts",
  },
  "npm run judges:check": {test: "test/cli/judges-check.test.ts"},
  "npm run probes:check": {test: "test/cli/probes.test.ts"},
  "npm run probes:score -- six-step-chain --file reply.txt": {test: "test/cli/probes.test.ts"},
  "npm run probes:run -- six-step-chain --model openai/gpt-5-mini": {test: "test/cli/probes-run.test.ts"},
};
const runByCi = ["npm ci", "npm test"];

/** The file a package.json script starts with tsx (its `scripts/` or `bench/` module), if it starts one. */
const entryOf = (script: string): string | undefined =>
  /^(?:tsx|node --import tsx) ((?:scripts|bench)\/[\w-]+\.ts)/.exec(scripts[script] ?? "")?.[1];

const flagsOf = (text: string): string[] => [...text.matchAll(/(?<![\w-])--[a-z][\w-]*/g)].map((m) => m[0]);

const shown = guides().flatMap((file) =>
  blocks(file)
    .filter((block) => shells.has(block.language))
    .flatMap((block) => commandsOf(block).map((command) => ({file, command}))),
);

describe("the commands the guides show", () => {
  it("labels every code block with its language, so no command hides in an unlabelled one", () => {
    const unlabelled = guides().flatMap((file) => blocks(file).filter((block) => block.language === ""));
    expect(unlabelled.map((block) => `${block.file}: ${block.lines[0] ?? ""}`)).toEqual([]);
  });

  it("maps every command a code block shows to the test that runs it, and no command no guide shows", () => {
    const commands = new Set(shown.map(({command}) => command));
    const unmapped = shown.filter(({command}) => !(command in runBy) && !runByCi.includes(command));
    expect(unmapped.map(({file, command}) => `${file}: ${command}`)).toEqual([]);
    expect([...Object.keys(runBy), ...runByCi].filter((command) => !commands.has(command))).toEqual([]);
    expect(runByCi.filter((command) => !read(".ci/run").includes(command))).toEqual([]);
  });

  it("finds each command's script and every flag it is given in the test that runs it", () => {
    const missing: string[] = [];
    for (const [command, {test, via}] of Object.entries(runBy)) {
      const name = /^npm run ([\w:-]+)/.exec(command)?.[1];
      const entry = name === undefined ? undefined : entryOf(name);
      if (!entry || !existsSync(join(root, test))) {
        missing.push(`${command}: no script entry, or no test ${test}`);
        continue;
      }
      const source = read(test);
      const imported =
        via &&
        relative(dirname(test), via)
          .replace(/^(?!\.)/, "./")
          .replace(/\.ts$/, ".js");
      if (imported && !source.includes(`"${imported}"`)) missing.push(`${command}: ${test} does not import ${via}`);
      const runner = via ? read(via) : source;
      if (!runner.includes(entry.replace(/\.ts$/, "")))
        missing.push(`${command}: ${via ?? test} does not run ${entry}`);
      for (const flag of flagsOf(command.split(" -- ")[1] ?? ""))
        if (!source.includes(`"${flag}"`)) missing.push(`${command}: ${test} never gives ${flag}`);
    }
    expect(missing).toEqual([]);
  });

  it("names a script of package.json with every npm run, and only flags that script's entry states", () => {
    const wrong: string[] = [];
    for (const file of guides()) {
      const text = read(file);
      const spans = [...text.matchAll(/`([^`\n]*npm run [^`\n]*)`/g)].map((m) => m[1]!);
      const lines = blocks(file).flatMap((block) => (shells.has(block.language) ? commandsOf(block) : []));
      for (const span of [...spans, ...lines])
        for (const use of span.split(/(?=npm run )/).filter((part) => part.startsWith("npm run "))) {
          const name = /^npm run ([\w:-]+)/.exec(use)![1]!;
          if (!(name in scripts)) {
            wrong.push(`${file}: npm run ${name} is no script of package.json`);
            continue;
          }
          const flags = flagsOf(use.slice(`npm run ${name}`.length));
          const entry = entryOf(name);
          const stated = entry ? read(entry) : "";
          for (const flag of flags)
            if (!stated.includes(flag))
              wrong.push(`${file}: npm run ${name} takes no ${flag} (${entry ?? "no entry"})`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it("links only to files that exist and, after a #, to a heading they have", () => {
    // A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
    const anchors = (file: string): string[] =>
      [...read(file).matchAll(/^#+ (.*)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N}_\- ]/gu, "")
          .replace(/ /g, "-"),
      );
    const broken: string[] = [];
    for (const file of guides())
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https?:/.test(target!)) continue;
        const [path, anchor] = target!.split("#") as [string, string | undefined];
        const linked = path === "" ? file : normalize(join(dirname(file), path));
        if (!existsSync(join(root, linked))) broken.push(`${file}: ${target} (no ${linked})`);
        else if (anchor && linked.endsWith(".md") && !anchors(linked).includes(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    expect(broken).toEqual([]);
  });
});

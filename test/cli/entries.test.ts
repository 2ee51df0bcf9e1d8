// Every test of a command calls it in process. What joins a command to the process `npm run` starts (its arguments,
// standard input, the two streams, the exit code the shell sees, a pipe closed by head) is one function, runAsEntry
// (lib/node/command.ts), the last line of every command's script: so that wiring is spawned here on one command
// (a closed pipe on another, and npm's INIT_CWD on a third; a tsx start costs a second or more), and each script
// package.json starts is held to end in it.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import ts from "typescript";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {projectRoot} from "../../lib/node/load.js";
import {emptyProgress} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {judgeScore} from "../../scripts/judge-score.js";
import {probesRun} from "../../scripts/probes-run.js";
import {probesScore} from "../../scripts/probes-score.js";
import {addTestPrompt, calibrationRun, runFile, writeRun} from "../unit/judges/run-files.js";
import {completion, correct, stubEndpoint, tempRoot} from "../unit/probes/helpers.js";
import {runCommand, spawned, type CommandResult} from "./run.js";

const tsx = join(projectRoot, "node_modules/.bin/tsx");
const lines = (text: string) => text.trimEnd().split("\n");

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "rater-notebook-entries-"));
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const stub = stubEndpoint();

describe("the shared entry, spawned once: probes:score through `tsx scripts/probes-score.ts`", () => {
  /**
   * The script as `npm run` starts it, in the project's folder, with an environment of PATH alone, and the command
   * called in process with an environment of its own (nothing of the machine's): the two must agree exactly.
   */
  async function both(args: string[], input: string): Promise<CommandResult> {
    const started = await spawned(tsx, ["scripts/probes-score.ts", ...args], {input});
    expect(await runCommand(probesScore, args, {input})).toEqual(started);
    return started;
  }

  it("a reply on standard input scored on stdout, exit 0; a version it lacks refused on stderr, exit 2", async () => {
    const scored = await both(["six-step-chain"], correct);
    expect([scored.code, scored.stderr]).toEqual([0, ""]);
    expect(lines(scored.stdout)[0]).toBe("six-step-chain v2: 1.00 (6 of 6 steps, strict)   loose: 1.00 (6 of 6)");
    expect(await both(["six-step-chain", "--version", "v9"], "")).toEqual({
      code: 2,
      stdout: "",
      stderr: 'probes:score: unknown version "v9" of six-step-chain: expected one of v1, v2\n',
    });
  });
});

describe("a reader that closes the pipe before the command is done (| head)", () => {
  it("ends the command quietly, exit 0, never a stack trace: guideline:preview --list", async () => {
    // Spawned with its standard output's reading end closed at once: its first write meets a closed pipe.
    const ended = await spawned(tsx, ["scripts/guideline-preview.ts", "--list"], {closeOutput: true});
    expect(ended).toEqual({code: 0, stdout: "", stderr: ""});
  });
});

describe("every script package.json starts through tsx ends in the shared entry", () => {
  /** Scripts started through tsx that are not commands, each with why. */
  const notCommands: Record<string, string> = {
    dev: "the dev server: it serves until stopped, with no exit code to give, and its top level starts it",
  };

  /** `tsx scripts/<name>.ts` in package.json's scripts (`node --import tsx scripts/<name>.ts` as well): the names. */
  function startedThroughTsx(): string[] {
    const {scripts} = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const names = Object.values(scripts).flatMap((line) =>
      [...line.matchAll(/\btsx scripts\/([\w.-]+)\.ts\b/g)].map((match) => match[1]!),
    );
    return [...new Set(names)];
  }

  /**
   * The name in the script's last statement when that statement is exactly `await runAsEntry(import.meta, <name>);`,
   * runAsEntry being lib/node/command.ts's, imported under its own name.
   */
  function entryCommandName(name: string): string | undefined {
    const file = join(projectRoot, "scripts", `${name}.ts`);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const shared = source.statements.some(
      (statement) =>
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text === "../lib/node/command.js" &&
        statement.importClause?.namedBindings !== undefined &&
        ts.isNamedImports(statement.importClause.namedBindings) &&
        statement.importClause.namedBindings.elements.some(
          (element) => element.name.text === "runAsEntry" && element.propertyName === undefined && !element.isTypeOnly,
        ),
    );
    const last = source.statements.at(-1)?.getText(source) ?? "";
    return shared ? /^await runAsEntry\(import\.meta, ([A-Za-z_$][\w$]*)\);$/.exec(last)?.[1] : undefined;
  }

  it("each ends in exactly await runAsEntry(import.meta, <command>); the command a function it exports", async () => {
    const names = startedThroughTsx();
    const found = await Promise.all(
      names.map(async (name): Promise<[string, unknown]> => {
        if (name in notCommands) {
          // Not imported: dev.ts would start its server.
          const uses = entryCommandName(name) !== undefined;
          return [
            name,
            uses ? "ends in runAsEntry: take it out of notCommands" : `not a command: ${notCommands[name]}`,
          ];
        }
        const command = entryCommandName(name);
        if (command === undefined)
          return [
            name,
            "does not end in `await runAsEntry(import.meta, <command>);`: end it so, or add to notCommands",
          ];
        const exported = ((await import(join(projectRoot, "scripts", `${name}.ts`))) as Record<string, unknown>)[
          command
        ];
        return [name, typeof exported === "function" ? exported : `${command}: not a function the script exports`];
      }),
    );
    const verdicts = Object.fromEntries(found);
    expect(verdicts).toEqual(
      Object.fromEntries(
        names.map((name) => [name, name in notCommands ? `not a command: ${notCommands[name]}` : expect.any(Function)]),
      ),
    );
    // Every exception is still a script package.json starts; the command spawned above is among those checked here.
    expect(Object.keys(notCommands).filter((name) => !names.includes(name))).toEqual([]);
    expect(verdicts["probes-score"]).toBe(probesScore);
  });
});

describe("the folder a command was typed in, through the shared entry", () => {
  it("reads a relative file name from npm's INIT_CWD, not the project's folder the command runs in", async () => {
    writeFileSync(
      join(dir, "typed.json"),
      exportFile(emptyProgress(), {rater: "Ana", now: "2026-03-01T12:00:00.000Z"}),
    );
    const started = await spawned(tsx, ["scripts/progress-check.ts", "typed.json"], {env: {INIT_CWD: dir}});
    expect(started).toEqual({
      code: 0,
      stdout: `${JSON.stringify(join(dir, "typed.json"))}: ok, export file, rater "Ana", 0 answers (0 first)\n`,
      stderr: "",
    });
  });
});

describe("commands no other test runs on this input, called in process", () => {
  it("judge:score: a recorded run's figures, exit 0", async () => {
    const root = join(dir, "judge-score");
    for (const folder of ["data/items", "guideline"])
      cpSync(join(projectRoot, folder), join(root, folder), {recursive: true});
    addTestPrompt(root);
    writeRun(root, calibrationRun());
    const result = await runCommand(judgeScore, ["--root", root, join(root, runFile)]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout)[0]).toMatch(new RegExp(`^${runFile}: example/judge-1, prompt check-test-v1, `));
  });

  it("probes:run: a run against a stub endpoint on 127.0.0.1, recorded, exit 0", async () => {
    const root = tempRoot();
    stub.queue.push(completion());
    const key = "sk-or-v1-entries-SECRET-51d0";
    const args = ["six-step-chain", "--model", "example/model", "--base-url", stub.baseUrl, "--root", root];
    const result = await runCommand(probesRun, args, {env: {OPENROUTER_API_KEY: key}});
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(lines(result.stdout)).toEqual([
      `probes:run: six-step-chain v2 on example/model via ${new URL(stub.baseUrl).host}`,
      "probes:run: 1.00 (6 of 6 steps)",
      expect.stringMatching(/^probes:run: recorded data\/runs\/six-step-chain\/v2\/.*--example-model\.json$/),
    ]);
    expect(stub.seen.map((request) => request.authorization)).toEqual([`Bearer ${key}`]);
  });
});

// What the tests of judge:run share: a temporary project holding the cases, the guideline and the prompts; the
// judges a stub endpoint plays (careful, lenient, inventing ids, answering in prose); the key and its pieces; and
// `npm run judge:run` pointed at the stub, called in process. The stub itself is the probes'
// (test/unit/probes/helpers.ts stubEndpoint).
import {cpSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {onTestFinished} from "vitest";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {loadItems} from "../../../lib/node/load.js";
import type {CallWorld} from "../../../lib/node/model-cli.js";
import {judgeRun as judgeRunCommand} from "../../../scripts/judge-run.js";
import {runCommand, type CommandResult} from "../../cli/run.js";
import {filesUnder} from "../probes/helpers.js";

export const KEY = "sk-or-v1-judge-SECRET-7c3e19";
/** Every 8-character piece of the key: any of them, in any case, anywhere, is a leak. */
const pieces = Array.from({length: KEY.length - 7}, (_, i) => KEY.slice(i, i + 8).toLowerCase());
export const leaks = (text: string): boolean => pieces.some((piece) => text.toLowerCase().includes(piece));

/** The cases as the repository has them, in the order a trainee walks them. */
export const items = loadItems(".");
export const caseSet = (set: Item["set"]): Item[] => items.filter((item) => item.set === set);
export const byId = (id: string): Item => items.find((item) => item.id === id)!;

/** A temporary project with the cases, the guideline versions and the judges' prompts; removed after the test. */
export function judgeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "judge-run-"));
  // Removed once the test that made it ends (a hook of that test's, so it holds however files share this module).
  onTestFinished(() => rmSync(root, {recursive: true, force: true}));
  for (const dir of ["data/items", "guideline", "data/judges/prompts"]) cpSync(dir, join(root, dir), {recursive: true});
  return root;
}

/** The runs recorded under a root, as paths from it. */
export const recordedRuns = (root: string): string[] => {
  try {
    return filesUnder(join(root, "data/judges/runs")).map((file) => file.slice(root.length + 1));
  } catch {
    return [];
  }
};

/** Whether the key, or a piece of it, is in any file under root. */
export const keyInFiles = (root: string): boolean => filesUnder(root).some((file) => leaks(readFileSync(file, "utf8")));

/** A ruled line's words in the request: its (first) quote, else its own text. */
const wordsOf = (line: Item["checklist"][number]) =>
  typeof line.quote === "string" ? line.quote : (line.quote?.[0] ?? line.text);

/** The answer of a careful judge: the ruled checklist (its listed lines, with their rules and verdicts) and score. */
export function carefulReply(item: Item): string {
  const checklist = item.checklist
    .filter((line) => line.role !== "candidate")
    .map((line) => ({instruction: wordsOf(line), main: line.role === "main", rule: line.rule, verdict: line.verdict}));
  return JSON.stringify({checklist, score: item.score});
}

/** The answer of a lenient judge: the main task met, and 5, whatever the case. */
export function lenientReply(item: Item): string {
  const main = item.checklist.find((line) => line.role === "main")!;
  return JSON.stringify({
    checklist: [{instruction: wordsOf(main), main: true, rule: "main-task", verdict: "met"}],
    score: 5,
  });
}

/** A judge that names a rule the guideline does not have, and a case that does not exist, scoring 4. */
export const inventingReply = JSON.stringify({
  case: "edge-99",
  checklist: [
    {instruction: "Write the email", main: true, rule: "main-task", verdict: "met"},
    {instruction: "in a warm tone", main: false, rule: "tone-warmth", verdict: "partly"},
  ],
  score: 4,
});

/** A judge that answers in prose, not JSON. */
export const proseReply = "The response does everything the request asks, so I would give it a 5.";

/** The request's messages as sent: the system message and the user message. */
export const sentMessages = (body: string): {role: string; content: string}[] =>
  (JSON.parse(body) as {messages: {role: string; content: string}[]}).messages;

/**
 * `npm run judge:run` against a root and a base url, with `key` as OPENROUTER_API_KEY (and nothing else of the
 * machine's environment), in the real world (network, clock, waits) but for what `world` replaces; `typedIn` the folder
 * it was typed in, when not the project's.
 */
export function judgeRun(
  root: string,
  baseUrl: string,
  args: string[],
  {key = KEY, world = {}, typedIn}: {key?: string; world?: Partial<CallWorld>; typedIn?: string} = {},
): Promise<CommandResult> {
  return runCommand(
    (given, io) => judgeRunCommand(given, io, world),
    ["--root", root, "--base-url", baseUrl, ...args],
    {env: {OPENROUTER_API_KEY: key}, ...(typedIn ? {typedIn} : {})},
  );
}

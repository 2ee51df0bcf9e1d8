// What /judges loads (judges.json): the runs judges:check passed, as much of each as the page shows (./published.ts).
// Node-only by where it runs; plain data out, so the page needs the types alone.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import type {JudgesCheck} from "./check.node.js";
import {publishedRun, type PublishedRun} from "./published.js";
import {ruleTitles} from "./score-report.js";

export interface JudgesPageData {
  runs: PublishedRun[];
  /** In the same order as runs. */
  files: string[];
  items: Item[];
  guideline: Guideline;
  /** Each title from the latest version that has the rule. */
  rules: {id: string; title: string}[];
  promptNames: string[];
  /** The prompts that ask for flags (./prompt.ts asksForFlags): only their runs are held to the ruled flags. */
  flagsAsked: string[];
}

/** The build stops on any problem first. */
export function judgesPageData(
  check: Pick<JudgesCheck, "runs" | "prompts">,
  items: readonly Item[],
  guidelines: readonly Guideline[],
): JudgesPageData {
  const rules = ruleTitles(guidelines);
  return {
    runs: check.runs.map((run) => publishedRun(run.data)),
    files: check.runs.map((run) => run.file),
    items: [...items],
    guideline: guidelines.at(-1)!,
    rules: [...rules].map(([id, title]) => ({id, title})),
    promptNames: check.prompts.map((prompt) => prompt.name),
    flagsAsked: check.prompts.filter((prompt) => prompt.asksForFlags).map((prompt) => prompt.name),
  };
}

// What the /judges page loads (judges.json): the runs judges:check passed, as much of each as the page shows
// (./published.ts: no answered case's reply, no endpoint), the cases with their rulings (for the figures and the
// checklist diff), the current guideline, every rule's title and the prompts there are. Node-only by where it runs
// (the build); plain data out, so the page needs the types alone.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import type {JudgesCheck} from "./check.node.js";
import {publishedRun, type PublishedRun} from "./published.js";
import {ruleTitles} from "./score-report.js";

export interface JudgesPageData {
  /** The checked runs, oldest first, as much of each as the page shows. */
  runs: PublishedRun[];
  /** Each run's file, from the project's root, in the same order. */
  files: string[];
  /** Every case, with its ruling. */
  items: Item[];
  /** The current guideline: the rulings the figures are against. */
  guideline: Guideline;
  /** Every rule of every version by id, its title from the latest version that has it. */
  rules: {id: string; title: string}[];
  /** The prompts there are, by name. */
  promptNames: string[];
}

/** The page's data from a check that passed (the build stops on any problem first). */
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
  };
}

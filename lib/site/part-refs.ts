// Which parts a page points to, read off data/parts.yaml rather than the case study's numbers: another guideline's
// parts (lib/node/content-root.ts) are numbered and ordered its own way.
import type {PagePart} from "../node/page-data.js";
import {listWords} from "../text/format.js";

export interface PartRef {
  number: number;
  path: string;
}

export interface WalkParts {
  first: PartRef | null;
  guideline: PartRef[];
  /** The part scored under the vague instruction, when the content has one: the "before" of before and after. */
  vague: PartRef | null;
  /** The part that scores the vague part's cases again with the guideline: the "after". */
  after: PartRef | null;
}

const ref = ({number, path}: PartRef): PartRef => ({number, path});

export function walkParts(
  parts: readonly Pick<PagePart, "number" | "path" | "hasPage" | "phase" | "items">[],
): WalkParts {
  const shown = parts.filter((part) => part.hasPage);
  const guideline = shown.filter((part) => part.phase === "guideline");
  const vague = shown.find((part) => part.phase === "vague");
  const after = vague && guideline.find((part) => part.items === vague.items);
  return {
    first: shown[0] ? ref(shown[0]) : null,
    guideline: guideline.map(ref),
    vague: vague ? ref(vague) : null,
    after: after ? ref(after) : null,
  };
}

/** "Part 4", "Parts 4 to 6" for three or more without a gap, "Parts 5 and 6", "Parts 2 and 5", "no part" for none. */
export function partsWords(numbers: readonly number[]): string {
  if (numbers.length === 0) return "no part";
  if (numbers.length === 1) return `Part ${numbers[0]}`;
  const runs = numbers.every((number, index) => index === 0 || number === numbers[index - 1]! + 1);
  return runs && numbers.length > 2
    ? `Parts ${numbers[0]} to ${numbers.at(-1)}`
    : `Parts ${listWords(numbers.map(String))}`;
}

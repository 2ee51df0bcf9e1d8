// An item's unchecked work (issue 29, item 11): the lines marked or typed, their verdicts and the main task, the score
// chosen and the deciding rule picked, kept in storage under a key of the item's own as the trainee works, so a reload
// or Back brings them back. A draft is never an answer: it lives apart from the record (never in it, so never in an
// export), goes when Check records the answer, and "Start over" deletes every draft with the answers. A draft is
// kept for the attempt it was made for: once the item has more answers than when it was saved (Check in another tab,
// an import), it is dropped. A draft the site cannot read, or that no longer fits its item, is copied under a
// set-aside key and the item starts clean: never fatal. Pure: the page passes its localStorage (a test, a Map).
import {integer, literal, min, object, optional, pattern, size, string, type Infer} from "superstruct";
import type {Item, QuoteIn} from "../authored/schemas/item.js";
import type {Phase} from "../authored/schemas/parts.js";
import type {Score} from "../authored/schemas/verdict.js";
import {textOf} from "../authored/quote.js";
import {impossibleShape} from "../text/json-shape.js";
import {TraineeChecklist, TraineeScore, validateSafely, type Mode} from "./progress.js";
import {checklistOf, type ChecklistDraft} from "./draft.js";
import {pageStorage, setAside, type KeyValueStorage} from "./set-aside.js";

/** Every draft's key starts so; the record's own key (`rater-notebook:progress:v1`) never does. */
export const draftKeyPrefix = "rater-notebook:draft:v1:";
/** Where a draft the site cannot read is copied, under its slot; "Start over" leaves these. */
export const draftSetAsidePrefix = "rater-notebook:draft-set-aside:v1:";

const ItemDraft = object({
  app: literal("rater-notebook-draft"),
  /** How many answers the item had when the draft was saved: the draft is for the next one. */
  after: min(integer(), 0),
  score: optional(TraineeScore),
  checklist: optional(TraineeChecklist),
  decidingRule: optional(pattern(size(string(), 1, 60), /^[a-z]+(-[a-z]+)*$/)),
});
export type ItemDraft = Infer<typeof ItemDraft>;

/** The work a draft keeps, as the card hands it over. */
export interface DraftWork {
  score: Score | null;
  checklist?: TraineeChecklist | undefined;
  decidingRule?: string | undefined;
}

/** Which item a draft is for: the slot an answer fills (the self-check's run too). */
export interface DraftSlot {
  item: string;
  phase: Phase;
  mode: Mode;
  run?: number | undefined;
}

export const draftKey = ({item, phase, mode, run}: DraftSlot): string =>
  `${draftKeyPrefix}${item}:${phase}:${mode}${run ? `:${run}` : ""}`;

/** Whether a draft holds nothing worth keeping: no score, no line, no pick. */
export const emptyWork = (work: DraftWork): boolean =>
  work.score === null && !work.checklist?.lines.length && !work.checklist?.mainNotMet && !work.decidingRule;

/** The draft's text: only what holds something. */
export function serializeDraft(work: DraftWork, after: number): string {
  const draft: ItemDraft = {
    app: "rater-notebook-draft",
    after,
    ...(work.score !== null ? {score: work.score} : {}),
    ...(work.checklist ? {checklist: work.checklist} : {}),
    ...(work.decidingRule ? {decidingRule: work.decidingRule} : {}),
  };
  return JSON.stringify(draft);
}

/** Whether a draft's lines still fit the item: each mark inside a text it can mark, each option one it offers. */
export function draftFits(draft: Pick<ItemDraft, "checklist">, item: Pick<Item, "request" | "turns" | "checklist">) {
  return (draft.checklist?.lines ?? []).every(({listing}) => {
    if (listing.kind === "free") return true;
    if (listing.kind === "option") return listing.index < item.checklist.length;
    const text = textOf(item, listing.in as QuoteIn);
    return text !== null && listing.start < listing.end && listing.end <= text.length;
  });
}

export type ReadDraft = {kind: "none"} | {kind: "draft"; draft: ItemDraft} | {kind: "stale"} | {kind: "broken"};

/** Reads a draft's text for an item that has `answered` answers now. */
export function readDraft(text: string | null, answered: number, item: Parameters<typeof draftFits>[1]): ReadDraft {
  if (text === null || text === "") return {kind: "none"};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {kind: "broken"};
  }
  if (impossibleShape(value, 10)) return {kind: "broken"};
  const [error, draft] = validateSafely(value, ItemDraft);
  if (error || !draftFits(draft, item)) return {kind: "broken"};
  return draft.after === answered ? {kind: "draft", draft} : {kind: "stale"};
}

/** The storage a draft store needs: read, write and remove one key, and list the keys for "Start over". */
export interface DraftStorage extends KeyValueStorage {
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface ItemDrafts {
  /** The draft the item resumes from, or null. */
  start: ItemDraft | null;
  /** Keeps the work as it stands, for the item's next answer (after `answered` answers); empty work removes it. */
  save(
    score: Score | null,
    checklist: ChecklistDraft | undefined,
    decidingRule: string | undefined,
    answered: number,
  ): void;
  /** Check recorded the answer: the draft goes. */
  clear(): void;
}

/**
 * Opens an item's draft in the page's localStorage (or `storage`). Without storage (blocked, private mode) nothing is
 * kept, as the record keeps nothing.
 */
export function openItemDrafts(
  slot: DraftSlot,
  {
    answered,
    item,
    storage = pageStorage(),
  }: {answered: number; item: Parameters<typeof draftFits>[1]; storage?: DraftStorage | null},
): ItemDrafts {
  const key = draftKey(slot);
  const attempt = <T>(work: () => T): T | null => {
    try {
      return work();
    } catch {
      // A browser that refuses (storage full, blocked): the work stays on the page.
      return null;
    }
  };
  let start: ItemDraft | null = null;
  if (storage) {
    const text = attempt(() => storage.getItem(key));
    const read = readDraft(text ?? null, answered, item);
    if (read.kind === "draft") start = read.draft;
    if (read.kind === "broken") {
      const copied = setAside(storage, text!, `${draftSetAsidePrefix}${key.slice(draftKeyPrefix.length)}`);
      if ("key" in copied) attempt(() => storage.removeItem(key));
    }
    if (read.kind === "stale") attempt(() => storage.removeItem(key));
  }
  return {
    start,
    save(score, checklist, decidingRule, after) {
      if (!storage) return;
      const work = {score, checklist: checklistOf(checklist), decidingRule};
      attempt(() => (emptyWork(work) ? storage.removeItem(key) : storage.setItem(key, serializeDraft(work, after))));
    },
    clear() {
      if (storage) attempt(() => storage.removeItem(key));
    },
  };
}

/** "Start over": removes every item's draft (set-aside copies stay, as the record's do). */
export function clearDrafts(storage: DraftStorage | null): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(draftKeyPrefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage the browser refuses: there is nothing it lets the site remove.
  }
}

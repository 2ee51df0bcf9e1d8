// What a page's own tests and its states in the list of page states (page-states.ts) both set up: the cohort's
// trainee files, the results page's records, the storage-full contexts of the saved record's notices.
import type {BrowserContext, Page} from "playwright-core";
import {cohortItem, type CohortItem} from "../../lib/agreement/cohort-item.js";
import {emptyProgress, recordAnswer, type Progress} from "../../lib/trainee/progress.js";
import {blankPath} from "./site.js";
import {guideline, items, progressKey, saveRecord, setAsideKey} from "./trainee.js";

// ---- The cohort page ----

export const cohortItems: CohortItem[] = items.map(cohortItem);
export const examples = cohortItems.filter((item) => item.id.startsWith("example-")).map((item) => item.id);
export const ruled = examples.map((id) => cohortItems.find((item) => item.id === id)!.score as number | "n/a");

/** A trainee's saved progress record: first attempts at the seven examples in each phase, with the given scores. */
export function traineeFile(vague: (number | "n/a")[], guideline: (number | "n/a")[]): string {
  const answer = (item: string, phase: string, score: number | "n/a") => ({
    item,
    phase,
    attempt: 1,
    score,
    guideline: "v2",
    at: "2025-01-01T00:00:00Z",
  });
  return JSON.stringify({
    app: "rater-notebook",
    version: 1,
    answers: [
      ...examples.map((item, i) => answer(item, "vague", vague[i]!)),
      ...examples.map((item, i) => answer(item, "guideline", guideline[i]!)),
    ],
  });
}

/** Three trainees: spread out under the vague instruction, close to the ruled scores with the guideline. */
export const traineeFiles = [
  {name: "alice.json", text: traineeFile([5, 4, 4, 3, 2, 5, 3], ruled)},
  {
    name: "bob.json",
    text: traineeFile(
      [3, 2, 2, 5, 4, 3, 1],
      ruled.map((s, i) => (i === 1 && s !== "n/a" ? 4 : s)),
    ),
  },
  {name: "<img src=x onerror=alert(1)>.json", text: traineeFile([4, 3, 5, 4, "n/a", 4, 2], ruled)},
];

export const payload = (file: {name: string; text: string}) => ({
  name: file.name,
  mimeType: "application/json",
  buffer: Buffer.from(file.text),
});
export const csvPayload = (name: string, text: string) => ({name, mimeType: "text/csv", buffer: Buffer.from(text)});

/** A 120-rater cohort as a ratings CSV: more raters than the rater tables show at once. */
export const largeCohortCsv = (() => {
  const rows = ["rater,item,phase,score"];
  for (let r = 1; r <= 120; r++)
    examples.forEach((item, i) => {
      rows.push(`trainee${r},${item},vague,${((r + i) % 5) + 1}`);
      rows.push(`trainee${r},${item},guideline,${(r * i) % 7 ? ruled[i] : 3}`);
    });
  return `${rows.join("\n")}\n`;
})();

/** Waits for the whole cohort report: the phases' tables follow the headline a frame later. */
export const reportShown = (page: Page) => page.locator(".cohort-report[data-complete]").waitFor();

// ---- The results page ----

/** A record with walk answers (example-1 exact, example-6 two off), "before" scores and a self-check answer. */
export function sampleRecord(): Progress {
  const answers: [string, "vague" | "guideline", 1 | 2 | 3 | 4 | 5 | "n/a", "self-check"?][] = [
    ["example-1", "vague", 3],
    ["example-6", "vague", 5],
    ["example-1", "guideline", 5],
    ["example-6", "guideline", 4],
    ["edge-5b", "guideline", "n/a"],
    ["calibration-c", "guideline", 2, "self-check"],
  ];
  return answers.reduce(
    (progress, [item, phase, score, mode], index) =>
      recordAnswer(progress, {
        item,
        phase,
        score,
        guideline: "v2",
        at: `2026-03-01T10:0${index}:00.000Z`,
        ...(mode ? {mode} : {}),
      }),
    emptyProgress(),
  );
}

type Given = [item: string, score: 1 | 2 | 3 | 4 | 5 | "n/a", more?: {mode?: "self-check"; guideline?: string}];

/** A record of guideline answers (and "before" scores), each the first attempt, recorded in the order given. */
export function answered(walk: Given[], before: Given[] = []): Progress {
  const all = [
    ...before.map(([item, score]) => ({item, score, phase: "vague" as const})),
    ...walk.map(([item, score, more]) => ({item, score, phase: "guideline" as const, ...more})),
  ];
  return all.reduce(
    (progress, answer, index) =>
      recordAnswer(progress, {
        guideline: guideline.version,
        at: `2026-03-01T10:${String(index).padStart(2, "0")}:00.000Z`,
        ...answer,
      }),
    emptyProgress(),
  );
}

/**
 * A trainee part-way through: some exact, some one off, some two or more off (the ruled score in each comment), every
 * guideline answer a score alone, one scored under the earlier guideline, the seven "before" scores, and a self-check.
 */
export const realistic = (): Progress =>
  answered(
    [
      ["example-1", 5], // 5: exact
      ["example-2", 4], // 3: one off
      ["example-3", 3], // 3: exact
      ["example-4", 5], // 3: two off
      ["example-5", 5], // 5: exact
      ["example-6", 4], // 2: two off, a score alone: the clarifying question decides it
      ["example-7", 3], // 3: exact
      ["edge-1a", 3], // 2: one off
      ["edge-2", 2, {guideline: "v1"}], // 2: exact, scored under the earlier guideline
      ["edge-5b", 1], // not applicable: two or more off
      ["edge-9", 4], // 5: one off
      ["edge-10", 3], // 5: two off
      ["calibration-a", 5], // 4: one off
      ["calibration-b", 4], // 2: two off
      ["calibration-a", 4, {mode: "self-check"}],
      ["calibration-b", 3, {mode: "self-check"}], // 2: one off
      ["calibration-c", 1, {mode: "self-check"}],
      ["calibration-d", 5, {mode: "self-check"}],
      ["calibration-d-twist", 2, {mode: "self-check"}],
    ],
    [
      ["example-1", 3],
      ["example-2", 5],
      ["example-3", 4],
      ["example-4", 5],
      ["example-5", 2],
      ["example-6", 4],
      ["example-7", 5],
    ],
  );

/**
 * A context whose pages find `record` under the record's key before their scripts run, once: a reload keeps whatever
 * the page saved since. Documents with no storage (a download's) are left alone.
 */
export async function withRecord(context: BrowserContext, record: string): Promise<BrowserContext> {
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (localStorage.getItem(key!) === null) localStorage.setItem(key!, value!);
      } catch {
        // no storage in this document
      }
    },
    [progressKey, record],
  );
  return context;
}

// ---- The saved record, when storage is full ----

export const recordHead = '{"app":"rater-notebook","version":1,';
/** Large and unreadable: cut short in the middle of its answers. */
export const unreadableRecord = `${recordHead}"answers":[${'{"item":"example-1","phase":"vague","attempt":1,"score":4},'.repeat(20_000)}{"item":`;

/**
 * Opens `path` in `page` with `raw` under the record's key before the page's own scripts run, written on the blank
 * document (where a page of `usePage` already is).
 */
export async function openWithRecord(page: Page, path: string, raw: string): Promise<Page> {
  if (!page.url().endsWith(blankPath)) await page.goto(blankPath);
  await saveRecord(page, raw);
  await page.goto(path);
  return page;
}

/** Makes writing any set-aside copy throw in the context as a full storage does, until the page sets `storageFrees`. */
export async function refuseSetAside(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript((prefix) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith(prefix) && !(window as {storageFrees?: boolean}).storageFrees)
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, key, value);
    };
  }, setAsideKey);
  return context;
}

/** The notice of an unreadable record that could not be set aside. */
export const heldNotice = (page: Page) => page.getByRole("status").filter({hasText: /could not be set aside/});

/** A valid record holding one answer, example-2 scored 4 with the guideline. */
export const oneAnswerRecord = `${recordHead}"answers":[{"item":"example-2","phase":"guideline","attempt":1,"score":4,"guideline":"v2","at":"2026-03-01T10:00:00.000Z"}]}`;

/**
 * Opens `path` in `page` (of a fresh context) on `oneAnswerRecord`, where writing the record throws as a full storage
 * does until the page sets `storageFrees`.
 */
export async function openRecordUnsaved(page: Page, path: string): Promise<Page> {
  await page.goto(blankPath);
  await saveRecord(page, oneAnswerRecord);
  await page.addInitScript((key) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name: string, value: string) {
      if (name === key && !(window as {storageFrees?: boolean}).storageFrees)
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, name, value);
    };
  }, progressKey);
  await page.goto(path);
  return page;
}

/** The notice of an answer that could not be saved. */
export const unsavedNotice = (page: Page) => page.getByRole("status").filter({hasText: /could not be saved/});

// No saved record may stop a trainee page, and no unreadable record may be lost. Whatever is under the record's key
// (nested a hundred thousand deep, huge, the wrong types, a number JSON reads as Infinity, prototype keys), every
// trainee page shows its content and says in plain words that the record was set aside; and when the copy cannot
// be written (storage full), the record stays where it is, byte for byte, the page says so and offers it for
// download, and the answers given meanwhile are kept on the page until the trainee chooses to replace it. The
// notices' accessibility: page-states.ts.
import type {BrowserContext, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import type {Answer} from "../../lib/trainee/progress.js";
import {downloadText, usePage, useSite} from "./helpers.js";
import {
  heldNotice,
  oneAnswerRecord,
  openRecordUnsaved,
  openWithRecord as openRecordIn,
  recordHead as head,
  refuseSetAside,
  unreadableRecord,
  unsavedNotice,
} from "./page-fixtures.js";
import {
  checkButton,
  commit,
  itemOf,
  itemsOfSet,
  pages,
  partStatus,
  progressKey,
  radio,
  ruling,
  saveRecord,
  scoreGroup,
  setAsideKey,
  showItem,
  storage,
  visibleText,
} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);

/** Opens `path` with `raw` under the record's key before the page's scripts run, in a new page of `context` if any. */
const openWithRecord = async (path: string, raw: string, context?: BrowserContext): Promise<Page> =>
  openRecordIn(context ? await context.newPage() : await cleanPage(), path, raw);

const setAsideNotice = (page: Page) => page.getByRole("status").filter({hasText: /set aside, not deleted/});

const deep = `${head}"answers":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;

describe("a saved record nested a hundred thousand deep", () => {
  // The self-check at its first pool's address only: the fresh cases' (`?pool=fresh`) is the same page and component
  // (src/self-check.md's SelfCheck), whose store reads the record, and sets it aside, before the pool is chosen.
  const everyPage = [
    ...pages.filter(({name}) => !name.startsWith("self-check-")),
    {path: "/results", name: "results", scores: []},
  ];
  it.each(everyPage)(
    "leaves $path usable, with the record set aside and the page saying so",
    async ({path, scores}) => {
      const problemsBefore = site.problems.length;
      const page = await openWithRecord(path, deep);
      await page.getByRole("heading", {level: 1}).waitFor();
      const notice = setAsideNotice(page);
      await notice.waitFor();
      expect(await visibleText(notice)).toContain("Your saved progress is damaged.");
      expect(await visibleText(notice)).toContain("nests deeper than a progress record can");
      if (scores.length > 0) await scoreGroup(itemOf(page, scores[0]!.id)).waitFor({state: "visible"});
      expect(await storage(page, setAsideKey)).toBe(deep);
      expect(site.problems.slice(problemsBefore)).toEqual([]);
    },
    60_000,
  );
});

describe("other records no page can read", () => {
  const valid = `{"item":"example-1","phase":"guideline","attempt":1,"score":3,"guideline":"v2","at":"2026-03-01T10:00:00.000Z"}`;
  const records = [
    {
      kind: "objects nested fifty thousand deep",
      raw: `${head}"answers":[${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}]}`,
    },
    {
      kind: "a number JSON reads as Infinity",
      raw: `${head}"answers":[${valid.replace('"score":3', '"score":1e400')}]}`,
    },
    {kind: "a version JSON reads as Infinity", raw: '{"app":"rater-notebook","version":1e400,"answers":[]}'},
    {kind: "a string where the answers go", raw: `${head}"answers":"example-1"}`},
    {kind: "prototype keys", raw: `${head}"answers":[${valid.replace("{", '{"__proto__":{"score":5},')}]}`},
    {kind: "a JSON string", raw: '"rater-notebook"'},
    {
      kind: "huge",
      raw: `${head}"answers":[${valid.replace('"score":3', `"score":3,"x":"${"x".repeat(1_500_000)}"`)}]}`,
    },
  ];
  it.each(records)(
    "is set aside when it holds $kind, and the rubric's first example can be scored",
    async ({raw}) => {
      const problemsBefore = site.problems.length;
      const page = await openWithRecord("/rubric", raw);
      await setAsideNotice(page).waitFor();
      const card = await commit(page, "example-1", 3);
      expect(await visibleText(ruling(card))).toMatch(/You gave 3/);
      expect(await storage(page, setAsideKey)).toBe(raw);
      const saved = JSON.parse((await storage(page, progressKey))!) as {answers: Answer[]};
      expect(saved.answers.map((answer) => [answer.item, answer.score])).toEqual([["example-1", 3]]);
      expect(({} as {score?: number}).score).toBeUndefined();
      expect(site.problems.slice(problemsBefore)).toEqual([]);
    },
    60_000,
  );
});

describe("a record that is not JSON, not ours or of an older version", () => {
  const records = [
    {kind: "invalid JSON", raw: '{"app":"rater-notebook","version":1,"answers":[{"item":'},
    {kind: "a foreign object", raw: JSON.stringify({theme: "dark", answers: [1, 2, 3]})},
    {kind: "an older version", raw: '{"app":"rater-notebook","version":0,"answers":[]}'},
  ];
  it.each(records)(
    "is set aside with a message and a download when it is $kind, and the page keeps working",
    async ({raw}) => {
      const problemsBefore = site.problems.length;
      const page = await openWithRecord("/calibration", raw);
      const notice = setAsideNotice(page);
      await notice.waitFor();
      const download = notice.getByRole("link", {name: /download/i});
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(await downloadText(file)).toBe(raw);
      expect(await storage(page, setAsideKey)).toBe(raw);

      // The page keeps working: score and Check, saved as a fresh record; the set-aside text stays where it was.
      const card = await commit(page, "calibration-a", 4);
      expect(await visibleText(ruling(card))).toMatch(/You gave 4; the ruling is 4/);
      const saved = JSON.parse((await storage(page, progressKey))!) as {app: string; answers: Answer[]};
      expect(saved.app).toBe("rater-notebook");
      expect(saved.answers.map((answer) => [answer.item, answer.score])).toEqual([["calibration-a", 4]]);
      expect(await storage(page, setAsideKey)).toBe(raw);

      // After a reload the new record is read, the message is gone, and the set-aside text is still there.
      await page.reload();
      await showItem(page, "calibration-a");
      await ruling(itemOf(page, "calibration-a")).waitFor({state: "visible"});
      expect(await radio(itemOf(page, "calibration-a"), 4).isChecked()).toBe(true);
      await expect.poll(() => partStatus(page).innerText()).toBe(`1 of ${itemsOfSet("calibration").length} scored`);
      expect(await notice.count()).toBe(0);
      expect(await storage(page, setAsideKey)).toBe(raw);
      expect(site.problems.slice(problemsBefore)).toEqual([]);
    },
    60_000,
  );
});

describe("an unreadable record that cannot be set aside (storage full)", () => {
  const raw = unreadableRecord;

  /** A context where writing any set-aside copy throws as a full storage does, until the page sets `storageFrees`. */
  const fullStorage = async (): Promise<BrowserContext> => refuseSetAside(await site.newContext());
  const total = itemsOfSet("calibration").length;

  it("stays under its key byte for byte, is offered for download, and the answers given meanwhile are kept and shown until the trainee replaces it", async () => {
    const problemsBefore = site.problems.length;
    const page = await openWithRecord("/calibration", raw, await fullStorage());
    const notice = heldNotice(page);
    await notice.waitFor();
    const text = await visibleText(notice);
    expect(text).toContain("Your saved progress is damaged.");
    expect(text).toContain("It could not be set aside");
    expect(text).toContain("stays where it was");
    expect(text).not.toContain("set aside, not deleted");

    // A real download of the record's exact text.
    expect(await notice.getByRole("button", {name: /replace/i}).count()).toBe(0);
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      notice.getByRole("link", {name: /download/i}).click(),
    ]);
    expect(await downloadText(file)).toBe(raw);

    // Answers are kept on the page and shown, and the record is not touched.
    await commit(page, "calibration-a", 4);
    await commit(page, "calibration-b", 2);
    await expect.poll(() => partStatus(page).innerText()).toBe(`2 of ${total} scored`);
    await showItem(page, "calibration-a");
    expect(await radio(itemOf(page, "calibration-a"), 4).isChecked()).toBe(true);
    expect(await storage(page, progressKey)).toBe(raw);
    expect(await storage(page, setAsideKey)).toBeNull();

    // The trainee, with the download, chooses to replace it: the answers kept on the page are saved.
    await notice.getByRole("button", {name: "Replace it with my new answers"}).click();
    await expect
      .poll(() => visibleText(page.getByRole("status").filter({hasText: /replaced/})))
      .toMatch(/saved in its place/);
    const saved = JSON.parse((await storage(page, progressKey))!) as {answers: Answer[]};
    expect(saved.answers.map((answer) => [answer.item, answer.score])).toEqual([
      ["calibration-a", 4],
      ["calibration-b", 2],
    ]);
    await page.reload();
    await showItem(page, "calibration-a");
    expect(await radio(itemOf(page, "calibration-a"), 4).isChecked()).toBe(true);
    expect(await heldNotice(page).count()).toBe(0);
    expect(site.problems.slice(problemsBefore)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("is set aside at the next answer once storage frees, and the answers kept meanwhile are saved", async () => {
    const problemsBefore = site.problems.length;
    const page = await openWithRecord("/calibration", raw, await fullStorage());
    await heldNotice(page).waitFor();
    await commit(page, "calibration-a", 4);
    expect(await storage(page, progressKey)).toBe(raw);
    await page.evaluate(() => ((window as {storageFrees?: boolean}).storageFrees = true));
    await commit(page, "calibration-b", 2);
    expect(await storage(page, setAsideKey)).toBe(raw);
    const saved = JSON.parse((await storage(page, progressKey))!) as {answers: Answer[]};
    expect(saved.answers.map((answer) => [answer.item, answer.score])).toEqual([
      ["calibration-a", 4],
      ["calibration-b", 2],
    ]);
    await setAsideNotice(page).waitFor();
    expect(await heldNotice(page).count()).toBe(0);
    expect(site.problems.slice(problemsBefore)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("says every set-aside place is taken, not that storage is full, when each already holds an earlier record", async () => {
    const problemsBefore = site.problems.length;
    const page = await cleanPage();
    await saveRecord(page, raw);
    await page.evaluate((key) => {
      for (let slot = 1; slot <= 100; slot++) localStorage.setItem(slot === 1 ? key : `${key}:${slot}`, `[${slot}]`);
    }, setAsideKey);
    await page.goto("/calibration");
    const notice = heldNotice(page);
    await notice.waitFor();
    const text = await visibleText(notice);
    expect(text).toContain("every place this site keeps set-aside records already holds an earlier one");
    expect(text).not.toMatch(/storage|full/);
    expect(await storage(page, progressKey)).toBe(raw);
    expect(await storage(page, setAsideKey)).toBe("[1]");
    expect(site.problems.slice(problemsBefore)).toEqual([]);
  }, 60_000);
});

describe("an answer that cannot be saved (storage full)", () => {
  // example-2 scored 4 with the guideline.
  const raw = oneAnswerRecord;

  /** Opens `path` on a valid record, where writing the record throws as a full storage does until `storageFrees`. */
  const openFull = async (path: string): Promise<Page> =>
    openRecordUnsaved(await (await site.newContext()).newPage(), path);

  it("says so in plain words, offers everything answered for download, keeps the answer shown, and saves it at the next answer once storage frees", async () => {
    const problemsBefore = site.problems.length;
    const page = await openFull("/rubric#example-1");
    await scoreGroup(itemOf(page, "example-1")).waitFor({state: "visible"});
    expect(await unsavedNotice(page).count()).toBe(0);

    const card = await commit(page, "example-1", 3);
    const notice = unsavedNotice(page);
    await notice.waitFor();
    const text = await visibleText(notice);
    expect(text).toContain("Your answer could not be saved in this browser.");
    expect(text).toContain("leaving or reloading it loses them");
    expect(text).not.toContain("saved as usual");

    // The card itself says the answer is kept on this page only, beside its ruling's "the one recorded".
    const kept = "Kept on this page only: this browser did not save it.";
    await expect.poll(() => visibleText(card.locator(".check-hint"))).toContain(kept);
    // The answer stays shown, and the record under its key is as it was.
    expect(await visibleText(ruling(card))).toMatch(/You gave 3/);
    expect(await radio(card, 3).isChecked()).toBe(true);
    expect(await storage(page, progressKey)).toBe(raw);

    // The download is the site's progress file, with every answer: the saved one and the one kept on the page.
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      notice.getByRole("link", {name: "Download everything you answered"}).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^rater-notebook-progress-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await downloadText(file)) as {
      app: string;
      progress: {answers: Answer[]};
    };
    expect(exported.app).toBe("rater-notebook");
    expect(exported.progress.answers.map((answer) => [answer.item, answer.score])).toEqual([
      ["example-2", 4],
      ["example-1", 3],
    ]);

    // A second answer still cannot be saved: the download then holds it too.
    await commit(page, "example-3", 2);
    expect(await visibleText(notice)).toContain("could not be saved");
    const [second] = await Promise.all([
      page.waitForEvent("download"),
      notice.getByRole("link", {name: "Download everything you answered"}).click(),
    ]);
    const again = JSON.parse(await downloadText(second)) as {progress: {answers: Answer[]}};
    expect(again.progress.answers.map((answer) => answer.item)).toEqual(["example-2", "example-1", "example-3"]);

    // Storage frees: the next answer saves everything, the notice goes, and a reload shows the answers.
    await page.evaluate(() => ((window as {storageFrees?: boolean}).storageFrees = true));
    const saving = await commit(page, "example-4", 5);
    await expect.poll(() => unsavedNotice(page).count()).toBe(0);
    expect(await visibleText(saving.locator(".check-hint"))).not.toContain(kept);
    expect(await visibleText(page.getByRole("status").filter({hasText: /saved in this browser again/}))).toBe(
      "Your answers are saved in this browser again, all of them.",
    );
    const saved = JSON.parse((await storage(page, progressKey))!) as {answers: Answer[]};
    expect(saved.answers.map((answer) => [answer.item, answer.score])).toEqual([
      ["example-2", 4],
      ["example-1", 3],
      ["example-3", 2],
      ["example-4", 5],
    ]);
    await page.reload();
    await showItem(page, "example-1");
    expect(await radio(itemOf(page, "example-1"), 3).isChecked()).toBe(true);
    expect(site.problems.slice(problemsBefore)).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("a case checked in another tab", () => {
  // Before, the other tab's card stayed unchecked: its Check recorded a second answer, taken for a retry in the walk
  // ("on your retry … First answer (the one recorded)") and for a blind case answered twice in the self-check, which
  // split the run.
  const twoTabs = async (path: string, id: string) => {
    const context = await site.newContext();
    const tabs = [await context.newPage(), await context.newPage()] as const;
    for (const tab of tabs) {
      await tab.goto(path);
      await scoreGroup(itemOf(tab, id)).waitFor();
    }
    return tabs;
  };
  const answersTo = async (page: Page, id: string) =>
    (JSON.parse((await storage(page, progressKey))!) as {answers: Answer[]}).answers.filter(
      (answer) => answer.item === id,
    );

  it.each([
    ["/rubric#example-3", "example-3", 3],
    ["/self-check?pool=calibration#calibration-a", "calibration-a", 4],
  ] as const)(
    "%s: shows it checked there in the other tab, whose Check can record nothing of its own",
    async (path, id, score) => {
      const [first, second] = await twoTabs(path, id);
      const card = itemOf(second, id);
      await radio(card, score === 3 ? 2 : 3).check();
      const there = itemOf(first, id);
      await radio(there, score).check();
      await checkButton(there).click();
      await expect.poll(() => checkButton(card).isDisabled()).toBe(true);
      expect(await radio(card, score).isChecked()).toBe(true);
      expect(await card.getByRole("alert").innerText()).toBe(
        "Checked in another tab meanwhile: this shows the answer given there.",
      );
      // The walk's ruling; the blind run's answered note, and no ruling.
      if (path.startsWith("/self-check")) {
        expect(await visibleText(card.locator(".answered-note"))).toMatch(/^Answered: 4\. The rulings show when/);
        expect(await ruling(card).isVisible()).toBe(false);
      } else await ruling(card).waitFor({state: "visible"});
      expect((await answersTo(second, id)).map((answer) => answer.score)).toEqual([score]);
      expect(site.problems).toEqual([]);
    },
  );
});

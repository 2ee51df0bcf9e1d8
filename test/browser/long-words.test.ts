// Long unbroken words a trainee brings (issue 28), at 390 and 1440 px: a line of their own words of 490 characters (a
// URL, as a saved record may hold one) on a trainee page, beside its line's controls and the rubric panel, and in the
// ruling's differences; an unknown item id of 200 characters in an imported progress file, in the import's preview on
// /results and, once imported, in the results' warning. The page never scrolls sideways and each text stays in its box.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {exportFile} from "../../lib/trainee/transfer.js";
import {boxProblems, pageOverflow} from "./fits.js";
import {usePage, useSite} from "./helpers.js";
import {openWithRecord} from "./page-fixtures.js";
import {itemOf, ruling, scoreGroup} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);
const widths = [390, 1440] as const;

const url = `https://example.com/${"a".repeat(470)}`;
/** An id as the record's pattern allows one, that no case has. */
const unknownId = `not-on-this-site-${"x".repeat(183)}`;

const answer = (item: string, extra: object = {}) => ({
  item,
  phase: "guideline",
  attempt: 1,
  score: 3,
  guideline: "v2",
  at: "2026-03-01T10:00:00.000Z",
  ...extra,
});

/** `path` on the tests' page at `width`, with `record` saved before the page loads when one is given. */
async function open(width: number, path: string, record?: string): Promise<Page> {
  const page = await cleanPage();
  await page.setViewportSize({width, height: 900});
  if (record) await openWithRecord(page, path, record);
  else await page.goto(path);
  return page;
}

describe("a trainee's own words", () => {
  it.each(widths)(
    "a 490-character line wraps in its row, clear of its controls and the rubric, at %i px",
    async (width) => {
      expect([url.length, unknownId.length]).toEqual([490, 200]);
      const lines = {lines: [{listing: {kind: "free", text: url}, main: true, verdict: "met"}]};
      const record = {app: "rater-notebook", version: 1, answers: [answer("example-2", {checklist: lines})]};
      const page = await open(width, "/rubric#example-2", JSON.stringify(record));
      const item = itemOf(page, "example-2");
      await scoreGroup(item).waitFor();
      // The answer is checked: its ruling is drawn once the ruling's code has arrived, after the card.
      await ruling(item).waitFor({state: "visible"});
      const row = item.locator(".trainee-line").filter({hasText: url});
      const text = row.locator(".line-text");
      // Beside the rubric panel from 1200 px; on a phone the panel is behind a button.
      const apart = [row.locator(".line-controls"), ...(width === 1440 ? [page.locator(".guide-panel")] : [])];
      expect(await boxProblems(text, row, {apart})).toEqual([]);
      expect(await boxProblems(row, item)).toEqual([]);
      // The ruling's differences name the line in the trainee's words: each stays in the item.
      const differences = item.locator(".difference");
      expect(await differences.filter({hasText: url}).count()).toBe(2);
      for (const difference of await differences.all()) expect(await boxProblems(difference, item)).toEqual([]);
      expect(await pageOverflow(page)).toEqual([]);
      expect(site.problems).toEqual([]);
    },
  );
});

describe("an imported file's unknown item id", () => {
  it.each(widths)("a 200-character id wraps in the preview and in the results at %i px", async (width) => {
    const progress = {app: "rater-notebook", version: 1, answers: [answer("example-2"), answer(unknownId)]};
    const file = exportFile(progress as never, {now: "2026-03-02T10:00:00.000Z"});
    const page = await open(width, "/results");
    await page.getByRole("heading", {name: "Move your progress"}).waitFor();
    await page
      .getByLabel("A progress file downloaded from Rater Notebook")
      .setInputFiles({name: "progress.json", mimeType: "application/json", buffer: Buffer.from(file)});
    const panel = page.locator(".import-panel");
    const preview = panel.locator(".import-warning").filter({hasText: unknownId});
    await preview.waitFor();
    expect(await boxProblems(preview, panel)).toEqual([]);
    expect(await pageOverflow(page)).toEqual([]);
    await panel.getByRole("button", {name: /^Import/}).click();
    const warning = page.locator("main .import-warning").filter({hasText: "Your record has answers to 1 case"});
    await warning.waitFor();
    expect(await warning.innerText()).toContain(unknownId);
    expect(await boxProblems(warning, page.locator("main"))).toEqual([]);
    expect(await pageOverflow(page)).toEqual([]);
    expect(site.problems).toEqual([]);
  });
});

// What the case editor's browser tests share: the page opened, in a fresh context or on a page a test is handed
// (usePage's), with an empty localStorage unless a draft is given; its contract elements, loading a case and
// downloading the file it writes.
import type {Locator, Page} from "playwright-core";
import {downloadText} from "./helpers.js";
import {blankPath, type Site} from "./site.js";

export const caseDraftKey = "rater-notebook:case-draft:v1";

/**
 * /authors/case once its editor is drawn: in a fresh context of `on` (a site), or in `on` (a page whose localStorage
 * is empty, as usePage hands one, in the window it has). `draft` is put under the draft's key on the site's blank
 * document before the editor loads, so a reload finds what the page saved since, not this again.
 */
export async function openEditor(
  on: Site | Page,
  {query = "", draft}: {query?: string; draft?: string} = {},
): Promise<Page> {
  const page = "newContext" in on ? await (await on.newContext()).newPage() : on;
  if (draft !== undefined) {
    if (!page.url().endsWith(blankPath)) await page.goto(blankPath);
    await page.evaluate(([key, text]) => localStorage.setItem(key!, text!), [caseDraftKey, draft]);
  }
  await page.goto(`/authors/case${query}`);
  await downloadButton(page).waitFor();
  return page;
}

export const downloadButton = (page: Page): Locator => page.getByRole("button", {name: "Download case file"});
export const derivedScore = (page: Page): Locator => page.getByRole("status", {name: "Derived score", exact: true});
export const candidateScore = (page: Page): Locator =>
  page.getByRole("status", {name: "Candidate's derived score", exact: true});
export const startFrom = (page: Page): Locator => page.getByRole("combobox", {name: "Start from", exact: true});

/** Loads a case of the notebook (or the blank case for "") with Start from and Load. */
export async function loadCase(page: Page, id: string): Promise<void> {
  await startFrom(page).selectOption(id);
  await page.getByRole("button", {name: "Load", exact: true}).click();
}

/** Presses Download case file and reads the file the browser saves: its suggested name and its text. */
export async function downloadCase(page: Page, press?: () => Promise<void>): Promise<{name: string; text: string}> {
  const [download] = await Promise.all([page.waitForEvent("download"), press ? press() : downloadButton(page).click()]);
  return {name: download.suggestedFilename(), text: await downloadText(download)};
}

/** The draft the page saved, as the editor's envelope holds it (null when none). */
export async function savedDraft(page: Page): Promise<{version: number; record: Record<string, unknown>} | null> {
  const text = await page.evaluate((key) => localStorage.getItem(key), caseDraftKey);
  return text === null ? null : JSON.parse(text);
}

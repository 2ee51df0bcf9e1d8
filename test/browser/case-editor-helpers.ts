// What the case editor's browser tests share: the page opened in a fresh context (an empty localStorage unless one is
// given), its contract elements, loading a case and downloading the file it writes.
import type {BrowserContextOptions, Locator, Page} from "playwright-core";
import {downloadText} from "./helpers.js";
import type {Site} from "./site.js";

export const caseDraftKey = "rater-notebook:case-draft:v1";

/** /authors/case in a fresh context, once its editor is drawn; `draft` is put under the draft's key before loading. */
export async function openEditor(
  site: Site,
  {query = "", draft, context: options = {}}: {query?: string; draft?: string; context?: BrowserContextOptions} = {},
): Promise<Page> {
  const context = await site.newContext(options);
  if (draft !== undefined)
    await context.addInitScript(
      ([key, text]) => {
        // Only on the site, before its first load: a reload must find what the page saved, not this again.
        if (location.protocol === "http:" && !sessionStorage.getItem("seeded")) {
          localStorage.setItem(key!, text!);
          sessionStorage.setItem("seeded", "1");
        }
      },
      [caseDraftKey, draft],
    );
  const page = await context.newPage();
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

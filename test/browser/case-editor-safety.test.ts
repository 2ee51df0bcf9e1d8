// The case editor keeps the author's work and shows files only as text: hostile uploads (huge, deeply nested, the
// wrong kind of file, a value of the wrong kind, script in a text) are refused with the field and the fix, or shown
// safely, and the draft is left as it was; the draft survives a reload, so does Undo of a mistaken Load, and one the
// page cannot read is set aside with a notice. The editor's accessibility, blank and with a case loaded:
// page-states.ts.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {projectRoot} from "../../lib/node/load.js";
import {writeItemFile} from "../../lib/authored/item-writer.js";
import {blankCase} from "../../lib/authoring/case-editor.js";
import {usePage, useShared, useSite} from "./helpers.js";
import {caseDraftKey, derivedScore, downloadButton, loadCase, openEditor, savedDraft} from "./case-editor-helpers.js";

const site = useSite();
const cleanPage = usePage(site);
const repoText = (id: string) => readFileSync(join(projectRoot, "data", "items", `${id}.md`), "utf8");
const requestBox = (page: Page) => page.getByRole("textbox", {name: "Request", exact: true});

/** Sets a file on the upload field, as a browser's file chooser would. */
async function upload(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page
    .getByLabel("Or upload a case file")
    .setInputFiles({name, mimeType: "text/markdown", buffer: Buffer.from(content)});
}

/**
 * The file's page, handed fresh, with a draft of its own: example-3 loaded, then its request changed, so the draft is
 * not any file's. The draft is its record; the saved envelope also names the blank draft the Load replaced.
 */
async function withDraft(): Promise<{page: Page; draft: unknown}> {
  const page = await openEditor(await cleanPage());
  await loadCase(page, "example-3");
  await requestBox(page).fill("Kannst du mir bitte eine kurze, förmliche E-Mail schreiben?");
  await expect
    .poll(async () => (await savedDraft(page))?.record.request)
    .toMatchObject({text: expect.stringMatching(/^Kannst/)});
  return {page, draft: (await savedDraft(page))!.record};
}

const probeFile = (() => {
  const probe = readdirSync(join(projectRoot, "data", "probes"), {withFileTypes: true}).find((entry) =>
    entry.isDirectory(),
  )!;
  return readFileSync(join(projectRoot, "data", "probes", probe.name, "v1.json"), "utf8");
})();
const deepYaml = `---\nid: ${"[".repeat(2000)}${"]".repeat(2000)}\n---\n\n## Request\n\nx\n\n## Response\n\ny\n`;

const hostile: {label: string; name: string; content: () => string | Buffer; says: RegExp}[] = [
  {
    label: "a huge file",
    name: "huge.md",
    content: () => Buffer.alloc(5_000_000, "a"),
    says: /huge\.md: larger than 64 kB/,
  },
  {
    label: "YAML nested 2,000 deep",
    name: "deep.md",
    content: () => deepYaml,
    says: /deep\.md: .*deeper than 32 levels/,
  },
  {label: "a probe's JSON", name: "v1.json", content: () => probeFile, says: /v1\.json: missing front matter/},
  {
    // A value of the wrong kind, not an unfinished case: one still to finish (no checklist, a score out of range) is
    // taken as a draft is, its problems listed to fix (unit: case-editor-state.test.ts).
    label: "a case with a value of the wrong kind",
    name: "example-1.md",
    content: () => repoText("example-1").replace(/^score: 5$/m, "score: [5]"),
    says: /example-1\.md at score: /,
  },
  {
    label: "bytes that are not UTF-8",
    name: "latin.md",
    content: () => Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0x0a]),
    says: /latin\.md: not valid UTF-8 \(line 2\)/,
  },
];

describe("an upload", () => {
  // One draft for the hostile files, each uploaded over the refusal of the one before, as a refusal leaves the draft
  // as it was: each file's problem and the words said name the file, so each test reads its own refusal. A draft of
  // their own for each cost a load of the page and a Load each.
  const drafted = useShared(withDraft, ({page}) => page);
  it.each(hostile)(
    "refuses $label with what is wrong, and leaves the draft as it was",
    async ({name, content, says}) => {
      const {page, draft} = await drafted.get();
      await upload(page, name, content());
      const refused = page.locator(".case-start-problems li");
      await expect.poll(() => refused.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(says)]));
      const said = await page.locator(".case-start-said").innerText();
      expect(said).toContain("your draft is as it was");
      expect(said).toContain(`${name} was not loaded`);
      expect((await savedDraft(page))?.record).toEqual(draft);
      expect(await requestBox(page).inputValue()).toMatch(
        /^Kannst du mir bitte eine kurze, förmliche E-Mail schreiben\?$/,
      );
      expect(site.problems).toEqual([]);
    },
  );

  it("shows script in a case's texts as text: nothing runs, and Undo brings the draft back", async () => {
    const {page, draft} = await withDraft();
    const script = '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">';
    const text = repoText("example-1")
      .replace(/(## Response\n\n)/, `$1${script}\n`)
      .replace(/(## Request\n\n[^\n]*)/, `$1 ${script}`);
    await upload(page, "example-1.md", text);
    await expect.poll(() => page.getByRole("textbox", {name: "Response", exact: true}).inputValue()).toContain(script);
    expect(await requestBox(page).inputValue()).toContain(script);
    // The request's words to mark hold the script's text as words, never as markup.
    const words = page.getByRole("group", {name: "The words of the request"});
    expect(await words.innerText()).toContain("<script>window.pwned");
    expect(await page.locator("#observablehq-main script, #observablehq-main img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as {pwned?: number}).pwned)).toBeUndefined();
    expect(await derivedScore(page).innerText()).toBe("5");

    await page.getByRole("button", {name: /^Undo/}).click();
    await expect.poll(async () => (await savedDraft(page))?.record).toEqual(draft);
    expect(site.problems).toEqual([]);
  });

  it("takes the blank case that case:new writes as a draft, with what is left to fix listed", async () => {
    const {page} = await withDraft();
    // What `npm run case:new -- --blank --set edge-cases` writes and tells the author to upload here.
    const blank = writeItemFile({...blankCase({set: "edge-cases", cases: []}), id: "new-case-1"});
    await upload(page, "new-case-1.md", blank);
    await expect
      .poll(() => page.locator(".case-start-said").innerText())
      .toBe("Read new-case-1.md. It is not finished: what is left to fix is listed below.");
    expect(await page.locator(".case-start-problems li").count()).toBe(0);
    expect(await requestBox(page).inputValue()).toBe("");
    expect((await savedDraft(page))?.record).toMatchObject({id: "new-case-1", set: "edge-cases", checklist: []});
    expect(await page.getByRole("heading", {name: /^To fix before the download \(\d+\)$/}).count()).toBe(1);
    expect(site.problems).toEqual([]);
  });
});

describe("the draft", () => {
  it("survives a reload", async () => {
    const {page, draft} = await withDraft();
    await page.reload();
    await requestBox(page).waitFor();
    expect(await requestBox(page).inputValue()).toMatch(/^Kannst du mir bitte eine kurze/);
    expect((await savedDraft(page))?.record).toEqual(draft);
    // The blank draft example-3's Load replaced is still offered.
    expect(await page.locator(".case-start-said").innerText()).toBe(
      "Your draft from before is back. Undo brings back the draft your last Load replaced.",
    );
    expect(site.problems).toEqual([]);
  });

  it("replaced by a mistaken Load is still one Undo away after a reload", async () => {
    const {page, draft} = await withDraft();
    await loadCase(page, "edge-4");
    await expect.poll(() => derivedScore(page).innerText()).toBe("5");
    await page.reload();
    await requestBox(page).waitFor();
    // The page reopens on edge-4, and offers the draft it replaced.
    expect(await page.locator("#case-id").inputValue()).toBe("edge-4");
    expect(await page.locator(".case-start-said").innerText()).toBe(
      "Your draft from before is back. Undo brings back the draft your last Load replaced.",
    );
    await page.getByRole("button", {name: /^Undo/}).click();
    await expect.poll(() => requestBox(page).inputValue()).toMatch(/^Kannst du mir bitte eine kurze/);
    await expect.poll(async () => (await savedDraft(page))?.record).toEqual(draft);
    expect(await page.locator(".case-start-said").innerText()).toBe(
      "The draft before is back. Undo again returns to the one you left.",
    );
    // Undo swapped: edge-4 was set aside in its turn, so Undo again (after a reload too) goes back to it.
    await page.reload();
    await requestBox(page).waitFor();
    await page.getByRole("button", {name: /^Undo/}).click();
    await expect.poll(() => page.locator("#case-id").inputValue()).toBe("edge-4");
    await page.getByRole("button", {name: /^Undo/}).click();
    await expect.poll(async () => (await savedDraft(page))?.record).toEqual(draft);
    expect(site.problems).toEqual([]);
  });

  it("is set aside with a notice when the page cannot read it, and the new draft is saved as usual", async () => {
    const page = await openEditor(await cleanPage(), {draft: '{"version": 1, "record": [not json'});
    const notice = page.getByRole("alert").filter({hasText: "could not be read"});
    await expect.poll(() => notice.innerText()).toMatch(new RegExp(`${caseDraftKey}:set-aside`));
    expect(await page.evaluate((key) => localStorage.getItem(`${key}:set-aside`), caseDraftKey)).toBe(
      '{"version": 1, "record": [not json',
    );
    expect(await requestBox(page).inputValue()).toBe("");
    await requestBox(page).fill("A new request.");
    await expect.poll(async () => (await savedDraft(page))?.record.request).toMatchObject({text: "A new request."});
    // The copy set aside is never overwritten.
    expect(await page.evaluate((key) => localStorage.getItem(`${key}:set-aside`), caseDraftKey)).toBe(
      '{"version": 1, "record": [not json',
    );
    expect(site.problems).toEqual([]);
  });

  // Issue 28: a line's quote of the wrong kind (the line as marked, with no rule yet) stopped the page for good.
  it("is set aside with a notice when a field holds a value of the wrong kind: the page draws, a reload is clean", async () => {
    const setAside = (page: Page) => page.evaluate((key) => localStorage.getItem(`${key}:set-aside`), caseDraftKey);
    for (const [quote, field] of [
      [7, "checklist[0].quote"],
      [{a: 1}, "checklist[0].quote"],
      [[{a: 1}], "checklist[0].quote[0]"],
    ] as const) {
      const raw = JSON.stringify({version: 1, record: {checklist: [{role: "main", text: "x", quote}]}});
      const page = await openEditor(await cleanPage(), {draft: raw});
      // The page draws, blank, and says why and where the draft went.
      expect(await derivedScore(page).innerText()).toMatch(/^no score yet: mark the instructions/);
      const notice = page.getByRole("alert").filter({hasText: "could not be read"});
      expect(await notice.innerText()).toContain(`(the saved draft at ${field}: expected string`);
      expect(await notice.innerText()).toContain(`kept aside under ${caseDraftKey}:set-aside`);
      expect(await setAside(page)).toBe(raw);
      expect(await requestBox(page).inputValue()).toBe("");
      await requestBox(page).fill("A new request.");
      await expect.poll(async () => (await savedDraft(page))?.record.request).toMatchObject({text: "A new request."});
      // A reload is clean: the new draft is back, with no notice, and the copy set aside is as it was.
      await page.reload();
      await downloadButton(page).waitFor();
      expect(await requestBox(page).inputValue()).toBe("A new request.");
      expect(await notice.count()).toBe(0);
      expect(await setAside(page)).toBe(raw);
    }
    expect(site.problems).toEqual([]);
  });

  it("is kept as it is when it only lacks fields or holds what a draft grows out of, and the page draws", async () => {
    // Lines with no rule, role or words yet, a rule with no facts, a fact no rule of the line's has, empty texts and
    // lists, a quote of a turn not written yet, empty turns, notes and flags, an unknown field.
    const record = {
      request: {text: ""},
      checklist: [
        {},
        {quote: []},
        {role: "main", facts: {limit: "two"}},
        {rule: "numbers"},
        {quoteIn: "turn-9", quote: "x"},
      ],
      turns: [{}],
      notes: [{}],
      flags: [{}],
      split: [{}],
      lesson: {},
      unknown: 7,
    };
    const page = await openEditor(await cleanPage(), {draft: JSON.stringify({version: 1, record})});
    expect(await derivedScore(page).innerText()).toMatch(/^no score yet/);
    expect(await page.getByRole("alert").filter({hasText: "could not be read"}).count()).toBe(0);
    expect((await savedDraft(page))?.record).toEqual(record);
    expect(await page.evaluate((key) => localStorage.getItem(`${key}:set-aside`), caseDraftKey)).toBeNull();
    expect(site.problems).toEqual([]);
  });
});

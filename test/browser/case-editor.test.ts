// The case editor (/authors/case) in Chromium, against the built site: its testing contract; several cases loaded and
// downloaded unchanged, equal in meaning to their files and derived the same by guideline:check; a fact changed
// moves the derived score (and the candidate's) at once, and a value the fact's schema refuses is never entered.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {checkGuideline} from "../../lib/authoring/check.node.js";
import {parseItemFile} from "../../lib/authored/item-file.js";
import {splitItemFile} from "../../lib/authored/item-text.js";
import {loadGuidelines, loadItems, projectRoot} from "../../lib/node/load.js";
import {usePage, useShared, useSite} from "./helpers.js";
import {
  candidateScore,
  derivedScore,
  downloadCase,
  loadCase,
  openEditor,
  savedDraft,
  startFrom,
} from "./case-editor-helpers.js";

const site = useSite();
const cleanPage = usePage(site);
const items = loadItems();
const current = loadGuidelines().at(-1)!;
const fileOf = (id: string) => `data/items/${id}.md`;
const repoText = (id: string) => readFileSync(join(projectRoot, fileOf(id)), "utf8");

describe("the case editor's contract", () => {
  it("has the Request and Response textboxes, Start from with every case id, the download and the derived score", async () => {
    const page = await openEditor(await cleanPage());
    await expect.poll(() => page.getByRole("textbox", {name: "Request", exact: true}).count()).toBe(1);
    expect(await page.getByRole("textbox", {name: "Response", exact: true}).count()).toBe(1);
    const offered = await startFrom(page)
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered.filter(Boolean).sort()).toEqual(items.map((item) => item.id).sort());
    expect(offered).toContain("");
    // A blank draft has no score yet, and says what to do first.
    expect(await derivedScore(page).innerText()).toMatch(/^no score yet: mark the instructions/);
    expect(site.problems).toEqual([]);
  });
});

// Several kinds of case: examples (one in German with glosses), a described request, a conversation with an earlier
// turn, a calibration case, and every case written for the notebook (they were written as files; this holds each to
// what the editor reads and writes).
const roundTrip = [
  "example-1",
  "example-3",
  "edge-4",
  "calibration-d-twist",
  "calibration-a",
  ...items.filter((item) => item.origin === "notebook").map((item) => item.id),
];

describe("the candidate from /authors", () => {
  it("comes with the link from /authors, as the author's choice stands when it is followed", async () => {
    const page = await cleanPage();
    await page.goto("/authors");
    await page.getByLabel("counting").selectOption("most-missed");
    await expect.poll(() => new URL(page.url()).searchParams.getAll("set")).toEqual(["counting=most-missed"]);
    await page.getByRole("link", {name: "Write a new case"}).click();
    await page.waitForURL(/\/authors\/case\?/);
    expect(new URL(page.url()).searchParams.getAll("set")).toEqual(["counting=most-missed"]);
    await candidateScore(page).waitFor();
    expect(await page.locator(".case-score-candidate").innerText()).toContain(
      "v2 with How “at least half” counts the other instructions (counting): at-least-half → most-missed",
    );
    expect(site.problems).toEqual([]);
  });

  it("with a blank draft, says the candidate's score waits for lines, never that there is no candidate", async () => {
    const page = await openEditor(await cleanPage(), {query: "?base=v2&candidate=v1"});
    await loadCase(page, "");
    await expect
      .poll(() => candidateScore(page).innerText())
      .toBe("no score yet: mark the instructions in the request");
    expect(await page.locator(".case-no-candidate").count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("shows where the rubric leaves no single score, and which rows allow which", async () => {
    // The case study's first rubric leaves Example 3 between 3 and 2 (docs/guideline-authors.md: "most instructions
    // missed").
    const page = await openEditor(await cleanPage(), {query: "?candidate=v1"});
    await loadCase(page, "example-3");
    await expect.poll(() => derivedScore(page).innerText()).toBe("3");
    const said = await candidateScore(page).innerText();
    expect(said).toMatch(/^no single score: /);
    expect(said).toMatch(/allows 3.*allows 2/);
    expect(site.problems).toEqual([]);
  });
});

describe("what the engine derives, beside the case from 1200 px", () => {
  it("fades out at its foot while more of it lies below, and not at its end or when all of it fits", async () => {
    const page = await cleanPage();
    await page.setViewportSize({width: 1440, height: 900});
    await openEditor(page, {query: "?candidate=v1"});
    const side = page.locator(".case-side");
    const fade = () => side.evaluate((node) => getComputedStyle(node).getPropertyValue("--case-side-fade"));
    const scrolls = () => side.evaluate((node) => node.scrollHeight > node.clientHeight);
    // A blank case: what is derived fits the box.
    expect(await scrolls()).toBe(false);
    expect(await fade()).toBe("0px");
    // Example 3 with its trace open, under a candidate: more than a 900 px window holds. Its last card had been cut
    // mid-heading by the box's edge, with nothing to say the box went on.
    await loadCase(page, "example-3");
    await expect.poll(() => derivedScore(page).innerText()).toBe("3");
    await page
      .locator("details.case-trace")
      .first()
      .evaluate((details) => ((details as HTMLDetailsElement).open = true));
    await expect.poll(scrolls).toBe(true);
    await expect.poll(fade).toBe("48px");
    await side.evaluate((node) => node.scrollTo(0, node.scrollHeight));
    await expect.poll(fade).toBe("0px");
    expect(site.problems).toEqual([]);
  });
});

describe("a case loaded and downloaded unchanged", () => {
  // One editor for the cases, each loaded over the one before, as an author goes from case to case: Load replaces the
  // whole draft, and the file's name and text say which case it wrote. An editor of their own for each case cost a
  // renderer and a load of the page each (the file alone: 18 s to 12 s).
  const shared = useShared(
    async () => openEditor(await cleanPage()),
    (page) => page,
  );
  it.each(roundTrip)("%s: equal in meaning to its file, and guideline:check derives the same score", async (id) => {
    const editor = await shared.get();
    await loadCase(editor, id);
    const original = items.find((item) => item.id === id)!;
    await expect
      .poll(() => derivedScore(editor).innerText())
      .toBe(String(original.score === "n/a" ? "not applicable" : original.score));
    const {name, text} = await downloadCase(editor);
    expect(name).toBe(`${id}.md`);

    const downloaded = splitItemFile(text, fileOf(id));
    const repo = splitItemFile(repoText(id), fileOf(id));
    expect(downloaded.frontMatter).toEqual(repo.frontMatter);
    expect([...downloaded.sections]).toEqual([...repo.sections]);

    // The downloaded file in place of the original: the check passes it, and derives the ruled score.
    const replaced = items.map((item) => (item.id === id ? parseItemFile(text, fileOf(id)) : item));
    const report = checkGuideline(current, replaced);
    expect(report.problems.filter((problem) => problem.file === fileOf(id))).toEqual([]);
    const result = report.results.find((entry) => entry.id === id)!;
    expect(result.ok).toBe(true);
    expect(result.derivedScore).toBe(original.score);
    expect(site.problems).toEqual([]);
  });
});

describe("a gloss taken from another case", () => {
  it("says where Calibration A's gloss comes from, and refuses an edit to its request there, not first at the build", async () => {
    const page = await openEditor(await cleanPage());
    await loadCase(page, "calibration-a");
    const hint = page.locator("#case-request-gloss-hint");
    await expect
      .poll(() => hint.innerText())
      .toBe(
        "The case study's gloss, as given for Example 3, the same request: typed over, it becomes this case's own.",
      );
    const request = page.locator("#case-request-text");
    await request.fill(`${await request.inputValue()} Bitte.`);
    const why = page.locator("#case-request-text-error");
    await expect
      .poll(() => why.innerText())
      .toBe("Request: example-3's request is not these same words: a gloss is taken only from the same request");
    expect(await request.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#case-download-state").innerText()).toMatch(/^\d+ to fix first: see below\.$/);
    // A gloss of its own typed: the case no longer takes Example 3's, and the request may differ.
    await page.locator("#case-request-gloss").fill("A short, formal reply, please.");
    await expect.poll(() => why.isVisible()).toBe(false);
    expect(await hint.innerText()).toMatch(/^Where the text is not in English/);
    expect(site.problems).toEqual([]);
  });
});

describe("a fact changed", () => {
  // Example 1's second line: "no more than two" examples, one delivered. The candidate lets a ceiling be met by none.
  const query = "?base=v2&candidate=v2&set=ceilingNeedsOne%3Dfalse";
  const delivered = (page: Page) => page.locator("#case-checklist-1-facts-delivered");

  it("moves the derived score and the candidate's at once, as the rubric reads the new verdict, the case study's kept", async () => {
    const page = await openEditor(await cleanPage(), {query});
    await loadCase(page, "example-1");
    await expect.poll(() => derivedScore(page).innerText()).toBe("5");
    expect(await candidateScore(page).innerText()).toBe("5");
    // Three of at most two: the only other instruction is not met, fewer than half met with the main task met -> 2.
    await delivered(page).fill("3");
    expect(await derivedScore(page).innerText()).toBe("2");
    expect(await candidateScore(page).innerText()).toBe("2");
    // A case of the case study keeps its ruling: the editor had written the 2 into the file.
    expect(await page.locator("#case-problems").innerText()).toContain(
      "the case study rules it 5, and these facts derive 2: a case of the case study keeps its ruling",
    );
    // None of at most two: v2 says a ceiling still needs one (not met, 2); the candidate lets none meet it (5).
    await delivered(page).fill("0");
    expect(await derivedScore(page).innerText()).toBe("2");
    expect(await candidateScore(page).innerText()).toBe("5");
    await expect
      .poll(async () => (await savedDraft(page))?.record.checklist)
      .toMatchObject([{}, {facts: {bound: "ceiling", limit: 2, delivered: 0}}, {}]);
    expect(site.problems).toEqual([]);
  });

  it("offers to remove a stretch the edited request no longer holds, and the line takes the words marked again", async () => {
    const page = await openEditor(await cleanPage());
    const request = page.locator("#case-request-text");
    await request.fill("Please translate this note and keep it short: I am late.");
    const words = page.getByRole("group", {name: "The words of the request"}).getByRole("button");
    // Please(0) translate(1) this(2) note(3): a press on the first word and one on the last marks the stretch.
    await words.nth(1).click();
    await words.nth(3).click();
    await expect.poll(() => page.locator(".case-line-quote q").allInnerTexts()).toEqual(["translate this note"]);
    await page.getByRole("textbox", {name: "What the line says"}).fill("Translate the note");

    await request.fill("Please translate this letter and keep it short: I am late.");
    const quote = page.locator(".case-line-quote");
    await expect
      .poll(() => quote.locator(".field-error").innerText())
      .toBe(
        '"translate this note" is not in the request as whole words: remove it with the × after it, then mark the ' +
          "words again with Add a stretch.",
      );
    expect(await quote.locator("q.is-stray").allInnerTexts()).toEqual(["translate this note"]);

    const remove = page.getByRole("button", {name: 'Remove "translate this note" from line 1'});
    // The button is described by what is wrong with its words, for a reader who does not see them struck through.
    expect(await remove.getAttribute("aria-describedby")).toBe(await quote.locator(".field-error").getAttribute("id"));
    await remove.click();
    await expect.poll(() => quote.innerText()).toBe("No words of the request marked.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await quote.getAttribute("id"));
    // The line stays, with what the author wrote for it.
    expect(await page.locator(".case-line").count()).toBe(1);
    expect(await page.getByRole("textbox", {name: "What the line says"}).inputValue()).toBe("Translate the note");

    await page.getByRole("button", {name: "Add a stretch"}).click();
    await words.nth(1).click();
    await words.nth(3).click();
    await expect.poll(() => quote.locator("q").allInnerTexts()).toEqual(["translate this letter"]);
    expect(await quote.locator(".field-error, q.is-stray").count()).toBe(0);
    await expect
      .poll(async () => (await savedDraft(page))?.record.checklist)
      .toEqual([{role: "instruction", text: "Translate the note", quote: "translate this letter"}]);

    // With two stretches, removing the first by keyboard leaves the focus on the other's ×, the one left.
    await page.getByRole("button", {name: "Add a stretch"}).click();
    // ... keep(5) it(6) short:(7) I(8) am(9) late.(10)
    await words.nth(8).click();
    await words.nth(10).click();
    await expect.poll(() => quote.locator("q").allInnerTexts()).toEqual(["translate this letter", "I am late"]);
    await page.getByRole("button", {name: 'Remove "translate this letter" from line 1'}).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => quote.locator("q").allInnerTexts()).toEqual(["I am late"]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      'Remove "I am late" from line 1',
    );
    await expect
      .poll(async () => (await savedDraft(page))?.record.checklist)
      .toEqual([{role: "instruction", text: "Translate the note", quote: "I am late"}]);
    expect(site.problems).toEqual([]);
  });

  it("refuses a value the fact's schema refuses: it is shown with why, and never entered", async () => {
    const page = await openEditor(await cleanPage(), {query});
    await loadCase(page, "example-1");
    await delivered(page).fill("3");
    await expect.poll(() => derivedScore(page).innerText()).toBe("2");
    for (const typed of ["-1", "1.5", "two"]) {
      await delivered(page).fill(typed);
      await expect.poll(() => delivered(page).getAttribute("aria-invalid")).toBe("true");
      const why = await page.locator("#case-checklist-1-facts-delivered-error").innerText();
      // The fact's label (its schema's title), then the fix.
      const label = await page.locator('label[for="case-checklist-1-facts-delivered-kind"]').innerText();
      expect(why.startsWith(`${label}: enter a whole number`), why).toBe(true);
      expect(await delivered(page).inputValue()).toBe(typed);
      expect(await derivedScore(page).innerText()).toBe("2");
      expect((await savedDraft(page))?.record.checklist).toMatchObject([{}, {facts: {delivered: 3}}, {}]);
      // Not downloaded as the count it had while the field shows another: a problem to fix first (it said "Nothing
      // to fix" and downloaded delivered: 3).
      expect(await page.locator("#case-download-state").innerText()).toMatch(/^\d+ to fix first: see below\.$/);
      // In the list, after its line and its label (once: the message's own label is not said again).
      expect(await page.locator("#case-problems li").allInnerTexts()).toContain(
        `Line 2, “${label}”: ${why.slice(label.length + 2)} (checklist[1].facts.delivered)`,
      );
    }
    // The word the schema allows in place of a count.
    await page.locator("#case-checklist-1-facts-delivered-kind").selectOption("more-than-limit");
    await expect
      .poll(async () => (await savedDraft(page))?.record.checklist)
      .toMatchObject([{}, {facts: {delivered: "more-than-limit"}}, {}]);
    expect(await derivedScore(page).innerText()).toBe("2");
    expect(await delivered(page).isDisabled()).toBe(true);
    expect(site.problems).toEqual([]);
  });
});

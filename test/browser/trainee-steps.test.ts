// The three steps as a trainee works them in the page: marking the request (first word, then last; by mouse, drag and
// keyboard; never joined by itself), editing a marked line, choosing the main task themselves, the score their
// checklist implies, the edge-case map's deciding rule, Part 1's score control, and key hints only with a keyboard.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {isInterpreterModule} from "../build/interpreter-modules.js";
import {usePage, useSite} from "./helpers.js";
import {distDir} from "./site.js";
import {
  checkButton,
  commit,
  decidingRule,
  focused,
  guideline,
  itemOf,
  itemsOfSet,
  radio,
  ruling,
  scoreGroup,
  showItem,
  takenOver,
  visibleText,
} from "./trainee.js";

const site = useSite();
const deskPage = usePage(site, {viewport: {width: 1200, height: 900}});
const phonePage = usePage(site, {viewport: {width: 390, height: 900}, isMobile: true, hasTouch: true});

/** `path` on a wide screen with a mouse, or on a phone (touch), in the file's page for it, its storage emptied. */
async function open(path: string, {phone = false} = {}): Promise<Page> {
  const page = await (phone ? phonePage : deskPage)();
  await page.goto(path);
  await takenOver(page);
  return page;
}

const words = (card: Locator) => card.getByRole("group", {name: "The words of the request"});
const word = (card: Locator, text: string) => words(card).getByRole("button", {name: text, exact: true});
/** The lines listed, as their text shows in the checklist. */
const lines = (card: Locator) =>
  card.locator(".trainee-checklist .line-text").evaluateAll((nodes) => nodes.map((node) => node.textContent));

describe("Step 1: marking the request", () => {
  it("marks a stretch by its first and last word, keeps each word's punctuation, and never joins lines by itself", async () => {
    const page = await open("/rubric#example-5");
    const card = await showItem(page, "example-5");
    // The request reads as text: each word keeps its punctuation, and nothing is marked before the trainee marks.
    expect(
      await words(card)
        .getByRole("button")
        .evaluateAll((nodes) => nodes.map((node) => node.textContent)),
    ).toEqual(["Just", "the", "answer,", "no", "explanation:", "what", "is", "15%", "of", "80?"]);
    expect(await words(card).getByRole("button", {pressed: true}).count()).toBe(0);

    await word(card, "answer,").click();
    expect(await lines(card)).toEqual([]);
    await word(card, "explanation:").click();
    expect(await lines(card)).toEqual(["answer, no explanation"]);

    // Two single words side by side: two lines, not one.
    await word(card, "what").click();
    await word(card, "what").click();
    await word(card, "is").click();
    await word(card, "is").click();
    expect(await lines(card)).toEqual(["answer, no explanation", "what", "is"]);

    // A drag from one word to another marks the stretch in one gesture.
    const from = await word(card, "15%").boundingBox();
    const to = await word(card, "80?").boundingBox();
    await page.mouse.move(from!.x + 3, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to!.x + 3, to!.y + to!.height / 2, {steps: 4});
    await page.mouse.up();
    expect(await lines(card)).toEqual(["answer, no explanation", "what", "is", "15% of 80"]);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("draws a line's number above its first word clear of the text's label, on a phone and a wide screen", async () => {
    for (const isMobile of [true, false]) {
      const page = await open("/rubric#example-4", {phone: isMobile});
      const card = await showItem(page, "example-4");
      await word(card, "Explain").click();
      await word(card, "blue.").click();
      // The number is drawn before the word (a ::before over its start): its top against the label's bottom.
      const gap = await words(card).evaluate((surface) => {
        const first = surface.querySelector<HTMLElement>(".word[data-line]")!;
        const label = surface.closest(".case-text")!.querySelector(".case-label")!.getBoundingClientRect();
        const top = first.getBoundingClientRect().top + parseFloat(getComputedStyle(first, "::before").top);
        return top - label.bottom;
      });
      // It had sat over the bottom of the label's letters ("REQUEST"), 3 px into them.
      expect(gap, isMobile ? "390 px" : "1200 px").toBeGreaterThanOrEqual(0);
    }
    expect(site.problems).toEqual([]);
  });

  it("extends, splits, merges and removes a marked line", async () => {
    const page = await open("/rubric#example-1");
    const card = await showItem(page, "example-1");
    await word(card, "no").click();
    await word(card, "than").click();
    expect(await lines(card)).toEqual(["no more than"]);

    await card.locator('summary[aria-label="Change “no more than”"]').click();
    await card.getByRole("button", {name: "Extend to a word…"}).click();
    await word(card, "two").click();
    expect(await lines(card)).toEqual(["no more than two"]);

    await card.locator('summary[aria-label="Change “no more than two”"]').click();
    await card.getByRole("button", {name: "Split before a word…"}).click();
    await word(card, "than").click();
    expect(await lines(card)).toEqual(["no more", "than two"]);

    await card.locator('summary[aria-label="Change “no more”"]').click();
    await card.getByRole("button", {name: "Merge with the next line"}).click();
    expect(await lines(card)).toEqual(["no more than two"]);

    await card.getByRole("button", {name: "Remove “no more than two”"}).click();
    expect(await lines(card)).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("on a phone, says what to tap next under the word tapped, above the Score bar, and Cancel drops the stretch", async () => {
    // The list's status sat a screen below, under the pinned Score bar, and a phone has no Escape key.
    const page = await open("/rubric#example-2", {phone: true});
    const card = await showItem(page, "example-2");
    // Nothing listed yet: the pinned bar holds no line on where the implied score will show.
    const implied = card.locator(".implied");
    expect(await implied.isVisible()).toBe(false);
    await word(card, "Summarize").tap();
    const next = card.locator(".mark-pending");
    expect(await visibleText(next)).toMatch(/^From “Summarize”: now press the last word of the instruction/);
    const [row, bar] = [(await next.boundingBox())!, (await card.locator(".score-block").boundingBox())!];
    expect(row.y).toBeGreaterThanOrEqual(0);
    expect(row.y + row.height).toBeLessThanOrEqual(bar.y);
    const cancel = next.getByRole("button", {name: "Cancel marking"});
    expect((await cancel.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await cancel.tap();
    expect(await next.count()).toBe(0);
    expect(await word(card, "Summarize").evaluate((node) => node.classList.contains("is-anchor"))).toBe(false);
    // The next tap starts a stretch again: nothing was listed.
    await word(card, "Summarize").tap();
    await word(card, "article").tap();
    expect(await lines(card)).toEqual(["Summarize this article"]);
    await expect.poll(() => implied.isVisible()).toBe(true);
    // A finger's targets: the line's ✕, and its main task's radio with its label.
    const remove = (await card.getByRole("button", {name: "Remove “Summarize this article”"}).boundingBox())!;
    expect([remove.width, remove.height]).toEqual([44, 44]);
    expect((await card.locator(".line-main").first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // A short word takes a tap just above its letters.
    const shortWord = (await word(card, "in").boundingBox())!;
    await page.touchscreen.tap(shortWord.x + shortWord.width / 2, shortWord.y - 3);
    expect(await word(card, "in").evaluate((node) => node.classList.contains("is-anchor"))).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("opens a line's Change menu under it, within a phone's screen", async () => {
    // On a phone, Change sits at the line's left: its menu, hung from its right edge, began 103 px off the screen.
    const page = await open("/rubric#example-1", {phone: true});
    const card = await showItem(page, "example-1");
    await word(card, "no").click();
    await word(card, "than").click();
    const change = card.locator('summary[aria-label="Change “no more than”"]');
    await change.click();
    const menu = card.locator(".line-tools-menu");
    const [opener, box] = [(await change.boundingBox())!, (await menu.boundingBox())!];
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeGreaterThanOrEqual(opener.y + opener.height);
    for (const name of ["Extend to a word…", "Split before a word…", "Merge with the next line"]) {
      const button = menu.getByRole("button", {name});
      const {x, width} = (await button.boundingBox())!;
      expect([x >= 0, x + width <= 390], name).toEqual([true, true]);
    }
    expect(site.problems).toEqual([]);
  });

  it("is one Tab stop: the arrow keys move between words, Enter marks, Escape drops a half-made stretch", async () => {
    const page = await open("/rubric#example-1");
    const card = await showItem(page, "example-1");
    await card.getByRole("heading", {level: 2}).focus();
    await page.keyboard.press("Tab");
    expect((await focused(page))?.text).toBe("Give");
    // The next Tab leaves the request: its other words are not Tab stops.
    await page.keyboard.press("Tab");
    expect((await focused(page))?.text).toBe("+ An instruction with no words to point to");
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page))?.text).toBe("Give");

    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect((await focused(page))?.text).toBe("no");
    await page.keyboard.press("Enter");
    // Read out by the list's status, with its key; seen under the words, beside a Cancel button.
    expect(await card.getByRole("status").filter({hasText: "From “no”"}).textContent()).toContain("Escape cancels.");
    expect(await visibleText(card.locator(".mark-pending"))).toMatch(/^From “no”: now press the last word/);
    // The next Tab is the row's Cancel, where Escape does what it does; the focus goes back to the word.
    await page.keyboard.press("Tab");
    expect((await focused(page))?.text).toBe("Cancel");
    await page.keyboard.press("Escape");
    expect(await card.locator(".mark-pending").count()).toBe(0);
    expect((await focused(page))?.text).toBe("no");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    expect(await lines(card)).toEqual(["no more than two"]);
    // Keys 1-5 still choose a score from inside the request.
    await page.keyboard.press("5");
    expect(await radio(card, 5).isChecked()).toBe(true);
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("Step 2 and the score the checklist implies", () => {
  it("leaves the main task to the trainee, and reads the implied score from their choice", async () => {
    const page = await open("/rubric#example-1");
    const card = await showItem(page, "example-1");
    const implied = card.locator(".implied");
    await word(card, "no").click();
    await word(card, "two").click();
    await word(card, "examples").click();
    await word(card, "verbs.").click();
    expect(await lines(card)).toEqual(["no more than two", "examples of irregular English verbs"]);
    expect(await card.getByRole("radio", {name: /is the main task$/, checked: true}).count()).toBe(0);
    await card.getByRole("combobox", {name: "Verdict on “no more than two”"}).selectOption({label: "met"});
    await card
      .getByRole("combobox", {name: "Verdict on “examples of irregular English verbs”"})
      .selectOption({label: "met"});
    // What the checklist implies is worked out by code that arrives after the first paint.
    await expect.poll(() => implied.innerText()).toContain("Mark one listed line as the main task");
    await card.getByRole("radio", {name: "“examples of irregular English verbs” is the main task"}).check();
    await expect.poll(() => implied.innerText()).toBe("Your checklist implies 5 (every instruction met).");
    // The main task chosen is the trainee's: the wrong one changes what the checklist implies.
    await card.getByRole("combobox", {name: "Verdict on “no more than two”"}).selectOption({label: "not met"});
    await expect.poll(() => implied.innerText()).toMatch(/^Your checklist implies 2/);
    await card.getByRole("radio", {name: "“no more than two” is the main task"}).check();
    await expect.poll(() => implied.innerText()).toMatch(/^Your checklist implies 2 or 1/);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("shows a line left without a verdict as such after Check locks it", async () => {
    const page = await open("/rubric#example-1");
    const card = await showItem(page, "example-1");
    await word(card, "no").click();
    await word(card, "two").click();
    await card.getByRole("radio", {name: "“no more than two” is the main task"}).check();
    const implied = card.locator(".implied");
    await expect
      .poll(() => implied.innerText())
      .toBe("Give every listed line a verdict (1 still open) to see the score your checklist implies.");
    await commit(page, "example-1", 3);
    const verdict = card.getByRole("combobox", {name: "Verdict on “no more than two”"});
    expect(await verdict.isDisabled()).toBe(true);
    // A line of the trainee's own words is locked too: its button opened a field and an Add that did nothing.
    const free = card.getByRole("button", {name: "+ An instruction with no words to point to"});
    expect(await free.isDisabled()).toBe(true);
    // Locked, the line no longer asks for a verdict the menu can't take: it says what the checklist left out.
    expect(await implied.innerText()).toBe("Your checklist implies no score: 1 listed line had no verdict.");
    // The menu shows its first entry, not a blank: the card was patched with every menu locked.
    expect(await verdict.evaluate((menu: HTMLSelectElement) => menu.selectedOptions[0]?.textContent ?? "")).toBe(
      "Verdict…",
    );
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("the implied score before the interpreter arrives", () => {
  it("keeps a checklist made while the interpreter loads, and says what it implies once it is in", async () => {
    // The files that carry the guideline's interpreter on /rubric (the bundle manifest), held until released: the
    // trainee lists and checks the instructions meanwhile.
    const manifest = JSON.parse(readFileSync(join(distDir, "_import", "bundles", "pages.json"), "utf8")) as Record<
      string,
      {files: Record<string, string[]>}
    >;
    const held = Object.entries(manifest["rubric.html"]!.files)
      .filter(([, modules]) => modules.some(isInterpreterModule))
      .map(([file]) => `/${file}`);
    expect(held.length).toBeGreaterThan(0);
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    const context = await site.newContext({viewport: {width: 1200, height: 900}});
    const page = await context.newPage();
    await page.route(
      (url) => held.includes(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto("/rubric#example-1");
    await takenOver(page);
    const card = await showItem(page, "example-1");
    const implied = card.locator(".implied");
    await word(card, "examples").click();
    await word(card, "verbs.").click();
    await card
      .getByRole("combobox", {name: "Verdict on “examples of irregular English verbs”"})
      .selectOption({label: "met"});
    await card.getByRole("radio", {name: "“examples of irregular English verbs” is the main task"}).check();
    expect(await implied.innerText()).toBe("Working out the score your checklist implies…");
    // The score can be chosen meanwhile: the Score group never waits for the interpreter.
    await radio(card, 5).check();
    release();
    await expect.poll(() => implied.innerText()).toBe("Your checklist implies 5 (every instruction met).");
    expect(await lines(card)).toEqual(["examples of irregular English verbs"]);
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("the edge-case map", () => {
  it("asks every edge case for the rule that settles it, one radio per rule by its title, and says if the pick was right", async () => {
    const page = await open("/edge-cases");
    for (const item of itemsOfSet("edge-cases")) {
      const card = await showItem(page, item.id);
      const group = decidingRule(card);
      expect(await group.getByRole("radio").count(), item.id).toBe(guideline.rules.length);
      for (const rule of guideline.rules)
        expect(await group.getByRole("radio", {name: rule.title, exact: true}).count(), rule.title).toBe(1);
    }
    // Edge case 8: the reply is an addition, but no "only" or "just" was asked; the email's request settles it.
    const edge8 = await showItem(page, "edge-8");
    await decidingRule(edge8).getByRole("radio", {name: '"Only" and "just"', exact: true}).check();
    await commit(page, "edge-8", 2);
    const told = await visibleText(ruling(edge8));
    expect(told).toContain('You picked "Only" and "just"; the rule that settles it is Pasted material');
    // Edge case 2: the size word.
    const edge2 = await showItem(page, "edge-2");
    await decidingRule(edge2).getByRole("radio", {name: "Size words", exact: true}).check();
    await commit(page, "edge-2", 2);
    // The map's ruling says what ("… not met"); the rule's sentence, in view beside it, says why.
    expect(await visibleText(ruling(edge2))).toContain(
      "You picked the rule that settles it: Size words: Clearly outside that range is not met; arguable is partly met.",
    );
    // Quoted there, it is named only in the folds below, not quoted again.
    const said = (await ruling(edge2).textContent())!.split("Clearly outside that range is not met").length - 1;
    expect(said).toBe(1);
    // The three steps are there, folded, for a request the case study quotes; none for one it only describes.
    expect(await edge2.getByText("Work it through the three steps").count()).toBe(1);
    // Folded and never opened, no line speaks of the score a checklist implies (it stayed under the ruling).
    expect(await edge2.locator(".implied").count()).toBe(0);
    expect(await (await showItem(page, "edge-4")).getByText("Work it through the three steps").count()).toBe(0);
    expect(site.problems).toEqual([]);
  }, 90_000);
});

describe("Part 1's score", () => {
  it("uses the same control with the line's anchors, one label, and says Saved rather than showing a ruling", async () => {
    const page = await open("/vague");
    const first = itemsOfSet("examples")[0]!;
    const card = await showItem(page, first.id);
    const group = scoreGroup(card);
    expect(await group.getByRole("radio").count()).toBe(5);
    expect(await group.getByRole("radio", {name: "1", exact: true}).getAttribute("aria-describedby")).toBeTruthy();
    expect(await visibleText(group)).toMatch(/^Score 1 poor 2 3 4 5 excellent$/);
    expect(await visibleText(card)).not.toContain("Your score");
    await radio(card, 4).check();
    await checkButton(card).click();
    const saved = ruling(card);
    await saved.waitFor({state: "visible"});
    expect(await visibleText(saved)).toMatch(/^● Saved · your “before” score: 4/);
    expect(await visibleText(saved)).toContain("no ruling to compare with");
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("key hints", () => {
  it("show where there is a fine pointer, and not on a touch screen", async () => {
    const desk = await open("/rubric");
    await scoreGroup(itemOf(desk, "example-1")).waitFor();
    // The hint beside Check ("How to score", which says it too, is folded).
    expect(await itemOf(desk, "example-1").locator(".key-hint").first().isVisible()).toBe(true);
    const phone = await open("/rubric", {phone: true});
    await scoreGroup(itemOf(phone, "example-1")).waitFor();
    const shown = await phone
      .locator(".key-hint")
      .evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).length);
    expect(shown).toBe(0);
    expect(site.problems).toEqual([]);
  }, 60_000);
});

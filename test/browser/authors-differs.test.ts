// The authors' page says what differs before what moves (issue 30, section 2): the "What differs" block, first, with
// the parameters in words (base → candidate), the rules' words as a word-level diff, the rubric rows and the rules
// in one version only; the linked parameters ("at least half": counting and mainPartThreshold) said on both controls
// with an offer to change both; and nothing over the controls, with the outcome right under the versions. Expected
// values are read off guideline/v1/guideline.yaml and guideline/v2/guideline.yaml by hand.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {boxProblems} from "./fits.js";
import {usePage, useSite} from "./helpers.js";

const site = useSite();
const cleanPage = usePage(site);

/** /authors with `query`, on the tests' page at `viewport`. */
async function openAuthors(query: string, viewport = {width: 1440, height: 900}): Promise<Page> {
  const page = await cleanPage();
  await page.setViewportSize(viewport);
  await page.goto(`/authors${query}`);
  await page.getByRole("heading", {name: "Items whose score moves"}).waitFor();
  return page;
}

const section = (page: Page, heading: string) =>
  page.locator("section").filter({has: page.getByRole("heading", {name: heading, exact: true})});

describe("what differs, on /authors", () => {
  it("comes first, with each parameter in words, each rule's and row's words diffed, and the rules in one version", async () => {
    const page = await openAuthors("?base=v2&candidate=v1");
    const headings = await page.locator(".preview-results > section > h2").allInnerTexts();
    expect(headings.slice(0, 2)).toEqual(["What differs", "Items whose score moves"]);
    const differs = section(page, "What differs");
    // v2 → v1: counting at-least-half → most-missed, mainNotMet engages-clause → unspecified, slightLapse met-flaw →
    // flaw-or-partly; the other eight parameters are the same in both files.
    const rows = await differs
      .locator("table tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText.trim())));
    expect(rows).toEqual([
      [
        "How “at least half” counts the other instructions (counting)",
        "at least half met is row 3 (at-least-half)",
        "“most instructions missed”, with no count: exactly half reads as row 3 or row 2 (most-missed)",
      ],
      [
        "How a response that does not do the main task scores (mainNotMet)",
        "2 when it engages with the request, else 1 (engages-clause)",
        "no row tells 1 from 2 (unspecified)",
      ],
      [
        "What a choice slightly less formal than asked counts as (slightLapse)",
        "met with a small flaw (met-flaw)",
        "a small flaw or partly met, left open (flaw-or-partly)",
      ],
    ]);
    const list = (heading: string) =>
      differs.locator("h3", {hasText: heading}).locator("xpath=following-sibling::ul[1]/li/strong").allInnerTexts();
    expect(await list("Rules whose words differ")).toEqual([
      "Style and register (style-register)",
      "Clarifying questions (clarifying-question)",
    ]);
    expect(await list("Rubric rows that differ")).toEqual([
      "Row 4, Follows, minor flaw",
      "Row 3, Partly follows",
      "Row 2, Mostly misses",
    ]);
    // v2's second sentence of the style rule is v2's only: struck; v1's "acceptable" is the candidate's only.
    expect((await differs.locator("del").allInnerTexts()).map((text) => text.trim())).toContain(
      "A choice that is slightly less formal but still acceptable counts as met with a small flaw.",
    );
    expect(await differs.locator("ins").allInnerTexts()).toContain("acceptable");
    expect(await differs.innerText()).toContain("Rules only in v2: What you are rating (not-rated).");
    expect(site.problems).toEqual([]);
  });

  it("says why a case moves at exactly half: the share, and each version's row by number and words", async () => {
    const page = await openAuthors("?base=v2&candidate=v2&set=counting%3Dmore-than-half");
    const moved = section(page, "Items whose score moves");
    const example2 = moved.locator("tr", {has: page.getByRole("link", {name: /^Example 2/})});
    expect(await example2.innerText()).toContain(
      "1 of 2 other instructions met: half. v2 applies row 3, at least half met; the candidate applies row 2, half " +
        "or fewer met.",
    );
    expect(await moved.innerText()).not.toContain("fewer than half");
    expect(await section(page, "What differs").locator("tbody tr").count()).toBe(1);
  });

  it("says a row's threshold set otherwise in the rows' words, in what differs, the counting menu and its link", async () => {
    // guideline/v2/logic.yaml: row 3's share (halfShare, 0.5) is "half" in rows 3 and 2 and in counting's values.
    const page = await openAuthors("?set=rubric.half-or-more%3D0.6");
    const differs = section(page, "What differs");
    expect(await differs.locator("li").allInnerTexts()).toContain(
      "The share of the other instructions met that a 3 needs: 0.5 → 0.6 (rubric.half-or-more); now row 3, at least " +
        "60% met; row 2, fewer than 60% met",
    );
    // No rule's or row's text differs: nothing is struck or underlined.
    expect(await differs.innerText()).not.toContain("struck");
    const counting = page.getByLabel("How “at least half” counts the other instructions (counting)", {exact: true});
    expect(await counting.locator("option:checked").innerText()).toBe("at least 60% met is row 3 (at-least-half)");
    expect(await page.locator('.parameter[data-parameter="counting"] .parameter-link').innerText()).toContain(
      "The two have the same value, but the share of the other instructions met that a 3 needs is 60%: “at least " +
        "half” no longer reads alike for both.",
    );
    // Set otherwise on the page, the menu's words follow (they kept "60%", the part built before reused).
    await page.locator("details.clause-rule > summary", {hasText: "The rubric's rows with a threshold"}).click();
    const share = page.locator('[data-setting="rubric.half-or-more"]');
    await share.fill("0.7");
    await share.press("Enter");
    await expect
      .poll(() => counting.locator("option:checked").innerText())
      .toBe("at least 70% met is row 3 (at-least-half)");
    // What the worked cases do not test tries each row threshold too: no worked case has two small flaws.
    await expect
      .poll(() => page.locator(".untested").first().locator("p").first().innerText())
      .toBe(
        "Under v2, no worked case tests the rubric's “How many small flaws a 4 allows (rubric.one-small-flaw)”: " +
          "change it and no example moves, so no example says whether the change is right.",
      );
    expect(site.problems).toEqual([]);
  });
});

describe("a row's threshold typed out of its range", () => {
  it("is refused beside its field, in view, with what the cases below are still for", async () => {
    // guideline/v2/logic.yaml: "How many small flaws a 4 allows" takes a whole number from 1 to 5; v2 has 1. The
    // refusal was said at the top of the panel, above every rule's fold, out of sight of the field.
    const page = await openAuthors("");
    await page.locator("details.clause-rule > summary", {hasText: "The rubric's rows with a threshold"}).click();
    const flaws = page.getByLabel("How many small flaws a 4 allows (rubric.one-small-flaw)", {exact: true});
    await flaws.fill("6");
    await flaws.press("Tab");
    const row = page.locator('.clause-field[data-row="one-small-flaw"]');
    const error = row.locator(".field-error");
    await error.waitFor();
    const message =
      'rubric.one-small-flaw: expected a whole number from 1 to 5, got "6": the cases below are still for 1';
    expect(await error.innerText()).toBe(message);
    expect(await flaws.getAttribute("aria-invalid")).toBe("true");
    expect(await flaws.evaluate((input) => (input as HTMLInputElement).ariaDescribedByElements?.[0]?.id)).toBe(
      await error.getAttribute("id"),
    );
    const [box, viewport] = [(await error.boundingBox())!, page.viewportSize()!];
    expect(box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    // Said once: the panel's own line stays hidden.
    expect(await page.locator(".clause-panel > .field-error").isHidden()).toBe(true);
    await flaws.fill("2");
    await flaws.press("Tab");
    await error.waitFor({state: "detached"});
    expect(await flaws.getAttribute("aria-invalid")).toBeNull();
    expect(site.problems).toEqual([]);
  });
});

describe("the linked parameters", () => {
  it("are said on both controls, named in words first, with an offer that changes both", async () => {
    const page = await openAuthors("");
    const counting = page.getByLabel("How “at least half” counts the other instructions (counting)", {exact: true});
    const main = page.getByLabel("How “at least half” counts the main task (mainPartThreshold)", {exact: true});
    const field = (name: string) => page.locator(`.parameter[data-parameter="${name}"]`);
    for (const name of ["counting", "mainPartThreshold"])
      expect(await field(name).locator(".parameter-link").innerText()).toMatch(/^Linked: “at least half” is read/);
    expect(await field("counting").locator(".parameter-link").innerText()).toContain(
      "How “at least half” counts the main task (mainPartThreshold)",
    );
    expect(await field("mainPartThreshold").locator(".parameter-link").innerText()).toContain(
      "How “at least half” counts the other instructions (counting)",
    );

    await counting.selectOption("more-than-half");
    const offer = field("counting").getByRole("button", {name: /^Change both/});
    await offer.waitFor();
    expect(await main.inputValue()).toBe("at-least-half");
    // The main task's control, unchanged, offers nothing: setting counting to match it would undo the change.
    expect(
      await field("mainPartThreshold")
        .getByRole("button", {name: /^Change both/})
        .count(),
    ).toBe(0);
    expect(await field("mainPartThreshold").locator(".parameter-link").innerText()).toContain("The two now differ.");
    await offer.click();
    await expect.poll(() => main.inputValue()).toBe("more-than-half");
    await expect
      .poll(() => new URL(page.url()).searchParams.getAll("set"))
      .toEqual(["counting=more-than-half", "mainPartThreshold=more-than-half"]);
    expect(await field("mainPartThreshold").locator(".parameter-link").innerText()).toContain("The two agree.");
    expect(
      await field("counting")
        .getByRole("button", {name: /^Change both/})
        .count(),
    ).toBe(0);
    expect(site.problems).toEqual([]);
  });
});

describe("the controls and the outcome", () => {
  it("at 1440 px nothing covers a parameter's card, and the outcome stays in sight beside them", async () => {
    const page = await openAuthors("?base=v2&candidate=v1");
    const names = await page
      .locator(".parameter")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-parameter")!));
    expect(names).toHaveLength(11);
    for (const name of names) {
      const card = page.locator(`.parameter[data-parameter="${name}"]`);
      await card.scrollIntoViewIfNeeded();
      const covered = await card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const points = [
          [box.left + 4, box.top + 4],
          [box.right - 4, box.top + 4],
          [box.left + box.width / 2, box.top + box.height / 2],
          [box.left + 4, Math.min(box.bottom, innerHeight) - 4],
          [box.right - 4, Math.min(box.bottom, innerHeight) - 4],
        ];
        return points.filter(([x, y]) => !element.contains(document.elementFromPoint(x!, y!))).length;
      });
      expect(covered, name).toBe(0);
      const status = await page.locator("#preview-status").boundingBox();
      expect(status!.y, `the outcome in sight beside ${name}`).toBeGreaterThanOrEqual(0);
      expect(status!.y + status!.height).toBeLessThanOrEqual(900);
    }
  });

  it("shows each parameter's menu whole from 1024 to 1440 px, its longest choice uncut", async () => {
    const page = await openAuthors("?base=v2&candidate=v1");
    // guideline/v1/logic.yaml: eleven parameters, one a number (partlyWeight), ten chosen from a menu.
    expect(await page.locator(".parameter select").count()).toBe(10);
    // 1200 px and up: the versions' column beside the parameters; under 1200, above them.
    for (const width of [1440, 1280, 1200, 1024]) {
      await page.setViewportSize({width, height: 900});
      // A menu is as wide as its chosen words (a customisable select; the browser's own: its longest choice, here the
      // same: v1's counting is its longest) unless its card holds it narrower: then the choice shown is cut.
      const cut = await page.locator(".parameter select").evaluateAll((menus) =>
        menus.flatMap((menu) => {
          const held = menu.getBoundingClientRect().width;
          (menu as HTMLElement).style.maxWidth = "none";
          const whole = menu.getBoundingClientRect().width;
          (menu as HTMLElement).style.maxWidth = "";
          return whole > held + 0.5 ? [`${menu.id}: ${Math.round(whole)} px in ${Math.round(held)} px`] : [];
        }),
      );
      expect(cut, `at ${width} px`).toEqual([]);
    }
    expect(site.problems).toEqual([]);
  });

  it("on a phone shows each parameter's chosen value whole, and each choice of its menu, wrapped in the card", async () => {
    // v1's counting is "most-missed", the longest value words on the page: "“most instructions missed”, with no count:
    // exactly half reads as row 3 or row 2 (most-missed)" (guideline/v1/logic.yaml), some 600 px on one line.
    const page = await openAuthors("?base=v2&candidate=v1", {width: 390, height: 844});
    const menu = page.locator("#parameter-counting");
    await menu.scrollIntoViewIfNeeded();
    expect(await boxProblems(menu, page.locator('[data-parameter="counting"]'))).toEqual([]);
    // Wrapped: three lines of text, where the browser's own menu is one line cut at its end, as tall as the menu of
    // one number (partialMainCap, "3").
    const shown = await menu.boundingBox();
    const oneLine = await page.locator("#parameter-partialMainCap").boundingBox();
    expect(shown!.height).toBeGreaterThan(2 * oneLine!.height);
    await menu.click();
    // Polled: once (stop 74), on a loaded machine, this test failed near here, the assertion not caught.
    await expect.poll(() => menu.evaluate((node) => node.matches(":open"))).toBe(true);
    const options = page.locator("#parameter-counting option");
    expect(await options.allTextContents()).toEqual([
      "at least half met is row 3 (at-least-half)",
      "more than half met is row 3 (more-than-half)",
      "“most instructions missed”, with no count: exactly half reads as row 3 or row 2 (most-missed)",
    ]);
    // Each choice shown, whole, within the menu's width (and so the card's).
    for (const option of await options.all()) {
      expect((await option.boundingBox())!.height).toBeGreaterThan(0);
      expect(await boxProblems(option, menu)).toEqual([]);
    }
    // A choice made in the open list is the candidate's, as the browser's own menu makes it.
    await options.first().click();
    await expect.poll(() => menu.inputValue()).toBe("at-least-half");
    // Polled: the address follows the choice once the page has taken it, which a loaded machine showed lagging.
    await expect
      .poll(async () => decodeURIComponent(await page.evaluate(() => location.search)))
      .toContain("set=counting=at-least-half");
    expect(site.problems).toEqual([]);
  });

  it("on a phone the outcome sits right under the versions, with links down to the list and to what differs", async () => {
    const page = await openAuthors("?base=v2&candidate=v1", {width: 390, height: 844});
    const candidate = await page.getByLabel("Candidate version").boundingBox();
    const summary = page.locator(".preview-summary");
    const box = await summary.boundingBox();
    // Under the candidate's select and its one-line hint: within 150 px, above the parameters.
    expect(box!.y).toBeGreaterThan(candidate!.y);
    expect(box!.y - (candidate!.y + candidate!.height)).toBeLessThan(150);
    expect(await summary.innerText()).toContain("6 items move; 6 items have no single score.");
    const link = summary.getByRole("link", {name: "Go to the cases that move"});
    expect(await link.getAttribute("href")).toBe("#moved-title");
    await link.click();
    const heading = await page.locator("#moved-title").boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(heading!.y).toBeLessThan(844);
    // And one to what differs between the versions, below the parameters.
    await page.evaluate(() => scrollTo(0, 0));
    const differs = summary.getByRole("link", {name: "See what differs between the two"});
    await differs.click();
    const differsHeading = page.locator("#differs-title");
    expect(await differsHeading.innerText()).toBe("What differs");
    const at = await differsHeading.boundingBox();
    expect(at!.y).toBeGreaterThanOrEqual(0);
    expect(at!.y).toBeLessThan(844);
    // With nothing moving, no link offers the cases that move.
    await page.getByLabel("Candidate version").selectOption("v2");
    await expect.poll(() => summary.innerText()).toContain("0 items move;");
    expect(await summary.getByRole("link", {name: "Go to the cases that move"}).count()).toBe(0);
    expect(await summary.getByRole("link", {name: "See what differs between the two"}).count()).toBe(0);
    // Saved so, a version is a rewording alone, and the dialog says so.
    await page.getByRole("button", {name: "Save as a new version"}).click();
    const dialog = page.getByRole("dialog", {name: "Save the candidate as a new version"});
    expect(await dialog.locator(".save-form > p").first().innerText()).toBe(
      "Nothing is changed from v2: the new version is it with each rule's text as written here, for a rewording " +
        "alone. Released versions stay as they are, so it takes a name no version has.",
    );
    expect(site.problems).toEqual([]);
  });
});

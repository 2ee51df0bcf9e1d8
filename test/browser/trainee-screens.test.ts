// What a trainee's screen holds: plain words on every trainee page before and after Check (no rule ids, parameter
// names, version labels, "seed" or the site's jargon); at 1440 x 900 an example's or calibration case's request,
// response, score and Check in the first screen of a first visit; at 390 px the item's title in the first screen and
// its Score group and Check pinned in reach until Check; at 390 px the ruling's verdict and its one sentence in the
// first screen the ruling opens on; on a phone's first visit to Parts 1 and 4, the response begins above the pinned
// Score. Two pages serve the tests (usePage): a desktop's, resized to each width a test asks for, and a phone's (a
// touch screen, which needs a context of its own).
import type {ElementHandle, Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {caseStudyParameterNames} from "../unit/engine/case-study-parameters.js";
import {serializeProgress} from "../../lib/trainee/progress.js";
import {usePage, useSite} from "./helpers.js";
import {openWithRecord, realistic} from "./page-fixtures.js";
import {
  checkButton,
  commit,
  guideline,
  isSelfCheck,
  itemOf,
  itemsOfSet,
  pages,
  ruling,
  scoreGroup,
  takenOver,
} from "./trainee.js";

const site = useSite();
/** A desktop's window, fresh for each test; a test sets the width it needs (`sized`). */
const deskPage = usePage(site);
/** A phone's window (a touch screen), 390 x 844 px, fresh for each test. */
const phonePage = usePage(site, {viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});

/** `page`, its window resized before it opens a page of the site. */
async function sized(page: Page, width: number, height: number): Promise<Page> {
  await page.setViewportSize({width, height});
  return page;
}

/** Opens `path` in `page` at `width` x 900 px, once its code has taken the first screen over. */
async function open(page: Page, width: number, path: string): Promise<Page> {
  await sized(page, width, 900);
  await page.goto(path);
  await page.getByRole("heading", {level: 1}).waitFor();
  await takenOver(page);
  return page;
}

/** A saved record that has scored the examples and some edge cases (`realistic`), so each strip carries marks. */
const markedRecord = serializeProgress(realistic());

/** Opens a part on `markedRecord`, put in before the page loads, and waits until its strip shows the record's marks. */
async function openMarked(page: Page, path: string): Promise<void> {
  await openWithRecord(page, path, markedRecord);
  await takenOver(page);
  await page.locator(".item-strip a[data-mark='✗']").first().waitFor();
}

type Box = {y: number; height: number};

/**
 * The boxes of the elements in the window, read together in one call, as `boundingBox` reads each; an element with no
 * box at all fails the test. `scroll` first scrolls the item to its texts or to its end, and measures once
 * what the scroll sets off (its events, then what reacts to them) has run.
 */
async function measure(
  page: Page,
  elements: ElementHandle<Element>[],
  scroll?: {id: string; to: "texts" | "end"},
): Promise<Box[]> {
  const found = await page.evaluate(
    async ({elements, scroll}) => {
      if (scroll) {
        const card = document.getElementById(scroll.id)!;
        if (scroll.to === "end") card.scrollIntoView({block: "end"});
        else card.querySelector(".case")!.scrollIntoView();
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      }
      return elements.map((element) => {
        if (!element.isConnected || !element.getClientRects().length) return null;
        const {y, height} = element.getBoundingClientRect();
        return {y, height};
      });
    },
    {elements, scroll},
  );
  // An element the page lays out no box for (in a closed fold) is asked of the browser as `boundingBox` asks.
  return Promise.all(
    found.map(async (box, index) => {
      const asked = box ?? (await elements[index]!.boundingBox());
      if (!asked) throw new Error(`element ${index + 1} of ${elements.length} measured: not shown`);
      return asked;
    }),
  );
}

/** The element each locator finds, as an action finds it (one, attached). */
const found = (locators: Locator[]): Promise<ElementHandle<Element>[]> =>
  Promise.all(locators.map((locator) => locator.elementHandle()));

/** The boxes of the elements the locators find (`measure`). */
const boxes = async (page: Page, locators: Locator[]): Promise<Box[]> => measure(page, await found(locators));

/** Words a trainee must not read: internal ids, parameter names, version labels and the site's own jargon. */
const jargon: RegExp[] = [
  ...guideline.rules.filter((rule) => rule.id.includes("-")).map((rule) => new RegExp(`\\b${rule.id}\\b`)),
  // The parameters' names that are code (camelCase); "counting" is also the case study's plain word.
  ...caseStudyParameterNames.filter((name) => /[A-Z]/.test(name)).map((name) => new RegExp(`\\b${name}\\b`)),
  /\bseed\b/i,
  /site's reading/i,
  /\bv\d+\b/,
  /\bversion \d/i,
  /\bParameters?:/,
  /The case study's table/,
  /You committed a score alone/,
  // The code's name for the six parts taken in turn.
  /\bthe walk\b/i,
  // Case ids and set names: a case written for the notebook is "Fresh case 3", never its id.
  /\bfresh-\d+\b/,
  /\bfresh-calibration\b/,
];

/** The visible text of the page's main content, with every fold opened, so what a trainee can read is all read. */
async function readableText(page: Page): Promise<string> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll("main details")) (details as HTMLDetailsElement).open = true;
  });
  return (await page.locator("main").innerText()).replace(/\s+/g, " ");
}

describe("plain words on every trainee page", () => {
  it("shows no rule id, parameter name, version label or internal term, before Check or after", async () => {
    const found: string[] = [];
    const scan = async (page: Page, label: string) => {
      const text = await readableText(page);
      for (const pattern of jargon) {
        const hit = pattern.exec(text);
        if (hit) found.push(`${label}: "${hit[0]}" in …${text.slice(Math.max(0, hit.index - 40), hit.index + 40)}…`);
      }
    };
    const page = await open(await deskPage(), 1440, "/");
    for (const target of [...pages, {path: "/results", name: "results", scores: []}]) {
      await page.goto(target.path);
      await page.getByRole("heading", {level: 1}).waitFor();
      const first = target.scores[0];
      if (first) await scoreGroup(itemOf(page, first.id)).waitFor();
      await scan(page, `${target.path} before Check`);
      if (!first || isSelfCheck(target)) continue;
      // A wrong score, so the ruling has differences and notes to show.
      const card = await commit(page, first.id, first.score === 1 ? 3 : 1);
      await ruling(card).waitFor({state: "visible"});
      await scan(page, `${target.path} after Check`);
    }
    await page.goto("/results");
    await page.getByRole("heading", {level: 1}).waitFor();
    await scan(page, "/results with answers");
    expect(found).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 120_000);
});

describe("one screen", () => {
  it("shows each example's and calibration case's request, response, score and Check in the first 1440 x 900 screen", async () => {
    const below: string[] = [];
    // Visiting saves nothing (only a score, a Step-1 line or a draft is saved), so one page serves every visit.
    const page = await sized(await deskPage(), 1440, 900);
    for (const [path, items] of [
      ["/vague", itemsOfSet("examples")],
      ["/rubric", itemsOfSet("examples")],
      ["/calibration", itemsOfSet("calibration")],
    ] as const) {
      for (const item of items) {
        // A first visit, straight to the item's address: a new document (from a blank page, not a change of the
        // fragment), nothing scrolled, nothing opened.
        await page.goto("about:blank");
        await page.goto(`${path}#${item.id}`);
        await takenOver(page);
        const card = itemOf(page, item.id);
        await scoreGroup(card).waitFor();
        const [check, request] = await boxes(page, [
          card.getByRole("button", {name: "Check", exact: true}),
          card.locator(".case"),
        ]);
        const bottom = check!.y + check!.height;
        if (bottom > 900 || request!.y < 0) below.push(`${path}#${item.id}: Check ends ${Math.round(bottom)} px down`);
      }
    }
    expect(below).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 120_000);

  it("keeps the item's title in a phone's first screen and its Score group and Check in reach until Check", async () => {
    const problems: string[] = [];
    // Visiting saves nothing, so one page serves every part (the first item of each opens a new document).
    const page = await sized(await deskPage(), 390, 844);
    for (const [path, items] of [
      ["/vague", itemsOfSet("examples")],
      ["/rubric", itemsOfSet("examples")],
      ["/edge-cases", itemsOfSet("edge-cases")],
      ["/calibration", itemsOfSet("calibration")],
    ] as const) {
      for (const item of items) {
        await page.goto(`${path}#${item.id}`);
        await takenOver(page);
        const card = itemOf(page, item.id);
        const group = scoreGroup(card);
        await group.waitFor();
        // Found once, then measured where the item lies unscrolled, and after each scroll.
        const elements = await found([card.getByRole("heading", {level: 2}), group, checkButton(card)]);
        const where = async (to?: "texts" | "end") => {
          const [title, box, check] = await measure(page, elements, to && {id: item.id, to});
          return {title: title!, group: box!, check: check!};
        };
        const inReach = (box: Box) => box.y >= 0 && box.y + box.height <= 844;
        const first = await where();
        if (!inReach(first.title)) problems.push(`${path}#${item.id}: the title at ${Math.round(first.title.y)} px`);
        // Scrolled to the item's texts, and to its end: the Score group and Check stay on the screen.
        for (const scroll of ["texts", "end"] as const) {
          const now = await where(scroll);
          if (!inReach(now.group) || !inReach(now.check))
            problems.push(`${path}#${item.id}, scrolled to the ${scroll}: Score at ${Math.round(now.group.y)} px`);
          // Check beside the Score group: under it, not a screen away.
          if (now.check.y - (now.group.y + now.group.height) > 60)
            problems.push(`${path}#${item.id}: Check ${Math.round(now.check.y - now.group.y)} px under the Score`);
        }
        // One Score group visible on the page: the pinned bar is the item's own.
        const visible = await page
          .getByRole("group", {name: "Score", exact: true})
          .evaluateAll((groups) => groups.filter((group) => (group as HTMLElement).checkVisibility()).length);
        if (visible !== 1) problems.push(`${path}#${item.id}: ${visible} Score groups visible`);
      }
    }
    expect(problems).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 180_000);

  it("never lays the pinned Score bar over the item's title, on a phone as short as 320 x 640 px", async () => {
    // Before, the bar rose to the card's top on a first visit there: it covered the title until 150 px were scrolled.
    const over: string[] = [];
    const page = await sized(await deskPage(), 320, 640);
    for (const path of ["/rubric", "/edge-cases", "/calibration"]) {
      await page.goto(path);
      await takenOver(page);
      for (const scrolled of [0, 60, 150]) {
        await page.evaluate((y) => window.scrollTo(0, y), scrolled);
        const overlap = await page.evaluate(() => {
          const card = [...document.querySelectorAll("article.item-card")].find((card) => card.checkVisibility());
          const title = card?.querySelector("h2")?.getBoundingClientRect();
          const bar = card?.querySelector(".score-block")?.getBoundingClientRect();
          return title && bar ? Math.max(0, title.bottom - bar.top) : null;
        });
        if (overlap === null) over.push(`${path}: no card with a title and a Score bar`);
        else if (overlap > 0) over.push(`${path}, ${scrolled} px scrolled: the bar covers ${overlap} px of the title`);
      }
    }
    expect(over).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("keeps each control the keyboard reaches clear of the pinned Score bar on a phone, with six lines marked", async () => {
    // Before, the verdict lists and their buttons of the lower lines sat under the bar (scroll padding 7rem, 112 px,
    // for a bar of 168 px at 390 px and 183 px at 320 px).
    const under: string[] = [];
    for (const width of [320, 390]) {
      // A fresh page for each width: the lines marked at the first are saved.
      const page = await sized(await phonePage(), width, 640);
      await page.goto("/rubric#example-2");
      await takenOver(page);
      const card = itemOf(page, "example-2");
      const words = card.getByRole("group", {name: "The words of the request"}).getByRole("button");
      await words.first().waitFor();
      for (let at = 0; at < 12; at += 2) {
        await words.nth(at).click();
        await words.nth(at + 1).click();
      }
      await words.first().focus();
      for (let stop = 0; stop < 60; stop++) {
        await page.keyboard.press("Tab");
        const seen = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement;
          const bar = document.querySelector("#example-2 .score-block")!;
          const box = focused.getBoundingClientRect();
          return {
            name: focused.getAttribute("aria-label") ?? focused.textContent!.trim().slice(0, 30),
            inBar: bar.contains(focused),
            bottom: box.bottom,
            barTop: bar.getBoundingClientRect().top,
          };
        });
        if (seen.inBar) break;
        if (seen.bottom > seen.barTop + 1)
          under.push(
            `${width} px: "${seen.name}" ends at ${Math.round(seen.bottom)} px, the bar starts at ${Math.round(seen.barTop)}`,
          );
      }
    }
    expect(under).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("shows the first example's response, label and first line, above the pinned Score on a phone's first visit to Parts 1 and 4, the Rubric button beside the counter", async () => {
    const hidden: string[] = [];
    const page = await phonePage();
    // As the start page and the navigation link them: the part's address alone, the page at its top.
    for (const path of ["/vague", "/rubric"]) {
      await page.goto(path);
      await takenOver(page);
      const card = itemOf(page, "example-1");
      await scoreGroup(card).waitFor();
      const seen = await page.evaluate(() => {
        const response = document.querySelector("#example-1 .case-response")!;
        // The response's first line of text: its label's box, then its first line of words.
        const lines = [...response.querySelectorAll("*")]
          .flatMap((element) => [...element.getClientRects()])
          .filter((box) => box.height > 0)
          .sort((a, b) => a.top - b.top);
        const label = lines[0]!;
        const words = lines.find((box) => box.top >= label.bottom - 1)!;
        const bar = document.querySelector("#example-1 .score-block")!.getBoundingClientRect();
        const strip = [...document.querySelectorAll(".item-strip a")].map((link) => link.getBoundingClientRect().top);
        const counter = document.querySelector(".walk-counter")!.getBoundingClientRect();
        const toggle = document.querySelector(".panel-toggle")?.getBoundingClientRect();
        return {
          wordsBottom: words.bottom,
          barTop: bar.top,
          stripRows: new Set(strip.map(Math.round)).size,
          // The sheet's button, where the part has one, on the counter's row (it had taken a row under the strip).
          toggleApart: toggle && (toggle.bottom < counter.top || toggle.top > counter.bottom),
        };
      });
      if (seen.wordsBottom > seen.barTop)
        hidden.push(
          `${path}: the response's first line ends at ${Math.round(seen.wordsBottom)} px, under the bar at ${Math.round(seen.barTop)} px`,
        );
      // The seven examples' pills in one row: the second row had pushed the response under the bar.
      if (seen.stripRows !== 1) hidden.push(`${path}: the strip in ${seen.stripRows} rows`);
      if (seen.toggleApart) hidden.push(`${path}: the Rubric button on a row of its own`);
    }
    expect(hidden).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("keeps the strip in its rows once the items carry their marks, each mark on its pill's corner inside the strip, at 390 and 1440 px", async () => {
    const page = await deskPage();
    const misplaced: string[] = [];
    // The seven examples, each exact, one off or two or more off; the edge cases, some marked.
    const views = [390, 1440].flatMap((width) => ["/rubric", "/edge-cases"].map((path) => ({width, path})));
    for (const {width, path} of views) {
      await page.setViewportSize({width, height: 844});
      await openMarked(page, path);
      const seen = await page.evaluate(() => {
        const track = document.querySelector(".item-strip ol")!.getBoundingClientRect();
        const pills = [...document.querySelectorAll<HTMLElement>(".item-strip a")];
        const rowsOf = () => new Set(pills.map((pill) => Math.round(pill.getBoundingClientRect().top))).size;
        const boxes = pills.map((pill) => pill.getBoundingClientRect());
        const marks = pills.flatMap((pill, index) => {
          if (!pill.dataset.mark) return [];
          const mark = getComputedStyle(pill, "::after");
          const box = boxes[index]!;
          const top = box.top + parseFloat(mark.top);
          const right = box.right - parseFloat(mark.right);
          const left = right - parseFloat(mark.width);
          // Another pill whose box holds the mark's top edge.
          const over = boxes.some(
            (other, at) =>
              at !== index && left < other.right && right > other.left && top < other.bottom && top > other.top,
          );
          return [{label: `${pill.textContent} ${pill.dataset.mark}`, top, right, over}];
        });
        const rows = rowsOf();
        // The same strip with no mark, as on a first visit.
        const given = pills.map((pill) => pill.dataset.mark!);
        for (const pill of pills) pill.dataset.mark = "";
        const bare = rowsOf();
        pills.forEach((pill, index) => (pill.dataset.mark = given[index]));
        return {track, rows, bare, marks};
      });
      if (seen.rows !== seen.bare)
        misplaced.push(`${path} at ${width} px: the strip in ${seen.rows} rows, with no mark ${seen.bare}`);
      for (const mark of seen.marks) {
        if (mark.top < seen.track.top - 0.5 || mark.right > seen.track.right + 0.5)
          misplaced.push(`${path} at ${width} px: the mark of ${mark.label} outside the strip`);
        if (mark.over) misplaced.push(`${path} at ${width} px: the mark of ${mark.label} over another pill`);
      }
      if (seen.marks.length < 4) misplaced.push(`${path} at ${width} px: ${seen.marks.length} marks`);
    }
    expect(misplaced).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("sets each scored pill apart from the strip's track at 3:1, and greys an answered item's Check, in light and dark", async () => {
    const page = await deskPage();
    const faint: string[] = [];
    await openMarked(page, "/rubric#example-1");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({colorScheme: scheme});
      const seen = await page.evaluate(() => {
        // A colour as it paints over `under` (both as CSS gives them), in sRGB 0-255, read back from a canvas.
        const paint = (colour: string, under: string) => {
          const canvas = document.createElement("canvas").getContext("2d", {willReadFrequently: true})!;
          for (const fill of [under, colour]) {
            canvas.fillStyle = fill;
            canvas.fillRect(0, 0, 1, 1);
          }
          return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        };
        // WCAG 2's relative luminance and contrast ratio.
        const luminance = (rgb: number[]) =>
          rgb
            .map((value) => value / 255)
            .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
            .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
        const ratio = (a: number[], b: number[]) => {
          const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (high! + 0.05) / (low! + 0.05);
        };
        // What an element paints over: the first background behind it, up to the page's.
        const behind = (element: Element) => {
          for (let up = element.parentElement; up; up = up.parentElement) {
            const colour = getComputedStyle(up).backgroundColor;
            if (colour !== "rgba(0, 0, 0, 0)") return colour;
          }
          return "white";
        };
        const strip = document.querySelector(".item-strip ol")!;
        const trackRgb = paint(getComputedStyle(strip).backgroundColor, behind(strip));
        const pills = [...document.querySelectorAll<HTMLElement>(".item-strip a[data-mark]")]
          .filter((pill) => pill.dataset.mark && pill.getAttribute("aria-current") !== "step")
          .map((pill) => ({
            label: `${pill.textContent} ${pill.dataset.mark}`,
            ratio: ratio(paint(getComputedStyle(pill).borderTopColor, `rgb(${trackRgb.join(",")})`), trackRgb),
          }));
        // The answered item's Check: its fill as it paints (its opacity too) over the card, and how far from grey that
        // is (its chroma: the largest channel less the smallest, of 255).
        const check = [...document.querySelectorAll<HTMLButtonElement>("#example-1 button")].find(
          (button) => button.textContent?.trim() === "Check",
        )!;
        const style = getComputedStyle(check);
        const under = `rgb(${paint(behind(check), "white").join(",")})`;
        const [r, g, b] = paint(style.backgroundColor, under).map(
          (value, index) => value * Number(style.opacity) + paint(under, "white")[index]! * (1 - Number(style.opacity)),
        ) as [number, number, number];
        return {pills, disabled: check.disabled, chroma: Math.round(Math.max(r, g, b) - Math.min(r, g, b))};
      });
      for (const pill of seen.pills)
        if (pill.ratio < 3) faint.push(`${scheme}: ${pill.label}'s ring at ${pill.ratio.toFixed(2)}:1 on the track`);
      if (seen.pills.length < 5) faint.push(`${scheme}: ${seen.pills.length} scored pills`);
      if (!seen.disabled) faint.push(`${scheme}: the answered item's Check can be pressed`);
      // A grey of the palette's (dark's has a cool cast: chroma 11) against a dimmed accent (about 50).
      if (seen.chroma > 20)
        faint.push(`${scheme}: the answered item's Check is a colour (chroma ${seen.chroma}), not grey`);
    }
    expect(faint).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("keeps the Rubric button on the counter's row at 360 px with the longest counters, breaking them before the place", async () => {
    const page = await sized(await phonePage(), 360, 780);
    const misplaced: string[] = [];
    for (const address of ["/edge-cases#edge-10-twist", "/calibration#calibration-d-twist"]) {
      await page.goto(address);
      await takenOver(page);
      await page.locator(".panel-toggle").waitFor();
      const seen = await page.evaluate(() => {
        const counter = document.querySelector(".walk-counter")!;
        const box = counter.getBoundingClientRect();
        const toggle = document.querySelector(".panel-toggle")!.getBoundingClientRect();
        return {
          text: counter.textContent,
          apart: toggle.bottom < box.top || toggle.top > box.bottom,
          placeLines: counter.querySelector("span")!.getClientRects().length,
        };
      });
      if (seen.apart) misplaced.push(`${address}: the Rubric button on a row of its own under "${seen.text}"`);
      if (seen.placeLines !== 1) misplaced.push(`${address}: "${seen.text}" broken inside its place`);
    }
    expect(misplaced).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("shows each self-check pool's first case, its title above the pinned Score, on a phone's first visit", async () => {
    const page = await phonePage();
    const hidden: string[] = [];
    for (const target of pages.filter(isSelfCheck)) {
      await page.goto(target.path);
      await takenOver(page);
      const card = itemOf(page, target.scores[0]!.id);
      await scoreGroup(card).waitFor();
      const seen = await card.evaluate((node) => ({
        title: node.querySelector("h2")!.getBoundingClientRect().bottom,
        bar: node.querySelector(".score-block")!.getBoundingClientRect(),
      }));
      // The title over the bar's top; the bar's Check row on the screen (it had run off its foot).
      if (seen.title > seen.bar.top)
        hidden.push(
          `${target.path}: the title ends at ${Math.round(seen.title)} px, under the bar at ${Math.round(seen.bar.top)}`,
        );
      if (seen.bar.bottom > 844) hidden.push(`${target.path}: the bar ends at ${Math.round(seen.bar.bottom)} px`);
    }
    expect(hidden).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("puts the verdict and the case's sentence in the ruling's first screen at 390 px", async () => {
    const tooLow: string[] = [];
    for (const [path, items] of [
      ["/rubric", itemsOfSet("examples")],
      ["/edge-cases", itemsOfSet("edge-cases")],
      ["/calibration", itemsOfSet("calibration")],
    ] as const) {
      // A fresh page for each part: the answers committed in one are saved.
      const page = await open(await deskPage(), 390, path);
      for (const item of items) {
        // The score the case study names as a likely wrong one where it names one (the longest lead), else one off.
        const wrong = item.notes.find((note) => note.score !== undefined)?.score;
        const score = wrong ?? (item.score === "n/a" ? 1 : item.score === 5 ? 4 : item.score + 1);
        const card = await commit(page, item.id, score as 1 | 2 | 3 | 4 | 5 | "n/a");
        const [region, sentence, verdict, mark, words] = await boxes(page, [
          ruling(card),
          // The lead's sentence, as shown: a copy of it may sit in a closed fold further down.
          card.locator(".case-sentence:visible").first(),
          card.locator(".verdict-line"),
          card.locator(".verdict-line .distance-mark"),
          card.locator(".verdict-line .verdict-words"),
        ]);
        const reach = sentence!.y + sentence!.height - region!.y;
        if (reach > 900 || verdict!.y < region!.y)
          tooLow.push(`${path}#${item.id}: the sentence ends ${Math.round(reach)} px into the ruling`);
        // The verdict's mark beside its words' first line (it had stood on a line of its own above a long verdict).
        if (mark!.y + mark!.height <= words!.y || mark!.y >= words!.y + 32)
          tooLow.push(`${path}#${item.id}: the verdict's mark on a line of its own`);
      }
    }
    expect(tooLow).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 180_000);
});

// What a trainee's screen holds: plain words on every trainee page before and after Check (no rule ids, parameter
// names, version labels, "seed" or the site's jargon); at 1440 x 900 an example's or calibration case's request,
// response, score and Check in one screen; at 390 px the ruling's verdict and its one sentence in the first screen
// the ruling opens on.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {GuidelineParameters} from "../../lib/authored/schemas/parameters.js";
import {useSite} from "./helpers.js";
import {commit, guideline, isSelfCheck, itemOf, itemsOfSet, pages, ruling, scoreGroup, showItem} from "./trainee.js";

const site = useSite();

async function open(width: number, path: string): Promise<Page> {
  const context = await site.newContext({viewport: {width, height: 900}});
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole("heading", {level: 1}).waitFor();
  return page;
}

/** Words a trainee must not read: internal ids, parameter names, version labels and the site's own jargon. */
const jargon: RegExp[] = [
  ...guideline.rules.filter((rule) => rule.id.includes("-")).map((rule) => new RegExp(`\\b${rule.id}\\b`)),
  // The parameters' names that are code (camelCase); "counting" is also the case study's plain word.
  ...Object.keys(GuidelineParameters.shape)
    .filter((name) => /[A-Z]/.test(name))
    .map((name) => new RegExp(`\\b${name}\\b`)),
  /\bseed\b/i,
  /site's reading/i,
  /\bv\d+\b/,
  /\bParameters?:/,
  /The case study's table/,
  /You committed a score alone/,
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
    const page = await open(1440, "/");
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
  it("fits each example's and calibration case's request, response, score and Check in 1440 x 900", async () => {
    const tooTall: string[] = [];
    for (const [path, items] of [
      ["/vague", itemsOfSet("examples")],
      ["/rubric", itemsOfSet("examples")],
      ["/calibration", itemsOfSet("calibration")],
    ] as const) {
      const page = await open(1440, path);
      for (const item of items) {
        const card = await showItem(page, item.id);
        const top = await card.locator(".case").boundingBox();
        const check = await card.getByRole("button", {name: "Check", exact: true}).boundingBox();
        const height = check!.y + check!.height - top!.y;
        if (height > 900) tooTall.push(`${path}#${item.id}: ${Math.round(height)} px from the texts to Check`);
      }
    }
    expect(tooTall).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 120_000);

  it("puts the verdict and the case's sentence in the ruling's first screen at 390 px", async () => {
    const tooLow: string[] = [];
    for (const [path, items] of [
      ["/rubric", itemsOfSet("examples")],
      ["/edge-cases", itemsOfSet("edge-cases")],
      ["/calibration", itemsOfSet("calibration")],
    ] as const) {
      const page = await open(390, path);
      for (const item of items) {
        // The score the case study names as a likely wrong one where it names one (the longest lead), else one off.
        const wrong = item.notes.find((note) => note.score !== undefined)?.score;
        const score = wrong ?? (item.score === "n/a" ? 1 : item.score === 5 ? 4 : item.score + 1);
        const card = await commit(page, item.id, score as 1 | 2 | 3 | 4 | 5 | "n/a");
        const region = await ruling(card).boundingBox();
        const sentence = await card.locator(".case-sentence").last().boundingBox();
        const verdict = await card.locator(".verdict-line").boundingBox();
        const reach = sentence!.y + sentence!.height - region!.y;
        if (reach > 900 || verdict!.y < region!.y)
          tooLow.push(`${path}#${item.id}: the sentence ends ${Math.round(reach)} px into the ruling`);
      }
    }
    expect(tooLow).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 180_000);
});

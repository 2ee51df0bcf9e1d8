// @vitest-environment jsdom
// Issue 29 (Speed): each scoring page's built HTML holds its first screen (scripts/prerender.ts), so a trainee can
// pick a score before the page's code arrives: the part's first item with its Score group, where the page's display
// cell puts its node, and nothing of the item's ruling. Reads the project's dist/ (build first).
import {existsSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import type {Item} from "../../lib/authored/schemas/item.js";
import {loadCalibration, loadItems, loadParts} from "../../lib/node/load.js";
import {poolsOf} from "../../lib/trainee/self-check-pool.js";
import {distDir} from "../browser/site.js";

const items = loadItems();
const parts = loadParts();
// The first item of a part is the first of its set in the authored order; the self-check's is its first pool's.
const firstOf = (set: string) => items.filter((item) => item.set === set).sort((a, b) => a.order - b.order)[0]!;
const partFirst = (id: string) => firstOf(parts.find((part) => part.id === id)!.items!);
const firstPool = poolsOf(loadCalibration(undefined, items), {items, parts})[0]!;
const selfCheckFirst = items.find((item) => item.id === firstPool.items[0])!;

const pages: [string, Item, string[]][] = [
  ["vague", partFirst("vague"), ["1", "2", "3", "4", "5"]],
  ["rubric", partFirst("rubric"), ["1", "2", "3", "4", "5", "Not applicable"]],
  ["edge-cases", partFirst("edge-cases"), ["1", "2", "3", "4", "5", "Not applicable"]],
  ["calibration", partFirst("calibration"), ["1", "2", "3", "4", "5", "Not applicable"]],
  ["self-check", selfCheckFirst, ["1", "2", "3", "4", "5", "Not applicable"]],
];

/** Everything the case study or the notebook says of an item's ruling: none of it may be on the page before Check. */
function rulingTexts(item: Item): string[] {
  const texts = [
    item.title,
    item.ruling,
    item.teaches,
    item.lesson?.text,
    item.scoreCondition,
    item.scoredRow?.mainTask,
    item.scoredRow?.others,
    ...item.notes.map((note) => note.text),
    ...item.checklist.flatMap((line) => [line.note, line.because]),
  ];
  const shown = `${item.request.text} ${item.response.text} ${item.topic}`;
  // Short or shared words (a title that is the item's text) say nothing of the ruling.
  return texts.filter((text): text is string => !!text && text.length >= 12 && !shown.includes(text));
}

function builtPage(page: string): Document {
  const file = join(distDir, `${page}.html`);
  if (!existsSync(file)) throw new Error(`no ${file}: run \`npm run build\` before this test`);
  return new DOMParser().parseFromString(readFileSync(file, "utf8"), "text/html");
}

describe("each scoring page's first screen, in its built HTML", () => {
  it.each(pages)(
    "%s holds its first item with its Score group, where its display cell goes, and no ruling",
    (page, item, scores) => {
      const doc = builtPage(page);
      const copies = doc.querySelectorAll("[data-prerendered]");
      expect(copies).toHaveLength(1);
      const copy = copies[0]!;
      // In a display cell's root, before the comment that marks where Framework's client puts the node.
      expect(copy.parentElement?.matches("#observablehq-main > div.observablehq")).toBe(true);
      expect(copy.nextSibling?.nodeType).toBe(8);
      expect((copy.nextSibling as Comment).data).toMatch(/^:[0-9a-f]{8}:$/);
      // One item card, the part's first, with its Score group of radios 1 … 5 (and Not applicable), none chosen.
      const cards = [...copy.querySelectorAll("article.item-card")];
      expect(cards.map((card) => card.id)).toEqual([item.id]);
      const groups = [...cards[0]!.querySelectorAll("fieldset")].filter(
        (group) => group.querySelector("legend")?.textContent === "Score",
      );
      expect(groups).toHaveLength(1);
      const radios = [...groups[0]!.querySelectorAll<HTMLInputElement>("input[type=radio]")];
      const labels = radios.map((input) => doc.querySelector(`label[for="${input.id}"]`)?.textContent);
      expect(labels).toEqual(scores);
      expect(radios.filter((input) => input.disabled || input.hasAttribute("checked"))).toEqual([]);
      // No ruling: its region is hidden and empty, and nothing the case study says of the ruling is in the page.
      const ruling = cards[0]!.querySelector('[role="region"][aria-label="Ruling"]');
      expect(ruling?.hasAttribute("hidden")).toBe(true);
      expect(ruling?.textContent).toBe("");
      const text = copy.textContent!.replace(/\s+/g, " ");
      const attributes = [...copy.querySelectorAll("*")].flatMap((node) => [...node.attributes].map((a) => a.value));
      const said = rulingTexts(item);
      expect(said.length).toBeGreaterThan(0);
      expect(said.filter((words) => text.includes(words) || attributes.some((value) => value.includes(words)))).toEqual(
        [],
      );
      expect(text).not.toMatch(/the ruling is|you scored|you gave/i);
    },
  );

  it("holds the page's code in its head until the copy is painted, and marks the copy stale", () => {
    const doc = builtPage("rubric");
    const head = doc.head.innerHTML;
    // The module script and every preload wait in the template; the stylesheet alone is fetched with the page.
    expect(doc.querySelectorAll("script[type=module], link[rel=modulepreload], link[as=fetch]")).toHaveLength(0);
    const held = doc.querySelector<HTMLTemplateElement>("head > template#page-start")!.content;
    expect(held.querySelectorAll("script[type=module]")).toHaveLength(1);
    expect(held.querySelectorAll("link[rel=modulepreload]").length).toBeGreaterThan(0);
    const item = partFirst("rubric");
    expect(head).toContain(`html[data-prerender="stale"] [data-prerendered] {display: none;}`);
    expect(head).toContain(JSON.stringify(`#${item.id}`));
    expect(head).toContain('"rater-notebook:"');
  });
});

// What a reader on a phone would see as a broken table, measured: the page scrolls sideways, the scroll box of a
// table asked about hides part of it, a cell's text is hidden or runs out of the window, or a cell of a stacked
// table is not labelled with its column's name (or words of it).
import type {Page} from "playwright-core";
import {boxProblems} from "./fits.js";

/** Problems with every table that `selector` finds (none: each row readable in the window's width). */
export function tableProblems(page: Page, selector = "main table"): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in a ${width} px window`);
    const tables = [...document.querySelectorAll<HTMLTableElement>(selector)];
    // The scroll boxes of the tables asked about: a table left out (a score grid meant to scroll) is not measured.
    for (const box of document.querySelectorAll<HTMLElement>(".table-scroll"))
      if (tables.some((table) => box.contains(table)) && box.scrollWidth > box.clientWidth)
        problems.push(`a scroll box hides ${box.scrollWidth - box.clientWidth} px`);
    if (!tables.length) problems.push(`no table matches ${selector}`);
    tables.forEach((table, t) => {
      const names = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? "");
      for (const row of [...table.tBodies].flatMap((body) => [...body.rows])) {
        const labels: string[] = [];
        [...row.cells].forEach((cell, index) => {
          const text = cell.textContent?.trim() ?? "";
          if (!text) return;
          const where = `table ${t + 1} (${table.className}), "${text.slice(0, 30)}"`;
          const box = cell.getBoundingClientRect();
          if (!cell.checkVisibility()) problems.push(`${where}: hidden`);
          else if (box.left < 0 || box.right > width) problems.push(`${where}: at ${box.left}-${box.right} px`);
          if (!table.classList.contains("stack") || index === 0) return;
          const label = getComputedStyle(cell, "::before").content;
          // Its column's name, or, where the name is too long for every card, the starts of some of its words in
          // their order (a run's model, of "model · prompt · version · date"; "Exact", of "Exactly the ruled score").
          const words = (text: string) => text.toLowerCase().split(/\s+/);
          const given = cell.dataset.label ?? "";
          const whole = words(names[index]!);
          let at = 0;
          const named =
            given === names[index] ||
            (given !== "" &&
              words(given).every((word) => {
                while (at < whole.length && !whole[at]!.startsWith(word)) at++;
                return at++ < whole.length;
              }));
          if (!named || label !== JSON.stringify(given))
            problems.push(`${where}: labelled ${label}, not with its column "${names[index]}"`);
          // Two cells of a card under one label could not be told apart.
          else if (labels.includes(given)) problems.push(`${where}: labelled "${given}" as another cell of its row`);
          labels.push(given);
        });
      }
    });
    return problems;
  }, selector);
}

/** A scroll box's caption out of the box's view: it is to stay in view, wrapped, as the table scrolls. */
export async function scrollCaptionProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const box of await page.locator(".table-scroll:has(> table > caption)").all())
    if (await box.isVisible()) problems.push(...(await boxProblems(box.locator(":scope > table > caption"), box)));
  return problems;
}

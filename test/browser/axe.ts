// What the list of page states (page-states.ts) measures of each state: axe-core's verdict, as one line per violation
// naming the rule and the elements so a failing test says what to fix, and the layout a reader would see as broken.
import AxeBuilder from "@axe-core/playwright";
import type {Page} from "playwright-core";

/**
 * axe is slow on the long pages (seconds per run on two busy cores), so each run asks only what can differ from the
 * full audit. A page's DOM is the same at every width and in both schemes: no component reads the colour scheme, and
 * the one that reads the window's width (the part pages' rubric panel, src/components/part-walk.ts) only moves the
 * panel beside the item from 1200 px; src/style.css changes layout under media queries and colours under
 * prefers-color-scheme. That holds for every page, so every state gets: every rule once, in light at its widest
 * width; at the other width the rules that read layout (contrast over what lies behind, link styling, target size,
 * scrolling boxes, tables whose header rows the narrow layout hides); in dark, the colour rules at the first width
 * only. The palette is one per scheme, and what only the other width shows gets the colour rules in its light pass:
 * a dark pass there took 6 s of page-states-1's 44 s of axe for no colour of its own.
 */
export const colourRules = ["color-contrast", "link-in-text-block"];
export const layoutRules = [
  ...colourRules,
  "target-size",
  "scrollable-region-focusable",
  "meta-viewport",
  "css-orientation-lock",
  "td-has-header",
  "th-has-data-cells",
  "td-headers-attr",
  "empty-table-header",
  "table-duplicate-name",
];

type Results = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * The violations axe finds on the page (or the part `include` selects), under `rules` (every rule when none). Run as
 * @axe-core/playwright's legacy mode runs it, axe.run in the page: its default opens a blank page to put the frames'
 * results together, which costs twice the run, and the site's pages have no frames, so the verdicts are the same.
 * The builder injects axe-core into the page (twice a run); once it is there, later runs in the same document call
 * it as the builder would.
 */
export async function audit(
  page: Page,
  label: string,
  {rules, include}: {rules?: string[]; include?: string} = {},
): Promise<string[]> {
  const options = {resultTypes: ["violations"], ...(rules ? {runOnly: {type: "rule", values: rules}} : {})};
  let results: Results;
  if (await page.evaluate(() => "axe" in window))
    results = await page.evaluate(
      ([include, options]) =>
        (window as unknown as {axe: {run(context: unknown, options: unknown): Promise<Results>}}).axe.run(
          include ? {include: [include], exclude: []} : document,
          options,
        ),
      [include, options] as const,
    );
  else {
    let builder = new AxeBuilder({page}).options(options as Parameters<AxeBuilder["options"]>[0]).setLegacyMode(true);
    if (include) builder = builder.include(include);
    results = await builder.analyze();
  }
  return results.violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact}) at ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(", ")}${violation.nodes.length > 4 ? ` and ${violation.nodes.length - 4} more` : ""}`,
  );
}

/**
 * What a reader would see as a broken layout, measured: the page scrolls sideways; at the top of the page, a link of
 * the site's navigation lies outside the window or over the first line of the page; something in a scored item (the
 * elements whose ids are `items`) runs out of the item's content box into its margin or beyond (a table that scrolls
 * in its own box is fine).
 */
export async function layout(page: Page, items: readonly string[], label: string): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(
    ({ids, label}) => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth)
        problems.push(`${label}: the page scrolls sideways (${root.scrollWidth} px wide in ${root.clientWidth} px)`);
      // The first line of text the page's main content shows.
      let firstLine: DOMRect | undefined;
      const main = document.querySelector("main");
      const walker = main ? document.createTreeWalker(main, NodeFilter.SHOW_TEXT) : null;
      for (let text = walker?.nextNode(); text && !firstLine; text = walker?.nextNode()) {
        if (!text.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const box = range.getBoundingClientRect();
        if (box.height) firstLine = box;
      }
      const outside: string[] = [];
      const over: string[] = [];
      for (const link of document.querySelectorAll('nav[aria-label="Site"] a')) {
        const box = link.getBoundingClientRect();
        const name = `"${(link.textContent ?? "").slice(0, 40)}"`;
        if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > root.clientWidth)
          outside.push(name);
        else if (firstLine && box.bottom > firstLine.top && box.top < firstLine.bottom) over.push(name);
      }
      if (outside.length) problems.push(`${label}: the site navigation's ${outside.join(", ")} lie outside the window`);
      if (over.length)
        problems.push(`${label}: the site navigation's ${over.join(", ")} lie over the first line of the page`);
      for (const id of ids) {
        const card = document.getElementById(id);
        if (!card) continue;
        // The item's content box: its padding is the item's margin, and nothing should run into it.
        const box0 = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const edge = {
          left: box0.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
          right: box0.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        };
        for (const node of card.querySelectorAll("*")) {
          const box = node.getBoundingClientRect();
          if (!box.width || (box.right <= edge.right + 1 && box.left >= edge.left - 1)) continue;
          let scrolls = false;
          for (let up = node.parentElement; up && up !== card; up = up.parentElement)
            if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(up).overflowX)) scrolls = true;
          if (scrolls) continue;
          const what = node.getAttribute("aria-label") ?? (node.textContent ?? "").trim().slice(0, 30);
          problems.push(
            `${label}: in ${id}, <${node.tagName.toLowerCase()}> "${what}" runs out of the item's content box ` +
              `(${Math.round(box.left)}-${Math.round(box.right)} px, the item ${Math.round(edge.left)}-${Math.round(edge.right)} px)`,
          );
          break;
        }
      }
      return problems;
    },
    {ids: [...items], label},
  );
}

// What a long unbroken text (a URL, a model's slug, an unknown item id) can break in a page, measured: the page
// scrolling sideways, an element's box outside its container's, its text running past its own box, or two boxes
// that must sit apart overlapping. Each problem named, so a failure says what ran out and by how much.
import type {Locator, Page} from "playwright-core";

/** The page scrolls sideways: its width against the window's, or nothing when it fits. */
export const pageOverflow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    return scrollWidth > width ? [`the page is ${scrollWidth} px wide in a ${width} px window`] : [];
  });

/**
 * `element`'s box inside `container`'s (to the pixel: layout rounds), and its text inside its own box unless it
 * `scrolls` (a scroll box's content may be wider: it scrolls); `apart`, boxes it must not overlap. Every problem found,
 * with the sizes.
 */
export async function boxProblems(
  element: Locator,
  container: Locator,
  {apart = [], scrolls = false}: {apart?: Locator[]; scrolls?: boolean} = {},
): Promise<string[]> {
  const handles = await Promise.all([container, ...apart].map((locator) => locator.elementHandle()));
  return element.evaluate(
    (node, [scrolls, outer, ...others]) => {
      const problems: string[] = [];
      const name = (of: Element) => `${of.tagName.toLowerCase()}${[...of.classList].map((c) => `.${c}`).join("")}`;
      const box = node.getBoundingClientRect();
      const around = outer!.getBoundingClientRect();
      if (box.left < around.left - 1 || box.right > around.right + 1)
        problems.push(
          `${name(node)} at ${box.left}-${box.right} px, outside ${name(outer!)} at ${around.left}-${around.right}`,
        );
      if (!scrolls && node.scrollWidth > node.clientWidth + 1)
        problems.push(`${name(node)}'s text is ${node.scrollWidth} px wide in its ${node.clientWidth} px box`);
      for (const other of others) {
        const them = other!.getBoundingClientRect();
        if (box.left < them.right && them.left < box.right && box.top < them.bottom && them.top < box.bottom)
          problems.push(`${name(node)} overlaps ${name(other!)}`);
      }
      return problems;
    },
    [scrolls, ...handles] as const,
  );
}

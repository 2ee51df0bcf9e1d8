// A scoring page's first screen is in its HTML (scripts/prerender.ts renders it at build with this page's own
// code), so a trainee can read the item and pick a score before the code arrives. When the code has built the page,
// it takes the copy's place: in the same task, so no frame shows both or neither, and as what the trainee left it:
// a score or rule they picked, a fold they opened, the words they pressed, the control they were on, a Check they
// pressed are carried to the same place in the page's own node, through its own events. A copy the head's script
// found stale (the address or the trainee's storage names another state) is hidden until then, and only removed.

/** The attribute that marks the copy in the page's HTML. */
export const prerenderedAttribute = "data-prerendered";

/** The copy's property where the head's script lists the word buttons pressed in it, in order. */
export const wordsPressed = "wordsPressed";

/** Where `node` is under `root`: its element children's indices, from the top. */
function placeOf(root: Element, node: Element): number[] {
  const place: number[] = [];
  for (let at = node; at !== root && at.parentElement; at = at.parentElement)
    place.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  return place;
}

/** The element at `place` under `root`, when it is of the same kind as `like` (its tag, name and value). */
function samePlace<T extends Element>(root: Element, place: readonly number[], like: T): T | null {
  let at: Element | undefined = root;
  for (const index of place) at = at?.children[index];
  if (!at || at.tagName !== like.tagName) return null;
  for (const name of ["id", "name", "value", "type"])
    if (at.getAttribute(name) !== like.getAttribute(name)) return null;
  return at as T;
}

/** Moves what the trainee did in the copy to the page's node, and puts the node in the copy's place. */
function takeOver(copy: Element, page: Element): void {
  const focused = document.activeElement;
  const carried = {
    picked: [...copy.querySelectorAll<HTMLInputElement>("input")].filter((input) =>
      input.type === "radio" || input.type === "checkbox"
        ? input.checked !== input.defaultChecked
        : input.value !== input.defaultValue,
    ),
    folds: [...copy.querySelectorAll<HTMLDetailsElement>("details")],
    pressed: copy.querySelector<HTMLElement>("[data-pressed]"),
    focused: focused instanceof HTMLElement && copy.contains(focused) ? focused : null,
    words: (copy as Element & {[wordsPressed]?: HTMLElement[]})[wordsPressed] ?? [],
  };
  const places = new Map<Element, number[]>();
  for (const node of [...carried.picked, ...carried.folds, ...carried.words, carried.pressed, carried.focused])
    if (node) places.set(node, placeOf(copy, node));
  if (copy.parentNode && !page.isConnected) copy.replaceWith(page);
  else copy.remove();
  const counterpart = <T extends Element>(node: T) => samePlace(page, places.get(node)!, node);
  // Found before anything is carried: a word pressed changes the card below the words.
  const words = carried.words.map(counterpart);
  for (const input of carried.picked) {
    const there = counterpart(input);
    if (!there) continue;
    if (input.type === "radio" || input.type === "checkbox") {
      if (there.checked !== input.checked) there.click();
    } else {
      there.value = input.value;
      there.dispatchEvent(new Event("input", {bubbles: true}));
    }
  }
  for (const fold of carried.folds) {
    const there = counterpart(fold);
    if (there && there.open !== fold.open) there.querySelector<HTMLElement>(":scope > summary")?.click();
  }
  for (const word of words) word?.click();
  if (carried.focused) counterpart(carried.focused)?.focus({preventScroll: true});
  if (carried.pressed) counterpart(carried.pressed)?.click();
}

/**
 * The page's node, taking over the first screen the build placed in the page: at once when the copy is stale (it is
 * hidden), else once the page has put the node in (Framework displays it in the same task, where the copy is).
 */
export function Prerendered(page: Node): Node {
  const copy = document.querySelector(`[${prerenderedAttribute}]`);
  if (!copy) return page;
  if (document.documentElement.getAttribute("data-prerender") === "stale" || !(page instanceof Element)) copy.remove();
  else queueMicrotask(() => takeOver(copy, page));
  return page;
}

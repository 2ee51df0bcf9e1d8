// Updating a shown part of a page in place. Rebuilding it would make the browser lay out and re-shape every word of
// its text again (a few ms for a table on a slow machine); morphdom changes only the nodes that differ, so the
// unchanged text keeps its layout, and focus and open disclosures stay where the reader left them.
import morphdomExport from "morphdom";

// morphdom's types declare an ES default export, which TypeScript (NodeNext) reads against its CommonJS entry; the
// page's bundle (its ES build) and Node (module.exports) both hand over the function itself.
const morphdom = morphdomExport as unknown as typeof morphdomExport.default;

/** Makes `shown` (in the page) look like `fresh` (just built), touching only what differs; returns `shown`. */
function patch<T extends Element>(shown: T, fresh: Element): T {
  morphdom(shown, fresh, {
    onBeforeElUpdated(from, to) {
      // A disclosure the reader opened or closed stays so: that state is theirs, not the data's.
      if (from instanceof HTMLDetailsElement && to instanceof HTMLDetailsElement) to.open = from.open;
      return !from.isEqualNode(to);
    },
  });
  return shown;
}

/** A node the page keeps and brings up to date with `update`, rather than building it again. */
export type Kept<T> = HTMLElement & {update(next: T): void};

/** Whether two keys are made of the very same values: what they show is the same, with no JSON to compare. */
const sameParts = (a: unknown, b: unknown): boolean =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((part, i) => part === b[i]));

/**
 * Parts of a page each built once, then patched in place only when what they show changes: `keep(id, key, build)`
 * returns the part's node, built by `build` the first time and patched to a fresh `build()` when `key` (compared as
 * JSON) differs from the last one. The node stays the same, so where it sits in the page never has to be redone.
 * A key made of the same objects as the last one is the same without its JSON: what a key holds is never changed
 * in place.
 */
export function keptParts(): <T extends Element>(id: string, key: unknown, build: () => T) => T {
  const shown = new Map<string, {key: unknown; text: string; node: Element}>();
  return <T extends Element>(id: string, key: unknown, build: () => T): T => {
    const old = shown.get(id);
    if (!old) {
      const node = build();
      shown.set(id, {key, text: JSON.stringify(key), node});
      return node;
    }
    if (!sameParts(old.key, key)) {
      const text = JSON.stringify(key);
      if (old.text !== text) patch(old.node, build());
      Object.assign(old, {key, text});
    }
    return old.node as T;
  };
}

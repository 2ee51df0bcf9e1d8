// Updating a shown part of a page in place. Rebuilding it would make the browser lay out and re-shape every word of
// its text again (a few ms for a table on a slow machine); morphdom changes only the nodes that differ, so the
// unchanged text keeps its layout, and focus and open disclosures stay where the reader left them.
import morphdomExport from "morphdom";

// morphdom's types declare an ES default export, which TypeScript (NodeNext) reads against its CommonJS entry; the
// page's bundle (its ES build) and Node (module.exports) both hand over the function itself.
const morphdom = morphdomExport as unknown as typeof morphdomExport.default;

/** Makes `shown` (in the page) look like `fresh` (just built), touching only what differs; returns `shown`. */
export function patch<T extends Element>(shown: T, fresh: Element): T {
  morphdom(shown, fresh, {
    onBeforeElUpdated(from, to) {
      // A disclosure the reader opened or closed stays so: that state is theirs, not the data's.
      if (from instanceof HTMLDetailsElement && to instanceof HTMLDetailsElement) to.open = from.open;
      return !from.isEqualNode(to);
    },
  });
  return shown;
}

// The edge-case map's three steps, folded behind "Work it through the three steps". The checklist's editor is built
// when the fold first opens, unless there is work to show: the request reads as plain text until then, and the page
// has less to build before its first item can be scored. Marking works only while the fold is open.
import type {ChecklistEditor} from "./checklist-editor.js";
import {el} from "./dom.js";

/**
 * `editor`: built already (open with it); `build` makes it on the first opening. The editor's marking surfaces then
 * take the place of the item's plain texts (`[data-text="request"]`), in the item around the fold.
 */
export function StepsFold(
  {editor = null}: {editor?: ChecklistEditor | null},
  {build}: {build?: () => ChecklistEditor} = {},
): HTMLDetailsElement {
  let made = editor;
  const fold = el(
    "details",
    {class: "three-steps", open: !!editor},
    el("summary", {}, "Work it through the three steps"),
    editor?.node ?? null,
  );
  fold.addEventListener("toggle", () => {
    if (!made && fold.open && build) {
      made = build();
      fold.append(made.node);
      for (const [where, surface] of Object.entries(made.surfaces))
        fold.parentElement?.querySelector(`[data-text="${where}"]`)?.replaceWith(surface);
    }
    made?.setActive(fold.open);
  });
  return fold;
}

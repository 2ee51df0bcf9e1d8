// In `npm run dev`, a broken authored file does not leave a page blank: the data files it stopped hold its problems
// (lib/authored/broken-data.ts), and every page that loads authored data shows them here, in place of its content,
// until the file is fixed and saved. The build never gets this far: it fails on the file instead.
import {isBrokenData} from "../lib/authored/broken-data.js";
import type {Problem} from "../lib/authored/problems.js";
import {el, fragment} from "./dom.js";
import {Prerendered} from "./prerendered.js";

/** Each problem once, however many data files it stopped. */
function distinct(problems: readonly Problem[]): Problem[] {
  const seen = new Map<string, Problem>();
  for (const problem of problems) seen.set(JSON.stringify([problem.file, problem.field, problem.message]), problem);
  return [...seen.values()];
}

/** The panel: every broken file, the field at fault and what to do. */
export function BrokenFiles(problems: readonly Problem[]): HTMLElement {
  const shown = distinct(problems);
  const files = new Set(shown.map((problem) => problem.file)).size;
  return el(
    "section",
    {"class": "broken-files", "role": "alert", "aria-labelledby": "broken-files-title"},
    el(
      "h2",
      {id: "broken-files-title"},
      files === 1 ? "An authored file is broken" : `${files} authored files are broken`,
    ),
    el(
      "p",
      {},
      `This page comes back once ${files === 1 ? "the file is" : "each file is"} fixed and saved. ` +
        "The build stops on the same problems:",
    ),
    el(
      "ul",
      {},
      shown.map(({file, field, message}) =>
        el(
          "li",
          {},
          el("code", {class: "broken-file"}, file),
          field ? [" at ", el("code", {class: "broken-field"}, field)] : null,
          `: ${message}`,
        ),
      ),
    ),
  );
}

/**
 * A page's content from the data files it loaded, or, when any of them holds the problems of a broken authored file,
 * the panel instead (render is not called, as the data it needs is missing). With no render, nothing for whole data:
 * a page whose cells wait on lib/authored/broken-data.ts's `wholeData` shows the panel so. Either takes the place of
 * the first screen the build rendered into the page, if it has one (src/components/prerendered.ts).
 */
export function AuthoredPage(data: readonly unknown[], {render}: {render?: () => Node} = {}): Node {
  const problems = data.filter(isBrokenData).flatMap((broken) => broken.brokenAuthoredFiles);
  if (problems.length === 0) return Prerendered(render?.() ?? document.createDocumentFragment());
  return Prerendered(
    fragment(
      // What the page's other cells showed would be stale: hidden while the panel is on the page, and shown again
      // with nothing to undo once it goes. The rule lives as long as the panel, so no page pays for its :has()
      // otherwise.
      el("style", {}, "#observablehq-main > :not(.broken-files, :has(.broken-files)) { display: none; }"),
      BrokenFiles(problems),
    ),
  );
}

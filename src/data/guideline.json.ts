// Every guideline version and the training parts, validated. A broken authored file fails the build here.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {emitJson, loadGuidelines, loadParts, projectRoot} from "../../lib/load.js";
import {resolveIntro} from "../../lib/parts.js";

emitJson(() => {
  const guidelines = loadGuidelines();
  const current = guidelines.at(-1)!;
  // A part links to its page only once the page exists, so the start page never links to a missing page.
  const hasPage = (path: string) => existsSync(join(projectRoot, "src", `${path}.md`));
  const parts = loadParts().map((part) => ({
    ...part,
    hasPage: hasPage(part.path),
    paragraphs: resolveIntro(part, current),
  }));
  return {current: current.version, versions: guidelines, parts};
});

// Every guideline version and the training parts, validated. A broken authored file fails the build here.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {emitJson, loadGuidelines, loadParts, projectRoot} from "../../lib/load.js";

emitJson(() => {
  const guidelines = loadGuidelines();
  // A part links to its page only once the page exists, so the start page never links to a missing page.
  const hasPage = (path: string) => existsSync(join(projectRoot, "src", `${path}.md`));
  const parts = loadParts().map((part) => ({...part, hasPage: hasPage(part.path)}));
  return {current: guidelines.at(-1)!.version, versions: guidelines, parts};
});

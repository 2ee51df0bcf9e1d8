// What every page needs: the parts (introductions resolved), the current guideline, every item by id and title,
// and the coverage table. A broken authored file fails the build here.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {emitJson, loadGuidelines, loadItems, loadParts, projectRoot} from "../../lib/load.js";
import {pageParts, sitePageData} from "../../lib/page-data.js";

emitJson(() => {
  const guidelines = loadGuidelines();
  const hasPage = (path: string) => existsSync(join(projectRoot, "src", `${path}.md`));
  return sitePageData(pageParts(loadParts(), guidelines.at(-1)!, hasPage), loadItems(), guidelines);
});

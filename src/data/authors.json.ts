// What the authors' preview needs: every guideline version, every item (the engine derives them in the page), the
// parameters' domains as plain data (the page cannot import the zod schema), and the rubric-writer check's words.
import {emitJson, loadGuidelines, loadItems, loadRubricWriter} from "../../lib/load.js";
import {parameterDomains} from "../../lib/parameter-domains.js";

emitJson(() => ({
  versions: loadGuidelines(),
  items: loadItems(),
  domains: parameterDomains(),
  rubricWriter: loadRubricWriter(),
}));

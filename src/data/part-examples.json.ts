// The examples items for their pages, with each guideline version's ruling of them.
import {emitJson, loadGuidelines, loadItems} from "../../lib/load.js";
import {partPageData} from "../../lib/page-data.js";

emitJson(() => partPageData("examples", loadItems(), loadGuidelines()));

// Every guideline version and the training parts, validated. A broken authored file fails the build here.
import {emitJson, loadGuidelines, loadParts} from "../../lib/load.js";

emitJson(() => {
  const guidelines = loadGuidelines();
  return {current: guidelines.at(-1)!.version, versions: guidelines, parts: loadParts()};
});

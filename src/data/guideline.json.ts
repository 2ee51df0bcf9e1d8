// Emits every guideline version and the training parts, validated. A broken authored file fails the build here.
import {loadGuidelines, loadParts} from "../../lib/load.js";

const guidelines = loadGuidelines();
process.stdout.write(JSON.stringify({current: guidelines.at(-1)!.version, versions: guidelines, parts: loadParts()}));

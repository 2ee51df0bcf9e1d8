// The case editor's schemas as one ES module: lib/authored/schemas/facts.ts (the item schema and each rule's facts,
// in zod/mini, as a version's logic declares them) bundled by esbuild, which keeps of zod/mini only what they use.
// Framework would bundle the `zod/mini` import whole (431 kB); the page imports this file attachment instead.
import {writeBrowserBundle} from "./browser-bundle.js";

await writeBrowserBundle(new URL("../../lib/authored/schemas/facts.ts", import.meta.url), "esm");

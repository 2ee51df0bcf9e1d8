/** `entry` bundled by esbuild for the browser as `format`, minified unless asked not to. */
export function browserBundle(entry: URL, format: "iife" | "esm", options?: {minify?: boolean}): Promise<string>;
/** The loader's output: `entry` bundled as `format`, minified, written to standard output. */
export function writeBrowserBundle(entry: URL, format: "iife" | "esm"): Promise<void>;

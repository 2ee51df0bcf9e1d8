// Mends two accessibility faults in Framework 1.13's page template, which has no option for either:
// the <html> element has no lang, and the viewport forbids zooming (maximum-scale=1).
// scripts/build.ts runs it on each new build before the build replaces dist/.
import {readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {fileURLToPath} from "node:url";

/** Marks every page under dist English and zoomable; returns how many pages. */
export function mendPages(dist: string): number {
  const pages = readdirSync(dist, {recursive: true, encoding: "utf8"}).filter((file) => file.endsWith(".html"));
  for (const page of pages) {
    const file = join(dist, page);
    const before = readFileSync(file, "utf8");
    const after = before.replace(/^<html>/m, '<html lang="en">').replace(', maximum-scale=1"', '"');
    if (!after.includes('<html lang="en">'))
      throw new Error(`postbuild: ${page} has no <html> element to mark as English`);
    writeFileSync(file, after);
  }
  return pages.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = mendPages(join(import.meta.dirname, "..", "dist"));
  console.log(`postbuild: ${pages} pages marked lang="en" and zoomable`);
}

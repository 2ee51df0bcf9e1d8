// The site's content is transcribed from the case study, word for word where it gives words. This test holds
// every quoted text, gloss and note against a copy of the source document (test/fixtures/seeds/case-study.txt).
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {loadItems} from "../../lib/load.js";

const seed = readFileSync(new URL("../fixtures/seeds/case-study.txt", import.meta.url), "utf8");
const items = loadItems();
const inSeed = (text: string): boolean => seed.includes(text.replace(/\s+/g, " ").trim()) || seed.includes(text.trim());

describe.each(items.map((item) => [item.id, item] as const))("%s", (_id, item) => {
  it("quotes its request and response exactly as the case study gives them", () => {
    const missing: string[] = [];
    for (const text of [item.request, item.response, ...item.turns]) {
      if (text.form !== "quoted") continue;
      // Bulleted responses are transcribed as "- " lines; the source shows the bullets without the marker.
      for (const line of text.text.split("\n").map((line) => line.replace(/^- /, "").trim()))
        if (line && !inSeed(line)) missing.push(line);
    }
    expect(missing).toEqual([]);
  });

  it("takes its glosses, notes and open question from the case study", () => {
    const texts = [
      item.request.gloss,
      item.response.gloss,
      item.openQuestion,
      item.teaches,
      ...item.notes.map((note) => note.text),
    ];
    // A note may start with a capital where the source runs it on after a colon ("The twist: if …").
    const missing = texts.filter(
      (text): text is string => !!text && !inSeed(text) && !inSeed(text[0]!.toLowerCase() + text.slice(1)),
    );
    expect(missing).toEqual([]);
  });
});

// A text's language (lib/authored/language.ts): a well-formed BCP 47 tag of a language, written as RFC 5646 §2.1.1
// writes its cases (language lowercase, script in title case, region uppercase), the rest refused with the fix.
// Expected values are RFC 5646's own examples and CLDR's English names; the item's check (item-checks.ts) reports the
// same words at the text's language.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {itemProblems} from "../../../lib/authored/item-checks.js";
import {parseItemFile} from "../../../lib/authored/item-file.js";
import {
  canonicalLanguage,
  knowLanguageNames,
  languageName,
  languageNames,
  languageProblem,
  textDirection,
} from "../../../lib/authored/language.js";
import {projectRoot} from "../../../lib/node/load.js";

describe("a language tag", () => {
  it("is any well-formed BCP 47 tag, written with RFC 5646's cases", () => {
    expect(canonicalLanguage("es")).toBe("es");
    expect(canonicalLanguage("es-419")).toBe("es-419");
    expect(canonicalLanguage("MN-cYRL-mn")).toBe("mn-Cyrl-MN");
    expect(canonicalLanguage("zh-hant-tw")).toBe("zh-Hant-TW");
    expect(canonicalLanguage("de-CH-1901")).toBe("de-CH-1901");
  });

  it("refuses what is no tag: an underscore, a lone letter, a trailing hyphen, nothing", () => {
    for (const tag of ["en_US", "a", "es-", "", "spanish language"]) expect(canonicalLanguage(tag)).toBeNull();
  });

  it("names the fix: a tag to write, or how to write this one", () => {
    expect(languageProblem("es")).toBeNull();
    expect(languageProblem("ES-mx")).toBe("write the language tag as es-MX");
    expect(languageProblem("en_US")).toBe("“en_US” is not a language tag: write one like en, es or pt-BR (BCP 47)");
  });

  it("refuses a well-formed tag that names no language, giving the tag where it is a language's English name", () => {
    // "spanish" and "German" are well-formed (a tag may start with five to eight letters), but BCP 47 registers no
    // language subtag of four letters or more. A name too long to be well-formed is told its tag too.
    expect(languageProblem("spanish")).toBe("“spanish” is a language's name, not its tag: write es for Spanish");
    expect(languageProblem("German")).toBe("“German” is a language's name, not its tag: write de for German");
    expect(languageProblem("portuguese")).toBe(
      "“portuguese” is a language's name, not its tag: write pt for Portuguese",
    );
    // A retired code is never the one offered: Yiddish is yi, not ji.
    expect(languageProblem("yiddish")).toBe("“yiddish” is a language's name, not its tag: write yi for Yiddish");
    expect(languageProblem("deutsch")).toBe("“deutsch” is not a language tag: write one like en, es or pt-BR (BCP 47)");
    expect(languageProblem("engl")).toBe("“engl” is not a language tag: write one like en, es or pt-BR (BCP 47)");
    // Decided by the tag's form, not by the names a runtime knows: Chromium has no English name for Tibetan (bo),
    // Navajo (nv) or private use (qaa), and each is a language's tag.
    for (const tag of ["fil", "yue", "bo", "nv", "qaa", "pt-BR", "de-CH-1901"]) expect(languageProblem(tag)).toBeNull();
  });

  it("is written right to left where its script is (Unicode's right-to-left scripts; CLDR's likely script)", () => {
    // Arabic, Persian, Urdu, Pashto: Arab; Hebrew, Yiddish: Hebr; Dhivehi: Thaa; Syriac: Syrc; N'Ko: Nkoo.
    for (const tag of [
      "ar",
      "ar-EG",
      "fa",
      "ur",
      "ur-Aran",
      "ps",
      "he",
      "yi",
      "dv",
      "syr",
      "nqo",
      "az-Arab",
      "pa-Arab",
    ])
      expect(textDirection(tag), tag).toBe("rtl");
    for (const tag of ["en", "es-MX", "sv", "zh-Hant-TW", "ja", "mn-Cyrl-MN", "az", "pa", "hi"])
      expect(textDirection(tag), tag).toBe("ltr");
    expect(textDirection("en_US")).toBe("ltr");
  });

  it("is named in English, by the tag where there is no name", () => {
    expect(languageName("es")).toBe("Spanish");
    expect(languageName("sv")).toBe("Swedish");
    expect(languageName("qaa")).toBe("qaa");
  });

  it("names the languages other than English among tags, and takes names worked out before as given", () => {
    expect(languageNames(["de", "en", "sv", "de"])).toEqual({de: "German", sv: "Swedish"});
    // A page's data brings the names worked out at build: the page names by them, asking the browser for none.
    knowLanguageNames({"x-known": "A language named in the data"});
    expect(languageName("x-known")).toBe("A language named in the data");
  });
});

describe("a case's texts", () => {
  const file = "data/items/example-2.md";
  const example2 = parseItemFile(readFileSync(join(projectRoot, file), "utf8"), file);

  it("may be in Spanish, and are refused in a tag that is not one or not written as Intl writes it", () => {
    const inSpanish = {...example2, request: {...example2.request, language: "es"}};
    expect(itemProblems(inSpanish)).toEqual([]);
    const broken = {
      ...example2,
      request: {...example2.request, language: "es_ES"},
      response: {...example2.response, language: "ES"},
    };
    expect(itemProblems(broken)).toEqual([
      {
        path: ["request", "language"],
        message: "“es_ES” is not a language tag: write one like en, es or pt-BR (BCP 47)",
      },
      {path: ["response", "language"], message: "write the language tag as es"},
    ]);
  });
});

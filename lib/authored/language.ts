// A text's language: a well-formed BCP 47 tag of a language, written the one way Intl writes it, so a page can mark it
// (`lang`).

/** "ES-mx" -> "es-MX"; null when it is no well-formed language tag. */
export function canonicalLanguage(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * As the fix; null when it is a well-formed tag of a language, written as Intl writes it. A tag may start with five
 * to eight letters, but no language subtag that long is registered: "spanish" is well-formed and names none. A
 * language's English name typed for its tag ("Spanish", "portuguese") is told the tag to write.
 */
export function languageProblem(tag: string): string | null {
  const canonical = canonicalLanguage(tag);
  const language = canonical?.split("-")[0] ?? "";
  if (canonical === null || language.length >= 4) {
    const named = /^[a-z]+$/i.test(tag) ? tagNamed(tag) : null;
    return named
      ? `“${tag}” is a language's name, not its tag: write ${named.tag} for ${named.name}`
      : `“${tag}” is not a language tag: write one like en, es or pt-BR (BCP 47)`;
  }
  return canonical === tag ? null : `write the language tag as ${canonical}`;
}

/** Each current two-letter tag by its English name, lower-cased: made at the first refused tag, then kept. */
let tagsByName: Map<string, {tag: string; name: string}> | undefined;

/**
 * The two-letter tag whose English name is `name` ("Spanish", any case), or null: asked only of a refused tag, where
 * the runtime's names of languages serve a suggestion, never the verdict. A retired code (ji for Yiddish) is passed.
 */
function tagNamed(name: string): {tag: string; name: string} | null {
  if (!tagsByName) {
    tagsByName = new Map();
    const names = new Intl.DisplayNames(["en"], {type: "language", fallback: "none"});
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const first of letters)
      for (const second of letters) {
        const tag = first + second;
        const found = names.of(tag);
        const key = found?.toLowerCase();
        if (found && key && !tagsByName.has(key) && canonicalLanguage(tag) === tag)
          tagsByName.set(key, {tag, name: found});
      }
  }
  return tagsByName.get(name.toLowerCase()) ?? null;
}

/** The scripts written right to left (Unicode's list of them), by their ISO 15924 codes. */
const rightToLeft = new Set(
  (
    "Adlm Aran Arab Armi Avst Chrs Cprt Elym Gara Hatr Hebr Hung Khar Lydi Mand Mani Mend Merc Mero Narb Nbat Nkoo " +
    "Orkh Ougr Palm Phli Phlp Phnx Prti Rohg Samr Sarb Sogd Sogo Syrc Syre Syrj Syrn Thaa Yezi"
  ).split(" "),
);

/**
 * The direction a text in this language is written in, from the script its tag names or most likely implies
 * (ar, he, fa, ur-PK, dv: right to left; az-Arab too, though Azerbaijani is mostly written left to right).
 */
export function textDirection(tag: string): "ltr" | "rtl" {
  let direction = directions.get(tag);
  if (direction) return direction;
  try {
    const script = new Intl.Locale(tag).maximize().script;
    direction = script && rightToLeft.has(script) ? "rtl" : "ltr";
  } catch {
    direction = "ltr";
  }
  directions.set(tag, direction);
  return direction;
}
/** The `dir` a text in this language is marked with: "rtl", or none (the page's own, left to right). */
export const dirOf = (tag: string): "rtl" | null => (textDirection(tag) === "rtl" ? "rtl" : null);

/** Each tag's direction worked out so far: a page draws its texts again at every change. */
const directions = new Map<string, "ltr" | "rtl">([["en", "ltr"]]);

/** Each tag named so far, and the names a page's data brings (worked out at build: knowLanguageNames). */
const named = new Map<string, string>();

/** A language's name in English, "Spanish" for es, "Mexican Spanish" for es-MX; the tag itself where the browser has
 *  no name for it. Asked once per tag: the first Intl.DisplayNames in a page loads the browser's names of languages,
 *  tens of milliseconds on a slow phone. */
export function languageName(tag: string): string {
  const known = named.get(tag);
  if (known !== undefined) return known;
  let name = tag;
  try {
    const found = new Intl.DisplayNames(["en"], {type: "language"}).of(tag);
    if (found && found !== tag) name = found;
  } catch {
    // no well-formed tag: named by itself
  }
  named.set(tag, name);
  return name;
}

/** Takes names worked out before (by languageNames, at build, into a page's data), so a page that shows them need not
 *  load the browser's names of languages before its first item. */
export function knowLanguageNames(names: Readonly<Record<string, string>>): void {
  for (const [tag, name] of Object.entries(names)) named.set(tag, name);
}

/** The names of the languages other than English among these texts' tags, by tag. */
export function languageNames(tags: Iterable<string>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const tag of tags) if (tag !== "en") names[tag] = languageName(tag);
  return names;
}

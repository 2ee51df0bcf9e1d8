// A text's language: any well-formed BCP 47 tag, written the one way Intl writes it, so a page can mark it (`lang`).

/** "ES-mx" -> "es-MX"; null when it is no well-formed language tag. */
export function canonicalLanguage(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * As the fix; null when it is well-formed, names a language Intl knows and is written as Intl writes it. A language's
 * name ("spanish") is well-formed, a tag of five to eight letters, but names no language: the fix gives its tag.
 */
export function languageProblem(tag: string): string | null {
  const canonical = canonicalLanguage(tag);
  if (canonical === null) return `“${tag}” is not a language tag: write one like en, es or pt-BR (BCP 47)`;
  if (!knownLanguage(canonical)) {
    const named = tagNamed(tag);
    return named
      ? `“${tag}” is a language's name, not its tag: write ${named.tag} for ${named.name}`
      : `“${tag}” names no language: write a tag like en, es or pt-BR (BCP 47)`;
  }
  return canonical === tag ? null : `write the language tag as ${canonical}`;
}

/** Whether the language a well-formed tag starts with has a name in Intl (es, fil, yue; not "spanish" or "qaa"). */
function knownLanguage(canonical: string): boolean {
  try {
    const {language} = new Intl.Locale(canonical);
    return new Intl.DisplayNames(["en"], {type: "language", fallback: "none"}).of(language) !== undefined;
  } catch {
    return false;
  }
}

/** The two-letter tag whose English name is `name` ("Spanish", any case), or null: asked only of a refused tag. */
function tagNamed(name: string): {tag: string; name: string} | null {
  const names = new Intl.DisplayNames(["en"], {type: "language", fallback: "none"});
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (const first of letters)
    for (const second of letters) {
      const found = names.of(first + second);
      if (found?.toLowerCase() === name.toLowerCase()) return {tag: first + second, name: found};
    }
  return null;
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

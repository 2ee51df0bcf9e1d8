// A text's language: any well-formed BCP 47 tag, written the one way Intl writes it ("es-MX", "zh-Hant-TW"), so a
// page can mark the text with it (`lang`) and name it. Browser-safe: the item schema, the case editor and the pages
// share it.

/** The tag as Intl writes it ("ES-mx" -> "es-MX"), or null when it is no well-formed language tag. */
export function canonicalLanguage(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** What is wrong with a language tag in a case file, as the fix, or null when it is well-formed and written as Intl
 *  writes it. */
export function languageProblem(tag: string): string | null {
  const canonical = canonicalLanguage(tag);
  if (canonical === null) return `“${tag}” is not a language tag: write one like en, es or pt-BR (BCP 47)`;
  return canonical === tag ? null : `write the language tag as ${canonical}`;
}

/** A language's name in English, "Spanish" for es, "Mexican Spanish" for es-MX; the tag itself where the browser has
 *  no name for it. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], {type: "language"}).of(tag);
    return name && name !== tag ? name : tag;
  } catch {
    return tag;
  }
}

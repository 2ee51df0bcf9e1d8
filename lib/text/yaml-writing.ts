// How the project writes YAML (a case's front matter, a new guideline version): at most 120 columns, as the files are
// written by hand, and flow lists and maps with no spaces inside their brackets (`[a, b]`, `{a: 1}`).
export const yamlWriting = {lineWidth: 120, flowCollectionPadding: false} as const;

// Which parts of a guideline version the site had to write because the case study does not give them, gathered so a
// page can mark each one and give the reason once.
import type {Guideline, Reconstructed} from "./schemas/guideline.js";

export interface ReconstructedPart {
  /** A rule's title ("Style and register"), "Rubric row 3", ... */
  part: string;
  /** "rule:style-register", "rubric:3", "notApplicable". */
  key: string;
  fields: string[];
  because: string;
}

/** Numbered in the order the parts appear. */
export interface ReconstructionNote {
  number: number;
  because: string;
  parts: ReconstructedPart[];
}

const versionWide = [
  ["notRated", "What is not rated"],
  ["steps", "The step titles"],
  ["notApplicable", "The not-applicable sentence"],
] as const;

/** In reading order: version-wide texts, the rules, the rubric. */
export function reconstructedParts(guideline: Guideline): ReconstructedPart[] {
  const parts: ReconstructedPart[] = [];
  const wide: Partial<Record<(typeof versionWide)[number][0], Reconstructed>> = guideline.reconstructed ?? {};
  for (const [field, part] of versionWide) {
    const marker = wide[field];
    if (marker && field !== "notApplicable") parts.push({part, key: field, fields: [field], because: marker.because});
  }
  for (const rule of guideline.rules)
    if (rule.reconstructed)
      parts.push({
        part: rule.title,
        key: `rule:${rule.id}`,
        fields: rule.reconstructed.fields ?? ["title", "text"],
        because: rule.reconstructed.because,
      });
  for (const level of guideline.rubric)
    if (level.reconstructed)
      parts.push({
        part: `Rubric row ${level.score}`,
        key: `rubric:${level.score}`,
        fields: level.reconstructed.fields ?? ["meaning", "checklist"],
        because: level.reconstructed.because,
      });
  // The not-applicable sentence is the rubric's caption: it reads after the rows.
  if (wide.notApplicable)
    parts.push({
      part: "The not-applicable sentence",
      key: "notApplicable",
      fields: ["notApplicable"],
      because: wide.notApplicable.because,
    });
  return parts;
}

/** The reasons, each once, with the parts it covers; a part's note is the one whose reason it gives. */
export function reconstructionNotes(guideline: Guideline): ReconstructionNote[] {
  const notes: ReconstructionNote[] = [];
  for (const part of reconstructedParts(guideline)) {
    const note = notes.find((candidate) => candidate.because === part.because);
    if (note) note.parts.push(part);
    else notes.push({number: notes.length + 1, because: part.because, parts: [part]});
  }
  return notes;
}

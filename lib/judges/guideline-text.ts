// A guideline version as plain text for a judge's prompt: the words a trainee reads on /guideline, each rule after
// its id in brackets so the judge can name it. Nothing the page does not show (no parameters).
import type {Guideline, GuidelineRule} from "../authored/schemas/guideline.js";
import {unwrittenLead} from "../engine/labels.js";

const ruleLine = (rule: Pick<GuidelineRule, "id" | "title" | "text">) => `- [${rule.id}] ${rule.title}. ${rule.text}`;

/** The guideline as the judge reads it. */
export function guidelineText(guideline: Guideline): string {
  const sections: string[] = [];
  const rulesOf = (step: number) => guideline.rules.filter((rule) => rule.step === step).map(ruleLine);
  if (guideline.notRated) {
    // The page shows the opening's own text under its title; its rule (step 0) is the id a line cites.
    const [opening] = guideline.rules.filter((rule) => rule.step === 0);
    const id = opening ? `[${opening.id}] ` : "";
    sections.push(`## ${guideline.notRated.title}\n\n${id}${guideline.notRated.text}`);
  }
  const [step1, step2, step3] = guideline.steps;
  sections.push(`## Step 1: ${step1!.title}\n\n${rulesOf(1).join("\n")}`);
  sections.push(`## Step 2: ${step2!.title}\n\n${rulesOf(2).join("\n")}`);
  const rubric = guideline.rubric.map((level) => `| ${level.score} | ${level.meaning} | ${level.checklist} |`);
  sections.push(
    `## Step 3: ${step3!.title}\n\n| Score | Meaning | Checklist result |\n|---|---|---|\n${rubric.join("\n")}\n\n` +
      guideline.notApplicable,
  );
  const unwritten = guideline.unwrittenRules ?? [];
  if (unwritten.length)
    // The page shows these too, in these words: the author scored with them though the version does not state them.
    sections.push(
      "## Applied but not written\n\nThe author scored with this rule, but this version of the guideline does not " +
        "state it, so a trainee has no rule to cite for the lines it decides.\n\n" +
        unwritten.map((rule) => `- [${rule.id}] ${unwrittenLead}${rule.text}`).join("\n"),
    );
  return `${sections.join("\n\n")}\n`;
}

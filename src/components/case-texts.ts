// The case's two texts in the case editor: the request and the response as pasted, the language of each and an
// optional English gloss, and the conversation's earlier turns (case-turns.ts). A controller: its fields are built
// once and only brought up to date with each new case, so the one being typed in keeps its caret.
import {el} from "./dom.js";
import {choiceOf, fieldId, labelled} from "./case-field.js";
import {caseTurns, type TurnEdit} from "./case-turns.js";

const texts = ["request", "response"] as const;

export interface CaseTexts {
  node: HTMLElement;
  update(record: Record<string, unknown>, problems: ReadonlyMap<string, string>): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A language's name in English beside its code: "German (de)". */
const languageName = (code: string): string => {
  try {
    return `${new Intl.DisplayNames(["en"], {type: "language"}).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
};

export function caseTexts({languages, onEdit}: {languages: readonly string[]; onEdit: TurnEdit}): CaseTexts {
  const parts = texts.map((which) => {
    const title = which === "request" ? "Request" : "Response";
    const body = el("textarea", {"id": fieldId(`${which}.text`), "rows": 6, "data-edit": "text", "data-which": which});
    const language = choiceOf(
      languages.map((code) => [code, languageName(code)] as const),
      {id: fieldId(`${which}.language`), value: "en", edit: {"data-edit": "language", "data-which": which}},
    );
    const gloss = el("textarea", {
      "id": fieldId(`${which}.gloss`),
      "rows": 2,
      "data-edit": "gloss",
      "data-which": which,
    });
    const bodyError = el("p", {class: "field-error", id: `${fieldId(`${which}.text`)}-error`, hidden: true});
    const described = el(
      "p",
      {class: "muted", hidden: true},
      `The case study only describes this ${which}: it is not quoted.`,
    );
    const node = el(
      "div",
      {class: "case-editor-text"},
      el("label", {for: body.id, class: "case-text-label"}, title),
      described,
      body,
      bodyError,
      el(
        "div",
        {class: "case-text-extra"},
        labelled(`Language of the ${which}`, {id: language.id, control: language}),
        labelled(`English gloss of the ${which} (optional)`, {
          id: gloss.id,
          control: gloss,
          hint: "Where the text is not in English: what it says, for a reader who does not read it.",
        }),
      ),
    );
    return {which, node, body, language, gloss, bodyError, described};
  });
  const turns = caseTurns({onEdit});

  const update: CaseTexts["update"] = (record, problems) => {
    for (const part of parts) {
      const holder = isRecord(record[part.which]) ? (record[part.which] as Record<string, unknown>) : {};
      // Written only when it differs: a field set to its own value would lose its caret.
      if (part.body.value !== text(holder.text)) part.body.value = text(holder.text);
      if (part.gloss.value !== text(holder.gloss)) part.gloss.value = text(holder.gloss);
      part.language.value = text(holder.language) || "en";
      part.described.hidden = holder.form !== "described";
      const error = problems.get(`${part.which}.text`) ?? null;
      part.bodyError.hidden = error === null;
      part.bodyError.textContent = error ?? "";
      if (error) {
        part.body.setAttribute("aria-invalid", "true");
        part.body.setAttribute("aria-describedby", part.bodyError.id);
      } else {
        part.body.removeAttribute("aria-invalid");
        part.body.removeAttribute("aria-describedby");
      }
    }
    turns.update(record, problems);
  };

  const node = el(
    "section",
    {"class": "case-texts", "aria-labelledby": "case-texts-title"},
    el("h2", {id: "case-texts-title"}, "The request and the response"),
    turns.node,
    parts.map((part) => part.node),
  );
  return {node, update};
}

// The case's two texts in the case editor: the request and the response as pasted, the language of each and an
// optional English gloss, and the conversation's earlier turns (case-turns.ts). A controller: its fields are built
// once and only brought up to date with each new case, so the one being typed in keeps its caret.
import {languageName} from "../lib/authored/language.js";
import {el} from "./dom.js";
import {fieldId, labelled} from "./case-field.js";
import {caseTurns, type TurnEdit} from "./case-turns.js";

const texts = ["request", "response"] as const;

export interface CaseTexts {
  node: HTMLElement;
  update(record: Record<string, unknown>, problems: ReadonlyMap<string, string>): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** What the language field says under it: the tag's language by name, or the problem with the tag. */
const languageHint = (tag: string, problem: string | null): string =>
  problem ?? `${languageName(tag)}. Any language tag: en, es, pt-BR…`;

export function caseTexts({languages, onEdit}: {languages: readonly string[]; onEdit: TurnEdit}): CaseTexts {
  const parts = texts.map((which) => {
    const title = which === "request" ? "Request" : "Response";
    const body = el("textarea", {"id": fieldId(`${which}.text`), "rows": 6, "data-edit": "text", "data-which": which});
    const language = el("input", {
      "id": fieldId(`${which}.language`),
      "type": "text",
      "value": "en",
      "list": "case-languages",
      "autocomplete": "off",
      "spellcheck": "false",
      "data-edit": "language",
      "data-which": which,
    });
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
        labelled(`Language of the ${which}`, {id: language.id, control: language, hint: languageHint("en", null)}),
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
      const tag = text(holder.language) || "en";
      if (part.language.value !== tag) part.language.value = tag;
      // The text is marked with its language, as on the trainee's pages, once the tag is one.
      const problem = problems.get(`${part.which}.language`) ?? null;
      part.body.lang = problem ? "" : tag;
      part.language.toggleAttribute("aria-invalid", problem !== null);
      const hint = part.node.querySelector(`#${part.language.id}-hint`);
      if (hint) {
        hint.textContent = languageHint(tag, problem);
        hint.classList.toggle("field-error", problem !== null);
      }
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
    el(
      "datalist",
      {id: "case-languages"},
      languages.map((tag) => el("option", {value: tag}, languageName(tag))),
    ),
  );
  return {node, update};
}

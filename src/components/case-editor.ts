// The case editor (/authors/case): an author pastes a request and a response, marks the instructions, chooses each
// line's rule and facts, and sees at once what the engine derives under the current guideline and the /authors
// candidate; then downloads the case as data/items/<id>.md. The case is a record changed only through
// lib/authoring/case-editor.ts, seen through editorView and saved as typed (lib/authoring/case-draft-store.ts). This
// puts the parts on the page, listens once for every edit and every button, and patches the rest. Its parts follow,
// each under a comment of its own: the earlier turns, the two texts, a checklist line, the derivation, the likely wrong
// scores, the case's fields, the parts patched in place, a line's fact form, the buttons, the edits, the marking, the
// start, and what every part shares.
import {logicRule, quotedSpan, ruleSentence} from "../lib/trainee/rule-sentence.js";
import {
  addLine,
  blankCase,
  caseFromFile,
  linesOf,
  ruleSetsFromQuery,
  setId,
  setLineField,
  type CaseRecord,
  type EditorContext,
  type EditorView,
  type LineReading,
  type LineView,
  type CaseDerivation,
  caseFileName,
  nextFreeOrder,
  addNote,
  caseFileText,
  moveLine,
  removeLine,
  removeNote,
  syncRulings,
  setCompare,
  setField,
  setFact,
  setGloss,
  setLanguage,
  setMainLine,
  setNote,
  setRule,
  setSet,
  setText,
  toggleFlag,
  type TextName,
  markedWords,
} from "../lib/authoring/case-editor.js";
import type {CaseEditorData} from "../lib/authoring/case-editor-data.node.js";
import {factFields, type FactField, factInputText, readFactInput} from "../lib/authoring/fact-fields.js";
import {openCaseDraftStore, replacedUnsavedWords} from "../lib/authoring/case-draft-store.js";
import {draftNoticeWords, yesNoLabels} from "../lib/authoring/case-words.js";
import {viewKeeper} from "../lib/authoring/case-view-keeper.js";
import {whenIdle} from "../lib/site/schedule.js";
import {becameWords, loadedWords} from "../lib/authoring/new-case.js";
import {isRecord} from "../lib/authoring/case-record.js";
import {
  markableTexts,
  addTurn,
  moveTurn,
  removeTurn,
  setTurnField,
  turnsOf,
  type TurnRole,
  type MarkableText,
} from "../lib/authoring/case-turns.js";
import {quotesOf, locate} from "../lib/authored/quote.js";
import {pageStorage, type KeyValueStorage} from "../lib/trainee/set-aside.js";
import {el, type Child} from "./dom.js";
import {handoffWords, takeHandoff} from "../lib/authoring/case-handoff.js";
import {languageName} from "../lib/authored/language.js";
import type {GuidelineRule} from "../lib/authored/schemas/guideline.js";
import type {LogicRule} from "../lib/authored/schemas/logic.js";
import {ruleHref, itemLabel} from "../lib/site/links.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {type Problem, AuthoredFileError, formatProblem} from "../lib/authored/problems.js";
import {problemInWords} from "../lib/authored/problem-words.js";
import type {JsonSchema} from "../lib/authoring/fact-fields.js";
import type {CaseSchemas, ItemSchema} from "../lib/authored/schemas/facts.js";
import type {CaseSet, ChecklistRuleId, Flag} from "../lib/authored/schemas/item.js";
import {keptParts} from "./live.js";
import {download} from "./download.js";
import type {PlacedCase} from "../lib/authoring/case-places.js";
import {pendingPrompt, pressWord, type MarkIn, type Pending} from "../lib/trainee/draft.js";
import type {TraineeLine} from "../lib/trainee/progress.js";
import {MarkSurface} from "./step-one-marking.js";
import {byteLimit, decodeAuthoredFile, tooLarge} from "../lib/authored/limits.js";
import {formatBytes} from "../lib/text/format.js";

export function CaseEditor(
  data: CaseEditorData & {schemas: CaseSchemas},
  {location = window.location, storage = pageStorage()}: {location?: Location; storage?: KeyValueStorage | null} = {},
): HTMLElement {
  const current = data.versions.at(-1)!;
  const address = ruleSetsFromQuery(location.search, data.versions, data.domains);
  const context: EditorContext = {
    schemas: data.schemas,
    current: address.current,
    candidate: address.candidate,
    knownIds: data.cases.map((entry) => entry.id),
    cases: data.cases,
    pools: data.pools,
  };
  const fieldsByRule = new Map<string, FactField[]>();
  const fieldsOf = (rule: string): FactField[] => {
    const schema = Object.hasOwn(data.factSchemas, rule)
      ? data.factSchemas[rule as keyof typeof data.factSchemas]
      : null;
    if (!fieldsByRule.has(rule)) fieldsByRule.set(rule, schema ? factFields(schema) : []);
    return fieldsByRule.get(rule)!;
  };

  const store = openCaseDraftStore(storage, data.schemas);
  let record: CaseRecord = store.saved() ?? blankCase({cases: data.cases});
  let loaded = record; // The case as loaded, or as the page opened: id edits are decided from it (setId).
  // Each edit's view at once; the file read back as guideline:check reads it when idle, or before an action needs it.
  const views = viewKeeper(record, context, {
    idle: (work) => whenIdle(work, readBackWithinMs),
    onFull: (full) => ((view = full), render()),
  });
  let view: EditorView = views.full();
  let addingTo: number | null = null;
  const refused = new Map<string, RefusedInput>();
  // A problem shows at its control once the author has edited it, or everywhere once a download found problems.
  const touched = new Set<string>();
  let showAll = false;
  const shows = (field: string) => showAll || enclosingFields(field).some((at) => touched.has(fieldId(at)));

  const start = caseStart(data.cases, {
    setLabels: data.setLabels,
    onLoad: (id) => {
      const found = data.cases.find((entry) => entry.id === id);
      const next = found
        ? caseFromFile(found.text, `${found.id}.md`, data.schemas.item).record
        : blankCase({cases: data.cases});
      if (next) replaceWith(next, found ? loadedWords(next, context.knownIds) : "A blank case.");
    },
    onUpload: (file) =>
      void readUpload(file, data.schemas.item).then((read) => {
        if (read.record) replaceWith(read.record, `Read ${file.name}.`);
        else
          start.show({
            said: `${file.name} was not loaded: your draft is as it was.`,
            problems: read.problems,
            canUndo: store.replaced() !== null,
          });
      }),
    // Undo swaps: the draft it takes away is set aside in turn, so a second Undo comes back to it.
    onUndo: () => {
      const back = store.replaced();
      if (back) replaceWith(back, "The draft before is back. Undo again returns to the one you left.");
    },
  });
  const texts = caseTexts({
    languages: data.languages,
    onEdit: (change, structural) => commit(change(record), {structural}),
  });
  const marking = caseMarking({
    onStretch: (words, quoteIn) => {
      if (addingTo === null) {
        const added = addLine(record, {role: "instruction", quote: words, text: words});
        const at = linesOf(added).length - 1;
        return commit(quoteIn === "request" ? added : setLineField(added, at, "quoteIn", quoteIn));
      }
      const to = addingTo;
      const quotes = [...quotesOf(linesOf(record)[to]?.quote as string | string[] | undefined), words];
      addingTo = null;
      commit(setLineField(record, to, "quote", quotes.length === 1 ? quotes[0] : quotes));
    },
    onFreeLine: (text, why) => commit(addLine(record, {role: "instruction", text, ...(why ? {unquoted: why} : {})})),
  });
  const parts = caseParts({
    data,
    rules: Object.keys(data.factSchemas).map((id) => ({
      id,
      rule: current.rules.find((rule) => rule.id === id) ?? null,
      logic: logicRule(current.logic, id) ?? null,
    })),
    fieldsOf,
    current: current.version,
    candidate: address.described,
    authorsHref: `../authors${location.search}`,
    has: (id) => root.querySelector(`#${CSS.escape(id)}`) !== null,
  });
  const notice = el("p", {class: "preview-notice case-notice", role: "alert"});
  const work = el("div", {class: "case-work"}, start.node, texts.node, marking.node, parts.checklist, parts.work);
  const root = el(
    "div",
    {class: "case-editor"},
    address.error
      ? el(
          "p",
          {class: "preview-notice", role: "alert"},
          `The address's candidate could not be read (${address.error}): none is shown.`,
        )
      : null,
    notice,
    el("div", {class: "case-layout"}, work, parts.side),
  );

  function render(): void {
    const request = isRecord(record.request) ? record.request : {};
    texts.update(record, shownProblems(view.problems, shows));
    marking.update({
      texts: markableTexts(record),
      described: request.form === "described",
      lines: linesOf(record),
      addingTo,
    });
    parts.update({record, view, addingTo, refused, shows});
    const said = store.notice();
    notice.hidden = said === null;
    notice.textContent = said ? draftNoticeWords(said) : "";
  }

  function commit(next: CaseRecord, {structural = false}: {structural?: boolean} = {}): void {
    // Lines moved or removed: what was typed and refused belonged to lines at other places.
    if (structural) refused.clear();
    if (next === record) return;
    record = next;
    view = views.show(record);
    store.save(record);
    render();
  }

  /** Loads another case (or Undo's); the draft it replaces is kept aside, one Undo away, even after a reload. */
  function replaceWith(next: CaseRecord, said: string): void {
    const kept = store.setAsideReplaced(record) || store.notice()?.kind === "memory";
    loaded = next;
    addingTo = null;
    touched.clear();
    showAll = false;
    commit(next, {structural: true});
    start.show({said: kept ? said : `${said} ${replacedUnsavedWords}`, canUndo: true});
  }

  const onControl = (event: Event) => {
    const control = event.target as HTMLElement;
    if (!control.dataset?.edit) return;
    // A text field edits as it is typed; a select or a checkbox when it changes.
    const typed =
      control instanceof HTMLTextAreaElement ||
      (control instanceof HTMLInputElement && /^(text|number)$/.test(control.type));
    if ((event.type === "input") !== typed) return;
    if (control.dataset.edit === "field" && control.dataset.name === "id") return changeId(control as HTMLInputElement);
    const edit = controlEdit(control, record, fieldsOf, data.cases);
    if (edit.kind === "none") return;
    touched.add(edit.control);
    if (edit.kind === "refused") refused.set(edit.control, {raw: edit.raw, message: edit.message});
    else refused.delete(edit.control);
    if (edit.kind === "record" && edit.record !== record) commit(edit.record);
    else render();
  };
  /** A new id, decided from the case as loaded; when it changes the case's origin, the page says so. */
  const changeId = (control: HTMLInputElement) => {
    touched.add(control.id);
    const changed = setId(record, control.value, {loaded, cases: data.cases});
    commit(changed.record);
    const said = becameWords(String(loaded.id), changed);
    if (said) start.show({said, canUndo: store.replaced() !== null});
  };
  root.addEventListener("input", onControl);
  root.addEventListener("change", onControl);
  root.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-action]");
    if (!button || !root.contains(button)) return;
    runAction(
      button,
      {
        root,
        record: () => record,
        view: () => (view = views.full()),
        commit,
        waitForStretch: (line) => {
          addingTo = addingTo === line ? null : line;
          render();
          if (addingTo !== null) marking.focus();
        },
        showEveryProblem: () => {
          showAll = true;
          render();
        },
      },
      event,
    );
  });

  render();
  const handed = takeHandoff(location, data.cases, (address) => window.history.replaceState(null, "", address));
  const kept = store.replaced() !== null;
  const back = `Your draft from before is back.${kept ? " Undo brings back the draft your last Load replaced." : ""}`;
  if (handed) replaceWith(handed, handoffWords);
  else start.show({said: store.saved() ? back : "", canUndo: kept});
  return root;
}

// The file read back waits for idle time, but no longer than this: the problems list catches up within a blink.
const readBackWithinMs = 300;

// The conversation's earlier turns in the case editor: each turn's speaker and words, which the author adds, edits,
// moves and removes (every change one of lib/authoring/case-turns.ts). A turn of the user's can then be marked in,
// like the request, for a standing instruction. A controller: the list is rebuilt only when its turns change in
// number, order, speaker or form, so a turn being typed in keeps its caret.
export interface CaseTurns {
  node: HTMLElement;
  update(record: CaseRecord, problems: ReadonlyMap<string, string>): void;
}

/** An edit of the turns: a change of the case, and whether it moved or removed a turn (true) or typed in one. */
export type TurnEdit = (change: (record: CaseRecord) => CaseRecord, structural: boolean) => void;

const speakers: Record<TurnRole, string> = {user: "The user", assistant: "The assistant"};
const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function caseTurns({onEdit}: {onEdit: TurnEdit}): CaseTurns {
  const list = el("ol", {class: "case-turn-list"});
  const addButton = (role: TurnRole, label: string) =>
    el("button", {"type": "button", "class": "button secondary", "data-turn-action": "add", "data-role": role}, label);
  let shape = "";
  let count = 0;

  const turnNode = (turn: Record<string, unknown>, at: number) => {
    const id = (name: string) => fieldId(`turns[${at}].${name}`);
    const number = typeof turn.turn === "number" ? `Turn ${turn.turn}` : `Earlier turn ${at + 1}`;
    const role = el(
      "select",
      {"id": id("role"), "data-turn": at, "data-turn-edit": "role"},
      (["user", "assistant"] as const).map((value) =>
        el("option", {value, selected: turn.role === value}, speakers[value]),
      ),
    );
    const words = el("textarea", {"id": id("text"), "rows": 3, "data-turn": at, "data-turn-edit": "text"});
    words.value = text(turn.text);
    const move = (action: string, label: string, disabled: boolean) =>
      el(
        "button",
        {"type": "button", "class": "button secondary", "data-turn-action": action, "data-turn": at, disabled},
        label,
      );
    return el(
      "li",
      {class: "case-turn", id: fieldId(`turns[${at}]`), tabindex: -1},
      el(
        "div",
        {class: "case-turn-head"},
        labelled(`${number}: who speaks`, {id: role.id, control: role}),
        el(
          "div",
          {class: "case-turn-moves"},
          move("up", `Move turn ${at + 1} up`, at === 0),
          move("down", `Move turn ${at + 1} down`, at === count - 1),
          move("remove", `Remove turn ${at + 1}`, false),
        ),
      ),
      labelled(`${number}: the words`, {
        id: words.id,
        control: words,
        hint:
          turn.form === "described"
            ? "The case study only describes this turn: it is not quoted."
            : "Exactly as said; a standing instruction in a turn of the user's can be marked below.",
      }),
      el("p", {class: "field-error", id: `${words.id}-error`, hidden: true}),
    );
  };

  const update: CaseTurns["update"] = (record, problems) => {
    const turns = turnsOf(record);
    count = turns.length;
    const next = JSON.stringify(turns.map(({role, turn, form}) => [role, turn, form]));
    if (next !== shape) {
      shape = next;
      // The focused control is found again by its id in the rebuilt list.
      const focused = list.contains(document.activeElement) ? document.activeElement?.id : undefined;
      list.replaceChildren(...turns.map(turnNode));
      if (focused) list.querySelector<HTMLElement>(`#${CSS.escape(focused)}`)?.focus();
    }
    turns.forEach((turn, at) => {
      const words = list.querySelector<HTMLTextAreaElement>(`#${fieldId(`turns[${at}].text`)}`);
      if (!words) return;
      if (words.value !== text(turn.text)) words.value = text(turn.text);
      const error = problems.get(`turns[${at}].text`) ?? null;
      const shown = list.querySelector<HTMLElement>(`#${words.id}-error`);
      if (shown) {
        shown.hidden = error === null;
        shown.textContent = error ?? "";
      }
      if (error) words.setAttribute("aria-invalid", "true");
      else words.removeAttribute("aria-invalid");
    });
  };

  const node = el(
    "div",
    {class: "case-turns", id: fieldId("turns"), tabindex: -1},
    el("h3", {}, "Earlier turns of the conversation"),
    el("p", {class: "muted"}, "Only for a request that comes later in a conversation: the turns before it, in order."),
    list,
    el(
      "div",
      {class: "case-turn-add"},
      addButton("user", "+ A turn of the user's"),
      addButton("assistant", "+ An answer of the assistant's"),
    ),
  );

  const onInput = (event: Event) => {
    const control = event.target as HTMLElement;
    const at = Number(control.dataset.turn);
    const edit = control.dataset.turnEdit;
    if (edit === "text" && event.type === "input")
      onEdit((record) => setTurnField(record, at, "text", (control as HTMLTextAreaElement).value), false);
    if (edit === "role" && event.type === "change")
      onEdit((record) => setTurnField(record, at, "role", (control as HTMLSelectElement).value), false);
  };
  node.addEventListener("input", onInput);
  node.addEventListener("change", onInput);
  node.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-turn-action]");
    if (!button) return;
    const at = Number(button.dataset.turn);
    const focus = (id: string) => node.querySelector<HTMLElement>(`#${CSS.escape(id)}`)?.focus();
    switch (button.dataset.turnAction) {
      case "add":
        onEdit((record) => addTurn(record, button.dataset.role as TurnRole), true);
        return focus(fieldId(`turns[${count - 1}].text`));
      case "up":
      case "down": {
        const to = at + (button.dataset.turnAction === "up" ? -1 : 1);
        onEdit((record) => moveTurn(record, at, to), true);
        // The keyboard stays with the turn it moved.
        const same = node.querySelector<HTMLButtonElement>(
          `[data-turn-action="${button.dataset.turnAction}"][data-turn="${to}"]`,
        );
        return same && !same.disabled ? same.focus() : focus(fieldId(`turns[${to}]`));
      }
      case "remove":
        onEdit((record) => removeTurn(record, at), true);
        return count ? focus(fieldId(`turns[${Math.min(at, count - 1)}]`)) : focus(fieldId("turns"));
    }
  });
  return {node, update};
}

// The case's two texts in the case editor: the request and the response as pasted, the language of each and an optional
// English gloss, and the conversation's earlier turns (lib/authoring/case-turns.ts). A controller: its fields are built
// once and only brought up to date with each new case, so the one being typed in keeps its caret.
const texts = ["request", "response"] as const;

export interface CaseTexts {
  node: HTMLElement;
  update(record: Record<string, unknown>, problems: ReadonlyMap<string, string>): void;
}

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

// One checklist line in the case editor: what it says and quotes, its role, the rule that decides it with the fact
// form that rule's schema makes, beside the rule's text from the current guideline, and the verdict the engine derives
// from those facts under the current guideline and the /authors candidate. Built whole from the line and its view and
// patched into the page (src/components/live.ts), so the control in use keeps its focus; its controls carry data-*
// attributes the editor's one listener reads (its edits, below).
/** A link from this page, one folder down (/authors/case), to a rule on the guideline page. */
export const ruleLink = (id: string): string => `.${ruleHref(id)}`;

const roleLabels: [string, string][] = [
  ["main", "The main task"],
  ["instruction", "An instruction"],
  ["candidate", "A candidate: not an instruction"],
];

/** A line of the case, where it stands among the others, and what the editor's view says of it. */
export interface CaseLineData {
  line: Record<string, unknown>;
  index: number;
  count: number;
  view: LineView | undefined;
  /** The rules a line may cite, from the current guideline (a rule it does not state shows by id). */
  rules: readonly {id: string; rule: GuidelineRule | null; logic: LogicRule | null}[];
  /** The fact fields of the line's rule. */
  fields: readonly FactField[];
}

export interface CaseLineOptions {
  /** The candidate in words ("v1 with counting = most-missed"), or null when there is none. */
  candidate: string | null;
  current: string;
  refused: ReadonlyMap<string, RefusedInput>;
  /** Whether the request is quoted text the author can mark: a line may then take another stretch of it. */
  markable: boolean;
  /** The line waiting for a stretch to add to its quote, if any. */
  addingTo: number | null;
  /** The case's problems that show at their controls, by field. */
  problems: ReadonlyMap<string, string>;
}

/** A line's verdict as one rule set derives it. */
function Verdict(reading: LineReading | null, {under}: {under?: string} = {}): HTMLElement {
  const said = !reading
    ? "none yet"
    : reading.verdict
      ? verdictLabels[reading.verdict]
      : `open: ${reading.verdicts.map((verdict) => verdictLabels[verdict]).join(" or ")}`;
  return el(
    "p",
    {class: "case-line-verdict"},
    `${under}: `,
    // The rule's sentence that decided it is in bold in the rule's text below: no clause token here.
    el("strong", {}, said),
  );
}

/** The rule's text with the sentence that decides this line in bold. */
function RuleText(
  rule: GuidelineRule,
  logic: LogicRule | null,
  {clause, facts}: {clause: string | null; facts: Readonly<Record<string, unknown>>},
) {
  const sentence = ruleSentence(rule, logic ?? undefined, clause, facts);
  const span = sentence === rule.text ? null : quotedSpan(sentence, rule.text);
  const body: Child = span
    ? [
        rule.text.slice(0, span.start),
        el("strong", {}, rule.text.slice(span.start, span.end)),
        rule.text.slice(span.end),
      ]
    : rule.text;
  return el(
    "blockquote",
    {class: "parameter-rule case-rule-text"},
    el("strong", {}, `${rule.title}. `),
    body,
    " ",
    el("a", {href: ruleLink(rule.id), class: "rule-link"}, `(${rule.id} in the guideline)`),
  );
}

function Quote(line: Record<string, unknown>, {index}: {index: number}): HTMLElement {
  const quotes = quotesOf(line.quote as string | string[] | undefined);
  const id = fieldId(`checklist[${index}].quote`);
  if (quotes.length)
    return el(
      "p",
      {id, class: "case-line-quote", tabindex: -1},
      quotes.map((quote, at) => [at ? " … " : "", el("q", {}, quote)]),
      text(line.quoteIn) && line.quoteIn !== "request" ? ` (in ${text(line.quoteIn)})` : "",
    );
  return el("p", {id, class: "case-line-quote muted", tabindex: -1}, "No words of the request marked.");
}

const noLineOptions: CaseLineOptions = {
  candidate: null,
  current: "the current guideline",
  refused: new Map(),
  markable: false,
  addingTo: null,
  problems: new Map(),
};

export function CaseLine(
  {line, index, count, view, rules, fields}: CaseLineData,
  options: CaseLineOptions = noLineOptions,
): HTMLElement {
  const at = (field: string) => fieldId(`checklist[${index}].${field}`);
  const edit = (name: string) => ({"data-edit": name, "data-line": index});
  const action = (name: string, label: string, {disabled = false}: {disabled?: boolean} = {}) =>
    el(
      "button",
      {"type": "button", "class": "button secondary small", "data-action": name, "data-line": index, disabled},
      label,
    );
  const problems = options.problems;
  const ruleId = text(line.rule);
  const chosen = rules.find((entry) => entry.id === ruleId);
  const facts = (typeof line.facts === "object" && line.facts !== null ? line.facts : {}) as Record<string, unknown>;
  const title = text(line.text) || "(a line with nothing said yet)";
  const role = text(line.role);

  return el(
    "li",
    {
      "class": `case-line${role === "main" ? " is-main" : ""}`,
      "id": fieldId(`checklist[${index}]`),
      "tabindex": -1,
      "aria-labelledby": `${at("")}-title`,
    },
    el(
      "div",
      {class: "case-line-head"},
      el("h3", {id: `${at("")}-title`}, el("span", {class: "case-line-number"}, `Line ${index + 1}`), " ", title),
      el(
        "div",
        {class: "case-line-actions"},
        action("line-up", "Move up", {disabled: index === 0}),
        action("line-down", "Move down", {disabled: index === count - 1}),
        options.markable
          ? action(
              "line-add-stretch",
              options.addingTo === index ? `Mark the stretch in ${markedIn(line.quoteIn)}…` : "Add a stretch",
            )
          : null,
        action("line-remove", "Remove"),
      ),
    ),
    Quote(line, {index}),
    el(
      "div",
      {class: "case-line-body"},
      el(
        "div",
        {class: "case-line-fields"},
        labelled("What the line says", {
          id: at("text"),
          control: el("input", {id: at("text"), type: "text", value: text(line.text), ...edit("line-text")}),
          error: problems.get(`checklist[${index}].text`),
        }),
        labelled("Role", {
          id: at("role"),
          control: choiceOf(roleLabels, {
            id: at("role"),
            value: role,
            empty: role ? undefined : "Choose…",
            edit: edit("line-role"),
          }),
          error: problems.get(`checklist[${index}].role`),
        }),
        line.unquoted !== undefined || !options.markable
          ? labelled("Why it has no words of the request", {
              id: at("unquoted"),
              control: el("input", {
                id: at("unquoted"),
                type: "text",
                value: text(line.unquoted),
                ...edit("line-unquoted"),
              }),
            })
          : null,
        labelled("Rule", {
          id: at("rule"),
          control: choiceOf(
            rules.map((entry) => [entry.id, `${entry.rule?.title ?? entry.id} (${entry.id})`] as const),
            {
              id: at("rule"),
              value: ruleId,
              empty: chosen ? undefined : "Choose the rule that decides it…",
              edit: edit("line-rule"),
            },
          ),
          error: problems.get(`checklist[${index}].rule`),
        }),
        chosen ? FactForm(fields, {line: index, facts, refused: options.refused, problems}) : null,
        labelled(role === "candidate" ? "Why it is not an instruction" : "Why the facts are what they are (note)", {
          id: at("note"),
          control: el("textarea", {id: at("note"), rows: 3, ...edit("line-note")}, text(line.note)),
          error: problems.get(`checklist[${index}].note`),
        }),
        line.source === "inferred"
          ? el("p", {class: "muted"}, "Our reading, not the case study's: ", text(line.because))
          : null,
      ),
      el(
        "div",
        {class: "case-line-derived"},
        // What the facts come to first, then the rule that reads them.
        Verdict(view?.current ?? null, {under: `Derived verdict under ${options.current}`}),
        options.candidate
          ? Verdict(view?.candidate ?? null, {under: `Under the candidate (${options.candidate})`})
          : null,
        chosen?.rule
          ? RuleText(chosen.rule, chosen.logic, {clause: view?.current?.clause ?? null, facts})
          : chosen
            ? el("p", {class: "muted"}, `${chosen.id}: the ${options.current} guideline does not state this rule.`)
            : null,
      ),
    ),
  );
}

/** Where a line's stretches are marked: the request, or the earlier turn it quotes ("turn 1"). */
const markedIn = (quoteIn: unknown): string =>
  typeof quoteIn === "string" && quoteIn !== "request" ? quoteIn.replace("-", " ") : "the request";

// What the engine derives for the case being written (/authors/case): the score under the current guideline (the
// element named "Derived score"), its rubric row and trace, the same under the /authors candidate, the button that
// downloads the case file, and every problem that keeps it from downloading, each linked to the control that fixes
// it. Built whole from the editor's view (lib/authoring/case-view.ts) and patched into the page.
export interface DerivationOptions {
  /** The current guideline's version ("v2"). */
  current: string;
  /** The candidate in words, or null when the address names none. */
  candidate: string | null;
  /** The address of /authors with the same choice, to change the candidate there. */
  authorsHref: string;
  /** What each line says, for the trace. */
  lineTexts: readonly string[];
  fileName: string;
  /** Whether the editor has a control with this id, for a problem's link. */
  has(id: string): boolean;
}

/** Each score the rubric allows with the row that allows it. */
function Rows(derivation: CaseDerivation): HTMLElement {
  return el(
    "ul",
    {class: "case-rows"},
    derivation.candidates.map((score, at) =>
      el(
        "li",
        {},
        el("strong", {}, score === "n/a" ? "not applicable" : String(score)),
        `: ${derivation.rowWords[at]!}`,
      ),
    ),
  );
}

/** The engine's trace: each line's rule and verdict, and whether it counts toward the rubric. */
function Trace(
  derivation: CaseDerivation,
  {label, lineTexts}: {label: string; lineTexts: readonly string[]},
): HTMLElement {
  return el(
    "details",
    {class: "case-trace"},
    el("summary", {}, label),
    el(
      "table",
      {},
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {scope: "col"}, "Line"),
          el("th", {scope: "col"}, "Rule"),
          el("th", {scope: "col"}, "Verdict"),
          el("th", {scope: "col"}, "Counts"),
        ),
      ),
      el(
        "tbody",
        {},
        derivation.trace.lines.map((line) =>
          el(
            "tr",
            {},
            el(
              "th",
              {scope: "row"},
              `${line.index + 1}. ${lineTexts[line.index] ?? ""}`,
              line.role === "main" ? " (main task)" : "",
            ),
            el("td", {}, el("code", {}, line.rule)),
            el(
              "td",
              {},
              line.derived
                ? verdictLabels[line.derived]
                : line.verdicts.map((verdict) => verdictLabels[verdict]).join(" or "),
            ),
            el("td", {}, line.counted ? "yes" : "no"),
          ),
        ),
      ),
    ),
  );
}

/** One problem in words ("Title: give the case a name"), linked to the nearest control for it, its field after. */
function ProblemItem(found: Problem, {has}: {has(id: string): boolean}): HTMLElement {
  const problem = problemInWords(found);
  const target = enclosingFields(problem.field)
    .map(fieldId)
    .find((id) => has(id));
  const said = problem.field ? problem.message : `The file: ${problem.message}`;
  return el(
    "li",
    {},
    target ? el("a", {"href": `#${target}`, "data-action": "focus-field", "data-target": target}, said) : said,
    problem.field ? el("span", {class: "muted"}, " (", el("code", {}, problem.field), ")") : null,
  );
}

const noDerivationOptions: DerivationOptions = {
  current: "the current guideline",
  candidate: null,
  authorsHref: "../authors",
  lineTexts: [],
  fileName: "new-case.md",
  has: () => false,
};

export function CaseDerivationPanel(view: EditorView, options: DerivationOptions = noDerivationOptions): HTMLElement {
  const {current, candidate} = view;
  // One score reads large; words (no score yet, or the rubric's gap) read as a sentence, the gap in the alarm colour.
  const shape = (derivation: CaseDerivation | null) =>
    !derivation ? " is-words" : derivation.score === null ? " is-words is-open" : "";
  return el(
    "aside",
    {"class": "case-derivation", "aria-labelledby": "case-derivation-title"},
    el("h2", {id: "case-derivation-title", class: "visually-hidden"}, "What the engine derives"),
    el(
      "div",
      {class: "case-score-card"},
      el(
        "div",
        {class: "case-score-main"},
        el("label", {for: "case-derived-score"}, "Derived score"),
        el("span", {class: "case-score-under"}, ` under ${options.current}`),
        el("output", {id: "case-derived-score", class: `case-score${shape(current)}`}, view.scoreText),
      ),
      options.candidate
        ? el(
            "div",
            {class: "case-score-candidate"},
            el("label", {for: "case-candidate-score"}, "Candidate's derived score"),
            el("span", {class: "case-score-under"}, ` under ${options.candidate}`),
            el(
              "output",
              {id: "case-candidate-score", class: `case-score${shape(candidate)}`},
              candidate?.scoreText ?? "—",
            ),
          )
        : null,
      el(
        "div",
        {class: "case-download"},
        el(
          "button",
          {
            "type": "button",
            "class": "button",
            "data-action": "download",
            "aria-disabled": view.downloadable ? null : "true",
            "aria-describedby": "case-download-state",
          },
          "Download case file",
        ),
        el(
          "p",
          {id: "case-download-state", class: "case-hint"},
          view.downloadable ? `Saves ${options.fileName}.` : `${view.problems.length} to fix first: see below.`,
        ),
      ),
    ),
    current
      ? el(
          "section",
          {"class": "case-derived", "aria-labelledby": "case-current-title"},
          el("h3", {id: "case-current-title"}, `Under ${options.current}, the current guideline`),
          Rows(current),
          Trace(current, {label: "The trace: each line's verdict", lineTexts: options.lineTexts}),
        )
      : null,
    candidate
      ? el(
          "section",
          {"class": "case-derived", "aria-labelledby": "case-candidate-title"},
          el("h3", {id: "case-candidate-title"}, `Under the candidate, ${options.candidate}`),
          Rows(candidate),
          Trace(candidate, {label: "The candidate's trace", lineTexts: options.lineTexts}),
        )
      : el(
          "p",
          {class: "muted case-no-candidate"},
          "No candidate to compare: choose another version or change a parameter on ",
          el("a", {href: options.authorsHref}, "the authors' page"),
          ", then follow its link back here.",
        ),
    el(
      "section",
      {"class": "case-problems", "aria-labelledby": "case-problems-title", "id": "case-problems", "tabindex": -1},
      el(
        "h3",
        {id: "case-problems-title"},
        view.problems.length ? `To fix before the download (${view.problems.length})` : "Nothing to fix",
      ),
      view.problems.length
        ? el(
            "ul",
            {},
            view.problems.map((problem) => ProblemItem(problem, options)),
          )
        : null,
      view.warnings.length
        ? [
            el("h3", {class: "case-warnings-title"}, "Worth knowing"),
            el(
              "ul",
              {class: "case-warnings"},
              view.warnings.map((problem) => ProblemItem(problem, options)),
            ),
          ]
        : null,
    ),
  );
}

// The likely wrong scores in the case editor: each note's label ("Why raters give 3"), the score it answers, its
// text and the cases it points to, with a button to add one and one to remove each. Built whole from the case and
// patched into the page; its controls carry data-* attributes the editor's one listener reads (its edits, below).
const scores: [string, string][] = [
  ["1", "1"],
  ["2", "2"],
  ["3", "3"],
  ["4", "4"],
  ["5", "5"],
  ["n/a", "not applicable"],
];

function Note(
  note: Record<string, unknown>,
  {index, problems}: {index: number; problems: ReadonlyMap<string, string>},
) {
  const path = (name: string) => `notes[${index}].${name}`;
  const edit = (name: string) => ({"data-edit": "note", "data-note": index, "data-name": name});
  const field = (name: string, label: string, control: HTMLElement, hint?: string) =>
    labelled(label, {id: fieldId(path(name)), control, hint, error: problems.get(path(name)) ?? null});
  return el(
    "li",
    {
      "class": "case-editor-note",
      "id": fieldId(`notes[${index}]`),
      "tabindex": -1,
      "aria-label": `Likely wrong score ${index + 1}`,
    },
    el(
      "div",
      {class: "case-grid"},
      field(
        "label",
        "Label",
        el("input", {id: fieldId(path("label")), type: "text", value: text(note.label), ...edit("label")}),
        "Why raters give 3, Why not 5…",
      ),
      field(
        "score",
        "The score it answers",
        choiceOf(scores, {
          id: fieldId(path("score")),
          value: note.score === undefined ? "" : String(note.score),
          empty: "None",
          edit: edit("score"),
        }),
      ),
    ),
    field(
      "text",
      "Why (the note)",
      el("textarea", {id: fieldId(path("text")), rows: 3, ...edit("text")}, text(note.text)),
    ),
    field(
      "compare",
      "Cases it points to",
      el("input", {
        id: fieldId(path("compare")),
        type: "text",
        value: idsText(note.compare),
        list: "case-known-ids",
        ...edit("compare"),
      }),
      "Ids separated by commas.",
    ),
    el(
      "button",
      {"type": "button", "class": "button secondary small", "data-action": "note-remove", "data-note": index},
      "Remove this note",
    ),
  );
}

export function CaseNotes(
  notes: readonly Record<string, unknown>[],
  {problems}: {problems: ReadonlyMap<string, string>} = {problems: new Map()},
): HTMLElement {
  return el(
    "section",
    {"class": "case-notes", "aria-labelledby": "case-notes-title", "id": fieldId("notes"), "tabindex": -1},
    el("h2", {id: "case-notes-title"}, "Likely wrong scores"),
    el(
      "p",
      {class: "muted"},
      "The scores raters are likely to give instead, each with why: a trainee who gives one reads its note.",
    ),
    notes.length
      ? el(
          "ol",
          {class: "case-note-list"},
          notes.map((note, index) => Note(note, {index, problems})),
        )
      : null,
    el(
      "button",
      {"type": "button", "class": "button secondary", "data-action": "note-add"},
      "Add a likely wrong score",
    ),
  );
}

// The case's own fields in the case editor: its id (the file's name), set, order and origin; the number and topic a
// trainee sees before Check and the case's name after it; what it teaches, the ruling in words, the rule it rests on,
// its flags and the cases it compares with. Built whole from the case and patched into the page; its controls carry
// data-* attributes the editor's one listener reads (its edits, below).
export interface CaseDetailsOptions {
  itemSchema: JsonSchema;
  /** The rules a case may rest on: [id, "Title (id)"]. */
  rules: readonly (readonly [string, string])[];
  knownIds: readonly string[];
  problems: ReadonlyMap<string, string>;
  /** Each case set as the editor names it (CaseEditorData's setLabels). */
  setLabels: Readonly<Record<string, string>>;
  /** The next free order in the case's set, after its last case (as case:new orders one); null with no set. */
  nextOrder?: number | null;
}

const fieldText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

const originLabels: Record<string, string> = {
  "case-study": "From the case study",
  "notebook": "Written for the notebook",
};

/** The case's label as a trainee sees it ("Edge case 15"), or "…" until its set, id and (for a case written for the
 *  notebook, numbered by it) its order are given. */
function traineeLabel(record: Record<string, unknown>, set: CaseSet | null): string {
  const origin = record.origin === "notebook" ? "notebook" : "case-study";
  const {id, order} = record;
  if (!set || typeof id !== "string" || !id || (origin === "notebook" && typeof order !== "number")) return "…";
  return itemLabel({id, set, origin, order: typeof order === "number" ? order : 0});
}

/** The ids a list field holds, as the author types them: "example-3, calibration-d". */
export const idsText = (value: unknown): string =>
  Array.isArray(value) ? value.filter((id) => typeof id === "string").join(", ") : "";

export function CaseDetails(
  record: Record<string, unknown>,
  {itemSchema, rules, knownIds, problems, setLabels, nextOrder = null}: CaseDetailsOptions = {
    itemSchema: {},
    rules: [],
    knownIds: [],
    problems: new Map(),
    setLabels: {},
  },
): HTMLElement {
  const input = (name: string, {kind = "text", type = "text"}: {kind?: string; type?: string} = {}) =>
    el("input", {
      "id": fieldId(name),
      type,
      "value": fieldText(record[name]),
      "data-edit": "field",
      "data-name": name,
      "data-kind": kind,
    });
  const area = (name: string, rows = 2) =>
    el("textarea", {"id": fieldId(name), rows, "data-edit": "field", "data-name": name}, fieldText(record[name]));
  const field = (name: string, label: string, control: HTMLElement, hint?: string) =>
    labelled(label, {id: fieldId(name), control, hint, error: problems.get(name) ?? null});
  const select = (name: string, values: readonly string[], labels: Record<string, string>, empty?: string) =>
    choiceOf(
      values.map((value) => [value, labels[value] ?? value] as const),
      {id: fieldId(name), value: fieldText(record[name]), empty, edit: {"data-edit": "field", "data-name": name}},
    );

  const sets = schemaValues(itemSchema, ["set"]);
  const set = sets.includes(fieldText(record.set)) ? (fieldText(record.set) as CaseSet) : null;
  const id = fieldText(record.id);
  const topic = fieldText(record.topic);
  const flags = Array.isArray(record.flags) ? record.flags : [];
  const raised = (flag: string) => flags.some((entry) => (entry as {flag?: unknown} | null)?.flag === flag);

  return el(
    "section",
    {"class": "case-details", "aria-labelledby": "case-details-title"},
    el("h2", {id: "case-details-title"}, "The case"),
    el(
      "div",
      {class: "case-grid"},
      field("id", "Id", input("id"), `The file is data/items/${id || "<id>"}.md. Lowercase words joined by hyphens.`),
      field("set", "Set", select("set", sets, setLabels, fieldText(record.set) ? undefined : "Choose…")),
      field(
        "order",
        "Order in its set",
        input("order", {kind: "number", type: "number"}),
        nextOrder === null
          ? "Choose the set first."
          : `${nextOrder} is the next free order in ${fieldText(record.set)}, after its last case. ` +
              "A case written for the notebook is numbered by it.",
      ),
      field(
        "origin",
        "Origin",
        select("origin", schemaValues(itemSchema, ["origin"]), originLabels, "From the case study (unsaid)"),
      ),
      record.origin === "notebook" && record.caseStudyNumber === undefined
        ? null
        : field(
            "caseStudyNumber",
            "Case-study number",
            input("caseStudyNumber"),
            "The case study's own number or letter for it.",
          ),
      field("twistOf", "A twist of", input("twistOf"), "The id of the case this one varies, if any."),
    ),
    el(
      "div",
      {class: "case-grid"},
      field(
        "topic",
        "Topic",
        input("topic"),
        "Neutral words a trainee reads before Check: they must not give the answer away.",
      ),
      field("title", "Title", input("title"), "The case's name: the ruling's headline after Check."),
    ),
    el(
      "p",
      {class: "case-title-preview"},
      "Before Check a trainee sees ",
      el("q", {}, `${traineeLabel(record, set)}: ${topic || "…"}`),
      "; after Check, ",
      el("q", {}, fieldText(record.title) || "…"),
      ".",
    ),
    field("teaches", "What it teaches", area("teaches")),
    field("ruling", "The ruling in words", area("ruling"), "Optional: the case's ruling as one sentence."),
    field(
      "decidingRule",
      "The rule the ruling rests on",
      select(
        "decidingRule",
        rules.map(([rule]) => rule),
        Object.fromEntries(rules),
        "None named",
      ),
      "Needed where every line is met: the trace then names no rule. guideline:check says when.",
    ),
    el(
      "fieldset",
      {class: "case-flags", id: fieldId("flags"), tabindex: -1},
      el("legend", {}, "Flags"),
      schemaValues(itemSchema, ["flags", "[]", "flag"]).map((flag) =>
        el(
          "label",
          {class: "case-check"},
          el("input", {"type": "checkbox", "checked": raised(flag), "data-edit": "flag", "data-flag": flag}),
          ` ${flag}`,
        ),
      ),
    ),
    field(
      "compare",
      "Cases it compares with",
      el("input", {
        "id": fieldId("compare"),
        "type": "text",
        "value": idsText(record.compare),
        "list": "case-known-ids",
        "data-edit": "field",
        "data-name": "compare",
        "data-kind": "ids",
      }),
      "Ids separated by commas, such as example-3, calibration-d.",
    ),
    el(
      "datalist",
      {id: "case-known-ids"},
      knownIds.map((known) => el("option", {value: known})),
    ),
  );
}

// The parts of the case editor drawn from each new case and its view: the checklist's lines, the case's fields, its
// likely wrong scores and what the engine derives. Each is built whole and patched in place (keptParts in
// src/components/live.ts) only when what it shows changes, so a fact changed in one line rebuilds that line and the
// derivation, and the control in use keeps its focus. A controller: the editor keeps it.
/** What the editor holds besides the case: the view, the line waiting for a stretch, refused inputs, touched fields. */
export interface EditorState {
  record: CaseRecord;
  view: EditorView;
  addingTo: number | null;
  refused: ReadonlyMap<string, RefusedInput>;
  /** The fields whose problems show at their controls: the ones edited, or every one after a download was refused. */
  shows(field: string): boolean;
}

export interface PartsSetup {
  data: CaseEditorData;
  rules: readonly {id: string; rule: GuidelineRule | null; logic: LogicRule | null}[];
  fieldsOf(rule: string): readonly FactField[];
  current: string;
  /** The candidate in words, or null. */
  candidate: string | null;
  authorsHref: string;
  /** Whether the editor has a control with this id, for a problem's link. */
  has(id: string): boolean;
}

/** The first problem at each field that shows at its control. */
export function shownProblems(problems: readonly Problem[], shows: (field: string) => boolean): Map<string, string> {
  const found = new Map<string, string>();
  for (const problem of problems)
    if (shows(problem.field) && !found.has(problem.field)) found.set(problem.field, problemInWords(problem).message);
  return found;
}

export function caseParts(setup: PartsSetup): {
  checklist: HTMLElement;
  work: HTMLElement;
  side: HTMLElement;
  update(state: EditorState): void;
} {
  const keep = keptParts();
  const lines = el("ol", {class: "case-lines"});
  const checklist = el(
    "section",
    {"class": "case-lines-section", "id": fieldId("checklist"), "tabindex": -1, "aria-labelledby": "case-lines-title"},
    el("h2", {id: "case-lines-title"}, "The checklist"),
    el(
      "p",
      {class: "muted"},
      "For each line: its role (one is the main task), the rule that decides it and the facts that rule reads.",
    ),
    lines,
  );
  const work = el("div", {class: "case-work-more"});
  const side = el("div", {class: "case-side"});
  const rulesById = setup.rules.map(({id, rule}) => [id, `${rule?.title ?? id} (${id})`] as const);
  const knownIds = setup.data.cases.map((entry) => entry.id);

  const update = ({record, view, addingTo, refused, shows}: EditorState) => {
    const all = linesOf(record);
    const request = isRecord(record.request) ? record.request : {};
    const markable = request.form !== "described" && typeof request.text === "string" && request.text.trim() !== "";
    const problems = shownProblems(view.problems, shows);
    const nodes = all.map((line, index) => {
      const mine = [...refused].filter(([id]) => id.startsWith(`${fieldId(`checklist[${index}]`)}-`));
      const at = [...problems].filter(([field]) => field.startsWith(`checklist[${index}]`));
      const key = [line, view.lines[index], all.length, addingTo, markable, mine, at];
      return keep(`line-${index}`, key, () =>
        CaseLine(
          {
            line,
            index,
            count: all.length,
            view: view.lines[index],
            rules: setup.rules,
            fields: typeof line.rule === "string" ? setup.fieldsOf(line.rule) : [],
          },
          {
            candidate: setup.candidate,
            current: setup.current,
            refused,
            markable,
            addingTo,
            problems,
          },
        ),
      );
    });
    // Put in again only when the lines differ: taking a node out would drop the focus inside it.
    if (nodes.length !== lines.children.length || nodes.some((node, at) => lines.children[at] !== node))
      lines.replaceChildren(...nodes);

    const notes = Array.isArray(record.notes) ? record.notes.filter(isRecord) : [];
    const fields = Object.fromEntries(Object.entries(record).filter(([key]) => key !== "checklist" && key !== "notes"));
    const details = keep("details", [fields, [...problems]], () =>
      CaseDetails(record, {
        itemSchema: setup.data.itemSchema,
        rules: rulesById,
        knownIds,
        problems,
        setLabels: setup.data.setLabels,
        nextOrder: nextFreeOrder(record, setup.data.cases),
      }),
    );
    const notesPart = keep("notes", [notes, [...problems]], () => CaseNotes(notes, {problems}));
    if (details.parentNode !== work) work.append(details, notesPart);

    const lineTexts = all.map((line) => (typeof line.text === "string" ? line.text : ""));
    const fileName = caseFileName(record);
    const derivation = keep("derivation", [view, lineTexts, fileName], () =>
      CaseDerivationPanel(view, {
        current: setup.current,
        candidate: setup.candidate,
        authorsHref: setup.authorsHref,
        lineTexts,
        fileName,
        has: setup.has,
      }),
    );
    if (derivation.parentNode !== side) side.append(derivation);
  };
  return {checklist, work, side, update};
}

// A checklist line's fact form in the case editor: one control per fact its rule reads, made from the fields
// lib/authoring/fact-fields.ts reads off the rule's fact schema (a yes-no or a fixed list is a select, a count a number
// field, a count or a word both). What the author enters is read back by readFactInput (below): a value the
// schema refuses is never written to the case, and its message shows here beside what was typed.
/** What the author typed into a fact that the schema refused: the text, kept in its field, and why. */
export interface RefusedInput {
  raw: string;
  message: string;
}

export interface FactFormOptions {
  line: number;
  /** The line's facts as the case holds them. */
  facts: Record<string, unknown>;
  /** Refused inputs by control id, and the case's own problems with the facts by field. */
  refused?: ReadonlyMap<string, RefusedInput>;
  problems?: ReadonlyMap<string, string>;
}

/** What a fact left out means: its default when the schema has one. */
function unsaid(field: FactField): string {
  if (field.required) return "Choose…";
  if (field.default === undefined) return yesNoLabels.unsaid;
  const shown = typeof field.default === "boolean" ? (field.default ? yesNoLabels.yes : yesNoLabels.no) : field.default;
  return `${yesNoLabels.unsaid} (${String(shown)})`;
}

function control(field: FactField, id: string, value: string, edit: EditData) {
  switch (field.kind) {
    case "yes-no":
      return choiceOf(
        [
          [yesNoLabels.yes, yesNoLabels.yes],
          [yesNoLabels.no, yesNoLabels.no],
        ],
        {id, value, empty: unsaid(field), edit},
      );
    case "choice":
      return choiceOf(
        field.options!.map((option) => [option.value, `${option.label} (${option.value})`] as const),
        {id, value, empty: unsaid(field), edit},
      );
    case "text":
      return el("input", {id, type: "text", value, ...edit});
    default:
      return countInput(id, value, edit);
  }
}

/**
 * A count's field: text, not a number field, so what the author types reaches readFactInput as typed ("1.5", "-1",
 * "two") and is refused with why, where a number field would hand over an empty value.
 */
const countInput = (id: string, value: string, edit: EditData, disabled = false) =>
  el("input", {id, type: "text", inputmode: "numeric", autocomplete: "off", value, disabled, ...edit});

/** One fact's field: its control, and for a count that may be a word instead, the choice between them. */
function FactControl(field: FactField, {line, facts, refused, problems}: FactFormOptions): HTMLElement {
  const path = `checklist[${line}].facts.${field.name}`;
  const id = fieldId(path);
  const edit = {"data-edit": "fact", "data-line": line, "data-fact": field.name};
  const value = facts[field.name];
  const typed = refused?.get(id);
  const error = typed?.message ?? problems?.get(path) ?? null;
  if (field.kind !== "count-or-choice")
    return labelled(field.label, {
      id,
      control: control(field, id, typed?.raw ?? factInputText(field, value), edit),
      hint: field.hint,
      error,
    });
  // A count, or one of the words the schema allows in its place ("more than the limit").
  const word = typeof value === "string" ? value : "";
  const kind = choiceOf(
    field.options!.map((option) => [option.value, option.label] as const),
    {id: `${id}-kind`, value: word, empty: "a number", edit: {...edit, "data-edit": "fact-kind"}},
  );
  const count = countInput(id, typed?.raw ?? (typeof value === "number" ? String(value) : ""), edit, word !== "");
  return el(
    "div",
    {class: "case-field case-count-or-word"},
    labelled(field.label, {id: `${id}-kind`, control: kind}),
    labelled(`${field.label}: how many`, {id, control: count, hint: field.hint, error}),
  );
}

/** The facts of a line's rule, as a group named for them; a rule that reads none says so. */
export function FactForm(fields: readonly FactField[], options: FactFormOptions = {line: 0, facts: {}}): HTMLElement {
  const id = fieldId(`checklist[${options.line}].facts`);
  return el(
    "fieldset",
    {class: "case-facts", id, tabindex: -1},
    el("legend", {}, "Facts the rule reads"),
    fields.length
      ? fields.map((field) => FactControl(field, options))
      : el("p", {class: "muted"}, "This rule reads no facts."),
  );
}

// What the case editor's buttons do: move, remove or add a stretch to a line, add or remove a likely wrong score,
// follow a problem's link to its control, and download the case file. Every button carries data-action (and the
// line or note it acts on); the editor listens once and hands the button here. After an edit that moves or removes
// what had the focus, the focus goes where the author's next step is.
/** What a button may change in the editor. */
export interface ActionTarget {
  root: HTMLElement;
  record(): CaseRecord;
  view(): EditorView;
  commit(next: CaseRecord, {structural}?: {structural?: boolean}): void;
  /** The line waiting for another stretch of the request (null: none), and the request's words to mark it. */
  waitForStretch(line: number | null): void;
  /** A download was asked for with problems left: every problem now shows at its control. */
  showEveryProblem(): void;
}

/** Runs the action of a button with data-action; false when it has none this module knows. */
export function runAction(button: HTMLElement, editor: ActionTarget, event: Event): boolean {
  const {root} = editor;
  const line = Number(button.dataset.line);
  const focus = (selector: string): boolean => {
    const target = root.querySelector<HTMLElement>(selector);
    target?.focus();
    return target !== null;
  };
  const action = button.dataset.action;
  switch (action) {
    case "line-up":
    case "line-down": {
      const to = line + (action === "line-up" ? -1 : 1);
      editor.commit(moveLine(editor.record(), line, to), {structural: true});
      // The keyboard stays with the line it moved: on the same button, or the line itself at the end of the list.
      if (!focus(`[data-action="${action}"][data-line="${to}"]:not(:disabled)`))
        focus(`#${fieldId(`checklist[${to}]`)}`);
      return true;
    }
    case "line-remove": {
      editor.commit(removeLine(editor.record(), line), {structural: true});
      const left = linesOf(editor.record()).length;
      if (left) focus(`#${fieldId(`checklist[${Math.min(line, left - 1)}]`)}`);
      else focus("#case-checklist");
      return true;
    }
    case "line-add-stretch":
      editor.waitForStretch(line);
      return true;
    case "note-add": {
      editor.commit(addNote(editor.record(), {label: "", text: ""}));
      const notes = editor.record().notes;
      focus(`#${fieldId(`notes[${Array.isArray(notes) ? notes.length - 1 : 0}].label`)}`);
      return true;
    }
    case "note-remove":
      editor.commit(removeNote(editor.record(), Number(button.dataset.note)), {structural: true});
      focus(`#${fieldId("notes")}`);
      return true;
    case "focus-field":
      event.preventDefault();
      focus(`#${CSS.escape(button.dataset.target ?? "")}`);
      return true;
    case "download": {
      const view = editor.view();
      if (!view.downloadable) {
        editor.showEveryProblem();
        focus("#case-problems");
      } else
        download(
          caseFileText(syncRulings(editor.record(), view)),
          caseFileName(editor.record()),
          "text/markdown;charset=utf-8",
        );
      return true;
    }
    default:
      return false;
  }
}

// Which edit of the case a control of the case editor makes. Every control carries data-* attributes saying what it
// edits (data-edit="fact" data-line="2" data-fact="limit"); the editor listens once, on itself, and hands the control
// here, so a part of the page patched in place (src/components/live.ts) needs no listeners of its own. Each edit is
// one of lib/authoring/case-editor.ts; a fact goes through readFactInput first, so a value its schema refuses is never
// written to the case.
/** What a control's change does: a new case, a refused value (kept in its field with the message), or nothing. */
export type ControlEdit =
  | {kind: "record"; record: CaseRecord; control: string}
  | {kind: "refused"; control: string; raw: string; message: string}
  | {kind: "none"};

/** The ids a field holds, as typed: "example-3, calibration-d" (commas or spaces between them). */
const idsOf = (raw: string): string[] => raw.split(/[\s,]+/).filter(Boolean);

function noteScore(raw: string): number | "n/a" | undefined {
  if (raw === "") return undefined;
  return raw === "n/a" ? "n/a" : Number(raw);
}

/** The fact a control edits, read from what it holds now; the number field of a count-or-word reads its choice too. */
function factEdit(
  control: HTMLInputElement | HTMLSelectElement,
  record: CaseRecord,
  fields: readonly FactField[],
): ControlEdit {
  const line = Number(control.dataset.line);
  const name = control.dataset.fact!;
  const field = fields.find((each) => each.name === name);
  if (!field) return {kind: "none"};
  // The word chosen beside a count ("more than the limit"), or "" for a number, read from the number field.
  const countField =
    control.dataset.edit === "fact-kind"
      ? control.ownerDocument.getElementById(control.id.replace(/-kind$/, ""))
      : control;
  const raw =
    control.dataset.edit === "fact-kind" && control.value !== ""
      ? control.value
      : ((countField as HTMLInputElement | null)?.value ?? "");
  const id = (countField ?? control).id;
  // An emptied field leaves the fact out: the case's problems then say it is missing, where the schema needs it.
  if (raw.trim() === "") return {kind: "record", record: setFact(record, line, name, undefined), control: id};
  const read = readFactInput(field, raw);
  if (!read.ok) return {kind: "refused", control: id, raw, message: read.message};
  return {kind: "record", record: setFact(record, line, name, read.value), control: id};
}

/**
 * The edit a control makes with the value it holds now. `fieldsOf` gives a rule's fact fields (from its schema), for
 * the control of a line's fact.
 */
export function controlEdit(
  control: HTMLElement,
  record: CaseRecord,
  fieldsOf: (rule: string) => readonly FactField[],
  cases: readonly PlacedCase[] = [],
): ControlEdit {
  if (!(
    control instanceof HTMLInputElement ||
    control instanceof HTMLSelectElement ||
    control instanceof HTMLTextAreaElement
  ))
    return {kind: "none"};
  const {edit, which, name, line, note} = control.dataset;
  const value = control.value;
  const done = (next: CaseRecord): ControlEdit => ({kind: "record", record: next, control: control.id});
  const index = Number(line);
  switch (edit) {
    case "text":
      return done(setText(record, which as TextName, value));
    case "language":
      return done(setLanguage(record, which as TextName, value));
    case "gloss":
      return done(setGloss(record, which as TextName, value));
    case "field":
      if (control.dataset.kind === "ids") return done(setCompare(record, idsOf(value)));
      if (control.dataset.kind === "number")
        return done(setField(record, name!, value.trim() === "" ? undefined : Number(value)));
      if (name === "set") return done(setSet(record, value, cases));
      return done(setField(record, name!, value));
    case "flag":
      return done(toggleFlag(record, control.dataset.flag as Flag));
    case "note": {
      const at = Number(note);
      if (name === "score") return done(setNote(record, at, "score", noteScore(value)));
      if (name === "compare") return done(setNote(record, at, "compare", idsOf(value)));
      return done(setNote(record, at, name as "label" | "text", value));
    }
    case "line-text":
    case "line-note":
    case "line-unquoted":
      return done(setLineField(record, index, edit.slice("line-".length), value));
    case "line-role":
      return done(value === "main" ? setMainLine(record, index) : setLineField(record, index, "role", value));
    case "line-rule":
      return value ? done(setRule(record, index, value as ChecklistRuleId)) : {kind: "none"};
    case "fact":
    case "fact-kind": {
      const rule = linesOf(record)[index]?.rule;
      if (typeof rule !== "string" || control instanceof HTMLTextAreaElement) return {kind: "none"};
      return factEdit(control, record, fieldsOf(rule));
    }
    default:
      return {kind: "none"};
  }
}

// Step 1 in the case editor: the author marks the instructions in the request with the trainee's own marking
// (src/components/step-one-marking.ts: each word a button, first word then last, the arrow keys between words, Enter
// to press, Escape to drop a half-made stretch). A finished stretch becomes a new line, quoting the request's words
// exactly, or another stretch of the line waiting for one (a main task may quote several). A line with no words to
// point to is typed with why it has none. Where the user gave a standing instruction in an earlier turn, the author
// chooses which text to mark in (the request or the turn), and the line quotes that turn (quoteIn: turn-N). A
// controller: the editor keeps it, and it redraws the marks of each new case.
export interface MarkingHandlers {
  /** A stretch was marked: its words exactly as the text has them, and which text ("request", "turn-1" …). */
  onStretch(words: string, quoteIn: string): void;
  /** A line with no words to point to: what it says and why it has none. */
  onFreeLine(text: string, why: string): void;
}

export interface CaseMarking {
  node: HTMLElement;
  /** Draws the words of the chosen text and the lines' marks; `addingTo` is the line waiting for another stretch. */
  update(state: {
    /** The request first, then the user's quoted earlier turns. */
    texts: readonly MarkableText[];
    described: boolean;
    lines: readonly Record<string, unknown>[];
    addingTo: number | null;
  }): void;
  /** Puts the keyboard on the request's words. */
  focus(): void;
}

/** The quotes of the lines in one text as the trainee's marks, in the lines' order, and which line each belongs to. */
function marksOf(shown: MarkableText, lines: readonly Record<string, unknown>[]) {
  const marks: TraineeLine[] = [];
  const owners: number[] = [];
  lines.forEach((line, index) => {
    if ((line.quoteIn ?? "request") !== shown.quoteIn) return;
    for (const quote of quotesOf(line.quote as string | string[] | undefined)) {
      const span = typeof quote === "string" ? locate(shown.text, quote) : null;
      if (!span) continue;
      marks.push({listing: {kind: "mark", in: "request", start: span.start, end: span.end}});
      owners.push(index);
    }
  });
  return {marks, owners};
}

export function caseMarking(handlers: MarkingHandlers): CaseMarking {
  const help = el(
    "p",
    {class: "step-help", id: "case-mark-help"},
    "Press an instruction's first word, then its last",
    el("span", {class: "fine-pointer"}, " (or drag across it)"),
    ". In the words, the arrow keys move, Enter presses a word and Escape drops a half-made stretch. " +
      "Each stretch becomes a line below, its text the marked words until you write it in the checklist's words.",
  );
  const status = el("p", {"class": "mark-status", "role": "status", "aria-live": "polite"});
  const holder = el("div", {class: "case-mark-holder"});
  const freeText = el("input", {id: "case-free-text", type: "text"});
  const freeWhy = el("input", {id: "case-free-why", type: "text"});
  const freeAdd = el("button", {type: "button", class: "button secondary"}, "Add the line");
  const freeError = el("p", {class: "field-error", role: "alert", hidden: true});
  freeAdd.addEventListener("click", () => {
    const said = freeText.value.trim();
    const why = freeWhy.value.trim();
    if (!said || (!why && !state.described)) {
      freeError.textContent = !said ? "Say what the instruction is." : "Say why it has no words to point to.";
      freeError.hidden = false;
      (said ? freeWhy : freeText).focus();
      return;
    }
    freeError.hidden = true;
    freeText.value = freeWhy.value = "";
    handlers.onFreeLine(said, why);
  });

  // Which text is marked in: the request unless the author chose an earlier turn.
  let chosen = "request";
  const choice = el("select", {id: "case-mark-in"});
  const choiceField = labelled("Mark the words of", {
    id: choice.id,
    control: choice,
    hint: "The request, or an earlier turn of the user's where a standing instruction was given.",
  });
  choice.addEventListener("change", () => {
    chosen = choice.value;
    update(state);
  });
  let shownText: string | null = null;
  let surface: MarkSurface | null = null;
  let pending: Pending = null;
  let marks: TraineeLine[] = [];
  let owners: number[] = [];
  let state: Parameters<CaseMarking["update"]>[0] = {texts: [], described: false, lines: [], addingTo: null};
  let where: MarkIn = "request";

  const draw = () => {
    if (!surface) return;
    // A line with several stretches has several marks, each numbered by its line.
    surface.dispatch({kind: "show", lines: marks, pending, locked: false, numbers: owners.map((owner) => owner + 1)});
    const waiting =
      state.addingTo === null ? "" : `Mark the stretch of ${label} to add to line ${state.addingTo + 1}. `;
    status.textContent =
      waiting +
      pendingPrompt(pending, {
        wordOf: (_where, token) => surface?.state.tokens[token]?.text ?? "",
        lineText: () => "",
      });
  };

  let label = "the request";
  const build = (request: string) => {
    pending = null;
    const onWord = (token: number) => {
      const waited = pending !== null;
      const next = pressWord(marks, pending, where, surface!.state.tokens, token);
      pending = next.pending;
      const same = (a: TraineeLine, b: TraineeLine) => JSON.stringify(a.listing) === JSON.stringify(b.listing);
      const added = next.lines.find((line) => !marks.some((mark) => same(mark, line)));
      // The editor adds the line and redraws the marks with it.
      if (added?.listing.kind === "mark")
        return handlers.onStretch(request.slice(added.listing.start, added.listing.end), where);
      draw();
      if (waited && pending === null) status.textContent = "That stretch is marked already.";
    };
    surface = MarkSurface(
      {text: request, where, label},
      {
        describedBy: "case-mark-help",
        // The editor keeps the marks: each change is made again from its own lines.
        onChange: (_next, action) => {
          if (action.kind === "press") return onWord(action.token);
          pending = null;
          if (action.kind === "stretch") return handlers.onStretch(markedWords(request, action.from, action.to), where);
          draw();
        },
      },
    );
    holder.replaceChildren(surface);
  };

  function update(next: Parameters<CaseMarking["update"]>[0]): void {
    state = next;
    // A line waiting for another stretch is marked in its own text.
    if (next.addingTo !== null) {
      const waiting = next.lines[next.addingTo]?.quoteIn;
      chosen = typeof waiting === "string" ? waiting : "request";
    }
    const shown = next.texts.find((text) => text.quoteIn === chosen) ?? next.texts[0]!;
    chosen = shown.quoteIn;
    choiceField.hidden = next.texts.length < 2;
    const offered = next.texts.map((text) => `${text.quoteIn}\u0000${text.label}`).join("\n");
    if (choice.dataset.offered !== offered) {
      choice.dataset.offered = offered;
      choice.replaceChildren(
        ...next.texts.map((text) =>
          el("option", {value: text.quoteIn}, `${text.label[0]!.toUpperCase()}${text.label.slice(1)}`),
        ),
      );
    }
    choice.value = chosen;
    ({marks, owners} = marksOf(shown, next.lines));
    if ((next.described && shown.quoteIn === "request") || !shown.text.trim()) {
      surface = null;
      shownText = null;
      holder.replaceChildren(
        el(
          "p",
          {class: "muted"},
          next.described
            ? "This request is described, not quoted: it has no words to mark. Add its lines below."
            : "Paste the request above: its words show here to mark.",
        ),
      );
      status.textContent = "";
      return;
    }
    if (shownText !== shown.text || where !== shown.quoteIn) {
      shownText = shown.text;
      where = shown.quoteIn as MarkIn;
      label = shown.label;
      build(shown.text);
    }
    draw();
  }

  const node = el(
    "section",
    {"class": "case-marking", "aria-labelledby": "case-marking-title", "id": "case-checklist"},
    el("h2", {id: "case-marking-title"}, "Mark the instructions"),
    help,
    choiceField,
    status,
    holder,
    el(
      "details",
      {class: "case-free-line"},
      el("summary", {}, "+ An instruction with no words to point to"),
      el(
        "div",
        {class: "case-free-fields"},
        labelled("What the instruction is", {id: "case-free-text", control: freeText}),
        labelled("Why it has no words of the request", {
          id: "case-free-why",
          control: freeWhy,
          hint: "A standing instruction from earlier in the conversation, or a request the case study only describes.",
        }),
        freeAdd,
        freeError,
      ),
    ),
  );
  return {
    node,
    update,
    focus: () => holder.querySelector<HTMLElement>('button.word[tabindex="0"]')?.focus(),
  };
}

// Where a case in the editor starts: a blank case, any case of the notebook, or an uploaded case file; and Undo, which
// brings back the draft a load replaced. An upload is checked by its size before it is read, then read as the build
// reads a case file: a broken one is refused with each field and its fix, as text, and the draft is left as it was.
// A controller: the editor keeps it and says what to show after each load.
export interface StartCase {
  id: string;
  set: string;
  topic: string;
}

export interface StartHandlers {
  /** Load a case by id, or the blank case for "". */
  onLoad(id: string): void;
  onUpload(file: File): void;
  onUndo(): void;
  /** Each case set as the editor names it (CaseEditorData's setLabels). */
  setLabels: Readonly<Record<string, string>>;
}

export interface CaseStart {
  node: HTMLElement;
  /** What happened: a loaded case (with Undo offered), a refused upload with its problems, or nothing. */
  show(state: {said: string; problems?: readonly Problem[]; canUndo: boolean}): void;
}

/**
 * An uploaded case file read as the build reads one: refused by its size before a byte is read, then as UTF-8 and
 * against the item schema. The record only when nothing is wrong with it.
 */
export async function readUpload(
  file: File,
  schema: ItemSchema,
): Promise<{record: CaseRecord | null; problems: Problem[]}> {
  try {
    if (file.size > byteLimit("item")) throw tooLarge(file.name, "item");
    const text = decodeAuthoredFile(new Uint8Array(await file.arrayBuffer()), file.name, "item");
    const read = caseFromFile(text, file.name, schema);
    return read.problems.length ? {record: null, problems: read.problems} : read;
  } catch (error) {
    if (error instanceof AuthoredFileError) return {record: null, problems: error.problems};
    return {
      record: null,
      problems: [{file: file.name, field: "", message: "could not be read: choose the file again"}],
    };
  }
}

export function caseStart(cases: readonly StartCase[], handlers: StartHandlers): CaseStart {
  const sets = [...new Set(cases.map((entry) => entry.set))];
  const select = el(
    "select",
    {id: "case-start-from"},
    el("option", {value: ""}, "Blank case"),
    sets.map((set) =>
      el(
        "optgroup",
        {label: handlers.setLabels[set] ?? set},
        cases
          .filter((entry) => entry.set === set)
          .map((entry) => el("option", {value: entry.id}, `${entry.id}: ${entry.topic}`)),
      ),
    ),
  );
  const load = el("button", {type: "button", class: "button secondary"}, "Load");
  load.addEventListener("click", () => handlers.onLoad(select.value));
  const upload = el("input", {id: "case-upload", type: "file", accept: ".md,text/markdown,text/plain"});
  upload.addEventListener("change", () => {
    const file = upload.files?.[0];
    upload.value = "";
    if (file) handlers.onUpload(file);
  });
  const undo = el(
    "button",
    {type: "button", class: "button secondary", hidden: true},
    "Undo: bring back the draft before",
  );
  undo.addEventListener("click", () => handlers.onUndo());
  const said = el("p", {"class": "case-start-said", "role": "status", "aria-live": "polite"});
  const refused = el("ul", {class: "case-start-problems", hidden: true});

  const node = el(
    "section",
    {"class": "case-start", "aria-labelledby": "case-start-title"},
    el("h2", {id: "case-start-title"}, "Where to start"),
    el(
      "div",
      {class: "case-start-row"},
      labelled("Start from", {
        id: select.id,
        control: select,
        hint: "A blank case, or any case of the notebook to change and download under a new id.",
      }),
      load,
      labelled("Or upload a case file", {
        id: upload.id,
        control: upload,
        hint: `A data/items/<id>.md file, at most ${formatBytes(byteLimit("item"))}.`,
      }),
    ),
    said,
    refused,
    undo,
  );
  return {
    node,
    show(state) {
      said.textContent = state.said;
      undo.hidden = !state.canUndo;
      const problems = state.problems ?? [];
      refused.hidden = problems.length === 0;
      // Each problem as text: a file's words never become markup.
      refused.replaceChildren(...problems.map((problem) => el("li", {}, formatProblem(problemInWords(problem)))));
    },
  };
}

// What every part of the case editor (/authors/case) shares: the id of the control that edits a field of the case
// (so a problem at "checklist[2].facts.limit" links to the control for it), a labelled field, and the values a field
// of the item schema allows, read from the schema as JSON (the page loads no schema library).
/** The id of the control for a field of the case: "checklist[2].facts.limit" -> "case-checklist-2-facts-limit". */
export const fieldId = (field: string): string =>
  `case-${field.replace(/\[(\d+)\]/g, ".$1").replace(/[^A-Za-z0-9]+/g, "-")}`.replace(/-$/, "");

/** The fields a field sits in, nearest first: "checklist[2].facts.limit", "checklist[2].facts", … "checklist". */
export function enclosingFields(field: string): string[] {
  const found: string[] = [];
  let at = field;
  while (at) {
    found.push(at);
    const cut = Math.max(at.lastIndexOf("."), at.lastIndexOf("["));
    at = cut > 0 ? at.slice(0, cut) : "";
  }
  return found;
}

/** A control's `data-*` attributes: what it edits, read by the editor's one listener. */
export type EditData = Record<`data-${string}`, string | number>;

/**
 * A labelled control with its hint and its error, each tied to the control for a screen reader. `control` must
 * carry the id `id`.
 */
export function labelled(
  label: Child,
  {
    id,
    control,
    hint,
    error,
    className,
  }: {id: string; control: HTMLElement; hint?: Child; error?: string | null; className?: string},
): HTMLElement {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  if (described) control.setAttribute("aria-describedby", described);
  if (error) control.setAttribute("aria-invalid", "true");
  return el(
    "div",
    {class: ["case-field", className].filter(Boolean).join(" ")},
    el("label", {for: id}, label),
    control,
    hint ? el("p", {class: "case-hint", id: `${id}-hint`}, hint) : null,
    error ? el("p", {class: "field-error", id: `${id}-error`}, error) : null,
  );
}

/** The values an enumerated field of the item schema allows: `path` walks `properties` (and `items` of a list). */
export function schemaValues(schema: JsonSchema, path: readonly string[]): string[] {
  let at: unknown = schema;
  for (const key of path) {
    const node = at as {properties?: Record<string, unknown>; items?: unknown};
    at = key === "[]" ? node.items : node.properties?.[key];
  }
  const values = (at as {enum?: unknown} | undefined)?.enum;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === "string") : [];
}

/** A select of `options` ([value, label]) with `value` chosen; an empty first option when `empty` is given. */
export function choiceOf(
  options: readonly (readonly [string, string])[],
  {id, value, empty, edit}: {id: string; value: string; empty?: string; edit: EditData},
): HTMLSelectElement {
  return el(
    "select",
    {id, ...edit},
    empty === undefined ? null : el("option", {value: "", selected: value === ""}, empty),
    options.map(([option, label]) => el("option", {value: option, selected: option === value}, label)),
  );
}

// The case editor (/authors/case): an author pastes a request and a response, marks the instructions, chooses each
// line's rule and facts, and sees at once what the engine derives under the current guideline and the /authors
// candidate; then downloads the case as data/items/<id>.md. One Live node (src/components/dom.ts): its state and
// what each action makes of it are lib/authoring/case-editor-state.ts; this builds the page from the state, reads
// every edit and button off its data- attributes with one listener per event type, and after each patch does what a
// state cannot (saving the draft, reading an upload, the download, the focus). Its parts follow, each under a comment
// of its own: the editor, the texts and turns, the marking, the start, a checklist line, the derivation, the likely
// wrong scores, the case's fields, a line's fact form, and what every part shares.
import {logicRule, quotedSpan, ruleSentence} from "../lib/trainee/rule-sentence.js";
import {
  linesOf,
  ruleSetsFromQuery,
  type CaseRecord,
  type EditorContext,
  type EditorView,
  type LineReading,
  type LineView,
  type CaseDerivation,
  caseFileName,
  nextFreeOrder,
  caseFileText,
  syncRulings,
  blankCase,
} from "../lib/authoring/case-editor.js";
import {
  caseEditorModel,
  fieldId,
  enclosingFields,
  idsText,
  isDescribed,
  markedText,
  marksOf,
  readUpload,
  schemaValues,
  shownProblems,
  factLabels,
  viewWithRefused,
  type CaseEditorAction,
  type CaseEditorState,
  type ControlInput,
  type RefusedInput,
} from "../lib/authoring/case-editor-state.js";
import type {CaseEditorData} from "../lib/authoring/case-editor-data.node.js";
import {type FactField, factInputText, type JsonSchema} from "../lib/authoring/fact-fields.js";
import {openCaseDraftStore, replacedUnsavedWords} from "../lib/authoring/case-draft-store.js";
import {caseWords, draftNoticeWords, yesNoLabels} from "../lib/authoring/case-words.js";
import {whenIdle} from "../lib/site/schedule.js";
import {isRecord} from "../lib/authoring/case-record.js";
import {markableTexts, turnsOf, type MarkableText, type TurnRole} from "../lib/authoring/case-turns.js";
import {quotesOf} from "../lib/authored/quote.js";
import {pageStorage, type KeyValueStorage} from "../lib/trainee/set-aside.js";
import {el, titled, type Child, live, type Keep, type Live} from "./dom.js";
import {handoffWords, takeEditorKeys, unknownOpenedWords} from "../lib/authoring/case-handoff.js";
import {dirOf, languageName} from "../lib/authored/language.js";
import type {GuidelineRule} from "../lib/authored/schemas/guideline.js";
import type {LogicRule} from "../lib/authored/schemas/logic.js";
import {ruleHref, itemLabel} from "../lib/site/links.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {type Problem, formatProblem} from "../lib/authored/problems.js";
import {
  addStretchLabel,
  noteLabel,
  problemInWords,
  strayQuoteFix,
  strayQuoteWords,
  quotedTextWords,
  type FactLabel,
} from "../lib/authored/problem-words.js";
import type {CaseSchemas} from "../lib/authored/schemas/facts.js";
import type {CaseSet} from "../lib/authored/schemas/item.js";
import {download} from "../lib/site/download.js";
import {pendingPrompt, tokens, type MarkIn} from "../lib/trainee/draft.js";
import {MarkSurface} from "./checklist-editor.js";
import {byteLimit} from "../lib/authored/limits.js";
import {formatBytes} from "../lib/text/format.js";
import {quoteText} from "../lib/text/quote-text.js";
import {strayStretches} from "../lib/authoring/case-view.js";

/** What the page knows besides the state: the data and what the address chose. */
interface Setting {
  data: CaseEditorData;
  rules: readonly {id: string; rule: GuidelineRule | null; logic: LogicRule | null}[];
  fieldsOf(rule: string): readonly FactField[];
  current: string;
  /** The candidate in words, or null. */
  candidate: string | null;
  authorsHref: string;
  addressError: string | null;
  piece: Piece;
  surfaces: MarkSurfaces;
}

/** A part of the view built by `build`, or the same part again as long as each part of `key` is the same. */
type Piece = (id: string, key: readonly unknown[], build: () => HTMLElement) => HTMLElement;

/**
 * The view's costly parts (a line with its rule's sentence, the derivation) built again only when what they show
 * changes, else cloned from their last build: a clone is the browser's work, where a build runs the wording again.
 * The patch then finds an unchanged part equal at once and leaves it.
 */
function pieces(): Piece {
  const built = new Map<string, {key: readonly unknown[]; node: HTMLElement}>();
  return (id, key, build) => {
    const last = built.get(id);
    if (last && last.key.length === key.length && last.key.every((part, at) => Object.is(part, key[at])))
      return last.node.cloneNode(true) as HTMLElement;
    const node = build();
    built.set(id, {key, node: node.cloneNode(true) as HTMLElement});
    return node;
  };
}

export function CaseEditor(
  data: CaseEditorData & {schemas: CaseSchemas},
  {location = window.location, storage = pageStorage()}: {location?: Location; storage?: KeyValueStorage | null} = {},
): Live<CaseEditorState, CaseEditorAction> {
  const current = data.versions.at(-1)!;
  const address = ruleSetsFromQuery(location.search, data.versions, data.domains);
  const context: EditorContext = {
    schemas: data.schemas,
    current: address.current,
    candidate: address.candidate,
    knownIds: data.cases.map((entry) => entry.id),
    cases: data.cases,
    pools: data.pools,
    rubric: current.rubric,
    caseStudyCases: data.caseStudyCases,
  };
  const model = caseEditorModel({context, factSchemas: data.factSchemas, cases: data.cases});
  // The page opens on the draft saved before, or on the one "Write this case" hands over in the address, with the
  // draft it replaces kept for Undo.
  const store = openCaseDraftStore(storage, data.schemas);
  const saved = store.saved();
  // The draft "Write this case" hands over, or the case "Open in the case editor" names: both keys leave the address
  // (a reload keeps what the author does since), and a draft handed over wins.
  const {handed, opened: asked, unknown, rest, taken} = takeEditorKeys(location.search, data.cases);
  if (taken) window.history.replaceState(null, "", `${location.pathname}${rest}${location.hash}`);
  const opened = handed ? null : asked;
  let said = [unknown === null ? "" : unknownOpenedWords(unknown), saved ? "Your draft from before is back." : ""]
    .filter(Boolean)
    .join(" ");
  let then = "";
  if (handed) {
    const kept = store.setAsideReplaced(saved ?? blankCase({cases: data.cases})) || store.notice()?.kind === "memory";
    store.save(handed);
    said = kept ? handoffWords : `${handoffWords} ${replacedUnsavedWords}`;
  } else if (saved && store.replaced()) then = "Undo brings back the draft your last Load replaced.";
  const setting: Setting = {
    data,
    rules: Object.keys(data.factSchemas).map((id) => ({
      id,
      rule: current.rules.find((rule) => rule.id === id) ?? null,
      logic: logicRule(current.logic, id) ?? null,
    })),
    fieldsOf: model.fieldsOf,
    current: current.version,
    candidate: address.described,
    // The candidate's query, without the keys the editor took from the address.
    authorsHref: `../authors${rest}`,
    addressError: address.error ?? null,
    piece: pieces(),
    // A press, a drag or Escape on the words is the editor's action; the words are placed before it is built.
    surfaces: markSurfaces((action) => root.dispatch(action)),
  };

  const first = model.initial(handed ?? saved ?? blankCase({cases: data.cases}), {
    said,
    then,
    canUndo: store.replaced() !== null,
    notice: store.notice(),
    restored: !handed && saved !== null,
  });

  const root = live<CaseEditorState, CaseEditorAction>(first, {
    update: model.update,
    view: (state, keep) => EditorView(state, setting, keep),
    on: {
      input: (event) => editOf(event),
      change: (event) => editOf(event) ?? startOf(event),
      click: (event) => clickOf(event, store.replaced()),
    },
    effects: (node, change) => {
      const {before, after, action} = change;
      if (after.loaded !== before.loaded) {
        // Another case in place of the draft: the one it replaces is kept, one Undo away, even after a reload.
        const kept = store.setAsideReplaced(before.record) || store.notice()?.kind === "memory";
        store.save(after.record);
        node.dispatch({kind: "stored", notice: store.notice(), kept});
      } else if (after.record !== before.record) {
        store.save(after.record);
        node.dispatch({kind: "stored", notice: store.notice(), kept: true});
      }
      // Each edit's view at once; the file read back as guideline:check reads it when idle.
      if (after.record !== before.record)
        whenIdle(() => node.dispatch({kind: "read-back", record: after.record}), readBackWithinMs);
      if (action.kind === "upload")
        void readUpload(action.file, data.schemas).then((read) =>
          node.dispatch({kind: "uploaded", name: action.file.name, ...read}),
        );
      if (after.downloads > before.downloads)
        download(
          caseFileText(syncRulings(after.record, after.view)),
          caseFileName(after.record),
          "text/markdown;charset=utf-8",
        );
      setting.surfaces.show(node.state);
      focusAfter(node, change);
    },
  });
  setting.surfaces.show(root.state);
  // Loaded as the start screen's Load does: the draft it replaces, one Undo away.
  if (opened) {
    root.dispatch({kind: "start-from", id: opened});
    root.dispatch({kind: "load"});
  }
  return root;
}

// The file read back waits for idle time, but no longer than this: the problems list catches up within a blink.
const readBackWithinMs = 300;

/** The control an input or change event edits, read as an action: a text field as it is typed, the rest on change. */
function editOf(event: Event): CaseEditorAction | undefined {
  const control = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const typed =
    control instanceof HTMLTextAreaElement ||
    (control instanceof HTMLInputElement && /^(text|number)$/.test(control.type));
  if ((event.type === "input") !== typed) return undefined;
  const edit = control.dataset?.edit;
  if (edit === "free")
    return {kind: "free", name: control.dataset.name as "freeText" | "freeWhy", value: control.value};
  if (!edit || control instanceof HTMLButtonElement) return undefined;
  // The number field of a count that may be a word is what the word's choice edits: its id, and what it holds.
  const id = edit === "fact-kind" ? control.id.replace(/-kind$/, "") : control.id;
  const count = edit === "fact-kind" ? control.ownerDocument.getElementById(id) : null;
  const input: ControlInput = {
    id,
    data: {...control.dataset},
    value: control.value,
    ...(count instanceof HTMLInputElement ? {count: count.value} : {}),
  };
  return {kind: "edit", control: input};
}

/** The start screen's choices and the text to mark in, read off a change. */
function startOf(event: Event): CaseEditorAction | undefined {
  const control = event.target as HTMLInputElement | HTMLSelectElement;
  if (control.id === "case-start-from") return {kind: "start-from", id: control.value};
  if (control.id === "case-mark-in") return {kind: "mark-in", chosen: control.value};
  if (control.id === "case-upload" && control instanceof HTMLInputElement) {
    const file = control.files?.[0];
    return file ? {kind: "upload", file} : undefined;
  }
  return undefined;
}

/** A button's action, read off its data-action (and the line, turn or note it acts on). */
function clickOf(event: MouseEvent, back: CaseRecord | null): CaseEditorAction | undefined {
  const button = (event.target as Element).closest<HTMLElement>("[data-action]");
  if (!button || !(event.currentTarget as Element).contains(button)) return undefined;
  const {action = "", line, turn, note, role, target} = button.dataset;
  switch (action) {
    case "line-up":
    case "line-down":
    case "line-remove":
    case "line-add-stretch":
      return {kind: "line", act: action, line: Number(line)};
    case "stretch-remove":
      return {kind: "stretch-remove", line: Number(line), stretch: Number(button.dataset.stretch)};
    case "turn-add":
    case "turn-up":
    case "turn-down":
    case "turn-remove":
      return {
        kind: "turn",
        act: action.slice("turn-".length) as "add" | "up" | "down" | "remove",
        at: Number(turn),
        role: role as TurnRole,
      };
    case "note-add":
      return {kind: "note-add"};
    case "note-remove":
      return {kind: "note-remove", note: Number(note)};
    case "focus-field":
      event.preventDefault();
      return {kind: "focus-field", target: target ?? ""};
    case "download":
      return {kind: "download"};
    case "load":
      return {kind: "load"};
    case "undo":
      return {kind: "undo", back};
    case "free-add":
      return {kind: "free-add"};
    default:
      return undefined;
  }
}

/** After an edit that moves or removes what had the focus, the focus goes where the author's next step is. */
function focusAfter(
  root: HTMLElement,
  {before, after, action}: {before: CaseEditorState; after: CaseEditorState; action: CaseEditorAction},
): void {
  const focus = (selector: string): boolean => {
    const target = root.querySelector<HTMLElement>(selector);
    target?.focus();
    return target !== null;
  };
  const byId = (field: string) => focus(`#${CSS.escape(fieldId(field))}`);
  switch (action.kind) {
    case "line": {
      const {act, line} = action;
      if (act === "line-add-stretch") {
        if (after.addingTo !== null) focus('.case-mark-holder button.word[tabindex="0"]');
        return;
      }
      if (act === "line-remove") {
        const left = linesOf(after.record).length;
        if (left) byId(`checklist[${Math.min(line, left - 1)}]`);
        else focus("#case-checklist");
        return;
      }
      // The keyboard stays with the line it moved: on the same button, or the line itself at the end of the list.
      const to = line + (act === "line-up" ? -1 : 1);
      if (!focus(`[data-action="${act}"][data-line="${to}"]:not(:disabled)`)) byId(`checklist[${to}]`);
      return;
    }
    case "stretch-remove": {
      // The keyboard stays on the line's words: the next stretch's button, else the quote, which says what is left.
      const {line, stretch} = action;
      const left = quotesOf(linesOf(after.record)[line]?.quote as string | string[] | undefined).length;
      if (left)
        focus(`[data-action="stretch-remove"][data-line="${line}"][data-stretch="${Math.min(stretch, left - 1)}"]`);
      else byId(`checklist[${line}].quote`);
      return;
    }
    case "turn": {
      const count = turnsOf(after.record).length;
      if (action.act === "add") byId(`turns[${count - 1}].text`);
      else if (action.act === "remove")
        if (count) byId(`turns[${Math.min(action.at, count - 1)}]`);
        else byId("turns");
      else {
        // The keyboard stays with the turn it moved.
        const to = action.at + (action.act === "up" ? -1 : 1);
        if (!focus(`[data-action="turn-${action.act}"][data-turn="${to}"]:not(:disabled)`)) byId(`turns[${to}]`);
      }
      return;
    }
    case "note-add": {
      const notes = after.record.notes;
      byId(`notes[${Array.isArray(notes) ? notes.length - 1 : 0}].label`);
      return;
    }
    case "note-remove":
      byId("notes");
      return;
    case "focus-field":
      focus(`#${CSS.escape(action.target)}`);
      return;
    case "download":
      if (after.showAll && after.downloads === before.downloads) focus("#case-problems");
      return;
    case "free-add":
      if (after.marking.freeError) focus(after.marking.freeText.trim() ? "#case-free-why" : "#case-free-text");
      return;
  }
}

/** The whole editor for a state. */
function EditorView(state: CaseEditorState, setting: Setting, keep: Keep): HTMLElement {
  const {piece} = setting;
  const factLabel = factLabels(state.record, setting.fieldsOf);
  const problems = shownProblems(state, factLabel);
  const shown = JSON.stringify([...problems]);
  const {checklist: _lines, notes, ...fields} = state.record;
  const nextOrder = nextFreeOrder(state.record, setting.data.cases);
  const work = el(
    "div",
    {class: "case-work"},
    piece("start", [state.from, state.start, state.canUndo], () => Start(state, {data: setting.data})),
    Texts(state.record, {languages: setting.data.languages, problems}),
    Marking(state, {keep, surfaces: setting.surfaces}),
    Checklist(state, {setting, problems}),
    el(
      "div",
      {class: "case-work-more"},
      piece("details", [JSON.stringify(fields), shown, nextOrder], () =>
        CaseDetails(state.record, {
          itemSchema: setting.data.itemSchema,
          rules: setting.rules.map(({id, rule}) => [id, `${rule?.title ?? id} (${id})`] as const),
          knownIds: setting.data.cases.map((entry) => entry.id),
          problems,
          setLabels: setting.data.setLabels,
          nextOrder,
        }),
      ),
      piece("notes", [notes, shown], () => CaseNotes(Array.isArray(notes) ? notes.filter(isRecord) : [], {problems})),
    ),
  );
  const lineTexts = linesOf(state.record).map((line) => (typeof line.text === "string" ? line.text : ""));
  const fileName = caseFileName(state.record);
  const shownView = viewWithRefused(state);
  const said = state.notice ? draftNoticeWords(state.notice) : "";
  return el(
    "div",
    {class: "case-editor"},
    setting.addressError
      ? el(
          "p",
          {class: "preview-notice", role: "alert"},
          `The address's candidate could not be read (${setting.addressError}): none is shown.`,
        )
      : null,
    el("p", {class: "preview-notice case-notice", role: "alert", hidden: !said}, said),
    el(
      "div",
      {class: "case-layout"},
      work,
      el(
        "div",
        {class: "case-side"},
        piece(
          "derivation",
          [JSON.stringify([shownView, lineTexts, fileName, linesOf(state.record).map((line) => line.rule)])],
          () =>
            CaseDerivationPanel(shownView, {
              current: setting.current,
              candidate: setting.candidate,
              authorsHref: setting.authorsHref,
              lineTexts,
              fileName,
              // The problems link to the controls the page shows for this state.
              has: (id) => work.querySelector(`#${CSS.escape(id)}`) !== null,
              factLabel,
            }),
        ),
      ),
    ),
  );
}

// The case's two texts: the request and the response as pasted, the language of each and an optional English gloss,
// and the conversation's earlier turns (lib/authoring/case-turns.ts). Each field's value is the state's: morphdom
// writes it only where it differs, so the one being typed in keeps its caret.
const texts = ["request", "response"] as const;
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** What the language field says under it: the tag's language by name, or the problem with the tag. */
const languageHint = (tag: string, problem: string | null): string =>
  problem ?? `${languageName(tag)}. A language tag: en, es, pt-BR…`;

function Texts(
  record: CaseRecord,
  {languages, problems}: {languages: readonly string[]; problems: ReadonlyMap<string, string>},
): HTMLElement {
  return titled(
    "section",
    {class: "case-texts"},
    {titleId: "case-texts-title", title: "The request and the response"},
    Turns(record, {problems}),
    texts.map((which) => CaseText(record, {which, problems})),
    el(
      "datalist",
      {id: "case-languages"},
      languages.map((tag) => el("option", {value: tag}, languageName(tag))),
    ),
  );
}

function CaseText(
  record: CaseRecord,
  {which, problems}: {which: (typeof texts)[number]; problems: ReadonlyMap<string, string>},
): HTMLElement {
  const holder = isRecord(record[which]) ? (record[which] as Record<string, unknown>) : {};
  const bodyId = fieldId(`${which}.text`);
  const tag = text(holder.language) || "en";
  const languageProblem = problems.get(`${which}.language`) ?? null;
  const error = problems.get(`${which}.text`) ?? null;
  const body = el(
    "textarea",
    {
      "id": bodyId,
      "rows": 6,
      "data-edit": "text",
      "data-which": which,
      // The text is marked with its language, and its direction, as on the trainee's pages, once the tag is one.
      "lang": languageProblem ? "" : tag,
      "dir": languageProblem ? null : dirOf(tag),
      "aria-invalid": error ? "true" : null,
      "aria-describedby": error ? `${bodyId}-error` : null,
    },
    text(holder.text),
  );
  const language = el("input", {
    "id": fieldId(`${which}.language`),
    "type": "text",
    "value": tag,
    "list": "case-languages",
    "autocomplete": "off",
    "spellcheck": "false",
    "data-edit": "language",
    "data-which": which,
  });
  const gloss = el(
    "textarea",
    {"id": fieldId(`${which}.gloss`), "rows": 2, "data-edit": "gloss", "data-which": which},
    text(holder.gloss),
  );
  const languageField = labelled(`Language of the ${which}`, {
    id: language.id,
    control: language,
    hint: languageHint(tag, languageProblem),
  });
  if (languageProblem) {
    language.setAttribute("aria-invalid", "true");
    languageField.querySelector(".case-hint")?.classList.add("field-error");
  }
  return el(
    "div",
    {class: "case-editor-text"},
    el("label", {for: bodyId, class: "case-text-label"}, which === "request" ? "Request" : "Response"),
    el(
      "p",
      {class: "muted", hidden: holder.form !== "described"},
      `The case study only describes this ${which}: it is not quoted.`,
    ),
    body,
    el("p", {class: "field-error", id: `${bodyId}-error`, hidden: error === null}, error ?? ""),
    el(
      "div",
      {class: "case-text-extra"},
      languageField,
      labelled(`English gloss of the ${which} (optional)`, {
        id: gloss.id,
        control: gloss,
        hint:
          typeof holder.glossFrom === "string" ? caseWords.glossTaken(holder.glossFrom, which) : caseWords.glossHint,
        error: problems.get(`${which}.gloss`) ?? null,
      }),
    ),
  );
}

// The conversation's earlier turns: each turn's speaker and words, which the author adds, edits, moves and removes
// (every change one of lib/authoring/case-turns.ts). A turn of the user's can then be marked in, like the request, for
// a standing instruction.
const speakers: Record<TurnRole, string> = {user: "The user", assistant: "The assistant"};

function Turns(record: CaseRecord, {problems}: {problems: ReadonlyMap<string, string>}): HTMLElement {
  const turns = turnsOf(record);
  const addButton = (role: TurnRole, label: string) =>
    el("button", {"type": "button", "class": "button secondary", "data-action": "turn-add", "data-role": role}, label);
  return el(
    "div",
    {class: "case-turns", id: fieldId("turns"), tabindex: -1},
    el("h3", {}, "Earlier turns of the conversation"),
    el("p", {class: "muted"}, "Only for a request that comes later in a conversation: the turns before it, in order."),
    el(
      "ol",
      {class: "case-turn-list"},
      turns.map((turn, at) => Turn(turn, {at, count: turns.length, error: problems.get(`turns[${at}].text`) ?? null})),
    ),
    el(
      "div",
      {class: "case-turn-add"},
      addButton("user", "+ A turn of the user's"),
      addButton("assistant", "+ An answer of the assistant's"),
    ),
  );
}

function Turn(
  turn: Record<string, unknown>,
  {at, count, error}: {at: number; count: number; error: string | null},
): HTMLElement {
  const id = (name: string) => fieldId(`turns[${at}].${name}`);
  const number = typeof turn.turn === "number" ? `Turn ${turn.turn}` : `Earlier turn ${at + 1}`;
  const role = el(
    "select",
    {"id": id("role"), "data-turn": at, "data-edit": "turn-role"},
    (["user", "assistant"] as const).map((value) =>
      el("option", {value, selected: turn.role === value}, speakers[value]),
    ),
  );
  const words = el(
    "textarea",
    {"id": id("text"), "rows": 3, "data-turn": at, "data-edit": "turn-text", "aria-invalid": error ? "true" : null},
    text(turn.text),
  );
  const move = (action: string, label: string, disabled: boolean) =>
    el(
      "button",
      {"type": "button", "class": "button secondary", "data-action": `turn-${action}`, "data-turn": at, disabled},
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
    el("p", {class: "field-error", id: `${words.id}-error`, hidden: error === null}, error ?? ""),
  );
}

// Step 1 in the case editor: the author marks the instructions in the request with the trainee's own marking
// (MarkSurface, src/components/checklist-editor.ts: each word a button, first word then last, the arrow keys between
// words, Enter to press, Escape to drop a half-made stretch). A finished stretch becomes a new line, quoting the
// request's words exactly, or another stretch of the line waiting for one (a main task may quote several). A line with
// no words to point to is typed with why it has none. Where the user gave a standing instruction in an earlier turn,
// the author chooses which text to mark in (the request or the turn), and the line quotes that turn (quoteIn: turn-N).
// The words are a child of their own (a mark surface, kept across patches): shown the state's lines after each patch.
function Marking(state: CaseEditorState, {keep, surfaces}: {keep: Keep; surfaces: MarkSurfaces}): HTMLElement {
  const offered = markableTexts(state.record);
  const shown = markedText(state);
  const chosen = (offered.find((each) => each.quoteIn === state.marking.chosen) ?? offered[0]!).quoteIn;
  const choice = el(
    "select",
    {id: "case-mark-in"},
    offered.map((each) =>
      el(
        "option",
        {value: each.quoteIn, selected: each.quoteIn === chosen},
        `${each.label[0]!.toUpperCase()}${each.label.slice(1)}`,
      ),
    ),
  );
  const choiceField = labelled("Mark the words of", {
    id: choice.id,
    control: choice,
    hint: "The request, or an earlier turn of the user's where a standing instruction was given.",
  });
  choiceField.hidden = offered.length < 2;
  const {marking} = state;
  const all = shown && marking.pending ? tokens(shown.text) : [];
  const waiting =
    state.addingTo === null || !shown
      ? ""
      : `Mark the stretch of ${shown.label} to add to line ${state.addingTo + 1}. `;
  const status = !shown ? "" : marking.again ? "That stretch is marked already." : waiting;
  // What to press next shows under the words, beside its Cancel (the surface's); here it is read out.
  const next =
    shown && !marking.again
      ? pendingPrompt(marking.pending, {wordOf: (_where, token) => all[token]?.text ?? "", lineText: () => ""})
      : "";
  const freeText = el("input", {
    "id": "case-free-text",
    "type": "text",
    "value": marking.freeText,
    "data-edit": "free",
    "data-name": "freeText",
  });
  const freeWhy = el("input", {
    "id": "case-free-why",
    "type": "text",
    "value": marking.freeWhy,
    "data-edit": "free",
    "data-name": "freeWhy",
  });
  return titled(
    "section",
    {class: "case-marking", id: "case-checklist"},
    {titleId: "case-marking-title", title: "Mark the instructions"},
    el(
      "p",
      {class: "step-help", id: "case-mark-help"},
      "Press an instruction's first word, then its last",
      el("span", {class: "fine-pointer"}, " (or drag across it)"),
      ". In the words, the arrow keys move, Enter presses a word and Escape drops a half-made stretch. " +
        "Each stretch becomes a line below, its text the marked words until you write it in the checklist's words.",
    ),
    choiceField,
    el(
      "p",
      {"class": "mark-status", "role": "status", "aria-live": "polite"},
      status,
      next ? el("span", {class: "visually-hidden"}, next) : null,
    ),
    el(
      "div",
      {class: "case-mark-holder"},
      shown
        ? surfaces.place(shown, keep)
        : el(
            "p",
            {class: "muted"},
            isDescribed(state.record)
              ? "This request is described, not quoted: it has no words to mark. Add its lines below."
              : "Paste the request above: its words show here to mark.",
          ),
    ),
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
        el("button", {"type": "button", "class": "button secondary", "data-action": "free-add"}, "Add the line"),
        el("p", {class: "field-error", role: "alert", hidden: marking.freeError === null}, marking.freeError ?? ""),
      ),
    ),
  );
}

/** The words to mark: placed by the view, shown the state's lines after each patch. */
interface MarkSurfaces {
  /** The surface of `marked`, kept (`keep`) under a key of its own for as long as the text to mark is the same. */
  place(marked: MarkableText, keep: Keep): HTMLElement;
  /** The state's lines, pending stretch and line numbers, on the surface shown. */
  show(state: CaseEditorState): void;
}

/** The mark surfaces of the editor, one per text to mark, each telling the editor its presses through `dispatch`. */
function markSurfaces(dispatch: (action: CaseEditorAction) => void): MarkSurfaces {
  let made = 0;
  let shown: {text: string; where: string; key: string; surface: MarkSurface | null} | null = null;
  return {
    place(marked, keep) {
      // Another text is another surface: its words are other buttons, its marks start again. The last one is let go
      // (placed whileShown): a request typed by hand passes through a text per key press.
      const current =
        shown?.text === marked.text && shown.where === marked.quoteIn
          ? shown
          : (shown = {text: marked.text, where: marked.quoteIn, key: `mark-words-${++made}`, surface: null});
      return keep(
        current.key,
        () => {
          current.surface = MarkSurface(
            {text: marked.text, where: marked.quoteIn as MarkIn, label: marked.label},
            {
              describedBy: "case-mark-help",
              // The editor keeps the marks: a press, a drag or Escape is its action, and it shows the lines again.
              onChange: (_next, action) =>
                dispatch(
                  action.kind === "press"
                    ? {kind: "word", token: action.token}
                    : action.kind === "stretch"
                      ? {kind: "drag", from: action.from, to: action.to}
                      : {kind: "cancel-mark"},
                ),
            },
          );
          return current.surface;
        },
        {whileShown: true},
      );
    },
    show(state) {
      const marked = markedText(state);
      if (!marked || !shown?.surface) return;
      const {marks, owners} = marksOf(marked, linesOf(state.record));
      // A line with several stretches has several marks, each numbered by its line.
      shown.surface.dispatch({
        kind: "show",
        lines: marks,
        pending: state.marking.pending,
        locked: false,
        numbers: owners.map((owner) => owner + 1),
      });
    },
  };
}

// Where a case in the editor starts: a blank case, any case of the notebook, or an uploaded case file; and Undo, which
// brings back the draft a load replaced. An upload is checked by its size before it is read, then read as the build
// reads a case file (lib/authoring/case-editor-state.ts, readUpload): a broken one is refused with each field and its
// fix, as text, and the draft is left as it was.
function Start(state: CaseEditorState, {data}: {data: CaseEditorData}): HTMLElement {
  const {cases, setLabels} = data;
  const sets = [...new Set(cases.map((entry) => entry.set))];
  const select = el(
    "select",
    {id: "case-start-from"},
    el("option", {value: "", selected: state.from === ""}, "Blank case"),
    sets.map((set) =>
      el(
        "optgroup",
        {label: setLabels[set] ?? set},
        cases
          .filter((entry) => entry.set === set)
          .map((entry) =>
            el("option", {value: entry.id, selected: entry.id === state.from}, `${entry.id}: ${entry.topic}`),
          ),
      ),
    ),
  );
  const upload = el("input", {id: "case-upload", type: "file", accept: ".md,text/markdown,text/plain"});
  const problems: readonly Problem[] = state.start.problems;
  return titled(
    "section",
    {class: "case-start"},
    {titleId: "case-start-title", title: "Where to start"},
    el(
      "div",
      {class: "case-start-row"},
      labelled("Start from", {
        id: select.id,
        control: select,
        hint: "A blank case, or any case of the notebook to change and download under a new id.",
      }),
      el("button", {"type": "button", "class": "button secondary", "data-action": "load"}, "Load"),
      labelled("Or upload a case file", {
        id: upload.id,
        control: upload,
        hint: `A data/items/<id>.md file, at most ${formatBytes(byteLimit("item"))}.`,
      }),
    ),
    el("p", {"class": "case-start-said", "role": "status", "aria-live": "polite"}, state.start.said),
    // Each problem as text: a file's words never become markup.
    el(
      "ul",
      {class: "case-start-problems", hidden: problems.length === 0},
      problems.map((problem) => el("li", {}, formatProblem(problemInWords(problem)))),
    ),
    el(
      "button",
      {"type": "button", "class": "button secondary", "data-action": "undo", "hidden": !state.canUndo},
      "Undo: bring back the draft before",
    ),
  );
}

// The checklist's lines, each a CaseLine (below).
function Checklist(
  state: CaseEditorState,
  {setting, problems}: {setting: Setting; problems: ReadonlyMap<string, string>},
): HTMLElement {
  const all = linesOf(state.record);
  const request = isRecord(state.record.request) ? state.record.request : {};
  const markable = request.form !== "described" && typeof request.text === "string" && request.text.trim() !== "";
  const refused = new Map(Object.entries(state.refused));
  const stray = strayStretches(state.record);
  return el(
    "section",
    {"class": "case-lines-section", "id": fieldId("checklist"), "tabindex": -1, "aria-labelledby": "case-lines-title"},
    el("h2", {id: "case-lines-title"}, "The checklist"),
    el(
      "p",
      {class: "muted"},
      "For each line: its role (one is the main task), the rule that decides it and the facts that rule reads.",
    ),
    el(
      "ol",
      {class: "case-lines"},
      all.map((line, index) => {
        const lost = stray.get(index);
        const own = (id: string) =>
          id.startsWith(`checklist[${index}]`) || id.startsWith(`${fieldId(`checklist[${index}]`)}-`);
        const key = [
          line,
          JSON.stringify(state.view.lines[index]),
          all.length,
          state.addingTo,
          markable,
          lost ? [...lost].join() : "",
          JSON.stringify([[...refused].filter(([id]) => own(id)), [...problems].filter(([field]) => own(field))]),
        ];
        return setting.piece(`line-${index}`, key, () =>
          CaseLine(
            {
              line,
              index,
              count: all.length,
              view: state.view.lines[index],
              rules: setting.rules,
              fields: typeof line.rule === "string" ? setting.fieldsOf(line.rule) : [],
            },
            {
              candidate: setting.candidate,
              current: setting.current,
              refused,
              markable,
              addingTo: state.addingTo,
              problems,
              stray: lost,
            },
          ),
        );
      }),
    ),
  );
}

// One checklist line in the case editor: what it says and quotes, its role, the rule that decides it with the fact
// form that rule's schema makes, beside the rule's text from the current guideline, and the verdict the engine derives
// from those facts under the current guideline and the /authors candidate. Its controls carry data- attributes the
// editor's one listener reads (controlEdit in lib/authoring/case-editor-state.ts says what each edits).
/** A link from this page, one folder down (/authors/case), to a rule on the guideline page. */
const ruleLink = (id: string): string => `.${ruleHref(id)}`;

const roleLabels: [string, string][] = [
  ["main", "The main task"],
  ["instruction", "An instruction"],
  ["candidate", "A candidate: not an instruction"],
];

/** A line of the case, where it stands among the others, and what the editor's view says of it. */
interface CaseLineData {
  line: Record<string, unknown>;
  index: number;
  count: number;
  view: LineView | undefined;
  /** The rules a line may cite, from the current guideline (a rule it does not state shows by id). */
  rules: readonly {id: string; rule: GuidelineRule | null; logic: LogicRule | null}[];
  /** The fact fields of the line's rule. */
  fields: readonly FactField[];
}

interface CaseLineOptions {
  /** The candidate in words ("v1 with How … (counting): most-missed → at-least-half"), or null when there is none. */
  candidate: string | null;
  current: string;
  refused: ReadonlyMap<string, RefusedInput>;
  /** Whether the request is quoted text the author can mark: a line may then take another stretch of it. */
  markable: boolean;
  /** The line waiting for a stretch to add to its quote, if any. */
  addingTo: number | null;
  /** The case's problems that show at their controls, by field. */
  problems: ReadonlyMap<string, string>;
  /** The line's stretches the text no longer holds, by their place in its quote. */
  stray: ReadonlySet<number> | undefined;
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

/**
 * A line's marked words, each stretch with a button that removes it. A stretch the text no longer holds (the text
 * edited after it was marked, or a file's stretch that never matched) says so: removed, its words can be marked again.
 */
function Quote(
  line: Record<string, unknown>,
  {index, stray}: {index: number; stray: ReadonlySet<number> | undefined},
): HTMLElement {
  const quotes = quotesOf(line.quote as string | string[] | undefined);
  const id = fieldId(`checklist[${index}].quote`);
  if (!quotes.length)
    return el("p", {id, class: "case-line-quote muted", tabindex: -1}, "No words of the request marked.");
  const strayId = (at: number) => `${id}-stray-${at}`;
  return el(
    "div",
    {id, class: "case-line-quote", tabindex: -1},
    el(
      "p",
      {},
      quotes.map((quote, at) => [
        at ? " … " : "",
        el("q", {class: stray?.has(at) ? "is-stray" : null}, quote),
        el(
          "button",
          {
            "type": "button",
            "class": "stretch-remove",
            "data-action": "stretch-remove",
            "data-line": index,
            "data-stretch": at,
            "aria-label": `Remove ${quoteText(quote, 40)} from line ${index + 1}`,
            "aria-describedby": stray?.has(at) ? strayId(at) : null,
          },
          "×",
        ),
      ]),
      text(line.quoteIn) && line.quoteIn !== "request" ? ` (in ${text(line.quoteIn)})` : "",
    ),
    quotes.flatMap((quote, at) =>
      stray?.has(at)
        ? [
            el(
              "p",
              {class: "field-error", id: strayId(at)},
              `${strayQuoteWords(quoteText(quote), line.quoteIn)}: ${strayQuoteFix.editor}.`,
            ),
          ]
        : [],
    ),
  );
}

function CaseLine({line, index, count, view, rules, fields}: CaseLineData, options: CaseLineOptions): HTMLElement {
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
              options.addingTo === index ? `Mark the stretch in ${quotedTextWords(line.quoteIn)}…` : addStretchLabel,
            )
          : null,
        action("line-remove", "Remove"),
      ),
    ),
    Quote(line, {index, stray: options.stray}),
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

// What the engine derives for the case being written (/authors/case): the score under the current guideline (the
// element named "Derived score"), its rubric row and trace, the same under the /authors candidate, the button that
// downloads the case file, and every problem that keeps it from downloading, each linked to the control that fixes
// it. Built from the editor's view (lib/authoring/case-view.ts).
interface DerivationOptions {
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
  /** A fact's label, as its control shows it. */
  factLabel: FactLabel;
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
function ProblemItem(found: Problem, {has, factLabel}: {has(id: string): boolean; factLabel: FactLabel}): HTMLElement {
  const problem = problemInWords(found, "editor", factLabel);
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

function CaseDerivationPanel(view: EditorView, options: DerivationOptions): HTMLElement {
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
            el("output", {id: "case-candidate-score", class: `case-score${shape(candidate)}`}, view.candidateScoreText),
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
      : view.candidateScoreText !== null
        ? null
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
        view.problems.length
          ? `To fix before the download (${view.problems.length})`
          : view.afterDownload.length
            ? "Nothing to fix before the download"
            : "Nothing to fix",
      ),
      view.problems.length
        ? el(
            "ul",
            {},
            view.problems.map((problem) => ProblemItem(problem, options)),
          )
        : null,
      view.afterDownload.length
        ? [
            el("h3", {class: "case-after-title"}, `To fix after the download (${view.afterDownload.length})`),
            el(
              "ul",
              {class: "case-after"},
              view.afterDownload.map((problem) => ProblemItem(problem, options)),
            ),
          ]
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
// text and the cases it points to, with a button to add one and one to remove each; its controls carry data-
// attributes the editor's one listener reads.
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
      "aria-label": noteLabel(index),
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

function CaseNotes(
  notes: readonly Record<string, unknown>[],
  {problems}: {problems: ReadonlyMap<string, string>},
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
// its flags and the cases it compares with; its controls carry data- attributes the editor's one listener reads.
interface CaseDetailsOptions {
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

function CaseDetails(
  record: Record<string, unknown>,
  {itemSchema, rules, knownIds, problems, setLabels, nextOrder = null}: CaseDetailsOptions,
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

// A checklist line's fact form in the case editor: one control per fact its rule reads, made from the fields
// lib/authoring/fact-fields.ts reads off the rule's fact schema (a yes-no or a fixed list is a select, a count a number
// field, a count or a word both). What the author enters is read by readFactInput (in controlEdit): a value the
// schema refuses is never written to the case, and its message shows here beside what was typed.
interface FactFormOptions {
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
    // The number itself, where the menu above chose "a number" ("How many the response gives: the number").
    labelled(`${field.label}: the number`, {id, control: count, hint: field.hint, error}),
  );
}

/** The facts of a line's rule, as a group named for them; a rule that reads none says so. */
function FactForm(fields: readonly FactField[], options: FactFormOptions): HTMLElement {
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

/** A control's `data-*` attributes: what it edits, read by the editor's one listener. */
type EditData = Record<`data-${string}`, string | number>;

/**
 * A labelled control with its hint and its error, each tied to the control for a screen reader. `control` must
 * carry the id `id`.
 */
function labelled(
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

/** A select of `options` ([value, label]) with `value` chosen; an empty first option when `empty` is given. */
function choiceOf(
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

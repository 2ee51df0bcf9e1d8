// The case editor (/authors/case): an author pastes a request and a response, marks the instructions, chooses each
// line's rule and facts, and sees at once what the engine derives under the current guideline and the /authors
// candidate; then downloads the case as data/items/<id>.md. The case is a record changed only through
// lib/authoring/case-editor.ts, seen through editorView and saved as typed (case-draft-store.ts). This puts the parts
// on the page, listens once for every edit (case-edits.ts) and every button (case-actions.ts), and patches the rest.
import {logicRule} from "../lib/trainee/rule-sentence.js";
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
} from "../lib/authoring/case-editor.js";
import type {CaseEditorData} from "../lib/authoring/case-editor-data.node.js";
import {factFields, type FactField} from "../lib/authoring/fact-fields.js";
import {openCaseDraftStore, replacedUnsavedWords} from "../lib/authoring/case-draft-store.js";
import {draftNoticeWords} from "../lib/authoring/case-words.js";
import {viewKeeper} from "../lib/authoring/case-view-keeper.js";
import {whenIdle} from "../lib/site/schedule.js";
import {becameWords, loadedWords} from "../lib/authoring/new-case.js";
import {isRecord} from "../lib/authoring/case-record.js";
import {markableTexts} from "../lib/authoring/case-turns.js";
import {quotesOf} from "../lib/authored/quote.js";
import {pageStorage, type KeyValueStorage} from "../lib/trainee/set-aside.js";
import {el} from "./dom.js";
import type {CaseSchemas} from "../lib/authored/schemas/facts.js";
import {enclosingFields, fieldId} from "./case-field.js";
import {runAction} from "./case-actions.js";
import {controlEdit} from "./case-edits.js";
import type {RefusedInput} from "./case-facts.js";
import {caseMarking} from "./case-marking.js";
import {caseParts, shownProblems} from "./case-parts.js";
import {caseStart, readUpload} from "./case-start.js";
import {handoffWords, takeHandoff} from "../lib/authoring/case-handoff.js";
import {caseTexts} from "./case-texts.js";

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

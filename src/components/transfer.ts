// "Move your progress" on the results page: download the record as one file, and import one, seeing what it would
// change first.
import type {ItemRef} from "../lib/node/page-data.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {el, type Child} from "./dom.js";
import {plural, formatBytes} from "../lib/text/format.js";
import {type ImportPlan, confirmImport, planImport} from "../lib/trainee/import-plan.js";
import type {Answer, Progress} from "../lib/trainee/progress.js";
import {
  type ImportedFile,
  type ImportRefusal,
  checkImportSize,
  progressFileByteLimit,
  readImport,
  exportFile,
  exportFileName,
  raterNameMaxLength,
  raterNameProblem,
} from "../lib/trainee/transfer.js";
import {scoreText} from "../lib/trainee/words.js";
import {itemLabel} from "../lib/site/links.js";

export interface TransferData {
  store: ProgressStore;
  /** The site's cases, to name an answer's case and to spot the cases a file has that this site lacks. */
  itemRefs: readonly ItemRef[];
}

/** `now` is the time written into an export; pages pass the clock in, tests may pass a fixed one. */
export function Transfer({store, itemRefs}: TransferData, {now}: {now?: () => Date} = {}): HTMLElement {
  return el(
    "section",
    {"class": "transfer", "id": "move", "aria-labelledby": "move-title"},
    el("h2", {id: "move-title"}, "Move your progress"),
    el(
      "p",
      {},
      "Download your answers as one file: to keep, to hand to your training coordinator, or to open on another " +
        "machine. The file stays with you; nothing is sent anywhere.",
    ),
    TransferExport(store, {now}),
    TransferImport({store, itemRefs}),
  );
}

// What the import shows once a file is chosen: why it was refused, or what importing it would change (added, replaced,
// kept, already here) with Import and Cancel. Built from lib/trainee/import-plan.ts's plan; the buttons' work is the
// caller's. Everything from the file (its name, the rater's name) is shown as text.
const refusalTitles: Record<ImportRefusal["reason"], string> = {
  "too-large": "This file is too large",
  "empty": "This file is empty",
  "truncated": "This file is cut short",
  "malformed": "This file is not a readable progress file",
  "foreign": "This is not a Rater Notebook progress file",
  "wrong-version": "This file is from another version of Rater Notebook",
  "invalid": "This file is damaged",
};

/** The sentence a screen reader hears when a file is refused; the note holds the detail. */
export const refusalStatus = (refusal: ImportRefusal): string =>
  `${refusalTitles[refusal.reason]}: ${refusal.message}. Nothing was imported.`;

/** Why a file was refused, and that nothing changed. */
export function ImportRefusalNote({refusal, fileName}: {refusal: ImportRefusal; fileName: string}): HTMLElement {
  return el(
    "div",
    {class: "import-refusal"},
    el("p", {}, el("strong", {}, `${refusalTitles[refusal.reason]}. `), "Nothing was imported."),
    el("p", {}, "File: ", el("span", {class: "file-name"}, fileName), "."),
    el("p", {}, `In detail: ${refusal.message}.`),
    el("p", {class: "muted"}, "Your saved progress is as it was."),
  );
}

/** The sentence a screen reader hears when a preview is shown. */
export const previewStatus = ({preview}: ImportPlan): string =>
  `Importing this file would add ${plural(preview.added.length, "answer")}, replace ${preview.replaced.length} ` +
  `and keep ${preview.kept.length}. Nothing changes until you import.`;

/** The sentence said once an import is saved. */
export const importedText = ({preview}: ImportPlan): string =>
  `Imported: ${plural(preview.added.length, "answer")} added, ${preview.replaced.length} replaced. ` +
  "Your results above now include them.";

function ChangeList({preview}: ImportPlan, {describeAnswer}: {describeAnswer: (answer: Answer) => string}) {
  const {added, replaced, unchanged, kept} = preview;
  return el(
    "ul",
    {class: "import-changes"},
    el("li", {}, el("strong", {}, plural(added.length, "answer")), " added"),
    el(
      "li",
      {},
      el("strong", {}, plural(replaced.length, "answer")),
      " replaced: the file’s answer takes the place of this browser’s",
      replaced.length
        ? el(
            "ul",
            {},
            replaced.map(({current, incoming}) =>
              el(
                "li",
                {},
                `${describeAnswer(current)}: ${scoreText(current.score)} here, ` +
                  `${scoreText(incoming.score)} in the file`,
              ),
            ),
          )
        : null,
    ),
    el("li", {}, el("strong", {}, plural(kept.length, "answer")), " kept: this browser has them and the file doesn’t"),
    el("li", {}, el("strong", {}, String(unchanged.length)), " already here, the same in both"),
  );
}

interface PreviewData {
  plan: ImportPlan;
  file: ImportedFile;
  fileName: string;
  /** A saved answer in words: its case, phase, mode and attempt. */
  describeAnswer: (answer: Answer) => string;
}

interface PreviewOptions {
  /** The saved record changed since the trainee chose the file: say this is what the import would do now. */
  changedSince?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
}

const ignore = (): void => {};

/** What importing the file would change, its heading focusable; Import only when it would change something. */
export function ImportPreviewPanel(
  {plan, file, fileName, describeAnswer}: PreviewData,
  {changedSince = false, onConfirm = ignore, onCancel = ignore}: PreviewOptions = {},
): HTMLElement {
  const {changes, unknownItems} = plan;
  const confirm = el(
    "button",
    {type: "button", class: "button", onclick: onConfirm},
    `Import ${plural(changes, "answer")}`,
  );
  const cancel = el(
    "button",
    {type: "button", class: "button secondary", onclick: onCancel},
    changes ? "Cancel" : "Close",
  );
  const from: Child[] = [
    "File: ",
    el("span", {class: "file-name"}, fileName),
    file.rater ? [". Rater: ", el("span", {class: "rater-name"}, file.rater)] : ". No rater name in it",
    file.exportedAt ? `. Exported ${file.exportedAt.slice(0, 16).replace("T", " at ")} UTC.` : ".",
  ];
  return el(
    "div",
    {class: "import-preview"},
    el("h3", {tabindex: -1}, "What importing this file would change"),
    changedSince
      ? el("p", {class: "import-warning"}, "Your saved answers changed meanwhile: this is what it would do now.")
      : null,
    el("p", {class: "import-from"}, from),
    ChangeList(plan, {describeAnswer}),
    unknownItems.length
      ? el(
          "p",
          {class: "import-warning"},
          `${plural(unknownItems.length, "case")} in the file this site does not have (`,
          unknownItems.join(", "),
          "): their answers are imported but not shown.",
        )
      : null,
    changes
      ? el("p", {}, "Nothing changes until you import.")
      : el("p", {}, "Nothing to import: this browser already has every answer in the file."),
    el("div", {class: "check-row"}, changes ? confirm : null, cancel),
  );
}

// The import half of "Move your progress": the file's size is checked before it is read; anything malformed, cut
// short, foreign, of another version or too large is refused with what is wrong; a valid file first shows what it
// would add, replace and keep, and nothing is saved until the trainee confirms. Whether the preview is still true
// when they do is decided in lib/trainee/import-plan.ts.
/** The import form: the file input, a status line for screen readers, and the panel of what the file would do. */
export function TransferImport({store, itemRefs}: {store: ProgressStore; itemRefs: readonly ItemRef[]}): HTMLElement {
  const refs = new Map(itemRefs.map((ref) => [ref.id, ref]));
  const known: ReadonlySet<string> = new Set(refs.keys());
  const caseName = (id: string) => {
    const ref = refs.get(id);
    return ref ? itemLabel(ref) : `a case this site does not have (“${id}”)`;
  };
  const describeAnswer = (answer: Answer) =>
    `${caseName(answer.item)}, ${answer.phase === "vague" ? "before the guideline" : "with the guideline"}` +
    `${answer.mode === "self-check" ? " in the self-check" : ""}` +
    `${answer.attempt === 1 ? "" : `, attempt ${answer.attempt}`}`;

  const fileInput = el("input", {
    "id": "import-file",
    "type": "file",
    "accept": ".json,application/json",
    "aria-describedby": "import-help",
  });
  const importPanel = el("div", {class: "import-panel"});
  /** A short sentence for screen readers each time the panel changes; the panel holds the detail. */
  const importStatus = el("p", {"class": "visually-hidden", "role": "status", "aria-live": "polite"});
  let pending: {file: ImportedFile; plan: ImportPlan; name: string} | null = null;

  const showRefusal = (refusal: ImportRefusal, name: string) => {
    pending = null;
    importStatus.textContent = refusalStatus(refusal);
    importPanel.replaceChildren(ImportRefusalNote({refusal, fileName: name}));
  };

  const finish = (panel: HTMLElement, status: string) => {
    pending = null;
    fileInput.value = "";
    importPanel.replaceChildren(panel);
    importStatus.textContent = status;
  };

  const confirm = () => {
    if (!pending) return;
    // The saved record may have changed since the preview (another tab): if the import would now do something else,
    // show that first.
    const decision = confirmImport(store.get(), pending.file.progress, pending.plan.preview);
    if (decision.kind === "changed") {
      showPreview(pending.file, pending.name, {changedSince: true});
      return;
    }
    const plan = {...pending.plan, preview: decision.preview};
    pending = null;
    store.replace(decision.preview.result);
    const done = el("p", {class: "import-done", tabindex: -1}, importedText(plan));
    finish(done, done.textContent ?? "");
    done.focus();
  };

  const cancel = () => {
    finish(el("p", {class: "muted"}, "Nothing was imported."), "Nothing was imported.");
    fileInput.focus();
  };

  const showPreview = (file: ImportedFile, name: string, {changedSince = false, focus = true} = {}) => {
    const plan = planImport(store.get(), file.progress, known);
    pending = {file, plan, name};
    const panel = ImportPreviewPanel(
      {plan, file, fileName: name, describeAnswer},
      {changedSince, onConfirm: confirm, onCancel: cancel},
    );
    importPanel.replaceChildren(panel);
    importStatus.textContent = previewStatus(plan);
    if (focus) panel.querySelector("h3")?.focus();
  };

  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    // The size first: a file past the limit is never read.
    const tooLarge = checkImportSize(file.size);
    if (tooLarge) {
      showRefusal(tooLarge, file.name);
      fileInput.value = "";
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      showRefusal({ok: false, reason: "malformed", message: "the browser could not read the file"}, file.name);
      return;
    }
    const result = readImport(text);
    if (!result.ok) {
      showRefusal(result, file.name);
      fileInput.value = "";
      return;
    }
    showPreview(result, file.name);
  });

  // Another tab saved meanwhile: the preview shown is redone against the record as it is now.
  store.subscribe(() => {
    if (pending) showPreview(pending.file, pending.name, {changedSince: true, focus: false});
  });

  return el(
    "div",
    {class: "transfer-import"},
    el("h3", {}, "Import"),
    el("label", {for: "import-file"}, "A progress file downloaded from Rater Notebook"),
    el(
      "p",
      {id: "import-help", class: "muted"},
      `Up to ${formatBytes(progressFileByteLimit)}. You see what it would change before anything does; ` +
        "answers already here that the file lacks are kept.",
    ),
    fileInput,
    importStatus,
    importPanel,
  );
}

// The export half of "Move your progress": one JSON file of every answer, with the trainee's name in it if they give
// one (checked first, with what is wrong said beside the field).
/** Downloads text as a file, through a link the page never shows. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const link = el("a", {href: url, download: name, hidden: true});
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the link's URL can go after this turn of the event loop.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The export form; `now` is the time written into the file (pages pass the clock, tests may fix it). */
export function TransferExport(store: ProgressStore, {now = () => new Date()}: {now?: () => Date} = {}): HTMLElement {
  const nameInput = el("input", {
    "id": "rater-name",
    "type": "text",
    "autocomplete": "name",
    "maxlength": raterNameMaxLength,
    "aria-describedby": "rater-name-help rater-name-error",
  });
  const nameError = el("p", {"id": "rater-name-error", "class": "field-error", "aria-live": "polite"});
  const exportButton = el("button", {type: "button", class: "button"}, "Download my progress");
  const exportCount = el("p", {class: "muted"});
  const exportStatus = el("p", {"class": "transfer-status", "role": "status", "aria-live": "polite"});
  const renderCount = (progress: Progress) => {
    const n = progress.answers.length;
    exportCount.textContent = n
      ? `The file will hold your ${plural(n, "answer")}, retries included.`
      : "You have no answers to download yet.";
    exportButton.disabled = n === 0;
  };
  nameInput.addEventListener("input", () => {
    nameError.textContent = "";
  });
  exportButton.addEventListener("click", () => {
    const rater = nameInput.value.trim();
    const problem = raterNameProblem(rater);
    if (problem) {
      nameError.textContent = `Your name can't go in the file: ${problem}.`;
      nameInput.setAttribute("aria-invalid", "true");
      nameInput.focus();
      return;
    }
    nameInput.removeAttribute("aria-invalid");
    const at = now().toISOString();
    const name = exportFileName({rater, now: at});
    download(exportFile(store.get(), {rater, now: at}), name);
    exportStatus.textContent = `Downloaded ${name}.`;
  });
  renderCount(store.get());
  store.subscribe(renderCount);
  return el(
    "div",
    {class: "transfer-export"},
    el("h3", {}, "Download"),
    el("label", {for: "rater-name"}, "Your name (optional)"),
    el("p", {id: "rater-name-help", class: "muted"}, "It goes in the file, so a coordinator knows whose it is."),
    nameInput,
    nameError,
    exportCount,
    el("div", {class: "check-row"}, exportButton),
    exportStatus,
  );
}

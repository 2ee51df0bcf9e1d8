// The import half of "Move your progress": the file's size is checked before it is read; anything malformed, cut
// short, foreign, of another version or too large is refused with what is wrong; a valid file first shows what it
// would add, replace and keep, and nothing is saved until the trainee confirms. Whether the preview is still true
// when they do is decided in lib/trainee/import-plan.ts.
import {itemLabel} from "../lib/site/links.js";
import {formatBytes} from "../lib/text/format.js";
import type {ItemRef} from "../lib/node/page-data.js";
import {confirmImport, planImport, type ImportPlan} from "../lib/trainee/import-plan.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import type {Answer} from "../lib/trainee/progress.js";
import {
  checkImportSize,
  progressFileByteLimit,
  readImport,
  type ImportedFile,
  type ImportRefusal,
} from "../lib/trainee/transfer.js";
import {el} from "./dom.js";
import {importedText, ImportPreviewPanel, ImportRefusalNote, previewStatus, refusalStatus} from "./import-panel.js";

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

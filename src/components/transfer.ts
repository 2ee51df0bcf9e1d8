// Export and import of the trainee's record. Export: one JSON file, with their name if they give one. Import: the
// file's size is checked before it is read, anything malformed, cut short, foreign, of another version or too large
// is refused with what is wrong, and a valid file first shows what it would add, replace and keep; nothing is saved
// until the trainee confirms. Everything from a file (its name, the rater's name) is shown as text.
import {itemLabel} from "../lib/links.js";
import {formatBytes, plural} from "../lib/numbers.js";
import type {ItemRef} from "../lib/page-data.js";
import type {Answer, Progress} from "../lib/trainee/progress.js";
import {
  checkImportSize,
  exportFile,
  exportFileName,
  progressFileByteLimit,
  previewImport,
  raterNameMaxLength,
  raterNameProblem,
  readImport,
  type ImportedFile,
  type ImportPreview,
  type ImportRefusal,
} from "../lib/trainee/transfer.js";
import {scoreText} from "../lib/trainee/words.js";
import {el, type Child} from "./dom.js";
import type {ProgressStore} from "../lib/trainee/progress-store.js";

export interface TransferOptions {
  itemRefs: readonly ItemRef[];
  /** The time written into the export; pages pass the clock in, tests may pass a fixed one. */
  now?: () => Date;
}

const refusalTitles: Record<ImportRefusal["reason"], string> = {
  "too-large": "This file is too large",
  "empty": "This file is empty",
  "truncated": "This file is cut short",
  "malformed": "This file is not a readable progress file",
  "foreign": "This is not a Rater Notebook progress file",
  "wrong-version": "This file is from another version of Rater Notebook",
  "invalid": "This file is damaged",
};

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

export function Transfer(store: ProgressStore, {itemRefs, now = () => new Date()}: TransferOptions): HTMLElement {
  const refs = new Map(itemRefs.map((ref) => [ref.id, ref]));
  const caseName = (id: string) => {
    const ref = refs.get(id);
    return ref ? itemLabel(ref.id, ref.part) : `a case this site does not have (“${id}”)`;
  };
  const describeAnswer = (answer: Answer) =>
    `${caseName(answer.item)}, ${answer.phase === "vague" ? "before the guideline" : "with the guideline"}` +
    `${answer.mode === "self-check" ? " in the self-check" : ""}` +
    `${answer.attempt === 1 ? "" : `, attempt ${answer.attempt}`}`;

  // ---- Export ----
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

  // ---- Import ----
  const fileInput = el("input", {
    "id": "import-file",
    "type": "file",
    "accept": ".json,application/json",
    "aria-describedby": "import-help",
  });
  const importPanel = el("div", {class: "import-panel"});
  /** A short sentence for screen readers each time the panel changes; the panel holds the detail. */
  const importStatus = el("p", {"class": "visually-hidden", "role": "status", "aria-live": "polite"});
  let pending: {file: ImportedFile; preview: ImportPreview; name: string} | null = null;

  const showRefusal = (refusal: ImportRefusal, name: string) => {
    pending = null;
    importStatus.textContent = `${refusalTitles[refusal.reason]}: ${refusal.message}. Nothing was imported.`;
    importPanel.replaceChildren(
      el(
        "div",
        {class: "import-refusal"},
        el("p", {}, el("strong", {}, `${refusalTitles[refusal.reason]}. `), "Nothing was imported."),
        el("p", {}, "File: ", el("span", {class: "file-name"}, name), "."),
        el("p", {}, `In detail: ${refusal.message}.`),
        el("p", {class: "muted"}, "Your saved progress is as it was."),
      ),
    );
  };

  const changeList = (preview: ImportPreview): HTMLElement => {
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
      el(
        "li",
        {},
        el("strong", {}, plural(kept.length, "answer")),
        " kept: this browser has them and the file doesn’t",
      ),
      el("li", {}, el("strong", {}, String(unchanged.length)), " already here, the same in both"),
    );
  };

  const showPreview = (file: ImportedFile, name: string, {changedSince = false, focus = true} = {}) => {
    const preview = previewImport(store.get(), file.progress);
    pending = {file, preview, name};
    const unknown = [...new Set(file.progress.answers.map((answer) => answer.item))].filter((id) => !refs.has(id));
    const changes = preview.added.length + preview.replaced.length;
    const heading = el("h3", {tabindex: -1}, "What importing this file would change");
    const confirm = el("button", {type: "button", class: "button"}, `Import ${plural(changes, "answer")}`);
    const cancel = el("button", {type: "button", class: "button secondary"}, changes ? "Cancel" : "Close");
    confirm.addEventListener("click", () => {
      if (!pending) return;
      // Saved progress may have changed since the preview (another tab): if the import would now do something
      // else, show that first.
      const now = previewImport(store.get(), pending.file.progress);
      const same =
        now.added.length === pending.preview.added.length &&
        now.replaced.length === pending.preview.replaced.length &&
        now.kept.length === pending.preview.kept.length;
      if (!same) {
        showPreview(pending.file, pending.name, {changedSince: true});
        return;
      }
      pending = null;
      store.replace(now.result);
      fileInput.value = "";
      const done = el(
        "p",
        {class: "import-done", tabindex: -1},
        `Imported: ${plural(now.added.length, "answer")} added, ${now.replaced.length} replaced. ` +
          "Your results above now include them.",
      );
      importPanel.replaceChildren(done);
      importStatus.textContent = done.textContent;
      done.focus();
    });
    cancel.addEventListener("click", () => {
      pending = null;
      fileInput.value = "";
      importPanel.replaceChildren(el("p", {class: "muted"}, "Nothing was imported."));
      importStatus.textContent = "Nothing was imported.";
      fileInput.focus();
    });
    const from: Child[] = [
      "File: ",
      el("span", {class: "file-name"}, name),
      file.rater ? [". Rater: ", el("span", {class: "rater-name"}, file.rater)] : ". No rater name in it",
      file.exportedAt ? `. Exported ${file.exportedAt.slice(0, 16).replace("T", " at ")} UTC.` : ".",
    ];
    importPanel.replaceChildren(
      el(
        "div",
        {class: "import-preview"},
        heading,
        changedSince
          ? el("p", {class: "import-warning"}, "Your saved answers changed meanwhile: this is what it would do now.")
          : null,
        el("p", {class: "import-from"}, from),
        changeList(preview),
        unknown.length
          ? el(
              "p",
              {class: "import-warning"},
              `${plural(unknown.length, "case")} in the file this site does not have (`,
              unknown.join(", "),
              "): their answers are imported but not shown.",
            )
          : null,
        changes
          ? el("p", {}, "Nothing changes until you import.")
          : el("p", {}, "Nothing to import: this browser already has every answer in the file."),
        el("div", {class: "check-row"}, changes ? confirm : null, cancel),
      ),
    );
    importStatus.textContent =
      `Importing this file would add ${plural(preview.added.length, "answer")}, replace ${preview.replaced.length} ` +
      `and keep ${preview.kept.length}. Nothing changes until you import.`;
    if (focus) heading.focus();
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

  renderCount(store.get());
  store.subscribe((progress) => {
    renderCount(progress);
    if (pending) showPreview(pending.file, pending.name, {changedSince: true, focus: false});
  });

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
    el(
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
    ),
    el(
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
    ),
  );
}

// "Move your progress" on the results page: download the record as one file, and import one, seeing what it would
// change first. Each half is a Live node; what it shows next is lib/trainee/move-progress.ts's.
import type {ItemRef} from "../lib/node/page-data.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {el, type Child, live, type Live} from "./dom.js";
import {plural, formatBytes} from "../lib/text/format.js";
import {replacementWords, type ImportPlan} from "../lib/trainee/import-plan.js";
import type {Answer} from "../lib/trainee/progress.js";
import {
  type ImportedFile,
  type ImportRefusal,
  checkImportSize,
  progressFileByteLimit,
  readImport,
  refuse,
  exportFile,
  raterNameMaxLength,
} from "../lib/trainee/transfer.js";
import {
  answerWords,
  exportCountText,
  exportStart,
  exportStep,
  importedText,
  importStatus,
  importStep,
  nothingImported,
  refusalTitle,
  type ExportAction,
  type ExportState,
  type ImportAction,
  type ImportState,
} from "../lib/trainee/move-progress.js";
import {download} from "../lib/site/download.js";

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
/** Why a file was refused, and that nothing changed. */
function ImportRefusalNote({refusal, fileName}: {refusal: ImportRefusal; fileName: string}): HTMLElement {
  return el(
    "div",
    {class: "import-refusal"},
    el("p", {}, el("strong", {}, `${refusalTitle(refusal)}. `), nothingImported),
    el("p", {}, "File: ", el("span", {class: "file-name"}, fileName), "."),
    refusal.detail === null ? null : el("p", {}, `In detail: ${refusal.detail}.`),
    el("p", {class: "muted"}, "Your saved progress is as it was."),
  );
}

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
            replaced.map((replacement) =>
              el("li", {}, `${describeAnswer(replacement.current)}: ${replacementWords(replacement)}`),
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

/**
 * What importing the file would change, its heading focusable; Import only when it would change something.
 * `changedSince`: the saved record changed since the trainee chose the file, and this is what it would do now.
 */
function ImportPreviewPanel(
  {plan, file, fileName, describeAnswer}: PreviewData,
  {changedSince = false}: {changedSince?: boolean} = {},
): HTMLElement {
  const {changes, unknownItems} = plan;
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
    el(
      "div",
      {class: "check-row"},
      changes
        ? el(
            "button",
            {"type": "button", "class": "button", "data-import": "confirm"},
            `Import ${plural(changes, "answer")}`,
          )
        : null,
      el(
        "button",
        {"type": "button", "class": "button secondary", "data-import": "cancel"},
        changes ? "Cancel" : "Close",
      ),
    ),
  );
}

// The import half of "Move your progress": the file's size is checked before it is read; anything malformed, cut
// short, foreign, of another version or too large is refused with what is wrong; a valid file first shows what it
// would add, replace and keep, and nothing is saved until the trainee confirms. Whether the preview is still true
// when they do is decided in lib/trainee/import-plan.ts.
/** The import form: the file input, a status line for screen readers, and the panel of what the file would do. */
export function TransferImport({
  store,
  itemRefs,
}: {
  store: ProgressStore;
  itemRefs: readonly ItemRef[];
}): Live<ImportState, ImportAction> {
  const items = new Map(itemRefs.map((ref) => [ref.id, ref]));
  const describeAnswer = (answer: Answer) => answerWords(answer, items);
  // The chosen file is the browser's, never a state's: the patch leaves the input, and effects empty it.
  const fileInput = () =>
    el("input", {
      "id": "import-file",
      "type": "file",
      "accept": ".json,application/json",
      "aria-describedby": "import-help",
    });
  const node = live<ImportState, ImportAction>(
    {known: new Set(items.keys()), shown: {kind: "none"}},
    {
      update: importStep,
      view: ({shown}, keep) =>
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
          keep("file", fileInput),
          el("p", {"class": "visually-hidden", "role": "status", "aria-live": "polite"}, importStatus(shown)),
          el(
            "div",
            {class: "import-panel"},
            shown.kind === "refused" ? ImportRefusalNote({refusal: shown.refusal, fileName: shown.fileName}) : null,
            shown.kind === "preview"
              ? ImportPreviewPanel(
                  {plan: shown.plan, file: shown.file, fileName: shown.fileName, describeAnswer},
                  {changedSince: shown.changedSince},
                )
              : null,
            shown.kind === "imported" ? el("p", {class: "import-done", tabindex: -1}, importedText(shown.plan)) : null,
            shown.kind === "closed" ? el("p", {class: "muted"}, nothingImported) : null,
          ),
        ),
      on: {
        change: (event) => {
          const input = event.target;
          if (input instanceof HTMLInputElement && input.files?.[0]) void choose(input.files[0]);
          return undefined;
        },
        click: (event) => {
          const which = (event.target as Element).closest("[data-import]")?.getAttribute("data-import");
          if (which === "confirm") return {kind: "confirm", current: store.get()};
          return which === "cancel" ? {kind: "cancel"} : undefined;
        },
      },
      effects: (shownNode, {before, after, action}) => {
        const input = shownNode.querySelector<HTMLInputElement>("#import-file")!;
        const {shown} = after;
        if (shown.kind === "imported" && before.shown.kind !== "imported") store.replace(shown.result);
        // A file refused, imported or put aside is no longer chosen.
        if (shown.kind !== "preview") input.value = "";
        // Focus goes to what the trainee's own act brought up; a change saved in another tab moves nothing.
        if (action.kind === "saved") return;
        if (shown.kind === "preview") shownNode.querySelector<HTMLElement>(".import-preview h3")?.focus();
        if (shown.kind === "imported") shownNode.querySelector<HTMLElement>(".import-done")?.focus();
        if (shown.kind === "closed") input.focus();
      },
    },
  );
  // The size first: a file past the limit is never read.
  const choose = async (file: File) => {
    const tooLarge = checkImportSize(file.size);
    if (tooLarge) return node.dispatch({kind: "refuse", refusal: tooLarge, fileName: file.name});
    let text: string;
    try {
      text = await file.text();
    } catch {
      const refusal = refuse("malformed", "the browser could not read the file");
      return node.dispatch({kind: "refuse", refusal, fileName: file.name});
    }
    const result = readImport(text);
    node.dispatch(
      result.ok
        ? {kind: "read", file: result, fileName: file.name, current: store.get()}
        : {kind: "refuse", refusal: result, fileName: file.name},
    );
  };
  // Another tab saved meanwhile: the preview shown is redone against the record as it is now.
  store.subscribe((current) => node.dispatch({kind: "saved", current}));
  return node;
}

// The export half of "Move your progress": one JSON file of every answer, with the trainee's name in it if they give
// one (checked first, with what is wrong said beside the field).
/** The export form; `now` is the time written into the file (pages pass the clock, tests may fix it). */
export function TransferExport(
  store: ProgressStore,
  {now = () => new Date()}: {now?: () => Date} = {},
): Live<ExportState, ExportAction> {
  const node = live<ExportState, ExportAction>(exportStart(store.get().answers.length), {
    update: exportStep,
    view: ({name, error, invalid, answers, downloaded}) =>
      el(
        "div",
        {class: "transfer-export"},
        el("h3", {}, "Download"),
        el("label", {for: "rater-name"}, "Your name (optional)"),
        el("p", {id: "rater-name-help", class: "muted"}, "It goes in the file, so a coordinator knows whose it is."),
        el("input", {
          "id": "rater-name",
          "type": "text",
          "autocomplete": "name",
          "maxlength": raterNameMaxLength,
          "aria-describedby": "rater-name-help rater-name-error",
          "aria-invalid": invalid ? "true" : null,
          "value": name,
        }),
        el("p", {"id": "rater-name-error", "class": "field-error", "aria-live": "polite"}, error ?? ""),
        el("p", {class: "muted"}, exportCountText(answers)),
        el(
          "div",
          {class: "check-row"},
          el(
            "button",
            {"type": "button", "class": "button", "disabled": answers === 0, "data-download": ""},
            "Download my progress",
          ),
        ),
        el(
          "p",
          {"class": "transfer-status", "role": "status", "aria-live": "polite"},
          downloaded ? `Downloaded ${downloaded.fileName}.` : "",
        ),
      ),
    on: {
      input: (event) =>
        event.target instanceof HTMLInputElement ? {kind: "type", name: event.target.value} : undefined,
      click: (event) =>
        (event.target as Element).closest("[data-download]") ? {kind: "download", at: now().toISOString()} : undefined,
    },
    effects: (shownNode, {before, after, action}) => {
      if (action.kind !== "download") return;
      if (after.error) shownNode.querySelector<HTMLInputElement>("#rater-name")!.focus();
      const {downloaded} = after;
      if (downloaded && downloaded !== before.downloaded)
        download(
          exportFile(store.get(), {rater: downloaded.rater, now: downloaded.at}),
          downloaded.fileName,
          "application/json",
        );
    },
  });
  store.subscribe((progress) => node.dispatch({kind: "saved", answers: progress.answers.length}));
  return node;
}

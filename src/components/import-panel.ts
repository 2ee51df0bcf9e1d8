// What the import shows once a file is chosen: why it was refused, or what importing it would change (added, replaced,
// kept, already here) with Import and Cancel. Built from lib/trainee/import-plan.ts's plan; the buttons' work is the
// caller's. Everything from the file (its name, the rater's name) is shown as text.
import {plural} from "../lib/text/format.js";
import type {ImportPlan} from "../lib/trainee/import-plan.js";
import type {Answer} from "../lib/trainee/progress.js";
import type {ImportedFile, ImportRefusal} from "../lib/trainee/transfer.js";
import {scoreText} from "../lib/trainee/words.js";
import {el, type Child} from "./dom.js";

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

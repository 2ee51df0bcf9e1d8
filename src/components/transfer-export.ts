// The export half of "Move your progress": one JSON file of every answer, with the trainee's name in it if they give
// one (checked first, with what is wrong said beside the field).
import {plural} from "../lib/text/format.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {exportFile, exportFileName, raterNameMaxLength, raterNameProblem} from "../lib/trainee/transfer.js";
import type {Progress} from "../lib/trainee/progress.js";
import {el} from "./dom.js";

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

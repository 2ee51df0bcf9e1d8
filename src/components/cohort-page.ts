// The coordinator's cohort page: drop in trainees' files and judges' run files (or a ratings CSV), read here in the
// browser, and see the cohort's agreement before the guideline (the vague phase) and after it: the headline alpha
// with its bootstrap interval, every figure per phase, each item's spread beside the case study's split, each rater
// against the ruled scores, the items and rules with the most disagreement, and the tables as CSV downloads. Names
// from files are text.
// The files are read and the figures computed in a worker (lib/agreement/cohort-worker-client.ts), and a cohort of
// 10,000 raters shows its raters fifty at a time, so the page stays responsive whatever the cohort's size. What the
// files come to (kept, cancelled, replaced, set aside) is lib/agreement/file-intake.ts's decision; this renders it
// and runs the jobs it asks for. The report is cohort-report-view.ts's.
import type {CohortItem} from "../lib/agreement/cohort-item.js";
import type {ComputedReport} from "../lib/agreement/cohort-compute.js";
import {readCohortFiles, type FileResult} from "../lib/agreement/cohort-files.js";
import {workerCsvReader, workerReportMaker} from "../lib/agreement/cohort-worker-client.js";
import {inputKindNames} from "../lib/agreement/file-kind.js";
import {canClear, emptyIntake, intakeAfter, listedFiles, type IntakeEvent} from "../lib/agreement/file-intake.js";
import {columnsLength} from "../lib/agreement/rating-columns.js";
import {formatInputProblem} from "../lib/agreement/ratings.js";
import type {ItemPages} from "../lib/site/links.js";
import {plural} from "../lib/text/format.js";
import {CohortReportView} from "./cohort-report-view.js";
import {el} from "./dom.js";

function FileList(results: readonly FileResult[]): HTMLElement {
  return el(
    "ul",
    {class: "cohort-files"},
    results.map((result) => {
      const kind = inputKindNames[result.kind];
      const status = result.cancelled
        ? "cancelled, not counted"
        : result.problems.length
          ? `left out: ${plural(result.problems.length + result.more, "problem")}`
          : `${plural(columnsLength(result.ratings), "rating")} counted`;
      return el(
        "li",
        {"class": result.problems.length ? "file-bad" : "file-good", "data-file": result.name},
        el("span", {class: "file-name"}, result.name),
        ` (${kind}): ${status}`,
        result.problems.length
          ? el(
              "ul",
              {class: "file-problems"},
              result.problems.map((problem) => el("li", {}, formatInputProblem(problem))),
              result.more ? el("li", {}, `... and ${plural(result.more, "more problem")}`) : null,
            )
          : null,
      );
    }),
  );
}

export function CohortPage({
  items,
  itemPages,
  ruleTitles = {},
  workerUrl,
}: {
  items: readonly CohortItem[];
  itemPages: ItemPages;
  ruleTitles?: Readonly<Record<string, string>>;
  /** The worker's script (src/workers/cohort-worker.ts), which reads each CSV and computes the report. */
  workerUrl: string;
}): HTMLElement {
  const readCsv = workerCsvReader(workerUrl);
  const makeReport = workerReportMaker(workerUrl);
  const itemIds = items.map((item) => item.id);
  const input = el("input", {
    "id": "cohort-files",
    "type": "file",
    "multiple": true,
    "accept": ".json,.csv,application/json,text/csv",
    "aria-describedby": "cohort-files-about",
  });
  const zone = el(
    "div",
    {class: "cohort-drop"},
    el(
      "label",
      {for: "cohort-files"},
      "Trainees' files or judges' run files (.json), or a ratings CSV (rater, item, phase, score)",
    ),
    input,
    el(
      "p",
      {id: "cohort-files-about", class: "muted"},
      "Choose files, or drop them here. They are read in this browser and never uploaded. A file that cannot be read " +
        "is listed with its problems and left out; the others still count.",
    ),
  );
  const progress = el("progress", {"max": 1, "value": 0, "aria-label": "Reading"});
  const cancel = el("button", {type: "button", class: "button secondary"}, "Cancel");
  const progressBox = el("div", {class: "cohort-progress", hidden: true}, progress, cancel);
  const status = el("p", {"class": "cohort-status", "role": "status", "aria-live": "polite"});
  const fileList = el("div", {});
  const report = el("div", {});
  /** What the intake decided (lib/agreement/file-intake.ts); the page shows it and runs its jobs. */
  let intake = emptyIntake<ComputedReport>();
  let controller: AbortController | null = null;
  let urls: string[] = [];

  cancel.addEventListener("click", () => controller?.abort());

  const showReport = () => {
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    report.replaceChildren(intake.report ? CohortReportView({...intake.report, urls, itemPages, ruleTitles}) : "");
  };

  const showFiles = () => {
    const listed = listedFiles(intake);
    fileList.replaceChildren(
      listed.length ? el("h2", {}, "Files read") : "",
      listed.length ? FileList(listed) : "",
      canClear(intake)
        ? el(
            "button",
            // While files are read or the figures computed, Cancel comes first.
            {type: "button", class: "button secondary", disabled: intake.job !== null, onclick: clear},
            "Clear the files",
          )
        : "",
    );
  };

  /** Moves the intake on by one event; the status line and the report follow it. */
  const update = (event: IntakeEvent<ComputedReport>): boolean => {
    const before = intake;
    intake = intakeAfter(intake, event);
    if (intake === before) return false;
    status.textContent = intake.status;
    if (intake.report !== before.report) showReport();
    return true;
  };

  const clear = () => {
    update({type: "clear"});
    showFiles();
  };

  const failed = (error: unknown): IntakeEvent<ComputedReport> => ({
    type: "failed",
    message: error instanceof Error ? error.message : String(error),
  });

  /** Reads a drop's files, checked against the kept files it does not replace. */
  const read = async (files: File[], signal: AbortSignal, others: readonly FileResult[]) => {
    try {
      const results = await readCohortFiles(files, {
        itemIds,
        signal,
        readCsv,
        kept: others,
        onProgress: (file, share) => {
          progress.value = share;
          status.textContent = `Reading ${file.name}: ${Math.round(share * 100)}%`;
        },
      });
      return {type: "read", results, aborted: signal.aborted} as const;
    } catch (error) {
      return failed(error);
    }
  };

  const compute = async (counted: readonly FileResult[], signal: AbortSignal) => {
    progress.removeAttribute("value"); // no share to show: the bar says "busy"
    progress.setAttribute("aria-label", "Computing the figures");
    try {
      // A turn for the page to paint that before the ratings are copied to the worker.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const computed = await makeReport(
        counted.map((file) => file.ratings),
        items,
        signal,
      );
      return {type: "computed", report: computed} as const;
    } catch (error) {
      return failed(error);
    }
  };

  const take = async (files: File[]) => {
    // Nothing dropped, or a job running: the drop is ignored.
    if (!update({type: "drop", names: files.map((file) => file.name)})) return;
    const job = (controller = new AbortController());
    showFiles();
    progress.value = 0;
    progress.setAttribute("aria-label", "Reading");
    progressBox.hidden = false;
    try {
      if (intake.job?.stage === "read") update(await read(files, job.signal, intake.job.others));
      if (intake.job?.stage === "compute") update(await compute(intake.job.counted, job.signal));
    } finally {
      controller = null;
      progressBox.hidden = true;
      input.value = "";
      showFiles();
    }
  };

  input.addEventListener("change", () => void take([...(input.files ?? [])]));
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("dragging");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("dragging");
    void take([...(event.dataTransfer?.files ?? [])]);
  });

  return el("div", {class: "cohort"}, zone, progressBox, status, fileList, report);
}

// The cohort page's worker, for two jobs the page must not do itself. "read": streams a ratings CSV (a File, posted
// in) through Papa Parse and the same checks the page uses, posting progress after each chunk and, at the end, the
// ratings as columns (typed arrays, transferred, not copied) with the problems found. "report": the report over the
// files' ratings, packed for the page (the raters' rows as text in transferred buffers), with the tables as CSV.
// src/data/cohort-worker.js.js bundles this file into one script; the page cancels by terminating the worker.
import {collectedColumns} from "../lib/agreement/cohort-files.js";
import {computeReport} from "../lib/agreement/cohort-compute.js";
import type {WorkerReply, WorkerRequest} from "../lib/agreement/cohort-worker-client.js";
import {packedBuffers} from "../lib/agreement/packed-report.js";
import {readRatingsCsvStream} from "../lib/agreement/ratings-csv.js";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

async function read(file: File, itemIds: readonly string[]): Promise<void> {
  const collector = await readRatingsCsvStream(file, file.name, itemIds, (bytesRead) =>
    scope.postMessage({type: "progress", share: Math.min(1, bytesRead / Math.max(1, file.size))}),
  );
  const {ratings, places} = collectedColumns(collector.ratings, itemIds);
  scope.postMessage({type: "read", ratings, places, problems: collector.problems, more: collector.overflow}, [
    ratings.rater.buffer,
    ratings.item.buffer,
    ratings.code.buffer,
    places.buffer,
  ]);
}

scope.onmessage = async ({data}) => {
  try {
    if (data.type === "read") await read(data.file, data.itemIds);
    else {
      const computed = computeReport(data.files, data.items);
      scope.postMessage({type: "report", computed}, packedBuffers(computed.packed));
    }
  } catch (error) {
    scope.postMessage({type: "error", message: error instanceof Error ? error.message : String(error)});
  }
};

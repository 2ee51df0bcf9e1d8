// The cohort page's work in a Web Worker (src/workers/cohort-worker.ts): the page stays responsive and hears progress.
// Each job gets a fresh worker, so Cancel terminates it and a cancelled job leaves nothing behind.
import type {CohortItem} from "./cohort-item.js";
import {emptyColumns, transferableColumns, type RatingColumns} from "./rating-columns.js";
import type {InputProblem} from "./ratings.js";
import type {CsvReadOptions, CsvReadResult} from "./cohort-files.js";
import type {ComputedReport, ReportMaker} from "./cohort-compute.js";

export type WorkerRequest =
  | {type: "read"; file: File; itemIds: readonly string[]}
  | {type: "report"; files: readonly RatingColumns[]; items: readonly CohortItem[]};

export type WorkerReply =
  | {type: "progress"; share: number}
  | {type: "read"; ratings: RatingColumns; places: Int32Array; problems: InputProblem[]; more: number}
  | {type: "report"; computed: ComputedReport}
  | {type: "error"; message: string};

/** Null once the signal aborts (the worker is terminated at once). */
function runInWorker(
  url: string,
  request: WorkerRequest,
  {
    signal,
    onProgress,
    transfer = [],
  }: {signal?: AbortSignal; onProgress?: (share: number) => void; transfer?: Transferable[]},
): Promise<Exclude<WorkerReply, {type: "progress" | "error"}> | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve(null);
    const worker = new Worker(url);
    const cancelled = () => {
      worker.terminate();
      resolve(null);
    };
    signal?.addEventListener("abort", cancelled, {once: true});
    const finish = () => {
      signal?.removeEventListener("abort", cancelled);
      worker.terminate();
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(`the worker stopped: ${event.message || "it failed to load"}`));
    };
    worker.onmessage = ({data}: MessageEvent<WorkerReply>) => {
      if (data.type === "progress") return onProgress?.(data.share);
      finish();
      if (data.type === "error") reject(new Error(data.message));
      else resolve(data);
    };
    worker.postMessage(request, transfer);
  });
}

/** A CSV reader for the cohort page that runs each file in a fresh worker loaded from `url`. */
export function workerCsvReader(url: string): (file: File, options: CsvReadOptions) => Promise<CsvReadResult> {
  return async (file, {itemIds, onProgress, signal}) => {
    const reply = await runInWorker(url, {type: "read", file, itemIds}, {signal, onProgress});
    if (reply === null)
      return {ratings: emptyColumns(), places: new Int32Array(0), problems: [], more: 0, cancelled: true};
    if (reply.type !== "read") throw new Error(`the worker answered a read with a ${reply.type}`);
    return {...reply, cancelled: false};
  };
}

/** The report over the files kept, computed in a fresh worker loaded from `url`; null when cancelled. */
export function workerReportMaker(url: string): ReportMaker {
  return async (files, items, signal) => {
    // The page keeps its columns: the worker gets copies, moved rather than serialized.
    const copies = files.map(transferableColumns);
    const reply = await runInWorker(
      url,
      {type: "report", files: copies.map((copy) => copy.columns), items},
      {signal, transfer: copies.flatMap((copy) => copy.buffers)},
    );
    if (reply === null) return null;
    if (reply.type !== "report") throw new Error(`the worker answered a report with a ${reply.type}`);
    return reply.computed;
  };
}

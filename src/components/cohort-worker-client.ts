// Reading a ratings CSV in a Web Worker (src/workers/cohort-csv.ts, bundled by a data loader into one script the page
// gets as a file attachment): the page stays responsive, hears progress, and Cancel terminates the worker.
import type {CohortRating, InputProblem} from "../lib/agreement/ratings.js";
import {phases, scores} from "../lib/agreement/ratings.js";
import type {CsvReadOptions, CsvReadResult} from "./cohort-files.js";

export interface WorkerRequest {
  file: File;
  itemIds: readonly string[];
}

export type WorkerReply =
  | {type: "progress"; share: number}
  | {
      type: "done";
      raters: string[];
      rater: Int32Array;
      item: Int32Array;
      line: Int32Array;
      code: Uint8Array;
      problems: InputProblem[];
      more: number;
    }
  | {type: "error"; message: string};

/** A CSV reader for the cohort page that runs each file in a fresh worker loaded from `url`. */
export function workerCsvReader(url: string): (file: File, options: CsvReadOptions) => Promise<CsvReadResult> {
  return (file, {itemIds, onProgress, signal}) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(url);
      const cancelled = () => {
        worker.terminate();
        resolve({ratings: [], problems: [], more: 0, cancelled: true});
      };
      if (signal?.aborted) return cancelled();
      signal?.addEventListener("abort", cancelled, {once: true});
      const finish = () => {
        signal?.removeEventListener("abort", cancelled);
        worker.terminate();
      };
      worker.onerror = (event) => {
        finish();
        reject(new Error(`the reader stopped: ${event.message || "the worker failed to load"}`));
      };
      worker.onmessage = ({data}: MessageEvent<WorkerReply>) => {
        if (data.type === "progress") return onProgress(data.share);
        finish();
        if (data.type === "error") return reject(new Error(data.message));
        const ratings: CohortRating[] = new Array(data.code.length);
        for (let i = 0; i < data.code.length; i++) {
          const code = data.code[i]!;
          ratings[i] = {
            rater: data.raters[data.rater[i]!]!,
            item: itemIds[data.item[i]!]!,
            phase: phases[Math.floor(code / scores.length)]!,
            score: scores[code % scores.length]!,
            file: file.name,
            line: data.line[i]!,
          };
        }
        resolve({ratings, problems: data.problems, more: data.more, cancelled: false});
      };
      worker.postMessage({file, itemIds} satisfies WorkerRequest);
    });
}

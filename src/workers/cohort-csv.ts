// The cohort page's CSV worker: streams a ratings CSV (a File, posted in) through Papa Parse and the same checks the
// page uses, off the main thread, posting progress after each chunk and, at the end, the ratings in compact form
// (typed arrays, transferred, not copied) with the problems found. src/data/cohort-worker.js.ts bundles this file
// into one script; the page cancels by terminating the worker.
import {streamRatingsCsv} from "../components/cohort-files.js";
import type {WorkerReply, WorkerRequest} from "../components/cohort-worker-client.js";
import {phases, scores} from "../lib/agreement/ratings.js";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = async ({data: {file, itemIds}}) => {
  try {
    const {collector} = await streamRatingsCsv(file, itemIds, (share) => {
      scope.postMessage({type: "progress", share});
      return true;
    });
    const ratings = collector.ratings;
    const raterIndex = new Map<string, number>();
    const itemIndex = new Map(itemIds.map((id, index) => [id, index]));
    const n = ratings.length;
    const rater = new Int32Array(n);
    const item = new Int32Array(n);
    const line = new Int32Array(n);
    const code = new Uint8Array(n);
    ratings.forEach((rating, i) => {
      let r = raterIndex.get(rating.rater);
      if (r === undefined) raterIndex.set(rating.rater, (r = raterIndex.size));
      rater[i] = r;
      item[i] = itemIndex.get(rating.item)!;
      line[i] = rating.line ?? 0;
      // phase × 6 + score code: 0-5 vague, 6-11 guideline.
      code[i] = phases.indexOf(rating.phase) * scores.length + scores.indexOf(rating.score);
    });
    scope.postMessage(
      {
        type: "done",
        raters: [...raterIndex.keys()],
        rater,
        item,
        line,
        code,
        problems: collector.problems,
        more: collector.overflow,
      },
      [rater.buffer, item.buffer, line.buffer, code.buffer],
    );
  } catch (error) {
    scope.postMessage({type: "error", message: error instanceof Error ? error.message : String(error)});
  }
};

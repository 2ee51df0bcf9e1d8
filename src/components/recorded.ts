// A part of a page drawn from the saved record alone, drawn again (patched) whenever the store saves, in this tab or
// another: where the trainee stands, what is next, what a score unlocks.
import type {Progress} from "../lib/trainee/progress.js";
import {recordSaved, type ProgressStore} from "../lib/trainee/record-store.js";
import {afterPaint} from "../lib/site/schedule.js";
import {live, type Live} from "./live.js";

export function Recorded({
  store,
  view,
}: {
  store: ProgressStore;
  view: (progress: Progress) => HTMLElement;
}): Live<Progress, Progress> {
  const node = live<Progress, Progress>(store.get(), {update: recordSaved, view: (progress) => view(progress)});
  // Drawn after the frame that paints what changed the record (a Check's ruling), so the change shows first.
  store.subscribe((progress) => afterPaint(() => node.dispatch(progress)));
  return node;
}

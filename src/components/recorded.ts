// A part of a page drawn from the saved record alone, drawn again (patched) whenever the store saves, in this tab or
// another: where the trainee stands, what is next, what a score unlocks.
import type {Progress} from "../lib/trainee/progress.js";
import {recordSaved} from "../lib/trainee/recorded.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {live, type Live} from "./live.js";

export function Recorded({
  store,
  view,
}: {
  store: ProgressStore;
  view: (progress: Progress) => HTMLElement;
}): Live<Progress, Progress> {
  const node = live<Progress, Progress>(store.get(), {update: recordSaved, view: (progress) => view(progress)});
  store.subscribe((progress) => node.dispatch(progress));
  return node;
}

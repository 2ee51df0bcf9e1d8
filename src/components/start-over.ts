// "Start over" asks first: the first press only opens the question, in the page, with keeping the answers as the
// default; nothing is deleted until the trainee confirms.
import {plural} from "../lib/text/format.js";
import {clearDrafts} from "../lib/trainee/item-drafts.js";
import {emptyProgress} from "../lib/trainee/progress.js";
import {pageStorage} from "../lib/trainee/set-aside.js";
import {el} from "./dom.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";

export function StartOver(store: ProgressStore): HTMLElement {
  const open = el("button", {"type": "button", "class": "button secondary", "aria-expanded": "false"}, "Start over…");
  const keep = el("button", {type: "button", class: "button secondary"}, "Keep my answers");
  const erase = el("button", {type: "button", class: "button danger"}, "Delete every answer");
  const count = el("span", {});
  const question = el(
    "div",
    {"class": "start-over-question", "role": "group", "aria-label": "Start over", "hidden": true},
    el(
      "p",
      {},
      "This deletes ",
      count,
      " saved in this browser, on every part and in the self-check, and any work not yet checked. It cannot be undone.",
    ),
    el("div", {class: "check-row"}, keep, erase),
  );
  const done = el("p", {"class": "muted", "role": "status", "aria-live": "polite"});
  const setOpen = (value: boolean) => {
    question.hidden = !value;
    open.setAttribute("aria-expanded", String(value));
    if (value) {
      count.textContent = plural(store.get().answers.length, "answer");
      keep.focus();
    }
  };
  open.addEventListener("click", () => setOpen(question.hidden));
  keep.addEventListener("click", () => {
    setOpen(false);
    open.focus();
  });
  erase.addEventListener("click", () => {
    store.replace(emptyProgress());
    clearDrafts(pageStorage());
    setOpen(false);
    done.textContent = "Every answer is deleted. You start afresh.";
    open.focus();
  });
  return el("div", {class: "start-over"}, open, question, done);
}

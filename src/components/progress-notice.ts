// What a trainee is told when their saved progress could not be read: what happened, where the record is (set
// aside, or left where it was when no copy could be written), a way to download it as it was and, when it was left
// where it was, the choice to put the new answers in its place; and when an answer could not be saved (storage full),
// that it is kept on this page only, with a download of everything answered. Shown as text, never as HTML. What
// happens to the record, and what the notice does when it changes, is decided in lib/trainee/record-store.ts; this
// only shows it.
import {
  noticeChange,
  type RecordNotice,
  type SetAsideNotice,
  type UnreadableRecord,
  type ProgressStore,
} from "../lib/trainee/record-store.js";
import type {SetAsideFailure} from "../lib/trainee/set-aside.js";
import {exportFile, exportFileName} from "../lib/trainee/transfer.js";
import {el} from "./dom.js";

const reasons: Record<UnreadableRecord["reason"], string> = {
  corrupted: "Your saved progress is damaged",
  foreign: "The saved progress belongs to something else",
  older: "Your saved progress is from an older version of this site",
  newer: "Your saved progress is from a newer version of this site",
};

const whatHappened = (record: UnreadableRecord) =>
  el("p", {}, el("strong", {}, `${reasons[record.reason]}.`), ` In detail: ${record.message}.`);

/** A link that downloads the record's exact text. */
function downloadLink(record: UnreadableRecord, label: string, onDownload?: () => void): HTMLAnchorElement {
  return el(
    "a",
    {
      class: "button secondary",
      download: "rater-notebook-set-aside.json",
      href: URL.createObjectURL(new Blob([record.raw], {type: "application/json"})),
      onclick: onDownload,
    },
    label,
  );
}

/** Why a record could not be set aside, in words; only a refused copy is put down to the browser's storage. */
const notSetAside: Record<SetAsideFailure, string> = {
  "refused":
    "It could not be set aside: this browser would not store a copy, most likely because its storage for this " +
    "site is full.",
  "slots-taken":
    "It could not be set aside: every place this site keeps set-aside records already holds an earlier one, and " +
    "none of those is ever overwritten.",
};

/**
 * A link that downloads everything answered, as the progress file the results page exports; made when it is clicked,
 * so it holds the answers given since the notice was shown.
 */
function exportLink(store: ProgressStore): HTMLAnchorElement {
  const link = el("a", {class: "button secondary", href: "#"}, "Download everything you answered");
  link.addEventListener("click", () => {
    const now = new Date().toISOString();
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([exportFile(store.get(), {now})], {type: "application/json"}));
    link.download = exportFileName({now});
  });
  return link;
}

/** The notice, kept up to date as the store resolves the record (storage freed, or the trainee's choice). */
export function ProgressNotice(store: ProgressStore): HTMLElement {
  const host = el("div", {"role": "status", "aria-live": "polite"});
  let shown: RecordNotice | null | undefined;
  let downloaded = false;

  const held = (notice: Extract<RecordNotice, {kind: "held"}>) => {
    // Replacing is offered once the trainee has the download: the record is never overwritten unseen.
    const replace = el(
      "button",
      {type: "button", class: "button secondary", hidden: !downloaded, onclick: () => store.replaceHeld()},
      "Replace it with my new answers",
    );
    const download = downloadLink(notice.record, "Download the saved record", () => {
      downloaded = true;
      replace.hidden = false;
    });
    return [
      whatHappened(notice.record),
      el(
        "p",
        {},
        `${notSetAside[notice.cause]} So it stays where it was, untouched, and nothing overwrites it until you choose.`,
      ),
      el(
        "p",
        {},
        "Your new answers are kept on this page only, until you choose: leaving or reloading it loses them. " +
          "Download the record, and you can then replace it with your new answers.",
      ),
      el("div", {class: "check-row"}, download, replace),
    ];
  };

  const setAside = (notice: SetAsideNotice, saved: boolean) => [
    whatHappened(notice.record),
    el(
      "p",
      {},
      "It has been set aside, not deleted, and you are starting afresh." +
        (saved ? " Your new answers are saved as usual." : ""),
    ),
    el("div", {class: "check-row"}, downloadLink(notice.record, "Download the set-aside record")),
  ];

  const body = (notice: RecordNotice) => {
    switch (notice.kind) {
      case "memory":
        return el(
          "p",
          {},
          el("strong", {}, "Nothing can be saved in this browser."),
          " In detail: this browser does not let the site save anything, so your answers last only until you leave " +
            "the page.",
        );
      case "held":
        return held(notice);
      case "set-aside":
        return setAside(notice, true);
      case "unsaved":
        return [
          el(
            "p",
            {},
            el("strong", {}, "Your answer could not be saved in this browser."),
            " In detail: this browser would not store it, most likely because its storage for this site is full.",
          ),
          el(
            "p",
            {},
            "Your answers are kept on this page only: leaving or reloading it loses them. Download everything you " +
              "answered to keep it; saving is tried again at your next answer.",
          ),
          el("div", {class: "check-row"}, exportLink(store)),
          ...(notice.setAside ? setAside(notice.setAside, false) : []),
        ];
    }
  };

  const render = () => {
    const notice = store.notice();
    const change = noticeChange(shown, notice);
    shown = notice;
    switch (change.kind) {
      case "unchanged":
        return;
      case "clear":
        return host.replaceChildren();
      case "saved-again": {
        const saved = el("p", {}, "Your answers are saved in this browser again, all of them.");
        return host.replaceChildren(el("div", {class: "progress-notice"}, saved));
      }
      case "replaced": {
        const hadFocus = host.contains(document.activeElement);
        const done = el(
          "p",
          {tabindex: "-1"},
          "The record is replaced: your new answers are saved in its place, and as usual from now on.",
        );
        host.replaceChildren(el("div", {class: "progress-notice"}, done));
        // The button pressed is gone: the keyboard stays here rather than falling back to the page's start.
        if (hadFocus) done.focus();
        return;
      }
      case "show":
        return host.replaceChildren(el("div", {class: "progress-notice"}, body(change.notice)));
    }
  };
  render();
  store.subscribe(render);
  return host;
}

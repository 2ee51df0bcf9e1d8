// What a page shows of the saved record: a part drawn from the record alone, drawn again (patched) whenever the store
// saves, in this tab or another (where the trainee stands, what is next, what a score unlocks); and what a trainee is
// told when their saved progress could not be read or an answer could not be saved: what happened, where the record
// is (set aside, or left where it was when no copy could be written), a way to download it as it was and, when it was
// left where it was, the choice to put the new answers in its place; and, with storage full, that an answer is kept
// on this page only, with a download of everything answered. Shown as text, never as HTML. What happens to the
// record, and what the notice does when it changes, is decided in lib/trainee/record-store.ts; this only shows it.
import type {Progress} from "../lib/trainee/progress.js";
import {
  recordSaved,
  type ProgressStore,
  type RecordNotice,
  type SetAsideNotice,
  type UnreadableRecord,
  noticeStart,
  noticeStep,
  type NoticeAction,
  type NoticeState,
} from "../lib/trainee/record-store.js";
import {afterPaint} from "../lib/site/schedule.js";
import {live, type Live, el} from "./dom.js";
import type {SetAsideFailure} from "../lib/trainee/set-aside.js";
import {exportFile, exportFileName} from "../lib/trainee/transfer.js";
import {download} from "../lib/site/download.js";

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

// The notice about the record's keeping: shown while the store has something to tell, and once after it is resolved.
const reasons: Record<UnreadableRecord["reason"], string> = {
  corrupted: "Your saved progress is damaged",
  foreign: "The saved progress belongs to something else",
  older: "Your saved progress is from an older version of this site",
  newer: "Your saved progress is from a newer version of this site",
};

const whatHappened = (record: UnreadableRecord) =>
  el("p", {}, el("strong", {}, `${reasons[record.reason]}.`), ` In detail: ${record.message}.`);

/** Why a record could not be set aside, in words; only a refused copy is put down to the browser's storage. */
const notSetAside: Record<SetAsideFailure, string> = {
  "refused":
    "It could not be set aside: this browser would not store a copy, most likely because its storage for this " +
    "site is full.",
  "slots-taken":
    "It could not be set aside: every place this site keeps set-aside records already holds an earlier one, and " +
    "none of those is ever overwritten.",
};

/** The notice, kept up to date as the store resolves the record (storage freed, or the trainee's choice). */
export function ProgressNotice(store: ProgressStore): Live<NoticeState, NoticeAction> {
  const addresses = new Map<string, string>();
  const hrefOf = (record: UnreadableRecord) => {
    let href = addresses.get(record.raw);
    if (!href)
      addresses.set(record.raw, (href = URL.createObjectURL(new Blob([record.raw], {type: "application/json"}))));
    return href;
  };
  // A link that downloads the record's exact text; its address is made once per record, as the view is built often.
  const recordLink = (record: UnreadableRecord, label: string) =>
    el(
      "a",
      {
        "class": "button secondary",
        "download": "rater-notebook-set-aside.json",
        "href": hrefOf(record),
        "data-download": "",
      },
      label,
    );

  const held = (notice: Extract<RecordNotice, {kind: "held"}>, downloaded: boolean) => [
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
    el(
      "div",
      {class: "check-row"},
      recordLink(notice.record, "Download the saved record"),
      // Replacing is offered once the trainee has the download: the record is never overwritten unseen.
      el(
        "button",
        {"type": "button", "class": "button secondary", "hidden": !downloaded, "data-replace": ""},
        "Replace it with my new answers",
      ),
    ),
  ];

  const setAside = (notice: SetAsideNotice, saved: boolean) => [
    whatHappened(notice.record),
    el(
      "p",
      {},
      "It has been set aside, not deleted, and you are starting afresh." +
        (saved ? " Your new answers are saved as usual." : ""),
    ),
    el("div", {class: "check-row"}, recordLink(notice.record, "Download the set-aside record")),
  ];

  const body = (notice: RecordNotice, downloaded: boolean) => {
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
        return held(notice, downloaded);
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
          // Made when it is clicked, so it holds the answers given since the notice was shown.
          el(
            "div",
            {class: "check-row"},
            el("a", {"class": "button secondary", "href": "#", "data-export": ""}, "Download everything you answered"),
          ),
          ...(notice.setAside ? setAside(notice.setAside, false) : []),
        ];
    }
  };

  const view = ({notice, says, downloaded}: NoticeState): HTMLElement =>
    el(
      "div",
      {"role": "status", "aria-live": "polite"},
      says === "notice" && notice ? el("div", {class: "progress-notice"}, body(notice, downloaded)) : null,
      says === "saved-again"
        ? el(
            "div",
            {class: "progress-notice"},
            el("p", {}, "Your answers are saved in this browser again, all of them."),
          )
        : null,
      says === "replaced"
        ? el(
            "div",
            {class: "progress-notice"},
            el(
              "p",
              {"tabindex": "-1", "data-replaced": ""},
              "The record is replaced: your new answers are saved in its place, and as usual from now on.",
            ),
          )
        : null,
    );

  // Whether the keyboard was in the notice when the record was replaced: the button pressed is then gone.
  let hadFocus = false;
  const node: Live<NoticeState, NoticeAction> = live<NoticeState, NoticeAction>(noticeStart(store.notice()), {
    update: noticeStep,
    view,
    on: {
      click: (event) => {
        const target = event.target as Element;
        if (target.closest("[data-download]")) return {kind: "downloaded"};
        if (target.closest("[data-replace]")) {
          hadFocus = node.contains(document.activeElement);
          store.replaceHeld();
          return undefined;
        }
        if (!target.closest("[data-export]")) return undefined;
        event.preventDefault();
        return {kind: "export", at: new Date().toISOString()};
      },
    },
    effects: (shown, {after, action}) => {
      if (action.kind === "export" && after.exported) {
        const now = after.exported;
        download(exportFile(store.get(), {now}), exportFileName({now}), "application/json");
      }
      // The keyboard stays here rather than falling back to the page's start.
      if (action.kind === "notice" && after.says === "replaced" && hadFocus)
        shown.querySelector<HTMLElement>("[data-replaced]")?.focus();
    },
  });
  store.subscribe(() => node.dispatch({kind: "notice", notice: store.notice()}));
  return node;
}

// What a trainee is told when their saved progress could not be read: what happened, that nothing was deleted, and a
// way to download the record as it was. Shown as text, never as HTML.
import {el} from "./dom.js";
import type {SetAside} from "./progress-store.js";

const reasons: Record<SetAside["reason"], string> = {
  corrupted: "Your saved progress is damaged",
  foreign: "The saved progress belongs to something else",
  older: "Your saved progress is from an older version of this site",
  newer: "Your saved progress is from a newer version of this site",
  storage: "Nothing can be saved in this browser",
};

export function ProgressNotice(setAside: SetAside | null): HTMLElement | null {
  if (!setAside) return null;
  const download =
    setAside.raw === ""
      ? null
      : el(
          "a",
          {
            class: "button secondary",
            download: "rater-notebook-set-aside.json",
            href: URL.createObjectURL(new Blob([setAside.raw], {type: "application/json"})),
          },
          "Download the set-aside record",
        );
  return el(
    "div",
    {"class": "progress-notice", "role": "status", "aria-live": "polite"},
    el("p", {}, el("strong", {}, `${reasons[setAside.reason]}.`), ` In detail: ${setAside.message}.`),
    setAside.raw === ""
      ? null
      : el(
          "p",
          {},
          "It has been set aside, not deleted, and you are starting afresh. Your new answers are saved as usual.",
        ),
    download,
  );
}

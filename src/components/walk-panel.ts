// The panel beside a part's item (the rubric and the guideline's rules): in an aside beside the item on a wide screen;
// on a narrower one, behind a button that opens it as a sheet over the page, a modal dialog with a Close button.
// Escape, Close or a tap beside the sheet closes it, and the focus goes back where it was. The walk (part-walk.ts)
// places the pieces and fills the panel.
import {el} from "./dom.js";

export interface WalkPanel {
  /** The panel's region, which the walk fills. */
  panel: HTMLElement;
  /** Beside the item: holds the panel on a wide screen. */
  aside: HTMLElement;
  /** The button that opens the sheet; null when the panel is for a wide screen only. */
  toggle: HTMLButtonElement | null;
  /** Holds the panel on a narrower screen. */
  sheet: HTMLDialogElement;
}

/** A controller, not a component: the walk places its pieces apart. */
export function walkPanel({label, wideOnly = false}: {label: string; wideOnly?: boolean}): WalkPanel {
  const panel = el("div", {"class": "guide-panel", "id": "guide-panel", "role": "region", "aria-label": label});
  const aside = el("aside", {class: "walk-aside"});
  const toggle = wideOnly
    ? null
    : el(
        "button",
        {
          "type": "button",
          "class": "button secondary panel-toggle",
          "aria-haspopup": "dialog",
          "aria-expanded": "false",
          "aria-controls": "guide-sheet",
        },
        label,
      );
  const closeSheet = el("button", {type: "button", class: "button secondary sheet-close"}, "Close");
  const sheet = el(
    "dialog",
    {"class": "guide-sheet", "id": "guide-sheet", "aria-label": label},
    el("div", {class: "sheet-bar"}, closeSheet),
  );
  let returnFocus: HTMLElement | null = null;
  closeSheet.addEventListener("click", () => sheet.close());
  sheet.addEventListener("click", (event) => {
    if (event.target === sheet) sheet.close();
  });
  sheet.addEventListener("close", () => {
    toggle?.setAttribute("aria-expanded", "false");
    returnFocus?.focus();
    returnFocus = null;
  });
  const wide = window.matchMedia("(min-width: 1200px)");
  const place = () => {
    if (wide.matches) {
      if (sheet.open) sheet.close();
      aside.append(panel);
    } else sheet.append(panel);
  };
  toggle?.addEventListener("click", () => {
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : toggle;
    sheet.showModal();
    toggle.setAttribute("aria-expanded", "true");
    closeSheet.focus();
  });
  wide.addEventListener("change", place);
  place();
  return {panel, aside, toggle, sheet};
}

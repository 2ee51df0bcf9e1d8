// "Our reading": where the site reads in what the case study does not state, said in plain words, with why where the
// item's file says why. Every part of a ruling that shows a line or a flag the site inferred uses it.
import {el} from "./dom.js";

export function OurReading({
  inferred,
  because,
}: {
  inferred: boolean;
  because?: string | null | undefined;
}): HTMLElement | null {
  if (!inferred) return null;
  return because
    ? el(
        "details",
        {class: "our-reading"},
        el("summary", {}, "Our reading: the case study doesn't say"),
        el("p", {}, because),
      )
    : el("p", {class: "our-reading"}, el("span", {}, "Our reading: the case study doesn't say"));
}

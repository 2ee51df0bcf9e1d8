// The case itself: earlier turns, the request and the response, each in its own language with the English gloss
// beside it. A text the case study only describes is shown as a description, never dressed up as a quote.
import type {Item, Text, Turn} from "../lib/authored/schemas/item.js";
import {dirOf, languageName} from "../lib/authored/language.js";
import {glossFromWords, titleBefore} from "../lib/site/links.js";
import {el, type Child} from "./dom.js";

function TextBlock(
  text: Pick<Text, "text" | "form" | "language" | "gloss" | "glossFrom" | "note">,
  {
    label,
    role,
    surface,
    where,
  }: {label: string; role: "request" | "response" | "turn"; surface?: HTMLElement; where?: string},
): HTMLElement {
  const described = text.form === "described";
  const heading = `${label}${text.language !== "en" ? ` (${languageName(text.language)})` : ""}`;
  return el(
    "div",
    {class: `case-text case-${role}${described ? " is-described" : ""}`},
    el(
      "p",
      {class: "case-label"},
      heading,
      described ? [" ", el("span", {class: "case-form"}, "summarised, not quoted")] : null,
    ),
    el(
      "div",
      {class: "case-body"},
      el(
        "div",
        {
          class: "case-original",
          lang: described ? "en" : text.language,
          dir: described ? null : dirOf(text.language),
        },
        described
          ? el("p", {class: "description"}, text.text)
          : (surface ?? el("p", {"class": "verbatim", "data-text": where ?? null}, text.text)),
        text.note ? el("p", {class: "case-note"}, text.note) : null,
      ),
      text.gloss
        ? el(
            "div",
            {class: "case-gloss", lang: "en"},
            el("span", {class: "gloss-label"}, "Gloss"),
            text.glossFrom && role !== "turn"
              ? el("span", {class: "gloss-from"}, ` · ${glossFromWords(text.glossFrom, role)}`)
              : null,
            el("p", {}, text.gloss),
          )
        : null,
    ),
  );
}

function TurnBlock(turn: Turn, surface?: HTMLElement): HTMLElement {
  const label = `${turn.role === "user" ? "User" : "Assistant"}${turn.turn ? `, turn ${turn.turn}` : ""}`;
  return TextBlock(
    {text: turn.text, form: turn.form, language: "en"},
    {label, role: "turn", surface, where: turn.turn ? `turn-${turn.turn}` : undefined},
  );
}

/**
 * The conversation so far, the request, and the response, in reading order. `surfaces` replace the plain text of
 * the request ("request") or an earlier turn ("turn-1") with the Step-1 marking surface; a plain text is marked with
 * the same name (`data-text`), so a surface built later can take its place.
 */
export function CaseText(item: Item, {surfaces = {}}: {surfaces?: Record<string, HTMLElement>} = {}): HTMLElement {
  const requestLabel = `Request${item.request.turn ? `, turn ${item.request.turn}` : ""}`;
  return el(
    "div",
    {class: "case"},
    item.turns.length
      ? el(
          "div",
          {class: "case-turns"},
          item.turns.map((turn) => TurnBlock(turn, surfaces[`turn-${turn.turn}`])),
        )
      : null,
    TextBlock(item.request, {label: requestLabel, role: "request", surface: surfaces.request, where: "request"}),
    TextBlock(item.response, {label: "Response", role: "response"}),
  );
}

/**
 * An item to read in a walk, with nothing to score: its title, `body` (its texts and what goes with them) and the
 * walk's Previous and Next, Next the button to press (Part 2's examples; Part 1's example with no score to give).
 */
export function ReadingCard({item, nav, body}: {item: Item; nav: HTMLElement; body: Child[]}): HTMLElement {
  nav.querySelector(".next-item")?.classList.remove("secondary");
  return el(
    "article",
    {"class": "item-card reading", "id": item.id, "aria-labelledby": `${item.id}-title`},
    el("header", {class: "item-head"}, el("h2", {id: `${item.id}-title`, tabindex: -1}, titleBefore(item))),
    el("div", {class: "reading-body"}, body),
    nav,
  );
}

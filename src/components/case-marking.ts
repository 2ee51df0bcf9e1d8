// Step 1 in the case editor: the author marks the instructions in the request with the trainee's own marking
// (src/components/step-one-marking.ts: each word a button, first word then last, the arrow keys between words, Enter
// to press, Escape to drop a half-made stretch). A finished stretch becomes a new line, quoting the request's words
// exactly, or another stretch of the line waiting for one (a main task may quote several). A line with no words to
// point to is typed with why it has none. Where the user gave a standing instruction in an earlier turn, the author
// chooses which text to mark in (the request or the turn), and the line quotes that turn (quoteIn: turn-N). A
// controller: the editor keeps it, and it redraws the marks of each new case.
import {markedWords} from "../lib/authoring/case-editor.js";
import type {MarkableText} from "../lib/authoring/case-turns.js";
import {locate, quotesOf} from "../lib/authored/quote.js";
import {pendingPrompt, pressWord, type MarkIn, type Pending} from "../lib/trainee/draft.js";
import type {TraineeLine} from "../lib/trainee/progress.js";
import {el} from "./dom.js";
import {labelled} from "./case-field.js";
import {markSurface, type MarkSurface} from "./step-one-marking.js";

export interface MarkingHandlers {
  /** A stretch was marked: its words exactly as the text has them, and which text ("request", "turn-1" …). */
  onStretch(words: string, quoteIn: string): void;
  /** A line with no words to point to: what it says and why it has none. */
  onFreeLine(text: string, why: string): void;
}

export interface CaseMarking {
  node: HTMLElement;
  /** Draws the words of the chosen text and the lines' marks; `addingTo` is the line waiting for another stretch. */
  update(state: {
    /** The request first, then the user's quoted earlier turns. */
    texts: readonly MarkableText[];
    described: boolean;
    lines: readonly Record<string, unknown>[];
    addingTo: number | null;
  }): void;
  /** Puts the keyboard on the request's words. */
  focus(): void;
}

/** The quotes of the lines in one text as the trainee's marks, in the lines' order, and which line each belongs to. */
function marksOf(shown: MarkableText, lines: readonly Record<string, unknown>[]) {
  const marks: TraineeLine[] = [];
  const owners: number[] = [];
  lines.forEach((line, index) => {
    if ((line.quoteIn ?? "request") !== shown.quoteIn) return;
    for (const quote of quotesOf(line.quote as string | string[] | undefined)) {
      const span = typeof quote === "string" ? locate(shown.text, quote) : null;
      if (!span) continue;
      marks.push({listing: {kind: "mark", in: "request", start: span.start, end: span.end}});
      owners.push(index);
    }
  });
  return {marks, owners};
}

export function caseMarking(handlers: MarkingHandlers): CaseMarking {
  const help = el(
    "p",
    {class: "step-help", id: "case-mark-help"},
    "Press an instruction's first word, then its last",
    el("span", {class: "fine-pointer"}, " (or drag across it)"),
    ". In the words, the arrow keys move, Enter presses a word and Escape drops a half-made stretch. " +
      "Each stretch becomes a line below, its text the marked words until you write it in the checklist's words.",
  );
  const status = el("p", {"class": "mark-status", "role": "status", "aria-live": "polite"});
  const holder = el("div", {class: "case-mark-holder"});
  const freeText = el("input", {id: "case-free-text", type: "text"});
  const freeWhy = el("input", {id: "case-free-why", type: "text"});
  const freeAdd = el("button", {type: "button", class: "button secondary"}, "Add the line");
  const freeError = el("p", {class: "field-error", role: "alert", hidden: true});
  freeAdd.addEventListener("click", () => {
    const said = freeText.value.trim();
    const why = freeWhy.value.trim();
    if (!said || (!why && !state.described)) {
      freeError.textContent = !said ? "Say what the instruction is." : "Say why it has no words to point to.";
      freeError.hidden = false;
      (said ? freeWhy : freeText).focus();
      return;
    }
    freeError.hidden = true;
    freeText.value = freeWhy.value = "";
    handlers.onFreeLine(said, why);
  });

  // Which text is marked in: the request unless the author chose an earlier turn.
  let chosen = "request";
  const choice = el("select", {id: "case-mark-in"});
  const choiceField = labelled("Mark the words of", {
    id: choice.id,
    control: choice,
    hint: "The request, or an earlier turn of the user's where a standing instruction was given.",
  });
  choice.addEventListener("change", () => {
    chosen = choice.value;
    update(state);
  });
  let shownText: string | null = null;
  let surface: MarkSurface | null = null;
  let pending: Pending = null;
  let marks: TraineeLine[] = [];
  let owners: number[] = [];
  let state: Parameters<CaseMarking["update"]>[0] = {texts: [], described: false, lines: [], addingTo: null};
  let where: MarkIn = "request";

  const draw = () => {
    if (!surface) return;
    surface.render({lines: marks, pending, locked: false});
    // The surface numbers each mark by its place in `marks`; a line with several stretches has several marks.
    for (const button of surface.node.querySelectorAll<HTMLElement>("button.word[data-line]"))
      button.dataset.line = [...new Set(button.dataset.line!.split(",").map((n) => owners[Number(n) - 1]! + 1))].join(
        ",",
      );
    const waiting =
      state.addingTo === null ? "" : `Mark the stretch of ${label} to add to line ${state.addingTo + 1}. `;
    status.textContent =
      waiting +
      pendingPrompt(pending, {
        wordOf: (_where, token) => surface?.tokens[token]?.text ?? "",
        lineText: () => "",
      });
  };

  let label = "the request";
  const build = (request: string) => {
    pending = null;
    surface = markSurface(request, {
      where,
      label,
      describedBy: "case-mark-help",
      onWord: (token) => {
        const waited = pending !== null;
        const next = pressWord(marks, pending, where, surface!.tokens, token);
        pending = next.pending;
        const same = (a: TraineeLine, b: TraineeLine) => JSON.stringify(a.listing) === JSON.stringify(b.listing);
        const added = next.lines.find((line) => !marks.some((mark) => same(mark, line)));
        // The editor adds the line and redraws the marks with it.
        if (added?.listing.kind === "mark")
          return handlers.onStretch(request.slice(added.listing.start, added.listing.end), where);
        draw();
        if (waited && pending === null) status.textContent = "That stretch is marked already.";
      },
      onStretch: (from, to) => {
        pending = null;
        handlers.onStretch(markedWords(request, from, to), where);
      },
      onCancel: () => {
        pending = null;
        draw();
      },
    });
    holder.replaceChildren(surface.node);
  };

  function update(next: Parameters<CaseMarking["update"]>[0]): void {
    state = next;
    // A line waiting for another stretch is marked in its own text.
    if (next.addingTo !== null) {
      const waiting = next.lines[next.addingTo]?.quoteIn;
      chosen = typeof waiting === "string" ? waiting : "request";
    }
    const shown = next.texts.find((text) => text.quoteIn === chosen) ?? next.texts[0]!;
    chosen = shown.quoteIn;
    choiceField.hidden = next.texts.length < 2;
    const offered = next.texts.map((text) => `${text.quoteIn}\u0000${text.label}`).join("\n");
    if (choice.dataset.offered !== offered) {
      choice.dataset.offered = offered;
      choice.replaceChildren(
        ...next.texts.map((text) =>
          el("option", {value: text.quoteIn}, `${text.label[0]!.toUpperCase()}${text.label.slice(1)}`),
        ),
      );
    }
    choice.value = chosen;
    ({marks, owners} = marksOf(shown, next.lines));
    if ((next.described && shown.quoteIn === "request") || !shown.text.trim()) {
      surface = null;
      shownText = null;
      holder.replaceChildren(
        el(
          "p",
          {class: "muted"},
          next.described
            ? "This request is described, not quoted: it has no words to mark. Add its lines below."
            : "Paste the request above: its words show here to mark.",
        ),
      );
      status.textContent = "";
      return;
    }
    if (shownText !== shown.text || where !== shown.quoteIn) {
      shownText = shown.text;
      where = shown.quoteIn as MarkIn;
      label = shown.label;
      build(shown.text);
    }
    draw();
  }

  const node = el(
    "section",
    {"class": "case-marking", "aria-labelledby": "case-marking-title", "id": "case-checklist"},
    el("h2", {id: "case-marking-title"}, "Mark the instructions"),
    help,
    choiceField,
    status,
    holder,
    el(
      "details",
      {class: "case-free-line"},
      el("summary", {}, "+ An instruction with no words to point to"),
      el(
        "div",
        {class: "case-free-fields"},
        labelled("What the instruction is", {id: "case-free-text", control: freeText}),
        labelled("Why it has no words of the request", {
          id: "case-free-why",
          control: freeWhy,
          hint: "A standing instruction from earlier in the conversation, or a request the case study only describes.",
        }),
        freeAdd,
        freeError,
      ),
    ),
  );
  return {
    node,
    update,
    focus: () => holder.querySelector<HTMLElement>('button.word[tabindex="0"]')?.focus(),
  };
}

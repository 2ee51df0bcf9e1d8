// One case a trainee scores. Under the vague line: the texts and a score. Under the guideline: the three steps next
// to the texts (mark the instructions, check each, score), with the score the trainee's own checklist implies. On
// Check, never before, the answer is saved and the ruling appears. Keys 1-5 (and N) choose a score, Enter checks.
import type {Guideline} from "../lib/guideline.js";
import {impliedScore} from "../lib/trainee/implied.js";
import {attempts, type Answer, type Listing, type MainNotMet, type TraineeLine} from "../lib/trainee/progress.js";
import {step1Mode} from "../lib/trainee/step1.js";
import {toggleListing} from "../lib/trainee/marks.js";
import {textOf} from "../lib/quote.js";
import type {Item, QuoteIn} from "../lib/item.js";
import type {Phase} from "../lib/parts.js";
import {itemLabel} from "../lib/coverage.js";
import {el, type Child} from "./dom.js";
import {CaseText} from "./item-text.js";
import type {ProgressStore} from "./progress-store.js";
import {ScoreGroup} from "./score-group.js";
import {MarkSurface, OptionList, markableTexts, refreshSurface} from "./step-one.js";
import {
  describeImplied,
  listingText,
  mainNotMetLabels,
  scoreForKey,
  traineeVerdictLabels,
} from "../lib/trainee/words.js";

export interface ScoreCardOptions {
  phase: Phase;
  guideline: Guideline;
  store: ProgressStore;
  /** "self-check": the blind run, whose ruling waits for the end. */
  mode?: "walk" | "self-check";
  /** Builds the ruling shown after Check, from the answers so far (first attempt first). */
  ruling(answers: Answer[]): Child;
  /** Whether the ruling may show yet: the blind self-check holds it back until every case is answered. */
  reveal?: () => boolean;
  /** The time of an answer; pages pass the clock in, tests may pass a fixed one. */
  now?: () => Date;
  /** Heading level of the item's title. */
  headingLevel?: 2 | 3;
}

const verdictOrder = ["met", "met-flaw", "partly", "not-met", "cannot-check"] as const;

export function ScoreCard(item: Item, options: ScoreCardOptions): HTMLElement {
  const {phase, guideline, store, mode = "walk", now = () => new Date(), headingLevel = 2} = options;
  const reveal = options.reveal ?? (() => true);
  const withSteps = phase === "guideline";
  const previous = attempts(store.get(), item.id, phase, mode);
  const last = previous.at(-1);
  let lines: TraineeLine[] = last?.checklist ? structuredClone(last.checklist.lines) : [];
  let mainNotMet: MainNotMet | undefined = last?.checklist?.mainNotMet;
  let granularity: "phrases" | "words" = "words";

  const score = ScoreGroup({
    name: `${mode === "self-check" ? "self-" : ""}${item.id}-score`,
    notApplicable: withSteps,
    rubric: withSteps ? guideline.rubric : [],
  });
  const title = `${item.id}-title`;
  const state = el("span", {class: "item-state"});
  // A status, not a region: every item has one, and a page of identical landmarks helps no one. It is announced
  // when it appears, so focus stays on Check.
  const rulingRegion = el("div", {"class": "ruling", "role": "status", "aria-label": "Ruling", "hidden": true});
  const check = el("button", {type: "button", class: "button"}, "Check");
  const retry = el("button", {type: "button", class: "button secondary", hidden: true}, "Try again");

  // ---- Steps 1 and 2 (guideline phase only) ----
  const surfaces: HTMLElement[] = [];
  const marks = () => lines.flatMap((line) => (line.listing.kind === "mark" ? [line.listing] : []));
  let committed = false;
  const toggle = (listing: Listing) => {
    if (committed) return;
    lines = toggleListing(lines, listing, {
      textOf: (where) => textOf(item, where as QuoteIn),
      mergeAdjacent: granularity === "words",
    });
    changed();
  };
  const checklistList = el("ol", {class: "trainee-checklist"});
  const mainQuestion = el("div", {class: "main-not-met", hidden: true});
  const impliedLine = el("p", {"class": "implied", "aria-live": "polite"});
  const freeInput = el("input", {
    "type": "text",
    "class": "free-line",
    "id": `${item.id}-free`,
    "maxlength": 200,
    "autocomplete": "off",
    "aria-describedby": `${item.id}-free-help`,
  });
  const addFree = () => {
    const text = freeInput.value.trim();
    if (!text) return;
    freeInput.value = "";
    toggle({kind: "free", text});
  };
  freeInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      addFree();
    }
  });

  const step1Body: Child = !withSteps
    ? null
    : step1Mode(item) === "list"
      ? OptionList(item, {
          name: item.id,
          ticked: () => lines.flatMap((line) => (line.listing.kind === "option" ? [line.listing.index] : [])),
          onToggle: (index) => toggle({kind: "option", index}),
        })
      : el(
          "div",
          {class: "granularity"},
          el("input", {
            type: "checkbox",
            id: `${item.id}-words`,
            onchange: (event: Event) => {
              granularity = (event.target as HTMLInputElement).checked ? "phrases" : "words";
              rebuildSurfaces();
            },
          }),
          el("label", {for: `${item.id}-words`}, "Mark whole phrases instead of words"),
        );

  const surfaceFor = new Map<string, HTMLElement>();
  const rebuildSurfaces = () => {
    surfaces.length = 0;
    for (const {where, text} of markableTexts(item)) {
      const surface = MarkSurface(text, where, {
        onToggle: toggle,
        marks,
        granularity,
        label: where === "request" ? "the request" : `turn ${where.slice(5)}`,
      });
      const old = surfaceFor.get(where);
      old?.replaceWith(surface);
      surfaceFor.set(where, surface);
      surfaces.push(surface);
    }
  };
  if (withSteps) rebuildSurfaces();

  const renderChecklist = () => {
    checklistList.replaceChildren(
      ...lines.map((line, index) => {
        const text = listingText(item, line.listing);
        const verdict = el(
          "select",
          {"aria-label": `Verdict on “${text}”`, "class": "verdict"},
          el("option", {value: ""}, "Check it…"),
          verdictOrder.map((value) =>
            el("option", {value, selected: line.verdict === value}, traineeVerdictLabels[value]),
          ),
        );
        verdict.addEventListener("change", () => {
          lines = lines.map((entry, at) =>
            at === index ? {...entry, verdict: (verdict.value || undefined) as TraineeLine["verdict"]} : entry,
          );
          changed({keepList: true});
        });
        const main = el("input", {
          "type": "radio",
          "name": `${item.id}-main`,
          "id": `${item.id}-main-${index}`,
          "checked": !!line.main,
          "aria-label": `“${text}” is the main task`,
          "onchange": () => {
            lines = lines.map((entry, at) => ({...entry, main: at === index ? true : undefined}));
            changed({keepList: true});
          },
        });
        return el(
          "li",
          {class: "trainee-line"},
          el("span", {class: `line-text${line.listing.kind === "free" ? " is-free" : ""}`}, text),
          el("span", {class: "line-main"}, main, el("label", {for: `${item.id}-main-${index}`}, "main task")),
          verdict,
          el(
            "button",
            {
              "type": "button",
              "class": "remove",
              "aria-label": `Remove “${text}”`,
              "onclick": () => toggle(line.listing),
            },
            "✕",
          ),
        );
      }),
    );
    if (!lines.length) checklistList.append(el("li", {class: "empty"}, "Nothing listed yet."));
  };

  const renderMainQuestion = () => {
    const mainLine = lines.find((line) => line.main);
    const notDone = mainLine?.verdict === "not-met" || mainLine?.verdict === "cannot-check";
    mainQuestion.hidden = !notDone;
    if (!notDone) return;
    const select = el(
      "select",
      {"id": `${item.id}-main-not-met`, "aria-label": "How the response stands to the request"},
      el("option", {value: ""}, "Choose…"),
      (Object.keys(mainNotMetLabels) as MainNotMet[]).map((value) =>
        el("option", {value, selected: mainNotMet === value}, mainNotMetLabels[value]),
      ),
    );
    select.addEventListener("change", () => {
      mainNotMet = (select.value || undefined) as MainNotMet | undefined;
      changed({keepList: true});
    });
    mainQuestion.replaceChildren(
      el("label", {for: `${item.id}-main-not-met`}, "The main task is not done. The response… "),
      select,
    );
  };

  const renderImplied = () => {
    if (!withSteps) return;
    impliedLine.textContent = lines.length
      ? describeImplied(impliedScore({lines, mainNotMet}, guideline.parameters))
      : "List the instructions and check them, and the score your checklist implies appears here.";
  };

  function changed({keepList = false}: {keepList?: boolean} = {}): void {
    if (!keepList) renderChecklist();
    renderMainQuestion();
    renderImplied();
    for (const surface of surfaces) refreshSurface(surface);
  }

  // ---- Commit and show the ruling ----
  const setCommitted = (value: boolean) => {
    committed = value;
    score.disable(committed);
    check.disabled = committed;
    retry.hidden = !committed;
    for (const control of stepsNode?.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
      "input, select, button.remove, button.add-line",
    ) ?? [])
      control.disabled = committed;
    // The phrase toggles are spans: take them out of the tab order and mark them disabled while committed.
    for (const toggle of node?.querySelectorAll<HTMLElement>(".mark-toggle") ?? []) {
      toggle.setAttribute("aria-disabled", String(committed));
      toggle.tabIndex = committed ? -1 : 0;
    }
  };
  const showRuling = (answers: Answer[]) => {
    const first = answers[0];
    state.textContent = first
      ? `${mode === "self-check" ? "Answered" : "Checked"}: ${first.score === "n/a" ? "not applicable" : first.score}`
      : "Not scored yet";
    if (!first || !reveal()) {
      rulingRegion.hidden = true;
      return;
    }
    rulingRegion.replaceChildren(el("h3", {class: "ruling-heading"}, "Ruling"), el("div", {}, options.ruling(answers)));
    rulingRegion.hidden = false;
  };
  const hint = el("p", {"class": "check-hint", "role": "alert", "aria-live": "assertive"});
  check.addEventListener("click", () => {
    const chosen = score.value();
    if (chosen === null) {
      hint.textContent = "Choose a score first (keys 1-5" + (withSteps ? ", or N for not applicable" : "") + ").";
      return;
    }
    hint.textContent = "";
    const checklist = withSteps && lines.length ? {lines, ...(mainNotMet ? {mainNotMet} : {})} : undefined;
    store.record({
      item: item.id,
      phase,
      ...(mode === "self-check" ? {mode} : {}),
      score: chosen,
      ...(checklist ? {checklist} : {}),
      guideline: guideline.version,
      at: now().toISOString(),
    });
    const answers = attempts(store.get(), item.id, phase, mode);
    setCommitted(true);
    showRuling(answers);
    node.dispatchEvent(new CustomEvent("item-checked", {bubbles: true, detail: {item: item.id}}));
  });
  retry.addEventListener("click", () => {
    setCommitted(false);
    score.set(null);
    (score.node.querySelector("input") as HTMLInputElement | null)?.focus();
  });

  // ---- Layout ----
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const surfaceNodes = Object.fromEntries(surfaceFor);
  const stepsNode = el(
    "div",
    {class: "steps"},
    withSteps
      ? [
          el(
            "div",
            {"class": "step", "role": "group", "aria-labelledby": `${item.id}-step1`},
            el("h3", {id: `${item.id}-step1`}, el("span", {class: "step-number"}, "1"), "List the instructions"),
            el(
              "p",
              {class: "step-help"},
              step1Mode(item) === "list"
                ? "The case study describes this request rather than quoting it. Tick what it states as an instruction."
                : "Press the words of the request (above) that state an instruction: words next to each other join " +
                    "into one line. Or select a stretch with the mouse.",
            ),
            step1Body,
            el(
              "div",
              {class: "free-row"},
              el("label", {for: `${item.id}-free`}, "An instruction with no words to point to"),
              el(
                "div",
                {class: "free-controls"},
                freeInput,
                el("button", {type: "button", class: "button secondary add-line", onclick: addFree}, "Add"),
              ),
              el(
                "p",
                {class: "step-help", id: `${item.id}-free-help`},
                "For example a standing instruction from an earlier turn. " +
                  "Your words are compared with the ruled lines roughly.",
              ),
            ),
          ),
          el(
            "div",
            {"class": "step", "role": "group", "aria-labelledby": `${item.id}-step2`},
            el("h3", {id: `${item.id}-step2`}, el("span", {class: "step-number"}, "2"), "Check each one"),
            checklistList,
            mainQuestion,
          ),
        ]
      : null,
    el(
      "div",
      {"class": "step", "role": "group", "aria-labelledby": `${item.id}-step3`},
      el(
        "h3",
        {id: `${item.id}-step3`},
        withSteps ? el("span", {class: "step-number"}, "3") : null,
        withSteps ? "Score it with the rubric" : "Your score",
      ),
      score.node,
      withSteps ? impliedLine : null,
      el(
        "div",
        {class: "check-row"},
        check,
        retry,
        el(
          "span",
          {class: "key-hint"},
          el("kbd", {}, "1"),
          "–",
          el("kbd", {}, "5"),
          withSteps ? [" ", el("kbd", {}, "N")] : null,
          " choose, ",
          el("kbd", {}, "Enter"),
          " checks",
        ),
      ),
      hint,
    ),
  );
  const node = el(
    "article",
    {"class": `item-card phase-${phase}`, "id": item.id, "aria-labelledby": title},
    el(
      "header",
      {class: "item-head"},
      el(Heading, {id: title}, el("span", {class: "item-kicker"}, itemLabel(item.id, item.part)), item.title),
      state,
    ),
    CaseText(item, {surfaces: surfaceNodes}),
    stepsNode,
    rulingRegion,
  );
  node.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.matches("input[type=text], textarea, select")) return;
    const chosen = scoreForKey(event.key, {notApplicable: withSteps});
    if (chosen !== null) {
      event.preventDefault();
      score.choose(chosen);
    } else if (event.key === "Enter" && !target.matches("button, a, summary")) {
      event.preventDefault();
      check.click();
    }
  });

  renderChecklist();
  renderMainQuestion();
  renderImplied();
  if (last) {
    score.set(last.score);
    setCommitted(true);
  }
  showRuling(previous);
  // The self-check reveals every ruling at once when its last case is answered.
  if (options.reveal) store.subscribe(() => showRuling(attempts(store.get(), item.id, phase, mode)));
  return node;
}

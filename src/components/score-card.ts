// One case a trainee scores. Under the vague line: the texts and a score. Under the guideline: the texts, the
// trainee's checklist (Steps 1 and 2, optional), on the edge-case map the rule that settles the case, and the score,
// with the score their checklist implies beside it. On Check, never before, the answer is saved and the ruling
// appears; focus moves to its first line, and the next Tab stop is Next item. Keys 1-5 (and N) choose a score from
// anywhere in the item, Enter checks.
import type {Guideline, RubricLevel} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {Phase} from "../lib/authored/schemas/parts.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import type {ChecklistDraft} from "../lib/trainee/draft.js";
import {openItemDrafts} from "../lib/trainee/item-drafts.js";
import type {Answer, Progress} from "../lib/trainee/progress.js";
import {rulingAhead} from "../lib/trainee/ruling-ahead.js";
import {
  answerOf,
  blindAnswerText,
  cardAnswers,
  cardStateText,
  chooseScoreHint,
  retryOffered,
  stepsOffered,
} from "../lib/trainee/score-card-state.js";
import {titleBefore} from "../lib/site/links.js";
import {caseOriginNote, scaleAnchors, describeImplied} from "../lib/trainee/words.js";
import {ChecklistEditor} from "./checklist-editor.js";
import {markableTexts} from "../lib/trainee/step-one.js";
import {MarkSurface} from "./step-one-marking.js";
import {el} from "./dom.js";
import {CaseText} from "./item-text.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {itemKeyAction, type KeyTarget} from "../lib/trainee/item-keys.js";
import {lazyCode, whenLoaded} from "../lib/site/lazy-code.js";
import {afterFirstPaint} from "../lib/site/schedule.js";
import type * as ImpliedModule from "../lib/trainee/implied.js";

export interface ScoreCardOptions {
  phase: Phase;
  guideline: Guideline;
  store: ProgressStore;
  /** "self-check": the blind run, whose rulings wait for its end, with no retry. */
  mode?: "walk" | "self-check";
  /** The self-check run this card answers (its k-th answer to each case). */
  run?: number;
  /** Builds the ruling shown after Check, from the answers so far (first attempt first) in the record holding them
   *  (built ahead, before Check records them); a promise while the ruling's code is still loading (the part loads it
   *  once its first item is shown). */
  ruling(answers: Answer[], progress: Progress): RulingParts | Promise<RulingParts>;
  /** Whether the ruling may show yet: the blind self-check holds it back until every case is answered. */
  reveal?: () => boolean;
  /** Ask for the rule that settles the case (the edge-case map). Its three steps are then folded behind "Work it
   *  through the three steps", and offered only where the case study quotes the request. */
  askDecidingRule?: boolean;
  /** The item's Previous / Next controls: placed after Check (before it) or after the ruling's first lines. */
  nav: HTMLElement;
  /** The time of an answer; pages pass the clock in, tests may pass a fixed one. */
  now?: () => Date;
}

export interface ScoreCard {
  node: HTMLElement;
  /** Focuses the item's heading (after moving to it), so a screen reader reads where the trainee is. */
  focusHeading(): void;
}

/** The card's node and what its walk asks of it: a controller, not a component, since the walk keeps it. */
export function scoreCard(item: Item, options: ScoreCardOptions): ScoreCard {
  const {phase, guideline, store, mode = "walk", now = () => new Date(), nav} = options;
  const reveal = options.reveal ?? (() => true);
  const withSteps = phase === "guideline";
  const answersIn = (progress: Progress) => cardAnswers(progress, item.id, {phase, mode, run: options.run});
  const answersNow = () => answersIn(store.get());
  const slot = rulingSlot();
  const ahead = rulingAhead(options.ruling, {
    record: () => store.get(),
    answersIn,
    built: (parts) => {
      if (!(parts instanceof Promise)) slot.stage(parts);
    },
  });
  const previous = answersNow();
  const last = previous.at(-1);
  const drafts = openItemDrafts({item: item.id, phase, mode, run: options.run}, {answered: previous.length, item});
  const startList = drafts.start?.checklist ?? last?.checklist;

  const score = scoreGroup({
    name: `${mode === "self-check" ? "self-" : ""}${item.id}-score`,
    notApplicable: withSteps,
    rubric: withSteps ? guideline.rubric : [],
    anchors: withSteps ? {} : scaleAnchors(guideline.vague),
  });
  const titleId = `${item.id}-title`;
  const heading = el("h2", {id: titleId, tabindex: -1}, titleBefore(item));
  const state = el("p", {class: "item-state"});
  const answered = el("p", {class: "answered-note", role: "status", hidden: true});
  const check = el("button", {type: "button", class: "button"}, "Check");
  const retry = el("button", {type: "button", class: "button secondary", hidden: true}, "Try again");
  const hint = el("p", {class: "check-hint", role: "alert"});

  // ---- Steps 1 and 2, and the deciding rule ----
  const folded = !!options.askDecidingRule;
  const hasSteps = stepsOffered({phase, folded, request: item.request});
  // The score the trainee's own checklist implies (the guideline's interpreter, loaded after the first paint).
  const implied = hasSteps ? impliedLine(guideline) : null;
  const renderImplied = (draft: ChecklistDraft) => implied?.render(draft);
  const makeEditor = (): Editor => {
    const surfaces = markableTexts(item).map((text) =>
      MarkSurface(text, {
        describedBy: `${item.id}-mark-help`,
        onChange: (next) => made.dispatch({kind: "marked", ...next}),
      }),
    );
    const made = ChecklistEditor(
      {item, surfaces},
      {
        start: {lines: startList?.lines ?? [], mainNotMet: startList?.mainNotMet},
        onChange: (draft) => (renderImplied(draft), keep()),
      },
    );
    renderImplied(made.state);
    return {node: made, surfaces: Object.fromEntries(surfaces.map((surface) => [surface.state.where, surface]))};
  };
  // Folded steps (the edge-case map) are built when first opened: the request reads as plain text until then, and
  // the page has less to build before its first item can be scored.
  let editor = hasSteps && (!folded || startList) ? makeEditor() : null;
  const steps =
    hasSteps && folded
      ? StepsFold(
          {editor},
          {build: () => ((editor = makeEditor()), editor.node.dispatch({kind: "lock", locked: committed}), editor)},
        )
      : (editor?.node ?? null);
  if (!editor && hasSteps) renderImplied({lines: [], mainNotMet: undefined});
  const deciding = options.askDecidingRule
    ? DecidingRuleField({item, rules: guideline.rules}, {picked: (drafts.start ?? last)?.decidingRule})
    : null;
  const decidingPick = (): string | undefined =>
    deciding?.querySelector<HTMLInputElement>("input:checked")?.value ?? undefined;

  // ---- Commit and show the ruling ----
  let committed = false;
  /** A Check whose ruling is still loading: it takes the focus when it arrives. */
  let pendingFocus = false;
  const checkRow = el("div", {class: "check-row"}, check, retry, ScoreKeysHint({notApplicable: withSteps}));
  const setCommitted = (value: boolean) => {
    committed = value;
    score.disable(committed);
    check.disabled = committed;
    retry.hidden = !retryOffered({committed, phase, mode, exact: answersNow().at(-1)?.score === item.score});
    editor?.node.dispatch({kind: "lock", locked: committed});
    for (const input of deciding?.querySelectorAll("input") ?? []) input.disabled = committed;
  };
  const showRuling = (answers: Answer[]): HTMLElement | null => {
    const first = answers[0];
    state.textContent = cardStateText(first, mode);
    state.className = `item-state${first ? " is-done" : ""}`;
    nav.querySelector(".next-item")?.classList.toggle("secondary", !first);
    if (!first) {
      slot.hide();
      answered.hidden = true;
      hint.after(nav);
      return null;
    }
    if (!reveal()) {
      // The blind run: the answer is kept, nothing is said about it until every case is answered.
      slot.hide();
      answered.hidden = false;
      answered.tabIndex = -1;
      answered.textContent = blindAnswerText(first);
      answered.after(nav);
      return answered;
    }
    answered.hidden = true;
    const parts = ahead.take(answers, store.get());
    if (parts instanceof Promise) {
      // Only when Check comes before the ruling's code has arrived (the part loads it once its first item shows): the
      // ruling appears, and takes the focus, as soon as it is in.
      slot.hide();
      void parts.then((arrived) => {
        const waiting =
          !document.activeElement || document.activeElement === document.body || node.contains(document.activeElement);
        slot.show(arrived, nav);
        if (waiting && pendingFocus) arrived.lead.focus();
        pendingFocus = false;
      });
      return null;
    }
    slot.show(parts, nav);
    return parts.lead;
  };
  const answerNow = (chosen: Score) =>
    answerOf(item.id, {
      phase,
      mode,
      score: chosen,
      draft: editor?.node.state,
      decidingRule: decidingPick(),
      guideline: guideline.version,
      at: now(),
    });
  check.addEventListener("click", () => {
    const chosen = score.value();
    if (chosen === null) {
      hint.textContent = chooseScoreHint(withSteps);
      return;
    }
    hint.textContent = "";
    store.record(answerNow(chosen));
    drafts.clear();
    setCommitted(true);
    pendingFocus = true;
    const first = showRuling(answersNow());
    if (first) {
      pendingFocus = false;
      // Focused without the layout a scroll would force here: it is brought into view in the frame that paints it.
      first.focus({preventScroll: true});
      requestAnimationFrame(() => first.scrollIntoView({block: "nearest"}));
    }
    node.dispatchEvent(new CustomEvent("item-checked", {bubbles: true, detail: {item: item.id}}));
  });
  // Work not yet checked is kept across a reload and Back (lib/trainee/item-drafts.ts), and the card resumes from it;
  // the ruling it would get is built in the next idle moment (lib/trainee/ruling-ahead.ts), so Check only shows it.
  const keep = () => {
    if (committed) return;
    drafts.save(score.value(), editor?.node.state, decidingPick(), answersNow().length);
    ahead.soon(() => (score.value() === null || !reveal() ? null : answerNow(score.value()!)));
  };
  retry.addEventListener("click", () => {
    setCommitted(false);
    score.set(null);
    (score.node.querySelector("input") as HTMLInputElement | null)?.focus();
  });

  const node = el(
    "article",
    {"class": `item-card phase-${phase}`, "id": item.id, "aria-labelledby": titleId},
    el("header", {class: "item-head"}, heading, state),
    caseOriginNote(item) ? el("p", {class: "case-origin"}, caseOriginNote(item)) : null,
    CaseText(item, {surfaces: editor?.surfaces ?? {}}),
    steps,
    deciding,
    el("div", {class: "score-block"}, score.node, implied?.node ?? null, checkRow, hint),
    answered,
    slot.node,
  );
  listenForScoreKeys(node, {score, check, notApplicable: withSteps});
  node.addEventListener("change", keep);

  score.set(drafts.start ? (drafts.start.score ?? null) : (last?.score ?? null));
  if (last && !drafts.start) setCommitted(true);
  showRuling(previous);
  // The self-check reveals every ruling at once when its last case is answered.
  if (options.reveal) store.subscribe(() => showRuling(answersNow()));
  // The walk scrolls to the item when it must; focusing the heading need not lay the page out to scroll to it.
  return {node, focusHeading: () => heading.focus({preventScroll: true})};
}

// The region named Ruling in a score card: hidden until Check, then the ruling's first lines, the item's Previous and
// Next, and the rest. While no ruling shows, one built ahead of Check (lib/trainee/ruling-ahead.ts) is laid out in it
// unseen (.is-staged: no height, visibility: hidden, so out of sight, of the pointer, the keyboard and assistive
// technology, and out of the page's text): Check then only reveals it, and the browser's first layout of a ruling
// (the fallback font of its marks, its styles) is done while the trainee works, not between Check and the paint.
/** What the ruling region shows: its first lines (focused after Check) and the rest. */
export interface RulingParts {
  lead: HTMLElement;
  rest?: HTMLElement | null;
}

export interface RulingSlot {
  node: HTMLElement;
  /** Lays out a ruling built ahead, unseen; nothing while a ruling shows (a retry keeps the last one in view). */
  stage(parts: RulingParts): void;
  /** Shows the ruling, with `nav` after its first lines. */
  show(parts: RulingParts, nav: HTMLElement): void;
  /** Shows no ruling (what is staged stays staged). */
  hide(): void;
}

/** A controller, not a component: the score card places its node and drives it. */
export function rulingSlot(): RulingSlot {
  const node = el("div", {"class": "ruling", "role": "region", "aria-label": "Ruling", "hidden": true});
  let shown = false;
  return {
    node,
    stage({lead, rest}) {
      if (shown) return;
      node.replaceChildren(lead, rest ?? "");
      node.classList.add("is-staged");
      node.hidden = false;
    },
    show({lead, rest}, nav) {
      // The staged ruling is the one to show: only Next goes in, so what is laid out stays laid out.
      if (node.classList.contains("is-staged") && node.firstChild === lead && (rest ?? null) === lead.nextSibling)
        lead.after(nav);
      else node.replaceChildren(lead, nav, rest ?? "");
      node.classList.remove("is-staged");
      node.hidden = false;
      shown = true;
    },
    hide() {
      shown = false;
      node.hidden = !node.classList.contains("is-staged");
    },
  };
}

// The edge-case map's three steps, folded behind "Work it through the three steps". The checklist's editor is built
// when the fold first opens, unless there is work to show: the request reads as plain text until then, and the page
// has less to build before its first item can be scored. Marking works only while the fold is open.
/**
 * `editor`: built already (open with it); `build` makes it on the first opening. The editor's marking surfaces then
 * take the place of the item's plain texts (`[data-text="request"]`), in the item around the fold.
 */
/** A card's checklist editor and the marking surfaces it shows its lines to, by text. */
interface Editor {
  node: ReturnType<typeof ChecklistEditor>;
  surfaces: Record<string, HTMLElement>;
}

export function StepsFold(
  {editor = null}: {editor?: Editor | null},
  {build}: {build?: () => Editor} = {},
): HTMLDetailsElement {
  let made = editor;
  const fold = el(
    "details",
    {class: "three-steps", open: !!editor},
    el("summary", {}, "Work it through the three steps"),
    editor?.node ?? null,
  );
  fold.addEventListener("toggle", () => {
    if (!made && fold.open && build) {
      made = build();
      fold.append(made.node);
      for (const [where, surface] of Object.entries(made.surfaces))
        fold.parentElement?.querySelector(`[data-text="${where}"]`)?.replaceWith(surface);
    }
    made?.node.dispatch({kind: "active", active: fold.open});
  });
  return fold;
}

// The Score group every scored item carries: radios named exactly 1 … 5 (and "Not applicable" once the guideline
// is in play), a fieldset whose legend is "Score". Tests and keyboard users drive items through it. Under each number,
// what it means: the rubric's level under the guideline, the scale's two anchors (1 poor, 5 excellent) under the
// one vague line.
export interface ScoreGroupOptions {
  /** Radio group name, unique on the page. */
  name: string;
  /** Offer "Not applicable" (a justified refusal): only under the guideline, never under the vague line. */
  notApplicable?: boolean;
  /** The rubric's meaning of each level, shown under its number. */
  rubric?: readonly RubricLevel[];
  /** Words under a number where there is no rubric: the scale's anchors ("poor" under 1, "excellent" under 5). */
  anchors?: Partial<Record<1 | 5, string>>;
  legend?: string;
}

export interface ScoreGroup {
  node: HTMLFieldSetElement;
  value(): Score | null;
  set(score: Score | null): void;
  /** Checks and focuses a score, as keys 1-5 and N do. */
  choose(score: Score): void;
  disable(disabled: boolean): void;
  /** Calls back when the trainee picks a score. */
  onChange(listener: (score: Score | null) => void): void;
}

const scoreValue = (value: string): Score => (value === "n/a" ? "n/a" : (Number(value) as Score));

/** The score radios and what the card asks of them: a controller, not a component, since the card keeps it. */
export function scoreGroup({
  name,
  notApplicable = false,
  rubric = [],
  anchors = {},
  legend = "Score",
}: ScoreGroupOptions): ScoreGroup {
  const levels: Score[] = notApplicable ? [1, 2, 3, 4, 5, "n/a"] : [1, 2, 3, 4, 5];
  const listeners: ((score: Score | null) => void)[] = [];
  const radios = levels.map((score) => {
    const id = `${name}-${score === "n/a" ? "na" : score}`;
    const meaning =
      score === "n/a"
        ? null
        : (rubric.find((level) => level.score === score)?.meaning ??
          (score === 1 || score === 5 ? anchors[score] : null));
    const input = el("input", {
      "type": "radio",
      "name": name,
      "id": id,
      "value": String(score),
      "aria-describedby": meaning ? `${id}-meaning` : null,
      "onchange": () => listeners.forEach((listener) => listener(score)),
    });
    return {
      score,
      input,
      node: el(
        "div",
        {class: `score-option${score === "n/a" ? " is-na" : ""}`},
        input,
        el("label", {for: id}, score === "n/a" ? "Not applicable" : String(score)),
        meaning ? el("span", {class: "score-meaning", id: `${id}-meaning`}, meaning) : null,
      ),
    };
  });
  const node = el(
    "fieldset",
    {class: `score-group levels-${levels.length}`},
    el("legend", {}, legend),
    el(
      "div",
      {class: "score-options"},
      radios.map((radio) => radio.node),
    ),
  );
  return {
    node,
    value: () => {
      const checked = radios.find((radio) => radio.input.checked);
      return checked ? scoreValue(checked.input.value) : null;
    },
    set: (score) => radios.forEach((radio) => (radio.input.checked = radio.score === score)),
    choose: (score) => {
      const radio = radios.find((candidate) => candidate.score === score);
      if (!radio || radio.input.disabled) return;
      radio.input.checked = true;
      radio.input.focus();
      radio.input.dispatchEvent(new Event("change", {bubbles: true}));
    },
    disable: (disabled) => radios.forEach((radio) => (radio.input.disabled = disabled)),
    onChange: (listener) => listeners.push(listener),
  };
}

/** Beside Check, where the pointer is fine: "1–5 N choose · Enter checks" (N where "not applicable" is offered). */
export function ScoreKeysHint({notApplicable = false}: {notApplicable?: boolean} = {}): HTMLElement {
  return el(
    "span",
    {"class": "key-hint", "aria-hidden": "true"},
    el("kbd", {}, "1"),
    "–",
    el("kbd", {}, "5"),
    notApplicable ? [" ", el("kbd", {}, "N")] : null,
    " choose · ",
    el("kbd", {}, "Enter"),
    " checks",
  );
}

/** What kind of element a key comes from, as lib/trainee/item-keys.ts tells them apart. */
const keyTarget = (target: HTMLElement): KeyTarget =>
  target.matches("input[type=text], input:not([type]), textarea, [contenteditable]")
    ? "text"
    : target.matches("select")
      ? "list"
      : target.matches("button, a, summary")
        ? "pressable"
        : "other";

/**
 * Keys 1-5 (and N where offered) choose a score from anywhere in `node`, Enter presses `check`, and Escape leaves a
 * text field or a list: what each key does is decided in lib/trainee/item-keys.ts. Leaving puts the focus on the
 * control's line (or its part of the item), so the next Tab goes on from where the trainee was.
 */
export function listenForScoreKeys(
  node: HTMLElement,
  {score, check, notApplicable}: {score: ScoreGroup; check: HTMLButtonElement; notApplicable: boolean},
): void {
  node.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    const action = itemKeyAction(event.key, {
      target: keyTarget(target),
      modified: event.altKey || event.ctrlKey || event.metaKey,
      notApplicable,
      checkable: !check.disabled,
    });
    if (!action) return;
    event.preventDefault();
    if (action.kind === "score") score.choose(action.score);
    else if (action.kind === "check") check.click();
    else {
      const holder = target.parentElement?.closest<HTMLElement>("li, .free-line, .main-not-met, section") ?? node;
      if (!holder.hasAttribute("tabindex")) holder.tabIndex = -1;
      holder.focus({preventScroll: true});
    }
  });
}

// The line under a score card's Score group that says the score the trainee's own checklist implies. Working it out
// needs the guideline's interpreter (lib/engine), which the page does not load with its first item: it is loaded
// once the item is painted, and a checklist changed before it is in gets its implied score when it arrives (the
// latest checklist, lib/site/lazy-code.ts), with "Working out…" meanwhile.
const impliedCode = lazyCode<typeof ImpliedModule>(() => import("../lib/trainee/implied.js"));

const noChecklist = "The score your checklist implies shows here as you list and check the instructions.";

export interface ImpliedLine {
  node: HTMLElement;
  /** Says what `draft` implies: at once when the interpreter is in (or the draft is empty), else when it arrives. */
  render(draft: ChecklistDraft): void;
}

/** The implied-score line of a card scored with `guideline`; the interpreter is loaded after the next paint. */
export function impliedLine(guideline: Pick<Guideline, "logic" | "parameters">): ImpliedLine {
  const node = el("p", {"class": "implied", "aria-live": "polite"});
  const show = whenLoaded(impliedCode, (module, draft: ChecklistDraft) => {
    const implied = draft.lines.length ? module.impliedUnder(draft, guideline) : null;
    node.textContent = implied ? describeImplied(implied, guideline) : noChecklist;
  });
  afterFirstPaint(() => void impliedCode.load());
  return {
    node,
    render(draft) {
      if (impliedCode.value) show(draft);
      else if (!draft.lines.length) {
        // Nothing to score: said without the interpreter, and a checklist waiting for it is no longer the trainee's.
        show.drop();
        node.textContent = noChecklist;
      } else {
        node.textContent = "Working out the score your checklist implies…";
        show(draft);
      }
    },
  };
}

// On the edge-case map: which rule of the guideline settles the case, a radio per rule by title, grouped by step.
// The group is named "Deciding rule"; tests and keyboard users pick a rule by its title.
export function DecidingRuleField(
  {item, rules}: {item: Pick<Item, "id">; rules: Guideline["rules"]},
  {picked}: {picked?: string | undefined} = {},
): HTMLFieldSetElement {
  return el(
    "fieldset",
    {class: "deciding-rule"},
    el("legend", {}, "Deciding rule"),
    el("p", {class: "step-help"}, "Which rule of the guideline settles this case?"),
    [0, 1, 2].map((step) =>
      el(
        "div",
        {class: "deciding-step"},
        step ? el("p", {class: "deciding-step-title"}, `Step ${step}`) : null,
        el(
          "div",
          {class: "deciding-options"},
          rules
            .filter((rule) => rule.step === step)
            .map((rule) => {
              const id = `${item.id}-deciding-${rule.id}`;
              return el(
                "div",
                {class: "deciding-option"},
                el("input", {
                  type: "radio",
                  name: `${item.id}-deciding`,
                  id,
                  value: rule.id,
                  checked: picked === rule.id,
                }),
                el("label", {for: id}, rule.title),
              );
            }),
        ),
      ),
    ),
  );
}

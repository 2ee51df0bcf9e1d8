// One case a trainee scores. Under the vague line: the texts and a score. Under the guideline: the texts, the
// trainee's checklist (Steps 1 and 2, optional), on the edge-case map the rule that settles the case, and the score,
// with the score their checklist implies beside it. On Check, never before, the answer is saved and the ruling
// appears; focus moves to its first line, and the next Tab stop is Next item. Keys 1-5 (and N) choose a score from
// anywhere in the item, Enter checks.
import type {Guideline} from "../lib/authored/schemas/guideline.js";
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
import {caseOriginNote, scaleAnchors} from "../lib/trainee/words.js";
import {checklistEditor} from "./checklist-editor.js";
import {DecidingRuleField} from "./deciding-rule-field.js";
import {impliedLine} from "./implied-line.js";
import {el} from "./dom.js";
import {rulingSlot, type RulingParts} from "./ruling-slot.js";
import {StepsFold} from "./steps-fold.js";
import {CaseText} from "./item-text.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {listenForScoreKeys, scoreGroup, ScoreKeysHint} from "./score-group.js";

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
  const makeEditor = () => {
    const made = checklistEditor(item, {
      start: {lines: startList?.lines ?? [], mainNotMet: startList?.mainNotMet},
      onChange: (draft) => (renderImplied(draft), keep()),
    });
    renderImplied(made.draft());
    return made;
  };
  // Folded steps (the edge-case map) are built when first opened: the request reads as plain text until then, and
  // the page has less to build before its first item can be scored.
  let editor = hasSteps && (!folded || startList) ? makeEditor() : null;
  const steps =
    hasSteps && folded
      ? StepsFold({editor}, {build: () => ((editor = makeEditor()), editor.lock(committed), editor)})
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
    editor?.lock(committed);
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
      draft: editor?.draft(),
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
    drafts.save(score.value(), editor?.draft(), decidingPick(), answersNow().length);
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

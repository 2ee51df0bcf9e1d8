// One case a trainee scores. Under the vague line: the texts and a score. Under the guideline: the texts, the
// trainee's checklist (Steps 1 and 2, optional), on the edge-case map the rule that settles the case, and the score,
// with the score their checklist implies beside it. On Check, never before, the answer is saved and the ruling
// appears; focus moves to its first line, and the next Tab stop is Next item. Keys 1-5 (and N) choose a score from
// anywhere in the item, Enter checks. The card is a Live node: its state and what each action does are
// lib/trainee/score-card-state.ts's; the checklist's editor, the marking surfaces, the item's Previous / Next and
// the rulings are kept children, which its patches leave alone.
import type {Guideline, RubricLevel} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {Phase} from "../lib/authored/schemas/parts.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import type {ChecklistDraft} from "../lib/trainee/draft.js";
import {
  openItemDrafts,
  rulingAhead,
  answerOf,
  blindAnswerText,
  cardAnswers,
  checkedElsewhereText,
  pageOnlyText,
  cardStateText,
  cardUpdate,
  chooseScoreHint,
  impliedShown,
  retryOffered,
  stepsOffered,
  type CardAction,
  type CardState,
} from "../lib/trainee/score-card-state.js";
import type {Answer, Progress} from "../lib/trainee/progress.js";
import {titleBefore} from "../lib/site/links.js";
import {caseOriginNote, scaleAnchors, describeImplied, type ImpliedLine} from "../lib/trainee/words.js";
import {ChecklistEditor, MarkSurface} from "./checklist-editor.js";
import {markableTexts} from "../lib/trainee/step-one.js";
import {el, type Child, live, type Keep, type Live} from "./dom.js";
import {CaseText} from "./item-text.js";
import {pageOnly, type ProgressStore} from "../lib/trainee/record-store.js";
import {itemKeyAction, type KeyTarget} from "../lib/trainee/item-keys.js";
import {lazyCode, whenLoaded} from "../lib/site/lazy-code.js";
import {afterFirstPaint} from "../lib/site/schedule.js";
import type * as ImpliedModule from "../lib/trainee/implied.js";

/** What a card is of: the item, the phase it is scored in, where its answers go, its ruling and its Previous / Next. */
export interface ScoreCardData {
  item: Item;
  phase: Phase;
  guideline: Guideline;
  store: ProgressStore;
  /** Builds the ruling shown after Check, from the answers so far (first attempt first) in the record holding them
   *  (built ahead, before Check records them); a promise while the ruling's code is still loading (the part loads it
   *  once its first item is shown). */
  ruling(answers: Answer[], progress: Progress): RulingParts | Promise<RulingParts>;
  /** The item's Previous / Next controls: placed after Check (before it) or after the ruling's first lines. */
  nav: HTMLElement;
}

export interface ScoreCardOptions {
  /** "self-check": the blind run, whose rulings wait for its end, with no retry. */
  mode?: "walk" | "self-check";
  /** The self-check run this card answers (its k-th answer to each case). */
  run?: number | undefined;
  /** Whether the ruling may show yet: the blind self-check holds it back until every case is answered. */
  reveal?: (() => boolean) | undefined;
  /** Ask for the rule that settles the case (the edge-case map). Its three steps are then folded behind "Work it
   *  through the three steps", and offered only where the case study quotes the request. */
  askDecidingRule?: boolean;
  /** The time of an answer; pages pass the clock in, tests may pass a fixed one. */
  now?: () => Date;
}

/** What the ruling region shows: its first lines (focused after Check) and the rest. */
export interface RulingParts {
  lead: HTMLElement;
  rest?: HTMLElement | null;
}

/** An item's card as a walk shows it: the card, and its heading to focus after moving to it. */
export interface WalkCard {
  node: HTMLElement;
  focusHeading(): void;
}

/** Whether a card of this page has rehearsed its Check (one is enough: the code and the styles are the page's). */
let checkRehearsed = false;

const impliedCode = lazyCode<typeof ImpliedModule>(() => import("../lib/trainee/implied.js"));

const noChecklist: ImpliedLine = {kind: "none"};

const scoreValue = (value: string): Score => (value === "n/a" ? "n/a" : (Number(value) as Score));

/** What kind of element a key comes from, as lib/trainee/item-keys.ts tells them apart. */
const keyTarget = (target: HTMLElement): KeyTarget =>
  target.matches("input[type=text], input:not([type]), textarea, [contenteditable]")
    ? "text"
    : target.matches("select")
      ? "list"
      : target.matches("button, a, summary")
        ? "pressable"
        : "other";

/** The card of `item`, scored in `phase`. */
export function ScoreCard(
  {item, phase, guideline, store, nav, ruling: buildRuling}: ScoreCardData,
  options: ScoreCardOptions = {},
): Live<CardState, CardAction> {
  const {mode = "walk", now = () => new Date()} = options;
  const reveal = options.reveal ?? (() => true);
  const withSteps = phase === "guideline";
  const answersIn = (progress: Progress) => cardAnswers(progress, item.id, {phase, mode, run: options.run});
  const answersNow = () => answersIn(store.get());
  const previous = answersNow();
  const last = previous.at(-1);
  const drafts = openItemDrafts({item: item.id, phase, mode, run: options.run}, {answered: previous.length, item});
  const startList = drafts.start?.checklist ?? last?.checklist;
  /** The card opens on a checked answer (no unchecked work since). */
  const startCommitted = !!last && !drafts.start;
  const titleId = `${item.id}-title`;
  const scoreName = `${mode === "self-check" ? "self-" : ""}${item.id}-score`;

  // ---- The rulings, each kept by its number: built ahead and staged unseen, or built on Check ----
  // The ruling built ahead of Check (lib/trainee/score-card-state.ts) is laid out in the region unseen (.is-staged: no
  // height, visibility: hidden, so out of sight, of the pointer, the keyboard and assistive technology, and out of the
  // page's text): Check then only reveals it, and the browser's first layout of a ruling (the fallback font of its
  // marks, its styles) is done while the trainee works, not between Check and the paint.
  const rulings = new Map<number, RulingParts>();
  // Never a number again: the card keeps a ruling's nodes under its number.
  let numbered = 0;
  const numberOf = (parts: RulingParts): number => {
    for (const [number, each] of rulings) if (each === parts) return number;
    rulings.set(++numbered, parts);
    return numbered;
  };
  const ahead = rulingAhead(buildRuling, {
    record: () => store.get(),
    answersIn,
    built: (parts, answers) => {
      if (parts instanceof Promise) return;
      node.dispatch({kind: "stage", ruling: numberOf(parts)});
      rehearseCheck(answers);
    },
  });
  // A page's first Check would run its code and style the checked card for the first time (the disabled score, the
  // ruling shown, Next moved under its first lines): once a ruling is staged, the first card to have one rehearses its
  // Check on an unseen copy (a Live node's rehearse, dom.ts), so that Check is no slower than the rest. Nothing is
  // recorded.
  const rehearseCheck = (answers: Answer[]) => {
    const state = node.state;
    if (checkRehearsed || state.committed || state.score === null || state.staged === null || !reveal()) return;
    // A card staged unseen (the walk's next item, resumed from a draft) would warm the code but not the styles.
    if (!node.checkVisibility({visibilityProperty: true})) return;
    checkRehearsed = true;
    node.rehearse({kind: "check", record: {answers, reveal: true, shown: state.staged, pageOnly: false}});
  };
  /** A Check whose ruling is still loading: it takes the focus when it arrives. */
  let pendingFocus = false;
  /** What the record now says to the card: its answers, and the ruling to show (taken ahead, or built now). */
  const recorded = (answers: Answer[]): Extract<CardAction, {kind: "record"}> => {
    const revealed = reveal();
    const kept = {pageOnly: pageOnly(store.notice())};
    if (!answers[0] || !revealed) return {kind: "record", answers, reveal: revealed, shown: null, ...kept};
    const parts = ahead.take(answers, store.get());
    if (!(parts instanceof Promise)) return {kind: "record", answers, reveal: true, shown: numberOf(parts), ...kept};
    // Only when Check comes before the ruling's code has arrived (the part loads it once its first item shows): the
    // ruling appears, and takes the focus, as soon as it is in.
    // Not in (a file not fetched): the answer is kept, and the next Check asks for the code again.
    parts.then(
      (arrived) => node.dispatch({kind: "arrived", shown: numberOf(arrived)}),
      () => undefined,
    );
    return {kind: "record", answers, reveal: true, shown: null, ...kept};
  };

  // ---- Steps 1 and 2, and the deciding rule ----
  const folded = !!options.askDecidingRule;
  const hasSteps = stepsOffered({phase, folded, request: item.request});
  // Folded steps (the edge-case map) are built when first opened: the request reads as plain text until then, and
  // the page has less to build before its first item can be scored.
  let editor: {node: ReturnType<typeof ChecklistEditor>; surfaces: ReturnType<typeof MarkSurface>[]} | null = null;
  const editorNow = () => {
    if (editor) return editor;
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
        // Checked before a reload: the card starts committed, and no change of it will lock the list.
        locked: startCommitted,
        onChange: () => {
          if (!node.state.committed) keepWork(node.state);
          node.dispatch({kind: "implied", line: impliedLine(draft())});
        },
      },
    );
    editor = {node: made, surfaces};
    return editor;
  };
  const draft = (): ChecklistDraft | undefined =>
    editor ? {lines: editor.node.state.lines, mainNotMet: editor.node.state.mainNotMet} : undefined;

  // ---- The score the trainee's own checklist implies ----
  // Working it out needs the guideline's interpreter (lib/engine), which the page does not load with its first item:
  // it is loaded once the item is painted, and a checklist changed before it is in gets its implied score when it
  // arrives (the latest checklist, lib/site/lazy-code.ts), with "Working out…" meanwhile.
  const implied = whenLoaded(impliedCode, (module, shown: ChecklistDraft) => {
    const score = shown.lines.length ? module.impliedUnder(shown, guideline) : null;
    node.dispatch({kind: "implied", line: score ? {kind: "score", implied: score} : noChecklist});
  });
  const impliedLine = (shown: ChecklistDraft | undefined): ImpliedLine => {
    if (!shown?.lines.length) {
      // Nothing to score: said without the interpreter, and a checklist waiting for it is no longer the trainee's.
      implied.drop();
      return noChecklist;
    }
    if (impliedCode.value) {
      const score = impliedCode.value.impliedUnder(shown, guideline);
      return score ? {kind: "score", implied: score} : noChecklist;
    }
    implied(shown);
    return {kind: "working"};
  };
  if (hasSteps) afterFirstPaint(() => void impliedCode.load());

  const answerNow = (state: CardState, chosen: Score) =>
    answerOf(item.id, {
      phase,
      mode,
      score: chosen,
      draft: draft(),
      decidingRule: state.decidingRule,
      guideline: guideline.version,
      at: now(),
    });
  // Work not yet checked is kept across a reload and Back, and the card resumes from it; the ruling it would get is
  // built in the next idle moment, so Check only shows it (both in lib/trainee/score-card-state.ts).
  const keepWork = (state: CardState) => {
    drafts.save(state.score, draft(), state.decidingRule, answersNow().length);
    ahead.soon(() => (state.score === null || !reveal() ? null : answerNow(state, state.score)));
  };

  // Check records the answer before the card draws itself checked, and brings the record with it: one view for the
  // checked card and its ruling. The self-check's other cards hear of the answer through the store; this one does
  // not need to.
  let checking = false;
  const check = (state: CardState): CardAction => {
    if (state.committed || state.score === null) return {kind: "check"};
    // Checked in another tab since: that answer is the one recorded, and this card shows it (cardUpdate's record).
    const now = answersNow();
    if (now.length !== state.answers.length) return recorded(now);
    checking = true;
    try {
      store.record(answerNow(state, state.score));
    } finally {
      checking = false;
    }
    drafts.clear();
    return {kind: "check", record: recorded(answersNow())};
  };

  // The kept children's keys are the page's, not the card's alone: a walk's patch matches keys across its cards.
  const key = `${mode === "self-check" ? "self-" : ""}${item.id}`;
  const view = (state: CardState, keep: Keep): HTMLElement => {
    const first = state.answers[0];
    const blind = !!first && !state.reveal;
    const navAt = state.shown !== null ? "ruling" : blind ? "answered" : "score";
    const built = hasSteps && (!folded || state.stepsBuilt);
    // The case's text never changes while the card shows: built once (with the marking surfaces once the steps are),
    // it is left out of every patch, where morphdom compared the whole response at each click.
    const caseText = keep(`${key}-case-${built ? "marked" : "plain"}`, () =>
      CaseText(item, {
        surfaces: built
          ? Object.fromEntries(editorNow().surfaces.map((surface) => [surface.state.where, surface]))
          : {},
      }),
    );
    const editorNode = built ? keep(`${key}-steps`, () => editorNow().node) : null;
    const ruling = state.shown ?? state.staged;
    const parts = ruling === null ? null : rulings.get(ruling)!;
    return el(
      "article",
      {
        "class": `item-card phase-${phase}`,
        "id": item.id,
        "aria-labelledby": titleId,
        // Focusable by a click only (never by Tab): a click on the item's words, which hold no control, gives the
        // card the focus, so 1-5 and Enter work from anywhere in the item, as the page says they do.
        "tabindex": -1,
      },
      el(
        "header",
        {class: "item-head"},
        el("h2", {id: titleId, tabindex: -1}, titleBefore(item)),
        el("p", {class: `item-state${first ? " is-done" : ""}`}, cardStateText(first, mode, state.score)),
      ),
      // The rest of the card under its title: the Score bar, pinned to a phone's foot, rises no higher than this
      // part's top, so on a short screen it never covers the title (it did at 320 x 640 px, until 150 px scrolled).
      el(
        "div",
        {class: "item-body"},
        caseOriginNote(item) ? el("p", {class: "case-origin"}, caseOriginNote(item)) : null,
        caseText,
        hasSteps && folded
          ? el(
              "details",
              {class: "three-steps", open: state.stepsOpen},
              el("summary", {}, "Work it through the three steps"),
              editorNode,
            )
          : editorNode,
        options.askDecidingRule
          ? DecidingRuleField({item, rules: guideline.rules}, {picked: state.decidingRule, disabled: state.committed})
          : null,
        el(
          "div",
          {class: "score-block"},
          ScoreGroup(
            {
              name: scoreName,
              notApplicable: withSteps,
              rubric: withSteps ? guideline.rubric : [],
              anchors: withSteps ? {} : scaleAnchors(guideline.vague),
            },
            {value: state.score, disabled: state.committed},
          ),
          impliedShown({built, committed: state.committed, lines: draft()?.lines.length ?? 0})
            ? el(
                "p",
                {"class": `implied${state.implied.kind === "none" ? " is-none" : ""}`, "aria-live": "polite"},
                describeImplied(state.implied, guideline, {checked: state.committed}),
              )
            : null,
          el(
            "div",
            {class: "check-row"},
            el(
              "button",
              {"type": "button", "class": "button", "disabled": state.committed, "data-card": "check"},
              "Check",
            ),
            el(
              "button",
              {
                "type": "button",
                "class": "button secondary",
                "hidden": !retryOffered({
                  committed: state.committed,
                  phase,
                  mode,
                  exact: state.answers.at(-1)?.score === item.score,
                }),
                "data-card": "retry",
              },
              "Try again",
            ),
            ScoreKeysHint({notApplicable: withSteps}),
          ),
          el(
            "p",
            {class: "check-hint", role: "alert"},
            state.hint
              ? ChooseScoreHint(withSteps)
              : [state.elsewhere ? checkedElsewhereText : "", state.committed && state.pageOnly ? pageOnlyText : ""]
                  .filter(Boolean)
                  .join(" "),
          ),
          navAt === "score" ? keep(`${key}-nav`, () => nav) : null,
        ),
        el(
          "p",
          {class: "answered-note", role: "status", hidden: !blind, tabindex: blind ? -1 : null},
          blind ? blindAnswerText(first) : "",
        ),
        navAt === "answered" ? keep(`${key}-nav`, () => nav) : null,
        el(
          "div",
          {
            "class": `ruling${state.shown === null && parts ? " is-staged" : ""}`,
            "role": "region",
            "aria-label": "Ruling",
            "hidden": !parts,
          },
          parts ? keep(`${key}-lead-${ruling}`, () => parts.lead, {whileShown: true}) : null,
          navAt === "ruling" ? keep(`${key}-nav`, () => nav) : null,
          parts?.rest ? keep(`${key}-rest-${ruling}`, () => parts.rest!, {whileShown: true}) : null,
        ),
      ),
    );
  };

  const startScore = drafts.start ? (drafts.start.score ?? null) : (last?.score ?? null);
  const startRecord = recorded(previous);
  const node = live<CardState, CardAction>(
    {
      score: startScore,
      committed: startCommitted,
      hint: false,
      elsewhere: false,
      pageOnly: false,
      answers: startRecord.answers,
      reveal: startRecord.reveal,
      shown: startRecord.shown,
      staged: null,
      decidingRule: (drafts.start ?? last)?.decidingRule,
      stepsBuilt: !!startList,
      stepsOpen: !!startList,
      implied:
        hasSteps && (!folded || startList) && startList
          ? impliedLine({lines: startList.lines, mainNotMet: startList.mainNotMet})
          : noChecklist,
    },
    {
      update: cardUpdate,
      view,
      on: {
        change: (event) => {
          const target = event.target as HTMLInputElement;
          if (target.name === scoreName) return {kind: "score", score: scoreValue(target.value)};
          if (target.name === `${item.id}-deciding`) return {kind: "deciding", rule: target.value};
          return undefined;
        },
        click: (event, state) => {
          const target = event.target as Element;
          const control = target.closest("[data-card]")?.getAttribute("data-card");
          if (control === "check") return check(state);
          if (control === "retry") return {kind: "retry"};
          const fold = target.closest("summary")?.parentElement;
          // The fold opens after its summary's click: what it will be is the opposite of what it is.
          if (fold instanceof HTMLDetailsElement && fold.classList.contains("three-steps"))
            return {kind: "steps", open: !fold.open};
          return undefined;
        },
        keydown: (event, state) => {
          const target = event.target as HTMLElement;
          const action = itemKeyAction(event.key, {
            target: keyTarget(target),
            modified: event.altKey || event.ctrlKey || event.metaKey,
            notApplicable: withSteps,
            checkable: !state.committed,
          });
          if (!action) return undefined;
          event.preventDefault();
          if (action.kind === "score") return state.committed ? undefined : {kind: "score", score: action.score};
          if (action.kind === "check") return check(state);
          // Escape leaves a text field or a list: the focus goes to the control's line (or its part of the item), so
          // the next Tab goes on from where the trainee was. Only the focus changes, so no action.
          const holder = target.parentElement?.closest<HTMLElement>("li, .free-line, .main-not-met, section") ?? node;
          if (!holder.hasAttribute("tabindex")) holder.tabIndex = -1;
          holder.focus({preventScroll: true});
          return undefined;
        },
      },
      effects: (shown, {before, after, action}) => {
        // A key that chose the score takes the focus to it, as a click on it does.
        if (action.kind === "score")
          shown.querySelector<HTMLElement>(`input[name="${scoreName}"][value="${after.score}"]`)?.focus();
        if (after.committed !== before.committed) editor?.node.dispatch({kind: "lock", locked: after.committed});
        if (action.kind === "steps") {
          if (!before.stepsBuilt) editorNow().node.dispatch({kind: "lock", locked: after.committed});
          editor?.node.dispatch({kind: "active", active: after.stepsOpen});
          if (!before.stepsBuilt) node.dispatch({kind: "implied", line: impliedLine(draft())});
        }
        if ((action.kind === "score" || action.kind === "deciding") && !after.committed) keepWork(after);
        if (action.kind === "retry") shown.querySelector<HTMLElement>(`input[name="${scoreName}"]`)?.focus();
        if (after.answers !== before.answers)
          nav.querySelector(".next-item")?.classList.toggle("secondary", !after.answers[0]);
        if (action.kind === "check" && after.committed) {
          pendingFocus = true;
          const {shown: ruling, reveal: revealed} = after;
          const first =
            ruling !== null
              ? rulings.get(ruling)!.lead
              : revealed
                ? null
                : shown.querySelector<HTMLElement>(".answered-note");
          if (first) {
            pendingFocus = false;
            // Focused without the layout a scroll would force here: brought into view in the frame that paints it.
            first.focus({preventScroll: true});
            requestAnimationFrame(() => first.scrollIntoView({block: "nearest"}));
          }
          shown.dispatchEvent(new CustomEvent("item-checked", {bubbles: true, detail: {item: item.id}}));
        }
        if (action.kind === "arrived") {
          const focused = document.activeElement;
          const waiting = !focused || focused === document.body || shown.contains(focused);
          if (waiting && pendingFocus) rulings.get(after.shown!)?.lead.focus();
          pendingFocus = false;
        }
        // The rulings the card no longer shows nor stages are let go (read after any action dispatched above).
        const {shown: showing, staged} = node.state;
        for (const number of rulings.keys()) if (number !== showing && number !== staged) rulings.delete(number);
      },
    },
  );
  nav.querySelector(".next-item")?.classList.toggle("secondary", !node.state.answers[0]);
  // The self-check reveals every ruling at once when its last case is answered; any card hears of its case checked in
  // another tab.
  store.subscribe(() => {
    if (checking) return;
    const now = answersNow();
    if (
      options.reveal ||
      now.length !== node.state.answers.length ||
      (node.state.pageOnly && !pageOnly(store.notice()))
    )
      node.dispatch(recorded(now));
  });
  return node;
}

// The Score group every scored item carries: radios named exactly 1 … 5 (and "Not applicable" once the guideline
// is in play), a fieldset whose legend is "Score". Tests and keyboard users drive items through it. Under each number,
// what it means: the rubric's level under the guideline, the scale's two anchors (1 poor, 5 excellent) under the
// one vague line.
interface ScoreGroupData {
  /** Radio group name, unique on the page. */
  name: string;
  /** Offer "Not applicable" (a justified refusal): only under the guideline, never under the vague line. */
  notApplicable?: boolean;
  /** The rubric's meaning of each level, shown under its number. */
  rubric?: readonly RubricLevel[];
  /** Words under a number where there is no rubric: the scale's anchors ("poor" under 1, "excellent" under 5). */
  anchors?: Partial<Record<1 | 5, string>>;
}

function ScoreGroup(
  {name, notApplicable = false, rubric = [], anchors = {}}: ScoreGroupData,
  {value = null, disabled = false}: {value?: Score | null; disabled?: boolean} = {},
): HTMLFieldSetElement {
  const levels: Score[] = notApplicable ? [1, 2, 3, 4, 5, "n/a"] : [1, 2, 3, 4, 5];
  return el(
    "fieldset",
    {class: `score-group levels-${levels.length}`},
    el("legend", {}, "Score"),
    el(
      "div",
      {class: "score-options"},
      levels.map((score) => {
        const id = `${name}-${score === "n/a" ? "na" : score}`;
        const meaning =
          score === "n/a"
            ? null
            : (rubric.find((level) => level.score === score)?.meaning ??
              (score === 1 || score === 5 ? anchors[score] : null));
        return el(
          "div",
          {class: `score-option${score === "n/a" ? " is-na" : ""}`},
          el("input", {
            "type": "radio",
            "name": name,
            "id": id,
            "value": String(score),
            "aria-describedby": meaning ? `${id}-meaning` : null,
            "checked": value === score,
            "disabled": disabled,
          }),
          el("label", {for: id}, score === "n/a" ? "Not applicable" : String(score)),
          meaning ? el("span", {class: "score-meaning", id: `${id}-meaning`}, meaning) : null,
        );
      }),
    ),
  );
}

/** "Choose a score first", and the keys that do where there is a keyboard (`keys-named`: hidden on a touch screen). */
function ChooseScoreHint(notApplicable: boolean): Child {
  const {text, keys} = chooseScoreHint(notApplicable);
  return [text, el("span", {class: "keys-named"}, ` (${keys})`), "."];
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

// On the edge-case map: which rule of the guideline settles the case, a radio per rule by title, grouped by step.
// The group is named "Deciding rule"; tests and keyboard users pick a rule by its title.
export function DecidingRuleField(
  {item, rules}: {item: Pick<Item, "id">; rules: Guideline["rules"]},
  {picked, disabled = false}: {picked?: string | undefined; disabled?: boolean} = {},
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
                  disabled,
                }),
                el("label", {for: id}, rule.title),
              );
            }),
        ),
      ),
    ),
  );
}

// What an item's score card decides, from the record and from the work not yet checked, in one place so the card only
// draws it: the answers it shows and the answer Check records; the draft of unchecked work, kept apart from the
// record (never in an export) so a reload or Back resumes it and a broken one is set aside, never fatal; and the
// ruling built from that work in the next idle moment (issue 29, Speed), so Check only shows it. Pure: the page passes
// its localStorage and timers (a test, a Map).
import {integer, literal, min, object, optional, pattern, size, string, type Infer} from "superstruct";
import type {Item, QuoteIn} from "../authored/schemas/item.js";
import type {Phase} from "../authored/schemas/parts.js";
import type {Score} from "../authored/schemas/verdict.js";
import {checklistOf, type ChecklistDraft} from "./draft.js";
import {
  attempts,
  type Answer,
  type Mode,
  type Progress,
  TraineeChecklist,
  TraineeScore,
  validateSafely,
  recordAnswer,
} from "./progress.js";
import {scoreText, type ImpliedLine} from "./words.js";
import {textOf} from "../authored/quote.js";
import {impossibleShape} from "../text/json-shape.js";
import {pageStorage, setAside} from "./set-aside.js";
import {draftKeyPrefix, type DraftStorage} from "./record-store.js";
import {browserTimers, debounce, type Timers} from "../site/schedule.js";

/** The answers a card shows, first attempt first: every attempt at its slot; in the blind run, only this run's. */
export function cardAnswers(
  progress: Progress,
  item: string,
  {phase, mode, run}: {phase: Phase; mode: Mode; run?: number | undefined},
): Answer[] {
  const all = attempts(progress, item, phase, mode);
  return mode === "self-check" && run ? all.filter((answer) => answer.attempt === run) : all;
}

/**
 * Whether the card offers Steps 1 and 2: only with the guideline; where they are folded (the edge-case map), only
 * when the case study quotes the request, as a described request has no words to mark.
 */
export const stepsOffered = ({phase, folded, request}: {phase: Phase; folded: boolean; request: Item["request"]}) =>
  phase === "guideline" && !(folded && request.form === "described");

/**
 * Whether the line on the score the trainee's checklist implies shows: once the steps are built (folded and never
 * opened, it spoke of a checklist not in view), and after Check only for a checklist with lines (with none, "shows
 * here as you list…" stayed under the ruling, of a checklist locked empty).
 */
export const impliedShown = ({built, committed, lines}: {built: boolean; committed: boolean; lines: number}) =>
  built && (!committed || lines > 0);

/**
 * Whether "Try again" shows: after Check, with the guideline, outside the blind run (whose first answer stands), and
 * only when the latest answer missed the ruled score (`exact`: it did not).
 */
export const retryOffered = ({
  committed,
  phase,
  mode,
  exact,
}: {
  committed: boolean;
  phase: Phase;
  mode: Mode;
  exact: boolean;
}): boolean => committed && phase === "guideline" && mode !== "self-check" && !exact;

/**
 * The line by the item's title: its first answer ("Checked: 3"; "Answered: 3" in the blind run), a score chosen but
 * not yet checked (a trainee who chose and went on found "Not scored yet" with the score still marked), or none yet.
 */
export const cardStateText = (first: Pick<Answer, "score"> | undefined, mode: Mode, chosen: Score | null = null) =>
  first
    ? `${mode === "self-check" ? "Answered" : "Checked"}: ${scoreText(first.score)}`
    : chosen !== null
      ? `Chosen: ${scoreText(chosen)}, not checked yet`
      : "Not scored yet";

/**
 * Check pressed with no score chosen, and the keys that choose one (N only where "not applicable" is offered): the
 * card shows the keys only where there is a keyboard to press them (a fine pointer), as it shows its key hints.
 */
export const chooseScoreHint = (notApplicable: boolean): {text: string; keys: string} => ({
  text: "Choose a score first",
  keys: `keys 1-5${notApplicable ? ", or N for not applicable" : ""}`,
});

/** A card whose case was checked in another tab while it was shown, said where its Check was. */
export const checkedElsewhereText = "Checked in another tab meanwhile: this shows the answer given there.";
/** Said on a checked card while the browser keeps no answer (storage full or refused): the page's notice says more. */
export const pageOnlyText =
  "Kept on this page only: this browser did not save it. The notice at the top of the page says what you can do.";

const sameAnswer = (a: Answer, b: Answer): boolean =>
  a === b || (a.item === b.item && a.attempt === b.attempt && a.at === b.at && a.score === b.score);

/** The blind run's note on an answer: kept, and nothing said about it until the run is answered. */
export const blindAnswerText = (first: Pick<Answer, "score">): string =>
  `Answered: ${scoreText(first.score)}. The rulings show when you have answered every case of the run.`;

/**
 * The answer Check records: the score, the checklist when the trainee wrote one, the rule they picked when asked, the
 * guideline version and the time (passed in: no clock here). The record numbers the attempt.
 */
export function answerOf(
  item: string,
  {
    phase,
    mode,
    score,
    draft,
    decidingRule,
    guideline,
    at,
  }: {
    phase: Phase;
    mode: Mode;
    score: Score;
    draft?: ChecklistDraft | undefined;
    decidingRule?: string | undefined;
    guideline: string;
    at: Date;
  },
): Omit<Answer, "attempt"> {
  const checklist = checklistOf(draft);
  return {
    item,
    phase,
    ...(mode === "self-check" ? {mode} : {}),
    score,
    ...(checklist ? {checklist} : {}),
    ...(decidingRule ? {decidingRule} : {}),
    guideline,
    at: at.toISOString(),
  };
}

/** A score card while it is shown. The rulings it holds are numbered: the card keeps their nodes by number. */
export interface CardState {
  score: Score | null;
  /** Checked, until a retry. */
  committed: boolean;
  /** Check was pressed with no score chosen. */
  hint: boolean;
  /** The card's answers in the record, first attempt first. */
  answers: Answer[];
  /** Checked in another tab (or brought by an import) while the card was shown: the answer recorded is that one. */
  elsewhere: boolean;
  /** The record is kept on this page only: the browser would not save it (lib/trainee/record-store.ts pageOnly). */
  pageOnly: boolean;
  /** Whether a ruling may show: the blind run holds them back until every case is answered. */
  reveal: boolean;
  /** The ruling shown, and the one built ahead of Check and laid out unseen. */
  shown: number | null;
  staged: number | null;
  decidingRule: string | undefined;
  /** The folded steps were opened (their editor is built), and are open. */
  stepsBuilt: boolean;
  stepsOpen: boolean;
  /** What the trainee's checklist implies, worded by the view (lib/trainee/words.ts describeImplied). */
  implied: ImpliedLine;
}

/** What the record brings a card: its answers, whether a ruling may show, and the one its answers get. */
export interface CardRecord {
  answers: Answer[];
  reveal: boolean;
  shown: number | null;
  /** Kept on this page only: the browser would not save it. */
  pageOnly: boolean;
}

export type CardAction =
  | {kind: "score"; score: Score}
  | {kind: "deciding"; rule: string}
  | {kind: "check"; record?: CardRecord}
  | {kind: "retry"}
  | ({kind: "record"} & CardRecord)
  | {kind: "arrived"; shown: number}
  | {kind: "stage"; ruling: number}
  | {kind: "steps"; open: boolean}
  | {kind: "implied"; line: ImpliedLine};

/** Whether two lines say the same: what describeImplied reads of them, alike. */
function sameImplied(a: ImpliedLine, b: ImpliedLine): boolean {
  if (a.kind !== "score" || b.kind !== "score") return a.kind === b.kind;
  const [x, y] = [a.implied, b.implied];
  if (!x.ok || !y.ok) return !x.ok && !y.ok && x.reason === y.reason && x.lines.length === y.lines.length;
  return (
    x.score === y.score && x.undecided === y.undecided && x.rows[0] === y.rows[0] && x.scores.join() === y.scores.join()
  );
}

export function cardUpdate(state: CardState, action: CardAction): CardState {
  switch (action.kind) {
    case "score":
      // A new state even for the score already chosen: the key that chose it takes the focus to it.
      return state.committed ? state : {...state, score: action.score};
    case "deciding":
      return state.committed ? state : {...state, decidingRule: action.rule};
    case "check": {
      if (state.committed) return state;
      if (state.score === null) return {...state, hint: true};
      // Check brings the record it made, so the checked card and its ruling are one view, one patch.
      const {answers, reveal, shown, pageOnly} = action.record ?? state;
      return {...state, hint: false, committed: true, answers, reveal, shown, pageOnly};
    }
    case "retry":
      return {...state, committed: false, score: null, pageOnly: false};
    case "record": {
      const {answers, reveal, shown} = action;
      // Set by the Check that recorded the answer; a later save of the record clears it (a later failure to save
      // is another answer's, said on its own card).
      const pageOnly = state.pageOnly && action.pageOnly;
      if (pageOnly !== state.pageOnly) state = {...state, pageOnly};
      // Every card of the self-check hears of every answer, and a save in another tab reads the record anew: answers
      // that say the same (by item, attempt and time) change nothing here.
      const same =
        answers.length === state.answers.length &&
        answers.every((answer, at) => sameAnswer(answer, state.answers[at]!));
      if (same) return reveal === state.reveal && shown === state.shown ? state : {...state, reveal, shown};
      // Fewer: the answers were deleted elsewhere ("Start over"): the card starts again.
      if (answers.length < state.answers.length)
        return {...state, answers, reveal, shown, committed: false, score: null, elsewhere: false};
      if (answers.length === state.answers.length) return {...state, answers, reveal, shown};
      // More: checked in another tab. The card shows that answer checked, and can no longer record one of its own (a
      // second answer would be taken for a retry, or a blind case answered twice).
      const score = answers.at(-1)!.score;
      return {...state, answers, reveal, shown, committed: true, hint: false, score, elsewhere: true};
    }
    case "arrived":
      return {...state, shown: action.shown};
    case "stage":
      // Nothing while a ruling shows: a retry keeps the last one in view.
      return state.shown === null ? {...state, staged: action.ruling} : state;
    case "steps":
      return state.stepsOpen === action.open ? state : {...state, stepsOpen: action.open, stepsBuilt: true};
    case "implied":
      // Worked out anew at each change of the checklist: one that implies what it did (a verdict given with no main
      // task yet) is the same line, and patches nothing.
      return sameImplied(state.implied, action.line) ? state : {...state, implied: action.line};
  }
}

// The draft: an item's unchecked work (the lines marked or typed, their verdicts and the main task, the score chosen
// and the deciding rule picked), kept for the attempt it was made for: once the item has more answers than when it
// was saved (Check in another tab, an import), it is dropped.

/** Where a draft the site cannot read is copied, under its slot; "Start over" leaves these. */
export const draftSetAsidePrefix = "rater-notebook:draft-set-aside:v1:";

const ItemDraft = object({
  app: literal("rater-notebook-draft"),
  /** How many answers the item had when the draft was saved: the draft is for the next one. */
  after: min(integer(), 0),
  score: optional(TraineeScore),
  checklist: optional(TraineeChecklist),
  decidingRule: optional(pattern(size(string(), 1, 60), /^[a-z]+(-[a-z]+)*$/)),
});
export type ItemDraft = Infer<typeof ItemDraft>;

/** The work a draft keeps, as the card hands it over. */
export interface DraftWork {
  score: Score | null;
  checklist?: TraineeChecklist | undefined;
  decidingRule?: string | undefined;
}

/** Which item a draft is for: the slot an answer fills (the self-check's run too). */
export interface DraftSlot {
  item: string;
  phase: Phase;
  mode: Mode;
  run?: number | undefined;
}

export const draftKey = ({item, phase, mode, run}: DraftSlot): string =>
  `${draftKeyPrefix}${item}:${phase}:${mode}${run ? `:${run}` : ""}`;

/** Whether a draft holds nothing worth keeping: no score, no line, no pick. */
export const emptyWork = (work: DraftWork): boolean =>
  work.score === null && !work.checklist?.lines.length && !work.checklist?.mainNotMet && !work.decidingRule;

/** The draft's text: only what holds something. */
export function serializeDraft(work: DraftWork, after: number): string {
  const draft: ItemDraft = {
    app: "rater-notebook-draft",
    after,
    ...(work.score !== null ? {score: work.score} : {}),
    ...(work.checklist ? {checklist: work.checklist} : {}),
    ...(work.decidingRule ? {decidingRule: work.decidingRule} : {}),
  };
  return JSON.stringify(draft);
}

/** Whether a draft's lines still fit the item: each mark inside a text it can mark, each option one it offers. */
export function draftFits(draft: Pick<ItemDraft, "checklist">, item: Pick<Item, "request" | "turns" | "checklist">) {
  return (draft.checklist?.lines ?? []).every(({listing}) => {
    if (listing.kind === "free") return true;
    if (listing.kind === "option") return listing.index < item.checklist.length;
    const text = textOf(item, listing.in as QuoteIn);
    return text !== null && listing.start < listing.end && listing.end <= text.length;
  });
}

export type ReadDraft = {kind: "none"} | {kind: "draft"; draft: ItemDraft} | {kind: "stale"} | {kind: "broken"};

/** Reads a draft's text for an item that has `answered` answers now. */
export function readDraft(text: string | null, answered: number, item: Parameters<typeof draftFits>[1]): ReadDraft {
  if (text === null || text === "") return {kind: "none"};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {kind: "broken"};
  }
  if (impossibleShape(value, 10)) return {kind: "broken"};
  const [error, draft] = validateSafely(value, ItemDraft);
  if (error || !draftFits(draft, item)) return {kind: "broken"};
  return draft.after === answered ? {kind: "draft", draft} : {kind: "stale"};
}

export interface ItemDrafts {
  /** The draft the item resumes from, or null. */
  start: ItemDraft | null;
  /** Keeps the work as it stands, for the item's next answer (after `answered` answers); empty work removes it. */
  save(
    score: Score | null,
    checklist: ChecklistDraft | undefined,
    decidingRule: string | undefined,
    answered: number,
  ): void;
  /** Check recorded the answer: the draft goes. */
  clear(): void;
}

/**
 * Opens an item's draft in the page's localStorage (or `storage`). Without storage (blocked, private mode) nothing is
 * kept, as the record keeps nothing.
 */
export function openItemDrafts(
  slot: DraftSlot,
  {
    answered,
    item,
    storage = pageStorage(),
  }: {answered: number; item: Parameters<typeof draftFits>[1]; storage?: DraftStorage | null},
): ItemDrafts {
  const key = draftKey(slot);
  const attempt = <T>(work: () => T): T | null => {
    try {
      return work();
    } catch {
      // A browser that refuses (storage full, blocked): the work stays on the page.
      return null;
    }
  };
  let start: ItemDraft | null = null;
  if (storage) {
    const text = attempt(() => storage.getItem(key));
    const read = readDraft(text ?? null, answered, item);
    if (read.kind === "draft") start = read.draft;
    if (read.kind === "broken") {
      const copied = setAside(storage, text!, `${draftSetAsidePrefix}${key.slice(draftKeyPrefix.length)}`);
      if ("key" in copied) attempt(() => storage.removeItem(key));
    }
    if (read.kind === "stale") attempt(() => storage.removeItem(key));
  }
  return {
    start,
    save(score, checklist, decidingRule, after) {
      if (!storage) return;
      const work = {score, checklist: checklistOf(checklist), decidingRule};
      attempt(() => (emptyWork(work) ? storage.removeItem(key) : storage.setItem(key, serializeDraft(work, after))));
    },
    clear() {
      if (storage) attempt(() => storage.removeItem(key));
    },
  };
}

// The ruling built ahead: Check takes it only when it was built for exactly the answers and record Check makes (the
// time of the answer aside, which no ruling shows); otherwise it builds the ruling then.
export interface RulingAhead<T> {
  /** The work changed: build the ruling of `next()` (the answer Check would record, or null) when next idle. */
  soon(next: () => Omit<Answer, "attempt"> | null): void;
  /** Check recorded the answers: the ruling built ahead for them, or one built now. */
  take(answers: Answer[], progress: Progress): T;
}

/** What a ruling is built from, less the answer's time: two answers alike in all else get the same ruling. */
const keyOf = (answers: Answer[], progress: Progress): string =>
  JSON.stringify([answers.map(({at: _at, ...rest}) => rest), progress.answers.length]);

/**
 * `build` makes the ruling of the card's answers (first attempt first) in the record they are part of; `answersIn`
 * picks the card's answers from a record.
 */
export function rulingAhead<T>(
  build: (answers: Answer[], progress: Progress) => T,
  {
    record,
    answersIn,
    built: onBuilt = () => {},
    timers = browserTimers(),
  }: {
    record: () => Progress;
    answersIn: (progress: Progress) => Answer[];
    /** Gets each ruling built ahead, as it is built, with the answers it rules (the card lays it out unseen). */
    built?: (ruling: T, answers: Answer[]) => void;
    timers?: Timers;
  },
): RulingAhead<T> {
  let built: {key: string; ruling: T} | null = null;
  let next: () => Omit<Answer, "attempt"> | null = () => null;
  const ahead = debounce(
    () => {
      const answer = next();
      if (!answer) return;
      const progress = recordAnswer(record(), answer);
      const answers = answersIn(progress);
      const key = keyOf(answers, progress);
      if (built?.key === key) return;
      const ruling = build(answers, progress);
      // The ruling's code still loading: built again once it is in, rather than kept waiting.
      if (ruling instanceof Promise)
        ruling.then(
          () => ahead.request(),
          () => undefined,
        );
      else {
        built = {key, ruling};
        onBuilt(ruling, answers);
      }
    },
    {delayMs: 0, idleTimeoutMs: 50, timers},
  );
  return {
    soon(work) {
      next = work;
      ahead.request();
    },
    take(answers, progress) {
      ahead.cancel();
      const key = keyOf(answers, progress);
      const ruling = built?.key === key ? built.ruling : build(answers, progress);
      built = null;
      return ruling;
    },
  };
}

// Which pool of cases the blind self-check gives a trainee, and why, in plain words. The pools are those of
// data/calibration.yaml, in the order offered: the case study's calibration cases first, then the fresh cases written
// for this notebook. A pool whose rulings the trainee has seen (a Check in the walk that shows one: a case in Part 6,
// or Edge case 4, whose ruling is Calibration D's; or a run of it finished: every ruling shows at its end) can't give
// a blind run any more, so the trainee gets the next one. Loaded with the self-check page, the start page and the
// results page; none of this needs the run's scoring.
import type {CalibrationCheck, PassRule, SelfCheckPool} from "../authored/schemas/content.js";
import type {CaseSet, Item} from "../authored/schemas/item.js";
import type {Answer} from "./progress.js";
import {aboutMinutes} from "../text/format.js";
import {checkedInWalk, latestRun, runEnd, shownBy, type ShownBy} from "./self-check-run.js";
import {caseStudyLabel, caseStudyNumber, fragmentId} from "../site/links.js";
import {partsWords} from "../site/part-refs.js";
import {resultsWay, type WayOn} from "./walk.js";

/** A pool with its pass rule, and the Checks in the walk that show its cases' rulings. */
export interface Pool extends SelfCheckPool {
  pass: PassRule;
  shownBy: ShownBy;
}

/** The walk the pools are read against: every case (its `compare`) and the parts. */
export interface Walk {
  items: readonly {id: string; set: CaseSet; compare: readonly string[]}[];
  parts: readonly {number: number; items?: CaseSet | undefined; phase?: string | undefined}[];
}

/** Each pool of data/calibration.yaml with the pass rule that names it, in the file's order. */
export const poolsOf = (check: CalibrationCheck, walk: Walk): Pool[] =>
  check.pools.map((pool) => ({
    ...pool,
    pass: check.pass.find((rule) => rule.pool === pool.id)!,
    shownBy: shownBy(pool.items, walk.items, walk.parts),
  }));

/** The parts whose Checks show any of the pool's rulings, in order (Parts 5 and 6 for the calibration cases). */
const showingParts = (pool: Pick<Pool, "shownBy">): number[] =>
  [...new Set(Object.values(pool.shownBy).flatMap((showings) => showings.map((showing) => showing.part)))].sort(
    (a, b) => a - b,
  );

/** Where the trainee saw a pool's rulings: on Checks in the walk (in which parts), or at the end of a run of it. */
export type SeenWhere = {where: "walk"; parts: number[]} | {where: "earlier-run"};

/**
 * Whether a run of the pool can still be blind: null when none of its rulings has been seen, else where one was (the
 * walk first: it is the likelier, and the one the trainee remembers).
 */
export function poolSeen(answers: readonly Answer[], pool: Pick<Pool, "items" | "shownBy">): SeenWhere | null {
  const checked = pool.items.map((id) => [
    id,
    (pool.shownBy[id] ?? []).filter((showing) => checkedInWalk(answers, showing)),
  ]);
  const parts = showingParts({shownBy: Object.fromEntries(checked)});
  if (parts.length) return {where: "walk", parts};
  const runs = latestRun(answers, pool.items);
  for (let run = 1; run <= runs; run++) if (runEnd(answers, pool.items, run) !== null) return {where: "earlier-run"};
  return null;
}

export interface PoolChoice {
  pool: Pool;
  /**
   * "first": the first pool, none of its rulings seen; "skipped": the pools before it were seen (`skipped` says
   * where); "asked": the address names the pool, or one of its cases.
   */
  reason: "first" | "skipped" | "asked";
  /** The pools offered before this one whose rulings the trainee has seen, and where. */
  skipped: {pool: Pool; where: SeenWhere}[];
  /** Where the trainee has seen rulings of this pool's cases (`poolSeen`): null while a run of it can be blind. */
  seen: SeenWhere | null;
}

/**
 * The pool a trainee gets when the address names none: the first, in the file's order, none of whose rulings they have
 * seen; when they have seen some of every pool's, the last (a run of it is for practice: the page says it can't be
 * blind).
 */
export function offeredPool(pools: readonly Pool[], answers: readonly Answer[]): PoolChoice {
  const skipped: PoolChoice["skipped"] = [];
  for (const pool of pools) {
    const where = poolSeen(answers, pool);
    if (where === null) return {pool, reason: skipped.length ? "skipped" : "first", skipped, seen: null};
    skipped.push({pool, where});
  }
  const last = skipped.pop()!;
  return {pool: last.pool, reason: "skipped", skipped, seen: last.where};
}

/**
 * The pool the self-check page shows: the one `?pool=` names, else the one whose case the fragment names (a link to
 * `/self-check#fresh-3` shows that case), else the one offered. Named or not, the offered pool says why it is offered.
 */
export function shownPool(
  pools: readonly Pool[],
  answers: readonly Answer[],
  {asked, fragment}: {asked: string | null; fragment: string},
): PoolChoice {
  const named = pools.find((pool) => pool.id === asked) ?? poolOfCase(pools, fragment);
  const offered = offeredPool(pools, answers);
  return !named || named === offered.pool
    ? offered
    : {pool: named, reason: "asked", skipped: [], seen: poolSeen(answers, named)};
}

/**
 * After a run of `shown`, whose rulings its end has just shown: the pool a blind run can use next (the one offered now,
 * none of its rulings seen), or null when there is none.
 */
export function nextBlindPool(pools: readonly Pool[], shown: Pool, answers: readonly Answer[]): Pool | null {
  const next = offeredPool(pools, answers);
  return next.pool !== shown && next.seen === null ? next.pool : null;
}

/** The pool holding the case an address's fragment names ("#fresh-3", percent-encoded or not), if one does. */
export function poolOfCase(pools: readonly Pool[], fragment: string): Pool | undefined {
  const id = fragmentId(fragment);
  return id ? pools.find((pool) => pool.items.includes(id)) : undefined;
}

/**
 * How the self-check page names a pool it is not showing, for its link: the trainee's runs of it, the pool for
 * practice once its rulings are seen, or just the pool.
 */
export function otherPoolText(pool: Pool, answers: readonly Answer[]): string {
  if (answers.some((answer) => answer.mode === "self-check" && pool.items.includes(answer.item)))
    return `your runs of ${poolShortName(pool)}`;
  return poolSeen(answers, pool) === null
    ? poolShortName(pool)
    : `${poolShortName(pool)}, for practice (not blind for you now)`;
}

/** The page address of a pool's run: `?pool=fresh`, `?pool=fresh&run=2`. */
export const poolHref = (pool: Pick<Pool, "id">, run?: number): string =>
  `./self-check?pool=${encodeURIComponent(pool.id)}${run === undefined ? "" : `&run=${run}`}`;

const numberWords = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];
/** "seven", or 12 and on as digits. */
export const numberWord = (n: number): string => numberWords[n] ?? String(n);

/** "the twist on Calibration D": a twist in the pool, by the case it twists (lib/site/links.ts numbers it). */
const twistWords = (id: string, set: CaseSet): string =>
  `the twist on ${caseStudyLabel(id, set).replace(/, twist$/, "")}`;

/** What a pool's cases are, in a trainee's words: short ("the fresh cases") and in full, with where they come from. */
type PoolNames = {
  short: string;
  counted: (items: readonly string[]) => string;
  full: (items: readonly string[]) => string;
};
const poolNames: Record<CaseSet, PoolNames> = {
  "examples": {
    short: "the examples",
    counted: (items) => `${numberWord(items.length)} examples`,
    full: (items) => `the case study's ${numberWord(items.length)} examples`,
  },
  "edge-cases": {
    short: "the edge cases",
    counted: (items) => `${numberWord(items.length)} edge cases`,
    full: (items) => `${numberWord(items.length)} of the case study's edge cases`,
  },
  "calibration": {
    short: "the calibration cases",
    counted: () => "the calibration cases",
    // Counted from the pool: its cases, then each twist by the case it twists.
    full: (items) => {
      const twists = items.filter((id) => caseStudyNumber(id, "calibration").twist);
      const cases = `the case study's ${numberWord(items.length - twists.length)} calibration cases`;
      // With its total, which a run's size then repeats ("5 cases" beside "four … and the twist" read as a mismatch).
      const all = twists.length ? `, ${numberWord(items.length)} in all` : "";
      return [cases, ...twists.map((id) => twistWords(id, "calibration"))].join(" and ") + all;
    },
  },
  "fresh-calibration": {
    short: "the fresh cases",
    counted: (items) => `${numberWord(items.length)} fresh cases`,
    full: (items) => `${numberWord(items.length)} fresh cases written for this notebook`,
  },
};

/** "the fresh cases" */
export const poolShortName = (pool: Pick<Pool, "set">): string => poolNames[pool.set].short;
/** "seven fresh cases written for this notebook" */
export const poolFullName = (pool: Pick<Pool, "set" | "items">): string => poolNames[pool.set].full(pool.items);
/** The summary's way on to the next pool: "Now seven fresh cases, blind →". */
export const nextPoolText = (pool: Pick<Pool, "set" | "items">): string =>
  `Now ${poolNames[pool.set].counted(pool.items)}, blind →`;

const placeWords = (seen: SeenWhere): string =>
  seen.where === "walk" ? `in ${partsWords(seen.parts)}` : "at the end of your run of them";

/**
 * Which cases this self-check uses and why, in a sentence or two: "You have seen the calibration cases' rulings in
 * Part 6, so this self-check uses seven fresh cases written for this notebook." `pools` are every pool, in order.
 */
export function describePoolChoice(choice: PoolChoice, pools: readonly Pool[]): string {
  const {pool} = choice;
  const uses = `this self-check uses ${poolFullName(pool)}.`;
  if (choice.reason === "skipped") {
    const seen = choice.skipped
      .map(({pool: other, where}) => `${poolShortName(other)}' rulings ${placeWords(where)}`)
      .join(", and ");
    return `You have seen ${seen}, so ${uses}`;
  }
  const next = pools[pools.indexOf(pool) + 1];
  const then = next ? `you get ${poolShortName(next)} instead` : null;
  const parts = showingParts(pool);
  const when = parts.length
    ? ` ${partsWords(parts)} ${parts.length === 1 ? "shows" : "show"} their rulings, so take it before Part ` +
      `${parts[0]} to keep it blind${then ? `; after that, ${then}` : ""}.`
    : then
      ? ` Once you have seen their rulings, ${then}.`
      : "";
  return `This self-check uses ${poolFullName(pool)}.${when}`;
}

/** The start page's offer of the self-check: what it is for the trainee now, its terms, and the link's words. */
export interface Offer {
  lead: string;
  terms: string;
  action: string;
}

/** How long a pool's run is, on the start page's offer and over the run: "5 cases, about 10 min". */
export const poolLength = (pool: Pick<Pool, "items" | "minutes">): string =>
  `${pool.items.length} cases, ${aboutMinutes(pool.minutes)}`;

/**
 * The start page's offer of the self-check, for the pool the trainee would get now: take it before the parts that show
 * its rulings (Parts 5 and 6, for the calibration cases), why it now uses another pool, or, when the trainee has seen
 * rulings of every pool, that it can't be blind any more, so it is offered for practice, with no pass mark.
 */
export function describeOffer(choice: PoolChoice, pools: readonly Pool[]): Offer {
  const {pool} = choice;
  const wait = `${poolLength(pool)}. No feedback until you have answered all ${pool.items.length}, then`;
  if (choice.seen !== null)
    return {
      lead:
        "You have seen rulings of the self-check's cases, so it can't be blind for you now: take it for practice, " +
        "and its summary will say so.",
      terms: `${wait} a summary, with no pass awarded.`,
      action: "Take the self-check for practice →",
    };
  const terms =
    `${wait} a summary against a pass mark: at least ${pool.pass.exactAtLeast} exact and none two or more ` +
    "points off.";
  const action = "Take the blind self-check →";
  if (choice.reason === "skipped") return {lead: describePoolChoice(choice, pools), terms, action};
  const next = pools[pools.indexOf(pool) + 1];
  const parts = showingParts(pool);
  const lead = parts.length
    ? // The pool it uses now is named before the one it would use later, so the run's size below reads as this one's.
      `Take the blind self-check first: now it uses ${poolFullName(pool)}; once you've seen their rulings in ` +
      `${partsWords(parts)}, ${next ? `it uses ${poolFullName(next)} instead` : "it can't be blind"}.`
    : `The blind self-check uses ${poolFullName(pool)}.`;
  return {lead, terms, action};
}

/**
 * Why an experienced rater should take the self-check before the calibration part, while a blind run is left for
 * them: its first pool's cases are this part's, and a later pool's take their place once their rulings are seen. Null
 * once no blind run is left.
 */
export function calibrationLeadWhy(choice: PoolChoice, pools: readonly Pool[]): string | null {
  if (choice.seen !== null) return null;
  return pools.length > 1
    ? `it uses these cases while their rulings are unseen, and ${poolShortName(pools[1]!)} once you have seen any.`
    : "it uses these cases while their rulings are unseen.";
}

/**
 * Where the walk's last part leads after its cases: the self-check next while a blind run is left for the trainee
 * (which cases and why, as the self-check page says it), then the results; once they have seen rulings of every
 * pool, the results next, then the self-check for practice, in the start page's words.
 */
export function afterLastPart(choice: PoolChoice, pools: readonly Pool[]): WayOn[] {
  if (choice.seen === null)
    return [
      {href: "./self-check", kicker: "Next", title: "The blind self-check", text: describePoolChoice(choice, pools)},
      {...resultsWay, kicker: "Then"},
    ];
  return [
    {...resultsWay, kicker: "Next"},
    {
      href: "./self-check",
      kicker: "Then",
      title: "The self-check, for practice",
      text: describeOffer(choice, pools).lead,
    },
  ];
}

/** Said of a pool whose cases were written for this notebook (all of them, by their files' `origin`); else null. */
export const poolOriginNote = (items: readonly Pick<Item, "origin">[]): string | null =>
  items.length && items.every((item) => item.origin === "notebook")
    ? "These cases are not from the case study, and their rulings are the notebook's, made with the same guideline."
    : null;

// Which pool the blind self-check gives a trainee, and what the pages say of it. The pools here are hand-made, in the
// shape of data/calibration.yaml's: the calibration cases first (two, to keep runs short), then three fresh ones.
import {describe, expect, it} from "vitest";
import type {CalibrationCheck} from "../../../lib/authored/schemas/content.js";
import type {Answer} from "../../../lib/trainee/progress.js";
import {
  describeOffer,
  describePoolChoice,
  nextBlindPool,
  nextPoolText,
  otherPoolText,
  poolHref,
  poolOfCase,
  poolOriginNote,
  poolSeen,
  poolsOf,
  afterLastPart,
  calibrationLeadWhy,
  shownPool,
  offeredPool,
} from "../../../lib/trainee/self-check-pool.js";

const rule = {exactAtLeast: 1, maxTwoOrMoreOff: 0, source: "The site's."};
const check: CalibrationCheck = {
  pools: [
    {id: "calibration", set: "calibration", items: ["calibration-a", "calibration-b"], minutes: 5},
    {id: "fresh", set: "fresh-calibration", items: ["fresh-1", "fresh-2", "fresh-3"], minutes: 8},
  ],
  // Listed in the other order than the pools: each rule is found by the pool it names.
  pass: [
    {pool: "fresh", of: 3, ...rule, exactAtLeast: 2},
    {pool: "calibration", of: 2, ...rule},
  ],
};
// The walk the pools are read against: Part 6 walks the calibration cases; in Part 5, an edge case's ruling points to
// Calibration B (as Edge case 4's "see Calibration D" does); a fresh case's points to Calibration A, but no part walks
// the fresh cases.
const walk = {
  items: [
    {id: "calibration-a", set: "calibration", compare: []},
    {id: "calibration-b", set: "calibration", compare: []},
    {id: "edge-4", set: "edge-cases", compare: ["calibration-b"]},
    {id: "fresh-1", set: "fresh-calibration", compare: ["calibration-a"]},
  ],
  parts: [
    {number: 1, items: "examples", phase: "vague"},
    {number: 5, items: "edge-cases", phase: "guideline"},
    {number: 6, items: "calibration", phase: "guideline"},
  ],
} as const;
const pools = poolsOf(check, walk);
const [calibration, fresh] = pools as [(typeof pools)[0], (typeof pools)[0]];

let minute = 0;
/** An answer, each a minute after the one before. */
const answer = (item: string, extra: Partial<Answer> = {}): Answer => ({
  item,
  phase: "guideline",
  attempt: 1,
  score: 3,
  guideline: "v2",
  at: new Date(Date.UTC(2026, 2, 1, 10, minute++)).toISOString(),
  ...extra,
});
const blind = (item: string, attempt = 1) => answer(item, {mode: "self-check", attempt});

describe("the pools of data/calibration.yaml", () => {
  it("pairs each pool with the pass rule that names it, in the pools' order", () => {
    expect(pools.map((pool) => [pool.id, pool.pass.pool, pool.pass.of, pool.pass.exactAtLeast])).toEqual([
      ["calibration", "calibration", 2, 1],
      ["fresh", "fresh", 3, 2],
    ]);
  });
});

describe("whether a pool's rulings have been seen", () => {
  it("is not, with no answer, with its run unfinished, or with only another pool's cases answered", () => {
    expect(poolSeen([], calibration)).toBeNull();
    expect(poolSeen([blind("calibration-a")], calibration)).toBeNull();
    expect(poolSeen([answer("example-1"), blind("fresh-1")], calibration)).toBeNull();
    // A "before" score under the vague line shows no ruling.
    expect(poolSeen([answer("calibration-a", {phase: "vague"})], calibration)).toBeNull();
  });

  it("is, in the walk, once one of its cases is checked in Part 6, or a case whose ruling points to one in Part 5", () => {
    expect(poolSeen([answer("calibration-b")], calibration)).toEqual({where: "walk", parts: [6]});
    expect(poolSeen([answer("edge-4")], calibration)).toEqual({where: "walk", parts: [5]});
    expect(poolSeen([answer("edge-4"), answer("calibration-a")], calibration)).toEqual({where: "walk", parts: [5, 6]});
    // A case no part walks shows no ruling in the walk, whatever it points to.
    expect(poolSeen([answer("fresh-1")], calibration)).toBeNull();
  });

  it("is, at the end of a run, once a run of it is finished; the walk is named first", () => {
    expect(poolSeen([blind("calibration-a"), blind("calibration-b")], calibration)).toEqual({where: "earlier-run"});
    // Run 1 unfinished, run 2 finished: seen.
    expect(
      poolSeen([blind("calibration-a"), blind("calibration-a", 2), blind("calibration-b", 2)], calibration),
    ).toEqual({where: "earlier-run"});
    expect(poolSeen([blind("calibration-a"), blind("calibration-b"), answer("calibration-a")], calibration)).toEqual({
      where: "walk",
      parts: [6],
    });
  });
});

describe("the pool a trainee is offered", () => {
  it("is the calibration cases while none of their rulings has been seen, a run half done included", () => {
    expect(offeredPool(pools, [])).toEqual({pool: calibration, reason: "first", skipped: [], seen: null});
    expect(offeredPool(pools, [blind("calibration-a")]).pool).toBe(calibration);
  });

  it("is the fresh cases once a calibration case was checked in Part 6, or a calibration run finished", () => {
    expect(offeredPool(pools, [answer("calibration-a")])).toEqual({
      pool: fresh,
      reason: "skipped",
      skipped: [{pool: calibration, where: {where: "walk", parts: [6]}}],
      seen: null,
    });
    expect(offeredPool(pools, [blind("calibration-a"), blind("calibration-b")])).toEqual({
      pool: fresh,
      reason: "skipped",
      skipped: [{pool: calibration, where: {where: "earlier-run"}}],
      seen: null,
    });
  });

  it("stays the fresh cases, the last pool, once their rulings are seen too", () => {
    const all = [answer("calibration-a"), blind("fresh-1"), blind("fresh-2"), blind("fresh-3")];
    expect(offeredPool(pools, all)).toEqual({
      pool: fresh,
      reason: "skipped",
      skipped: [{pool: calibration, where: {where: "walk", parts: [6]}}],
      seen: {where: "earlier-run"},
    });
  });
});

describe("the pool the self-check page shows", () => {
  const seenCalibration = [answer("calibration-a")];

  it("is the one offered when the address names none, or names the one offered", () => {
    expect(shownPool(pools, seenCalibration, {asked: null, fragment: ""})).toEqual(offeredPool(pools, seenCalibration));
    expect(shownPool(pools, seenCalibration, {asked: "fresh", fragment: ""}).reason).toBe("skipped");
    expect(shownPool(pools, [], {asked: "nope", fragment: "#example-3"}).pool).toBe(calibration);
  });

  it("is the one `?pool=` names, else the pool of the case the fragment names", () => {
    expect(shownPool(pools, seenCalibration, {asked: "calibration", fragment: ""})).toEqual({
      pool: calibration,
      reason: "asked",
      skipped: [],
      seen: {where: "walk", parts: [6]},
    });
    expect(shownPool(pools, seenCalibration, {asked: null, fragment: "#calibration-b"}).pool).toBe(calibration);
    expect(shownPool(pools, [], {asked: null, fragment: "#fresh-2"})).toMatchObject({
      pool: fresh,
      reason: "asked",
      seen: null,
    });
    // Percent-encoded, or malformed: read as it is.
    expect(shownPool(pools, [], {asked: null, fragment: "#fresh%2D2"}).pool).toBe(fresh);
    expect(shownPool(pools, [], {asked: null, fragment: "#fresh-%E0"}).pool).toBe(calibration);
    // `?pool=` wins over the fragment.
    expect(shownPool(pools, [], {asked: "calibration", fragment: "#fresh-2"}).pool).toBe(calibration);
  });
});

describe("the way on after a run", () => {
  it("is the fresh cases, blind, after a run of the calibration cases, while their rulings are unseen", () => {
    const done = [blind("calibration-a"), blind("calibration-b")];
    expect(nextBlindPool(pools, calibration, done)).toBe(fresh);
    expect(nextPoolText(fresh)).toBe("Now three fresh cases, blind →");
  });

  it("is none after the last pool, or when the next pool's rulings are seen too", () => {
    const both = [blind("calibration-a"), blind("calibration-b"), blind("fresh-1"), blind("fresh-2"), blind("fresh-3")];
    expect(nextBlindPool(pools, fresh, both)).toBeNull();
    expect(nextBlindPool(pools, calibration, both)).toBeNull();
  });

  it("runs are addressed with their pool", () => {
    expect(poolHref(fresh)).toBe("./self-check?pool=fresh");
    expect(poolHref(calibration, 2)).toBe("./self-check?pool=calibration&run=2");
  });
});

describe("what the pages say of the pool", () => {
  it("says why the fresh cases, in plain words", () => {
    expect(describePoolChoice(offeredPool(pools, [answer("calibration-a")]), pools)).toBe(
      "You have seen the calibration cases' rulings in Part 6, so this self-check uses three fresh cases written " +
        "for this notebook.",
    );
    expect(describePoolChoice(offeredPool(pools, [blind("calibration-a"), blind("calibration-b")]), pools)).toBe(
      "You have seen the calibration cases' rulings at the end of your run of them, so this self-check uses three " +
        "fresh cases written for this notebook.",
    );
    expect(describePoolChoice(offeredPool(pools, [answer("edge-4")]), pools)).toBe(
      "You have seen the calibration cases' rulings in Part 5, so this self-check uses three fresh cases written " +
        "for this notebook.",
    );
  });

  it("says what the calibration cases are, and that Parts 5 and 6 spoil them", () => {
    expect(describePoolChoice(offeredPool(pools, []), pools)).toBe(
      "This self-check uses the case study's two calibration cases. Parts 5 and 6 show their rulings, so take it " +
        "before Part 5 to keep it blind; after that, you get the fresh cases instead.",
    );
    // Shown only by Part 6's own Checks: Part 6 alone.
    const ownOnly = {...calibration, shownBy: {"calibration-a": [{item: "calibration-a", part: 6}]}};
    expect(describePoolChoice({pool: ownOnly, reason: "first", skipped: [], seen: null}, [ownOnly, fresh])).toMatch(
      / Part 6 shows their rulings, so take it before Part 6 to keep it blind;/,
    );
    // Counted from the pool, each twist named by the case it twists.
    const withTwist = {
      ...calibration,
      items: ["calibration-a", "calibration-b", "calibration-c", "calibration-c-twist"],
    };
    expect(describePoolChoice({pool: withTwist, reason: "first", skipped: [], seen: null}, [withTwist, fresh])).toBe(
      "This self-check uses the case study's three calibration cases and the twist on Calibration C, four in all. " +
        "Parts 5 and 6 show their rulings, so take it before Part 5 to keep it blind; after that, you get the fresh " +
        "cases instead.",
    );
    expect(describePoolChoice({pool: fresh, reason: "asked", skipped: [], seen: null}, pools)).toBe(
      "This self-check uses three fresh cases written for this notebook.",
    );
  });

  it("offers it on the start page for the pool the trainee would get", () => {
    expect(describeOffer(offeredPool(pools, []), pools)).toEqual({
      // Issue 29: the pool it uses now is named, so the run's size on the card is this pool's.
      lead:
        "Take the blind self-check first: now it uses the case study's two calibration cases; once you've seen their " +
        "rulings in Parts 5 and 6, it uses three fresh cases written for this notebook instead.",
      terms:
        "2 cases, about 5 min. No feedback until you have answered all 2, then a summary against a pass mark: at " +
        "least 1 exact and none two or more points off.",
      action: "Take the blind self-check →",
    });
    const seen = [answer("calibration-a")];
    const fresher = describeOffer(offeredPool(pools, seen), pools);
    expect(fresher.lead).toMatch(
      /^You have seen the calibration cases' rulings in Part 6, so this self-check uses three fresh cases/,
    );
    expect([fresher.terms, fresher.action]).toEqual([
      "3 cases, about 8 min. No feedback until you have answered all 3, then a summary against a pass mark: at " +
        "least 2 exact and none two or more points off.",
      "Take the blind self-check →",
    ]);
  });

  it("offers it for practice, with no pass mark, once the trainee has seen rulings of every pool", () => {
    // The self-check's summary then says "Not blind: no pass awarded": the offer does not promise a pass mark.
    const all = [answer("calibration-a"), blind("fresh-1"), blind("fresh-2"), blind("fresh-3")];
    expect(describeOffer(offeredPool(pools, all), pools)).toEqual({
      lead:
        "You have seen rulings of the self-check's cases, so it can't be blind for you now: take it for practice, " +
        "and its summary will say so.",
      terms: "3 cases, about 8 min. No feedback until you have answered all 3, then a summary, with no pass awarded.",
      action: "Take the self-check for practice →",
    });
  });

  it("sends an experienced rater from the calibration part to the self-check only while a blind run is left", () => {
    const seen = [answer("calibration-a")];
    expect(calibrationLeadWhy(offeredPool(pools, []), pools)).toBe(
      "it uses these cases while their rulings are unseen, and the fresh cases once you have seen any.",
    );
    expect(calibrationLeadWhy(offeredPool(pools, seen), pools)).toBe(
      "it uses these cases while their rulings are unseen, and the fresh cases once you have seen any.",
    );
    // Stop 79's read: after a run of the fresh cases it still said "Take the blind self-check first".
    expect(
      calibrationLeadWhy(offeredPool(pools, [...seen, blind("fresh-1"), blind("fresh-2"), blind("fresh-3")]), pools),
    ).toBeNull();
    // One pool (another guideline's content): no fresh cases to promise.
    expect(calibrationLeadWhy(offeredPool(pools.slice(0, 1), []), pools.slice(0, 1))).toBe(
      "it uses these cases while their rulings are unseen.",
    );
  });

  it("leads from the walk's last part to the self-check while a blind run is left, else to the results first", () => {
    // Stop 78's walk: after a run of the fresh cases the last part still offered them as the blind run, next.
    const results = {
      href: "./results",
      title: "Your results",
      text: "Your scores against the ruled ones, and what to review.",
    };
    const seen = [answer("calibration-a")];
    expect(afterLastPart(offeredPool(pools, seen), pools)).toEqual([
      {
        href: "./self-check",
        kicker: "Next",
        title: "The blind self-check",
        text:
          "You have seen the calibration cases' rulings in Part 6, so this self-check uses three fresh cases written " +
          "for this notebook.",
      },
      {...results, kicker: "Then"},
    ]);
    // Nothing seen (the last item reached with no Check): which cases and why, without "first" at the walk's end.
    expect(afterLastPart(offeredPool(pools, []), pools)[0]!.text).toBe(
      "This self-check uses the case study's two calibration cases. Parts 5 and 6 show their rulings, so take it " +
        "before Part 5 to keep it blind; after that, you get the fresh cases instead.",
    );
    const all = [...seen, blind("fresh-1"), blind("fresh-2"), blind("fresh-3")];
    expect(afterLastPart(offeredPool(pools, all), pools)).toEqual([
      {...results, kicker: "Next"},
      {
        href: "./self-check",
        kicker: "Then",
        title: "The self-check, for practice",
        text:
          "You have seen rulings of the self-check's cases, so it can't be blind for you now: take it for practice, " +
          "and its summary will say so.",
      },
    ]);
  });

  it("says a pool's cases are not from the case study only when none of them is, without saying it twice", () => {
    // The sentence before it names the pool as written for this notebook: the note does not say so again.
    expect(poolOriginNote([{origin: "notebook"}, {origin: "notebook"}])).toBe(
      "These cases are not from the case study, and their rulings are the notebook's, made with the same guideline.",
    );
    expect(poolOriginNote([{origin: "case-study"}])).toBeNull();
    expect(poolOriginNote([{origin: "notebook"}, {origin: "case-study"}])).toBeNull();
    expect(poolOriginNote([])).toBeNull();
  });
});

describe("the pool of the case an address names", () => {
  it("is the pool holding it, or none for a case in no pool or no fragment", () => {
    expect(poolOfCase(pools, "#fresh-1")).toBe(fresh);
    expect(poolOfCase(pools, "calibration-b")).toBe(calibration);
    expect(poolOfCase(pools, "#example-1")).toBeUndefined();
    expect(poolOfCase(pools, "")).toBeUndefined();
  });
});

describe("a link to the pool the page is not showing", () => {
  it("names the trainee's runs of it, or says it is for practice once its rulings are seen", () => {
    expect(otherPoolText(fresh, [])).toBe("the fresh cases");
    expect(otherPoolText(calibration, [answer("calibration-a")])).toBe(
      "the calibration cases, for practice (not blind for you now)",
    );
    expect(otherPoolText(calibration, [blind("calibration-a")])).toBe("your runs of the calibration cases");
  });
});

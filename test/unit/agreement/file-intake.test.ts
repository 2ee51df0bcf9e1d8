// The cohort page's file intake, event by event, in sequences worked by hand: files kept, a drop cancelled while read
// and while computed, a file dropped again replacing the kept one, a bad file set aside among good ones, a failure,
// and Clear. A "report" here is a plain string: the intake keeps whatever the page computed and never looks inside.
import {describe, expect, it} from "vitest";
import {
  canClear,
  canRemove,
  emptyIntake,
  intakeAfter,
  intakeShownAfter,
  intakeShownStart,
  intakeStatus,
  listedFiles,
  reportShownAfter,
  type FileResult,
  type Intake,
  type IntakeEvent,
} from "../../../lib/agreement/cohort-files.js";
import {ratingColumns} from "../../../lib/agreement/rating-columns.js";

const itemIds = ["example-1", "example-2"];

/** A file read with `ratings` ratings (all by one rater), or set aside with `problems` problems. */
function file(name: string, {ratings = 0, problems = 0} = {}): FileResult {
  const scored = Array.from({length: ratings}, (_, i) => ({
    rater: name,
    item: itemIds[i % 2]!,
    phase: i < 2 ? ("vague" as const) : ("guideline" as const),
    score: 3 as const,
    file: name,
  }));
  return {
    name,
    digest: `digest of ${name}`,
    kind: "trainee",
    size: 100,
    ratings: ratingColumns(scored, itemIds),
    places: new Int32Array(ratings),
    problems: Array.from({length: problems}, (_, i) => ({file: name, message: `problem ${i + 1}`})),
    more: 0,
    cancelled: false,
  };
}

const run = (events: IntakeEvent<string>[], from: Intake<string> = emptyIntake<string>()) =>
  events.reduce(intakeAfter<string>, from);

const names = (files: readonly FileResult[]) => files.map((f) => f.name);

describe("the cohort page's file intake", () => {
  const alice = file("alice.json", {ratings: 4});
  const bob = file("bob.json", {ratings: 4});

  it("reads a drop, computes the figures over the files that count, and keeps them", () => {
    const dropped = run([{type: "drop", names: ["alice.json", "bob.json"]}]);
    expect(dropped.job).toEqual({stage: "read", others: []});
    expect(dropped.status).toBe("Reading 2 files…");
    expect(canClear(dropped)).toBe(false);

    const read = intakeAfter(dropped, {type: "read", results: [alice, bob], aborted: false});
    expect(read.job).toEqual({stage: "compute", results: [alice, bob], next: [alice, bob], counted: [alice, bob]});
    expect(read.status).toBe("Computing the figures…");
    expect(read.kept).toEqual([]);

    const done = intakeAfter(read, {type: "computed", report: "R(alice, bob)"});
    expect(done).toEqual({
      kept: [alice, bob],
      cancelled: [],
      report: "R(alice, bob)",
      job: null,
      status: "2 files counted.",
    });
    expect(canClear(done)).toBe(true);
  });

  it("ignores a drop of no files, and a drop or a clear while a job runs", () => {
    const start = emptyIntake<string>();
    expect(intakeAfter(start, {type: "drop", names: []})).toBe(start);
    const reading = run([{type: "drop", names: ["alice.json"]}]);
    expect(intakeAfter(reading, {type: "drop", names: ["bob.json"]})).toBe(reading);
    expect(intakeAfter(reading, {type: "clear"})).toBe(reading);
  });

  it("sets a bad file aside among good ones: listed with its problems, left out of the figures", () => {
    const broken = file("broken.json", {problems: 1});
    const done = run([
      {type: "drop", names: ["alice.json", "broken.json", "bob.json"]},
      {type: "read", results: [alice, broken, bob], aborted: false},
    ]);
    // Only alice and bob are computed over.
    expect(done.job).toMatchObject({stage: "compute", counted: [alice, bob]});
    const kept = intakeAfter(done, {type: "computed", report: "R(alice, bob)"});
    expect(names(kept.kept)).toEqual(["alice.json", "broken.json", "bob.json"]);
    expect(names(listedFiles(kept))).toEqual(["alice.json", "broken.json", "bob.json"]);
    expect(kept.report).toBe("R(alice, bob)");
    expect(kept.status).toBe("2 files counted, 1 file left out (see the list).");
  });

  it("keeps the report when a drop adds only files left out: nothing to compute", () => {
    const kept = run([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [alice], aborted: false},
      {type: "computed", report: "R(alice)"},
    ]);
    const broken = file("broken.json", {problems: 2});
    const after = run(
      [
        {type: "drop", names: ["broken.json"]},
        {type: "read", results: [broken], aborted: false},
      ],
      kept,
    );
    expect(after.job).toBeNull();
    expect(after.report).toBe("R(alice)");
    expect(names(after.kept)).toEqual(["alice.json", "broken.json"]);
    expect(after.status).toBe("1 file counted, 1 file left out (see the list).");
  });

  it("shows no report when no file counts", () => {
    const broken = file("broken.json", {problems: 1});
    const after = run([
      {type: "drop", names: ["broken.json"]},
      {type: "read", results: [broken], aborted: false},
    ]);
    expect(after).toMatchObject({job: null, report: null, status: "0 files counted, 1 file left out (see the list)."});
    expect(canClear(after)).toBe(false);
    // A file read with no problem and nothing to count (a CSV's header alone) is said to hold no ratings, where
    // "0 files counted" alone read as if it had been refused.
    const headerOnly = {...file("header-only.csv"), kind: "csv" as const};
    const empty = run([
      {type: "drop", names: ["header-only.csv"]},
      {type: "read", results: [headerOnly], aborted: false},
    ]);
    expect(empty).toMatchObject({report: null, status: "0 files counted; header-only.csv holds no ratings."});
    const two = run([
      {type: "drop", names: ["a.csv", "b.json"]},
      {type: "read", results: [file("a.csv"), file("b.json")], aborted: false},
    ]);
    expect(two.status).toBe("0 files counted; 2 files hold no ratings.");
  });

  it("takes a file dropped again (the same bytes) in place of its kept copy, and computes over it", () => {
    const kept = run([
      {type: "drop", names: ["alice.json", "bob.json"]},
      {type: "read", results: [alice, bob], aborted: false},
      {type: "computed", report: "R(alice, bob)"},
    ]);
    const bob2: FileResult = {...file("bob.json", {ratings: 2}), dropped: {name: "bob.json", again: true}};
    const dropped = intakeAfter(kept, {type: "drop", names: ["bob.json"]});
    // The reader sees every kept file, and decides which the drop's files are (cohort-files.ts placeFile).
    expect(dropped.job).toEqual({stage: "read", others: [alice, bob]});
    const read = intakeAfter(dropped, {type: "read", results: [bob2], aborted: false});
    expect(read.job).toMatchObject({stage: "compute", counted: [alice, bob2]});
    const done = intakeAfter(read, {type: "computed", report: "R(alice, bob2)"});
    expect(done.kept).toEqual([alice, bob2]);
    expect(done.report).toBe("R(alice, bob2)");
    expect(done.status).toBe("2 files counted. bob.json was dropped again: the same file, listed once.");
  });

  it("keeps another file dropped under a kept file's name beside it, and says so: nothing is replaced", () => {
    const kept = run([
      {type: "drop", names: ["day.json"]},
      {type: "read", results: [file("day.json", {ratings: 4})], aborted: false},
      {type: "computed", report: "R(ana)"},
    ]);
    const ben: FileResult = {...file("day (2).json", {ratings: 4}), dropped: {name: "day.json", again: false}};
    const done = run(
      [
        {type: "drop", names: ["day.json"]},
        {type: "read", results: [ben], aborted: false},
        {type: "computed", report: "R(ana, ben)"},
      ],
      kept,
    );
    expect(names(done.kept)).toEqual(["day.json", "day (2).json"]);
    expect(done.status).toBe(
      "2 files counted. day.json has the name of a file already listed but not its content: both are kept, this " +
        "one as day (2).json.",
    );
  });

  it("removes a file, and counts a file left out only because the removed one held its raters' scores", () => {
    // ana-final.json was left out for scoring again what ana-early.json holds; its ratings are held.
    const early = file("ana-early.json", {ratings: 2});
    const final = file("ana-final.json", {ratings: 4});
    const left: FileResult = {
      ...final,
      ratings: ratingColumns([], itemIds),
      places: new Int32Array(0),
      problems: [{file: "ana-final.json", message: "is also in ana-early.json"}],
      held: {ratings: final.ratings, places: final.places},
    };
    const kept = run([
      {type: "drop", names: ["ana-early.json", "ana-final.json", "bob.json"]},
      {type: "read", results: [early, left, bob], aborted: false},
      {type: "computed", report: "R(early, bob)"},
    ]);
    expect(canRemove(kept)).toBe(true);
    const removing = intakeAfter(kept, {type: "remove", name: "ana-early.json"});
    expect(canRemove(removing)).toBe(false);
    expect(removing.job).toMatchObject({stage: "compute", removed: "ana-early.json"});
    const counted = (removing.job as {counted: readonly FileResult[]}).counted;
    expect(names(counted)).toEqual(["ana-final.json", "bob.json"]);
    expect(counted[0]!.ratings).toBe(final.ratings);
    expect(counted[0]!.problems).toEqual([]);
    const done = intakeAfter(removing, {type: "computed", report: "R(final, bob)"});
    expect(names(done.kept)).toEqual(["ana-final.json", "bob.json"]);
    expect(done.status).toBe("ana-early.json removed. 2 files counted.");
    // A file left out for another reason goes with no figure to compute again.
    const broken = file("broken.json", {problems: 1});
    const withBroken = run(
      [
        {type: "drop", names: ["broken.json"]},
        {type: "read", results: [broken], aborted: false},
      ],
      done,
    );
    const gone = intakeAfter(withBroken, {type: "remove", name: "broken.json"});
    expect(gone).toMatchObject({job: null, report: "R(final, bob)", status: "broken.json removed. 2 files counted."});
    // Computing cancelled keeps the file.
    const cancelled = run(
      [
        {type: "remove", name: "bob.json"},
        {type: "computed", report: null},
      ],
      done,
    );
    expect(names(cancelled.kept)).toEqual(["ana-final.json", "bob.json"]);
    expect(cancelled.status).toBe("Computing cancelled: bob.json is still counted.");
  });

  it("counts a trainee's newer export and holds the older, whichever was chosen first", () => {
    // (stop 78, a coordinator's walk) A folder lists ana's exports oldest first: the older, with the walk alone,
    // counted, and the newer, whole, was left out, with "The newer export is this file … keep it and remove" the other.
    const exportOf = (name: string, exportedAt: string, ratings: number): FileResult => {
      const scored = Array.from({length: ratings}, (_, i) => ({
        rater: "ana",
        item: itemIds[i % 2]!,
        phase: i < 2 ? ("vague" as const) : ("guideline" as const),
        score: 3 as const,
        file: name,
      }));
      return {...file(name), exportedAt, ratings: ratingColumns(scored, itemIds), places: new Int32Array(ratings)};
    };
    const older = exportOf("ana-2026-12-01.json", "2026-12-01T09:00:00.000Z", 2);
    const newer = exportOf("ana-2026-12-07.json", "2026-12-07T09:00:00.000Z", 4);
    for (const order of [
      [older, newer],
      [newer, older],
    ]) {
      const read = run([
        {type: "drop", names: names(order)},
        {type: "read", results: order, aborted: false},
      ]);
      const next = (read.job as {next: readonly FileResult[]}).next;
      // Listed as chosen; the newer counts, the older is held with the problem naming the newer to keep.
      expect(names(next)).toEqual(names(order));
      const [counted] = (read.job as {counted: readonly FileResult[]}).counted;
      expect(counted!.name).toBe("ana-2026-12-07.json");
      const held = next.find((entry) => entry.name === "ana-2026-12-01.json")!;
      expect(held.held?.ratings).toBe(older.ratings);
      const newerWords =
        "The newer export is ana-2026-12-07.json (exported 2026-12-07 09:00:00 UTC; this file was exported " +
        "2026-12-01 09:00:00 UTC): keep it and remove this file.";
      expect(
        held.problems
          .map((problem) => problem.message)
          .join(" ")
          .endsWith(newerWords),
      ).toBe(true);
    }
    // Kept from an earlier drop, the older is held once the newer is dropped.
    const first = run([
      {type: "drop", names: [older.name]},
      {type: "read", results: [older], aborted: false},
      {type: "computed", report: "R(older)"},
    ]);
    const second = run(
      [
        {type: "drop", names: [newer.name]},
        {type: "read", results: [newer], aborted: false},
      ],
      first,
    );
    expect(names((second.job as {counted: readonly FileResult[]}).counted)).toEqual(["ana-2026-12-07.json"]);
    // Only the two exports change places: a CSV holding ana's scores, listed between ana's export and another
    // trainee's newer one, is held as it was (ana's export counts).
    const mix: FileResult = {...file("mix.csv"), kind: "csv", ratings: older.ratings, places: new Int32Array(2)};
    const zed = {...file("zed.json", {ratings: 2}), exportedAt: "2026-12-09T09:00:00.000Z"};
    const mixed = run([
      {type: "drop", names: ["ana-2026-12-01.json", "mix.csv", "zed.json"]},
      {type: "read", results: [older, mix, zed], aborted: false},
    ]);
    expect(names((mixed.job as {counted: readonly FileResult[]}).counted)).toEqual(["ana-2026-12-01.json", "zed.json"]);
    // A newer export with fewer ratings may come from another browser: the order chosen stands.
    const fewer = exportOf("ana-2026-12-09.json", "2026-12-09T09:00:00.000Z", 1);
    const kept = run([
      {type: "drop", names: [newer.name, fewer.name]},
      {type: "read", results: [newer, fewer], aborted: false},
    ]);
    expect(names((kept.job as {counted: readonly FileResult[]}).counted)).toEqual(["ana-2026-12-07.json"]);
  });

  it("decides every file again in order after a remove, so no rater is counted in two files", () => {
    // a.csv has r1; b.csv has r1 and r2, held because a.csv holds r1's scores; c.csv has r2, counted (b.csv counted
    // nothing when it was read). Once a.csv goes, b.csv counts, and c.csv scores r2's item again: c.csv is held.
    const ratingsOf = (name: string, raters: string[]) =>
      ratingColumns(
        raters.map((rater) => ({rater, item: "example-1", phase: "vague" as const, score: 3 as const, file: name})),
        itemIds,
      );
    const listed = (name: string, raters: string[], held = false): FileResult => {
      const ratings = ratingsOf(name, raters);
      const places = new Int32Array(raters.length);
      return {
        ...file(name),
        kind: "csv",
        ...(held
          ? {held: {ratings, places}, problems: [{file: name, message: "is also in a.csv"}]}
          : {ratings, places}),
      };
    };
    const a = listed("a.csv", ["r1"]);
    const b = listed("b.csv", ["r1", "r2"], true);
    const c = listed("c.csv", ["r2"]);
    const kept = run([
      {type: "drop", names: ["a.csv", "b.csv", "c.csv"]},
      {type: "read", results: [a, b, c], aborted: false},
      {type: "computed", report: "R(a, c)"},
    ]);
    const removing = intakeAfter(kept, {type: "remove", name: "a.csv"});
    const job = removing.job as {counted: readonly FileResult[]; next: readonly FileResult[]};
    expect(names(job.counted)).toEqual(["b.csv"]);
    expect(job.counted[0]!.ratings).toBe(b.held!.ratings);
    const [, heldC] = job.next;
    expect(heldC!.name).toBe("c.csv");
    expect(heldC!.ratings.raters).toEqual([]);
    expect(heldC!.held!.ratings).toBe(c.ratings);
    expect(heldC!.problems).toHaveLength(1);
    expect(heldC!.problems[0]!.message).toContain("b.csv");
    const done = intakeAfter(removing, {type: "computed", report: "R(b)"});
    expect(done.status).toBe("a.csv removed. 1 file counted, 1 file left out (see the list).");
  });

  it("words only what a remove did, never an earlier drop's files again", () => {
    // day (2).json, dropped as day.json beside the kept one, is held: it scores again what day.json holds. Removing
    // bob.json decides it again (still held, a new object); the status says nothing of its drop.
    const day = file("day.json", {ratings: 2});
    const numbered: FileResult = {
      ...file("day (2).json"),
      dropped: {name: "day.json", again: false},
      problems: [{file: "day (2).json", message: "is also in day.json"}],
      held: {ratings: day.ratings, places: day.places},
    };
    const kept = run([
      {type: "drop", names: ["day.json", "day.json", "bob.json"]},
      {type: "read", results: [day, numbered, bob], aborted: false},
      {type: "computed", report: "R(day, bob)"},
    ]);
    expect(kept.status).toBe(
      "2 files counted, 1 file left out (see the list). day.json has the name of a file already listed but not its " +
        "content: both are kept, this one as day (2).json.",
    );
    const done = run(
      [
        {type: "remove", name: "bob.json"},
        {type: "computed", report: "R(day)"},
      ],
      kept,
    );
    expect(names(done.kept)).toEqual(["day.json", "day (2).json"]);
    expect(done.status).toBe("bob.json removed. 1 file counted, 1 file left out (see the list).");
  });

  it("counts nothing from a drop cancelled while read, and keeps the files and report shown before", () => {
    const kept = run([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [alice], aborted: false},
      {type: "computed", report: "R(alice)"},
    ]);
    // The drop holds a new alice.json too, yet the kept one stays: a cancelled drop replaces nothing.
    const large = {...file("large.csv", {ratings: 2}), kind: "csv" as const, cancelled: true};
    const alice2 = {...file("alice.json"), cancelled: true};
    const cancelled = run(
      [
        {type: "drop", names: ["large.csv", "alice.json"]},
        {type: "read", results: [large, alice2], aborted: true},
      ],
      kept,
    );
    expect(cancelled.kept).toEqual([alice]);
    expect(cancelled.report).toBe("R(alice)");
    expect(cancelled.job).toBeNull();
    expect(cancelled.status).toBe(
      "Reading cancelled: nothing from these files is counted. The report still shows the files before.",
    );
    // The cancelled files are listed after the kept ones, with no ratings and no problems.
    expect(names(listedFiles(cancelled))).toEqual(["alice.json", "large.csv", "alice.json"]);
    const [listed] = cancelled.cancelled;
    expect(listed).toMatchObject({name: "large.csv", cancelled: true, problems: [], more: 0});
    expect(listed!.ratings.code.length).toBe(0);
    expect(canClear(cancelled)).toBe(true);

    // The next drop kept, the cancelled files are no longer listed.
    const next = run(
      [
        {type: "drop", names: ["bob.json"]},
        {type: "read", results: [bob], aborted: false},
        {type: "computed", report: "R(alice, bob)"},
      ],
      cancelled,
    );
    expect(names(listedFiles(next))).toEqual(["alice.json", "bob.json"]);
  });

  it("says only that reading was cancelled when no report was shown before", () => {
    const cancelled = run([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [{...alice, cancelled: true}], aborted: true},
    ]);
    expect(cancelled.status).toBe("Reading cancelled: nothing from these files is counted.");
    expect(cancelled.kept).toEqual([]);
  });

  it("counts nothing from a drop cancelled while computed: even a file with problems is listed as cancelled", () => {
    const kept = run([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [alice], aborted: false},
      {type: "computed", report: "R(alice)"},
    ]);
    const broken = file("broken.json", {problems: 1});
    const cancelled = run(
      [
        {type: "drop", names: ["bob.json", "broken.json"]},
        {type: "read", results: [bob, broken], aborted: false},
        {type: "computed", report: null},
      ],
      kept,
    );
    expect(cancelled.kept).toEqual([alice]);
    expect(cancelled.report).toBe("R(alice)");
    expect(cancelled.status).toBe(
      "Computing cancelled: nothing from these files is counted. The report still shows the files before.",
    );
    expect(cancelled.cancelled.map((f) => [f.name, f.cancelled, f.problems.length, f.ratings.code.length])).toEqual([
      ["bob.json", true, 0, 0],
      ["broken.json", true, 0, 0],
    ]);
  });

  it("says what it could not do when a job fails, and keeps what it had", () => {
    const reading = run([{type: "drop", names: ["alice.json"]}]);
    expect(intakeAfter(reading, {type: "failed", message: "the worker stopped"})).toEqual({
      ...emptyIntake(),
      status: "Could not read the files: the worker stopped",
    });
    const computing = intakeAfter(reading, {type: "read", results: [alice], aborted: false});
    const failed = intakeAfter(computing, {type: "failed", message: "out of memory"});
    expect(failed.status).toBe("Could not compute the figures: out of memory");
    expect(failed.kept).toEqual([]);
    expect(failed.job).toBeNull();
  });

  it("clears every file and the report", () => {
    const kept = run([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [alice], aborted: false},
      {type: "computed", report: "R(alice)"},
    ]);
    expect(intakeAfter(kept, {type: "clear"})).toEqual({
      kept: [],
      cancelled: [],
      report: null,
      job: null,
      status: "The files are cleared.",
    });
  });

  it("refuses an outcome for a job that is not running: the page's mistake", () => {
    expect(() => intakeAfter(emptyIntake<string>(), {type: "read", results: [], aborted: false})).toThrow(
      /no read job/,
    );
    const reading = run([{type: "drop", names: ["alice.json"]}]);
    expect(() => intakeAfter(reading, {type: "computed", report: "R"})).toThrow(/no compute job/);
  });
});

describe("what the cohort page shows besides the intake", () => {
  const alice = file("alice.json", {ratings: 4});
  const shown = (actions: Parameters<typeof intakeShownAfter<string>>[1][]) =>
    actions.reduce(intakeShownAfter<string>, intakeShownStart<string>());

  it("says how far the file being read is, then the intake's own line once it is read", () => {
    const reading = shown([
      {type: "drop", names: ["alice.json"]},
      {type: "progress", file: "alice.json", share: 0.426},
    ]);
    expect(intakeStatus(reading)).toBe("Reading alice.json: 43%");
    const read = intakeShownAfter(reading, {type: "read", results: [alice], aborted: false});
    expect([read.reading, intakeStatus(read)]).toEqual([null, "Computing the figures…"]);
    // A read's progress that arrives once the files are read changes nothing.
    expect(intakeShownAfter(read, {type: "progress", file: "alice.json", share: 1})).toBe(read);
  });

  it("counts each new report, and keeps the same state for what changes nothing", () => {
    const kept = shown([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [alice], aborted: false},
      {type: "computed", report: "R(alice)"},
    ]);
    expect([kept.intake.report, kept.reports]).toEqual(["R(alice)", 1]);
    expect(intakeShownAfter(kept, {type: "clear"}).reports).toBe(2);
    expect(intakeShownAfter(kept, {type: "drop", names: []})).toBe(kept);
    const over = intakeShownAfter(kept, {type: "drag", over: true});
    expect(over.dragging).toBe(true);
    expect(intakeShownAfter(over, {type: "drag", over: true})).toBe(over);
  });

  it("shows a report in one part of the page, changed only when another report is on show", () => {
    const none = {number: 0, report: null};
    const read = shown([
      {type: "drop", names: ["alice.json"]},
      {type: "read", results: [alice], aborted: false},
    ]);
    // Reading and computing show no other report: the part is left as it is.
    expect(reportShownAfter(none, read)).toBe(none);
    const kept = intakeShownAfter(read, {type: "computed", report: "R(alice)"});
    const first = reportShownAfter(none, kept);
    expect(first).toEqual({number: 1, report: "R(alice)"});
    expect(reportShownAfter(first, intakeShownAfter(kept, {type: "drag", over: true}))).toBe(first);
    expect(reportShownAfter(first, intakeShownAfter(kept, {type: "clear"}))).toEqual({number: 2, report: null});
  });
});

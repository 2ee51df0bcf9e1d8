import {describe, expect, it} from "vitest";
import {readRatingsCsv} from "../../../lib/agreement/ratings-csv.js";
import {raterFromFileName, readTraineeFile} from "../../../lib/agreement/ratings-progress.js";
import {
  formatInputProblem,
  problemListLimit,
  RatingsCollector,
  RatingsInputError,
  sameRatersProblem,
  type InputProblem,
} from "../../../lib/agreement/ratings.js";
import {emptyProgress, recordAnswer, serializeProgress} from "../../../lib/trainee/progress.js";
import {exportFile, raterNameProblem} from "../../../lib/trainee/transfer.js";
import {at, csvOf, progressOf} from "./helpers.js";

/** What a rater name with a character that does not show as itself is refused with, wherever it is read. */
const invisible = (codePoint: string) =>
  `a rater name may not hold control characters, invisible characters or marks that reorder text (it holds ${codePoint})`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const items = ["example-1", "example-2", "edge-5b"];
const read = (text: string) => readRatingsCsv(text, "cohort.csv", items);
const problems = (text: string): string[] => read(text).problems.map(formatInputProblem);

describe("ratings from CSV", () => {
  it("reads each line, in any column order, with n/a, spaces around fields, CRLF and a byte-order mark", () => {
    const text =
      "\uFEFFscore, Phase ,item,rater\r\n3,vague,example-1,alice\r\n n/a ,guideline, edge-5b , bob \r\nN/A,vague,edge-5b,bob\r\n";
    const collector = read(text);
    expect(collector.problems).toEqual([]);
    expect(collector.ratings.map(({rater, item, phase, score, line}) => [rater, item, phase, score, line])).toEqual([
      ["alice", "example-1", "vague", 3, 2],
      ["bob", "edge-5b", "guideline", "n/a", 3],
      ["bob", "edge-5b", "vague", "n/a", 4],
    ]);
  });

  it("a header alone, blank lines after it: no ratings and no problem", () => {
    for (const text of ["rater,item,phase,score\n", "rater,item,phase,score\n\n  \n"]) {
      const collector = read(text);
      expect(collector.ratings).toEqual([]);
      expect(collector.problems).toEqual([]);
    }
  });

  it("an empty file, or blank lines alone: the header it lacks, on line 1 (an export that failed, most likely)", () => {
    for (const text of ["", "\n\n", "  \n"]) {
      const collector = read(text);
      expect(collector.ratings).toEqual([]);
      expect(collector.problems).toEqual([
        {file: "cohort.csv", line: 1, message: "expected the header rater,item,phase,score: the file is empty"},
      ]);
    }
    // A first line that does not parse is no empty file: its own problem alone.
    expect(read('"rater,item,phase,score\n').problems.map((problem) => problem.message)).toEqual([
      "a quoted field is never closed (is the file cut short?)",
    ]);
  });

  it("names the file, the line and the field of each bad value, and what would be valid", () => {
    const text = csvOf([
      ["alice", "example-1", "vague", "6"],
      ["alice", "exampel-2", "before", "3"],
      ["", "example-2", "vague", "2.5"],
      ["bob", "example-2", "guideline", "1e309"],
      ["bob", "example-2", "guideline", "99999999999999999999"],
      ["bob", "Example-1", "guideline", "3"],
    ]);
    expect(problems(text)).toEqual([
      'cohort.csv line 2, field score: "6" is not a score: expected 1, 2, 3, 4, 5 or n/a',
      'cohort.csv line 3, field item: unknown item "exampel-2": expected one of example-1, example-2, edge-5b',
      'cohort.csv line 3, field phase: "before" is not a phase: expected vague or guideline',
      "cohort.csv line 4, field rater: empty: expected the rater's name",
      'cohort.csv line 4, field score: "2.5" is not a score: expected 1, 2, 3, 4, 5 or n/a',
      'cohort.csv line 5, field score: "1e309" is not a score: expected 1, 2, 3, 4, 5 or n/a',
      'cohort.csv line 6, field score: "99999999999999999999" is not a score: expected 1, 2, 3, 4, 5 or n/a',
      // (stop 78, a coordinator's walk) a known id written with capitals is told the fix, not the list.
      'cohort.csv line 7, field item: unknown item "Example-1": ids are lower case, write "example-1"',
    ]);
  });

  it("a wrong header (another schema, another kind of file) stops the file at line 1, quoting nothing of it", () => {
    const header = "cohort.csv line 1: expected the header rater,item,phase,score";
    expect(problems("name,item,score\nalice,example-1,3\n")).toEqual([`${header}: it lacks rater, phase`]);
    expect(problems('{"app":"rater-notebook"}\n')).toEqual([`${header}: it names none of these columns`]);
    expect(problems("rater,item,phase,score,extra\n")).toEqual([`${header}: it has 5 columns`]);
    expect(problems("rater,item,phase,rater\n")).toEqual([`${header}: it lacks score`]);
    // A system file given by mistake (a link to /etc/passwd): nothing of it is printed.
    const passwd = problems("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n");
    expect(passwd).toEqual([`${header}: it names none of these columns`]);
  });

  it("a header separated by semicolons or tabs is told to use commas, and a phase in capitals is read", () => {
    const header = "cohort.csv line 1: expected the header rater,item,phase,score";
    const fix = "save it as CSV with commas between the columns";
    expect(problems("rater;item;phase;score\nalice;example-1;vague;3\n")).toEqual([
      `${header}: it separates its columns with semicolons: ${fix}`,
    ]);
    expect(problems("Rater\tItem\tPhase\tScore\n")).toEqual([`${header}: it separates its columns with tabs: ${fix}`]);
    expect(problems("rater|item|phase|score\n")).toEqual([`${header}: it separates its columns with bars: ${fix}`]);
    // Semicolons that do not make the four columns are not guessed at.
    expect(problems("rater;item;score\n")).toEqual([`${header}: it names none of these columns`]);
    const capitals = read(
      csvOf([
        ["alice", "example-1", "Vague", "3"],
        ["alice", "example-1", " GUIDELINE ", "4"],
      ]),
    );
    expect(capitals.problems).toEqual([]);
    expect(capitals.ratings.map((rating) => rating.phase)).toEqual(["vague", "guideline"]);
  });

  it("a truncated file: a short last line, or a quote never closed", () => {
    expect(problems("rater,item,phase,score\nalice,example-1,vague,3\nbob,example-1,vague,n/")).toEqual([
      'cohort.csv line 3, field score: "n/" is not a score: expected 1, 2, 3, 4, 5 or n/a',
    ]);
    expect(problems("rater,item,phase,score\nalice,example-1,vague,3\nbob,exam")).toEqual([
      "cohort.csv line 3: expected 4 fields (rater,item,phase,score), found 2",
    ]);
    expect(problems('rater,item,phase,score\nalice,example-1,vague,3\n"bob,example-1,vague,3\n')).toEqual([
      "cohort.csv line 3: a quoted field is never closed (is the file cut short?)",
    ]);
  });

  it("counts a quoted field's line breaks, so later lines keep their real numbers", () => {
    const text = 'rater,item,phase,score\n"alice\nsmith",example-1,vague,3\nbob,example-1,vague,7\n';
    expect(problems(text)).toEqual([
      'cohort.csv line 2, field rater: "alice\\nsmith": ' + invisible("U+000A"),
      'cohort.csv line 4, field score: "7" is not a score: expected 1, 2, 3, 4, 5 or n/a',
    ]);
  });

  it("one score per rater, item and phase: a second one names where the first was read", () => {
    const text = csvOf([
      ["alice", "example-1", "vague", "3"],
      ["alice", "example-1", "guideline", "4"],
      ["alice", "example-1", "vague", "4"],
    ]);
    expect(problems(text)).toEqual([
      'cohort.csv line 4: "alice" already scored example-1 in the vague phase (cohort.csv line 2): ' +
        "expected one score per rater, item and phase",
    ]);
  });

  it("hostile names: markup stays text; terminal escapes, bidi overrides and very long names are refused", () => {
    const collector = read(
      csvOf([
        ["<script>alert(1)</script>", "example-1", "vague", "3"],
        ['=HYPERLINK("x")', "example-1", "vague", "3"],
        ["\u001b[31mred", "example-1", "vague", "3"],
        ["evil\u202Egnp.exe", "example-1", "vague", "3"],
        ["x".repeat(81), "example-1", "vague", "3"],
      ]),
    );
    expect(collector.ratings.map((rating) => rating.rater)).toEqual(["<script>alert(1)</script>", '=HYPERLINK("x")']);
    // The override is shown escaped: printed raw, it would turn the rest of the line around.
    expect(collector.problems.map(formatInputProblem)).toEqual([
      'cohort.csv line 4, field rater: "\\u001b[31mred": ' + invisible("U+001B"),
      'cohort.csv line 5, field rater: "evil\\u{202E}gnp.exe": ' + invisible("U+202E"),
      `cohort.csv line 6, field rater: "${"x".repeat(40)}…": a rater name may be at most 80 characters`,
    ]);
  });

  it("a message shows what it quotes escaped: no bidi control or line separator is printed raw", () => {
    const lines = problems(
      csvOf([
        ["ana", "example\u202E-1", "vague", "3"],
        ["ana", "example-1", "vag\u2028ue", "3"],
        ["ana", "example-1", "vague", "3\u200B"],
      ]),
    );
    expect(lines).toEqual([
      'cohort.csv line 2, field item: unknown item "example\\u{202E}-1": expected one of example-1, example-2, edge-5b',
      'cohort.csv line 3, field phase: "vag\\u{2028}ue" is not a phase: expected vague or guideline',
      'cohort.csv line 4, field score: "3\\u{200B}" is not a score: expected 1, 2, 3, 4, 5 or n/a',
    ]);
    // A file's name is shown the same way.
    const named = readRatingsCsv("rater,item,phase,score\nana,example-1,vague,7\n", "a\u202Eb.csv", items);
    expect(named.problems.map(formatInputProblem)).toEqual([
      'a\\u{202E}b.csv line 2, field score: "7" is not a score: expected 1, 2, 3, 4, 5 or n/a',
    ]);
  });

  it("lists at most 50 problems and counts the rest", () => {
    const rows = Array.from({length: 80}, (_, i) => [`r${i}`, "example-1", "vague", "9"]);
    const collector = read(csvOf(rows));
    expect(collector.problems).toHaveLength(problemListLimit);
    expect(() => collector.result()).toThrow(RatingsInputError);
    try {
      collector.result();
    } catch (error) {
      expect((error as RatingsInputError).more).toBe(30);
      expect((error as Error).message.split("\n").at(-1)).toBe("... and 30 more problems");
    }
  });
});

describe("ratings from a trainee's progress file", () => {
  const readFile = (text: string, file = "trainees/alice.json", collector = new RatingsCollector()) =>
    readTraineeFile(text, file, items, collector);

  it("first attempts of the walk, in the phase recorded; retries and the self-check are left out", () => {
    const record = progressOf(
      [
        ["example-1", "vague", 3],
        ["example-1", "guideline", 5],
        ["edge-5b", "guideline", "n/a"],
      ],
      {retries: [["example-1", "guideline", 4]], selfCheck: [["example-2", 2]]},
    );
    const collector = readFile(serializeProgress(record));
    expect(collector.problems).toEqual([]);
    expect(collector.ratings.map(({rater, item, phase, score, answer}) => [rater, item, phase, score, answer])).toEqual(
      [
        ["alice", "example-1", "vague", 3, 0],
        ["alice", "example-1", "guideline", 5, 1],
        ["alice", "edge-5b", "guideline", "n/a", 2],
      ],
    );
  });

  it("no 'before' score given after the example's first answer with the guideline", () => {
    // Example 2 checked with the guideline at 10:01, then scored under the vague line at 10:05: not a score from before
    // the guideline. Example 1's, given first, counts.
    const minute = (m: number) => `2026-03-01T10:${String(m).padStart(2, "0")}:00.000Z`;
    const record = [
      {item: "example-1", phase: "vague" as const, score: 2, at: minute(0)},
      {item: "example-2", phase: "guideline" as const, score: 3, at: minute(1)},
      {item: "example-2", phase: "vague" as const, score: 3, at: minute(5)},
    ].reduce((progress, answer) => recordAnswer(progress, {...answer, guideline: "v2"}), emptyProgress());
    const collector = readFile(serializeProgress(record));
    expect(collector.problems).toEqual([]);
    expect(collector.ratings.map(({item, phase, score}) => [item, phase, score])).toEqual([
      ["example-1", "vague", 2],
      ["example-2", "guideline", 3],
    ]);
  });

  it("the rater is the file's name, or the name the record carries", () => {
    expect(raterFromFileName("/tmp/cohort/bob.smith.json")).toBe("bob.smith");
    expect(raterFromFileName("C:\\cohort\\carol.json")).toBe("carol");
    const named = {rater: "Dana", ...progressOf([["example-2", "vague", 2]])};
    expect(readFile(JSON.stringify(named)).ratings[0]!.rater).toBe("Dana");
    expect(readFile(JSON.stringify({...named, rater: 7})).problems.map(formatInputProblem)).toEqual([
      "trainees/alice.json at rater: expected the trainee's name as text",
    ]);
  });

  it("a broken, foreign or truncated record is one problem naming the file", () => {
    const record = serializeProgress(progressOf([["example-1", "vague", 3]]));
    const cases: [string, string][] = [
      [record.slice(0, 40), "trainees/alice.json: the file ends in the middle of its JSON: it looks cut short"],
      ['{"app":"other"}', "trainees/alice.json: this is not a Rater Notebook progress file: it is from another app"],
      [
        record.replace('"score":3', '"score":6'),
        "trainees/alice.json: the record is damaged: answers[0].score has an unexpected value 6",
      ],
      [
        record.replace('"version":1', '"version":9'),
        "trainees/alice.json: the file is version 9; this site reads version 1: it comes from a newer Rater Notebook",
      ],
    ];
    for (const [text, message] of cases) expect(readFile(text).problems.map(formatInputProblem)).toEqual([message]);
  });

  it("a number too large to hold (1e400 reads as Infinity) is refused naming the file, the field and the fix", () => {
    const record = serializeProgress(progressOf([["example-1", "vague", 3]]));
    const huge = record.replace('"score":3', '"score":1e400');
    const named = JSON.stringify({rater: "Dana", ...JSON.parse(record)}).replace('"score":3', '"score":1e400');
    const exported = exportFile(progressOf([["example-1", "vague", 3]]), {rater: "Dana", now: at}).replace(
      '"score": 3',
      '"score": 1e400',
    );
    expect(exported).toContain("1e400");
    const refusal = (path: string) =>
      `the file has an impossible number at ${path}: a number too large to hold (such as 1e400): ` +
      "expected a whole number, as the site writes it";
    expect(readFile(huge).problems.map(formatInputProblem)).toEqual([
      `trainees/alice.json: ${refusal("answers[0].score")}`,
    ]);
    expect(readFile(named).problems.map(formatInputProblem)).toEqual([
      `trainees/alice.json: ${refusal("answers[0].score")}`,
    ]);
    expect(readFile(exported).problems.map(formatInputProblem)).toEqual([
      `trainees/alice.json: ${refusal("progress.answers[0].score")}`,
    ]);
    const version = record.replace('"version":1', '"version":1e400');
    // An impossible number, not a newer file: the numbers are checked before the version, as for a saved record.
    expect(readFile(version).problems.map(formatInputProblem)).toEqual([`trainees/alice.json: ${refusal("version")}`]);
  });

  it("one rule for a rater's name, wherever it comes from: the CSV, a trainee's file and the page's export", () => {
    const record = progressOf([["example-1", "vague", 3]]);
    const refused: [string, string][] = [
      ["ana\u200Blee", invisible("U+200B")],
      ["ana\u061Clee", invisible("U+061C")],
      ["ana\u2028lee", invisible("U+2028")],
      ["\u202Egnp.exe", invisible("U+202E")],
      ["x".repeat(81), "a rater name may be at most 80 characters"],
    ];
    for (const [name, fault] of refused) {
      // The page's export form says what is wrong before it writes the file.
      expect(raterNameProblem(name), name).toBe(fault);
      const csv = read(csvOf([[name, "example-1", "vague", "3"]]));
      expect(csv.problems.map((problem) => problem.message)[0], name).toMatch(new RegExp(`: ${escape(fault)}$`));
      // A record with a top-level name, and the export file (written by hand: the page would not write it).
      const bare = readFile(JSON.stringify({rater: name, ...record}));
      expect(bare.problems.map((problem) => problem.message)[0], name).toMatch(new RegExp(`${escape(fault)}$`));
      const exported = exportFile(record, {rater: "Dana", now: at}).replace(
        '"rater": "Dana"',
        () => `"rater": ${JSON.stringify(name)}`,
      );
      expect(readFile(exported).problems.map((problem) => problem.message)[0], name).toMatch(
        new RegExp(`${escape(fault)}$`),
      );
    }
    for (const name of ["Zoë", "<b>Ana</b>", "漢字", "Ana Lind", "x".repeat(80)]) {
      expect(raterNameProblem(name), name).toBeNull();
      expect(read(csvOf([[name, "example-1", "vague", "3"]])).problems, name).toEqual([]);
      expect(readFile(JSON.stringify({rater: name, ...record})).problems, name).toEqual([]);
      expect(readFile(exportFile(record, {rater: name, now: at})).problems, name).toEqual([]);
    }
  });

  it("a name ending in a line separator or a no-break space is refused from a CSV too, not trimmed away", () => {
    for (const [name, escaped] of [
      ["ana\u2028", "ana\\u{2028}"],
      ["\u00A0ana", "\\u{A0}ana"],
    ]) {
      const csv = read(csvOf([[name!, "example-1", "vague", "3"]]));
      expect(csv.ratings, name).toEqual([]);
      expect(csv.problems.map((problem) => problem.message)[0], name).toMatch(
        new RegExp(`^"${escape(escaped!)}": a rater name may not`),
      );
    }
    // Spaces and tabs around a CSV cell are padding.
    expect(read(csvOf([[" ana\t", "example-1", "vague", "3"]])).ratings.map((rating) => rating.rater)).toEqual(["ana"]);
  });

  it("a name typed in two Unicode forms is one rater (NFC)", () => {
    const {ratings} = read(
      csvOf([
        ["Jos\u00E9", "example-1", "vague", "3"],
        ["Jose\u0301", "example-2", "vague", "4"],
      ]),
    );
    expect(new Set(ratings.map((rating) => rating.rater))).toEqual(new Set(["Jos\u00E9"]));
  });

  it("an empty file holds no answers; an answer to an unknown item names its place in the record", () => {
    expect(readFile("").ratings).toEqual([]);
    const record = serializeProgress(progressOf([["example-9", "vague", 3]]));
    expect(readFile(record).problems).toEqual<InputProblem[]>([
      {
        file: "trainees/alice.json",
        field: "answers[0].item",
        message: 'unknown item "example-9": expected one of example-1, example-2, edge-5b',
      },
    ]);
  });

  it("a file name that is no safe rater name is refused, and the same trainee twice is caught", () => {
    const record = serializeProgress(progressOf([["example-1", "vague", 3]]));
    expect(readFile(record, "x\u001b.json").problems.map(formatInputProblem)).toEqual([
      'x\\u{1B}.json: rater name "x\\u001b": ' + invisible("U+001B"),
    ]);
    const collector = new RatingsCollector();
    readFile(record, "a/alice.json", collector);
    readFile(record, "b/alice.json", collector);
    // One line for the two files, not one per score (the page and the command say the same): the second is numbered
    // "alice (2)", as the page lists a second file of a kept name, and its record is the first's.
    expect(collector.problems.map(formatInputProblem)).toEqual([
      "b/alice.json: holds the same trainee's record as a/alice.json, under another name: its first answer is that " +
        "file's, each to the millisecond, so its scores would count twice, as two raters'. Keep one of the two files " +
        "and remove the other.",
    ]);
  });
});

describe("a rater in two files", () => {
  it("names three of the raters two files share, and how many more, in the one list wording", () => {
    const problem = sameRatersProblem({file: "b.csv", first: "a.csv", raters: ["a", "b", "c", "d", "e"], scores: 5});
    expect(problem.message).toMatch(/^"a", "b", "c" and 2 more are also in a\.csv, which already holds 5 of /);
    const two = sameRatersProblem({file: "b.csv", first: "a.csv", raters: ["a", "b"], scores: 2});
    expect(two.message).toMatch(/^"a" and "b" are also in a\.csv,/);
  });

  it("does not tell the newer export to be kept when it holds fewer scores: it may come from another browser", () => {
    const exported = {file: "2026-12-06T14:05:00.000Z", first: "2026-12-05T09:30:00.000Z"};
    const base = {file: "ana-2.json", first: "ana-1.json", raters: ["Ana"], scores: 4, exported};
    const fewer =
      "but it holds fewer scores (4 against 13): a record only grows in the browser that keeps it, so this one may " +
      "come from another. Keep the file whose scores you mean to count and remove the other.";
    // The newer (this file) holds 4 scores, the older 13.
    expect(sameRatersProblem({...base, sizes: {file: 4, first: 13}}).message).toContain(
      " The newer export is this file (exported 2026-12-06 14:05:00 UTC; ana-1.json was exported 2026-12-05 " +
        `09:30:00 UTC), ${fewer}`,
    );
    // Holding as many or more, the newer is the one to keep.
    expect(sameRatersProblem({...base, sizes: {file: 13, first: 4}}).message).toMatch(
      /: keep it and remove ana-1\.json\.$/,
    );
    // The older file newer: the same, the other way round.
    const swapped = {...base, exported: {file: exported.first, first: exported.file}};
    expect(sameRatersProblem({...swapped, sizes: {file: 13, first: 4}}).message).toContain(
      " The newer export is ana-1.json (exported 2026-12-06 14:05:00 UTC; this file was exported 2026-12-05 " +
        `09:30:00 UTC), ${fewer}`,
    );
  });
});

describe("ratings from a CSV stream", () => {
  it("reads the same ratings and problems, at the same lines, as from the whole text, whatever the chunks", async () => {
    const {Readable} = await import("node:stream");
    const {readRatingsCsvStream} = await import("../../../lib/agreement/ratings-csv.js");
    const rows = Array.from({length: 400}, (_, i) => [
      i % 97 === 0 ? `"r${i}\nx"` : `r${i}`,
      items[i % 3]!,
      i % 2 ? "vague" : "guideline",
      i % 53 === 0 ? "9" : String(1 + (i % 5)),
    ]);
    const text = csvOf(rows);
    const whole = read(text);
    for (const size of [7, 64, 1000]) {
      const chunks = Array.from({length: Math.ceil(text.length / size)}, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      );
      const streamed = await readRatingsCsvStream(Readable.from(chunks), "cohort.csv", items);
      expect(streamed.ratings, `chunks of ${size}`).toEqual(whole.ratings);
      expect(streamed.problems, `chunks of ${size}`).toEqual(whole.problems);
    }
    expect(whole.ratings.length).toBeGreaterThan(300);
    expect(whole.problems.length).toBeGreaterThan(5);
  });
});

// npm run agreement, run as a coordinator runs it: files written to a temporary folder, the command called in
// process.
import {Readable, Writable} from "node:stream";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {cohortItem, ruleTitles as ruleTitlesOf} from "../../lib/agreement/cohort-item.js";
import {cohortReport} from "../../lib/agreement/cohort-report.js";
import {unpackReport} from "../../lib/agreement/packed-report.js";
import {readRatingFiles} from "../../lib/agreement/read-files.node.js";
import {readRatingsCsv} from "../../lib/agreement/ratings-csv.js";
import {cohortLines} from "../../lib/agreement/report-format.js";
import {quote, quotePath} from "../../lib/node/cli.js";
import {loadGuidelines, loadItems, projectRoot} from "../../lib/node/load.js";
import {formatBytes} from "../../lib/text/format.js";
import {serializeProgress} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {computeReport} from "../../lib/agreement/cohort-compute.js";
import {collectedColumns} from "../../lib/agreement/cohort-files.js";
import {csvOf, largeCohortCsv, progressOf} from "../unit/agreement/helpers.js";
import {judgeRunOf} from "../unit/agreement/judge-run.js";
import {agreement} from "../../scripts/agreement.js";
import {runCommand, sink} from "./run.js";

const items = loadItems();

async function run(...args: string[]) {
  const {code, stdout, stderr} = await runCommand(agreement, args);
  return {status: code, stdout, stderr};
}

/** Where two long texts first differ, with a little of each, or null when they are the same. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 80), at + 80));
  return `at character ${at} of ${actual.length} (expected ${expected.length}): ${around(actual)} vs ${around(expected)}`;
}

let dir: string;
const file = (name: string) => join(dir, name);
const escapeForTest = (text: string) => text.replaceAll("\u202E", "\\u{202E}");
const regexOf = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Four raters in a CSV and one trainee's own file: spread out before the guideline, close after it.
const vague: Record<string, (number | "n/a")[]> = {
  "example-1": [5, 3, 3, 4],
  "example-2": [2, 4, 3, 3],
  "example-3": [4, 2, 3, 5],
  "edge-5b": ["n/a", 1, "n/a", 2],
};
const guideline: Record<string, (number | "n/a")[]> = {
  "example-1": [5, 5, 5, 5],
  "example-2": [3, 3, 4, 3],
  "example-3": [3, 3, 3, 2],
  "edge-5b": ["n/a", "n/a", "n/a", "n/a"],
};
const raters = ["bob", "carol", "<script>alert(1)</script>", "=SUM(A1)"];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "rater-notebook-agreement-"));
  const rows = Object.entries({vague, guideline}).flatMap(([phase, scores]) =>
    Object.entries(scores).flatMap(([item, given]) => raters.map((rater, i) => [rater, item, phase, String(given[i])])),
  );
  writeFileSync(file("cohort.csv"), csvOf(rows));
  // Two edge cases the same raters scored after the guideline only: not in the headline, which compares the same items.
  writeFileSync(
    file("after-only.csv"),
    csvOf(
      Object.entries({"edge-2": [4, 2, 5, 1], "edge-3": [1, 3, 5, 2]}).flatMap(([item, given]) =>
        raters.map((rater, i) => [rater, item, "guideline", String(given[i])]),
      ),
    ),
  );
  writeFileSync(
    file("alice.json"),
    serializeProgress(
      progressOf(
        [
          ["example-1", "vague", 4],
          ["example-2", "vague", 3],
          ["example-1", "guideline", 5],
          ["example-2", "guideline", 3],
        ],
        {retries: [["example-1", "guideline", 1]], selfCheck: [["calibration-a", 1]]},
      ),
    ),
  );
  // Alice's file again, from a later day: she has taken the blind self-check on the notebook's seven fresh cases too.
  mkdirSync(file("later"));
  writeFileSync(
    file("later/alice.json"),
    serializeProgress(
      progressOf(
        [
          ["example-1", "vague", 4],
          ["example-2", "vague", 3],
          ["example-1", "guideline", 5],
          ["example-2", "guideline", 3],
        ],
        {
          retries: [["example-1", "guideline", 1]],
          selfCheck: [["calibration-a", 1], ...[1, 2, 3, 4, 5, 6, 7].map((n): [string, 3] => [`fresh-${n}`, 3])],
        },
      ),
    ),
  );
  writeFileSync(
    file("bad.csv"),
    csvOf([
      ["dan", "example-1", "vague", "6"],
      ["dan", "example-99", "before", "3"],
    ]),
  );
  writeFileSync(file("empty.csv"), "");
  writeFileSync(file("header-only.csv"), "rater,item,phase,score\n");
  writeFileSync(file("binary.csv"), Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x81]));
  // 50 MB without writing 50 MB: a sparse file has the size and no data.
  writeFileSync(file("huge.csv"), "rater,item,phase,score\n");
  truncateSync(file("huge.csv"), 50 * 1024 * 1024);
  // 3 MB: within a CSV's cap, past a progress file's limit (2 MB), which a .json file is held to before reading.
  writeFileSync(file("huge.json"), "{");
  truncateSync(file("huge.json"), 3_000_000);
  mkdirSync(file("folder.csv"));
  // A judge's run over the CSV's items: example-1 4 (ruled 5, one off), example-2 3 and example-3 3 (ruled 3: exact),
  // edge-5b answered with prose (no rating).
  const judged = [
    ["example-1", 4],
    ["example-2", 3],
    ["example-3", 3],
    ["edge-5b", null],
  ] as const;
  writeFileSync(
    file("judge.json"),
    JSON.stringify(judgeRunOf("openai/gpt-5-mini", "2026-08-10T12:00:00.000Z", judged)),
  );
  const broken = judgeRunOf("openai/gpt-5-mini", "2026-08-10T12:00:00.000Z", [...judged, ["example-99", 2]]);
  (broken.answers[1]!.answer as {score: unknown}).score = 0;
  writeFileSync(file("judge-broken.json"), JSON.stringify(broken));
  // 9 MB: past a judge run's cap (8 MiB), the larger of a .json file's two kinds.
  writeFileSync(file("huge-judge.json"), '{"kind": "judge-run"');
  truncateSync(file("huge-judge.json"), 9_000_000);
});

afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe("npm run agreement", () => {
  it("runs on the guide's made-up cohort, docs/examples/ratings.csv, with the figures the guide gives", async () => {
    const {status, stdout, stderr} = await run("docs/examples/ratings.csv");
    expect(stderr).toBe("");
    expect(status).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("Read 1 file: docs/examples/ratings.csv (CSV, 42 ratings)");
    expect(lines[1]).toBe("Cohort: 3 raters, 7 items, 42 ratings");
    // By hand, 21 pairs a phase (3 raters, 7 items): before, only example-5's 5 and 5 agree exactly (1 of 21, 4.8%)
    // and 13 pairs lie within one point (61.9%); after, 17 agree exactly (81.0%) and every pair lies within one.
    const agree = lines.filter((line) => line.trim().startsWith("Raters agree:")).map((line) => line.trim());
    expect(agree).toEqual([
      "Raters agree: exactly 4.8%, within one point 61.9%",
      "Raters agree: exactly 81.0%, within one point 100.0%",
    ]);
  });

  it("prints both phases and the headline for CSV and trainee files together", async () => {
    const {status, stdout, stderr} = await run(file("cohort.csv"), file("alice.json"));
    expect(stderr).toBe("");
    expect(status).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe(
      `Read 2 files: ${file("cohort.csv")} (CSV, 32 ratings), ${file("alice.json")} (trainee's record, 4 ratings)`,
    );
    expect(lines[1]).toBe("Cohort: 5 raters, 4 items, 36 ratings");
    expect(stdout).toContain("Headline: ordinal alpha on the 4 items rated both before and after the guideline (");
    expect(stdout).toMatch(/^ {2}before the guideline -?\d\.\d{3} \[95% CI /m);
    expect(stdout).toContain("Before the guideline (vague phase): 5 raters, 4 items, 18 ratings (2 n/a)");
    expect(stdout).toContain("After the guideline (guideline phase): 5 raters, 4 items, 18 ratings (4 n/a)");
    // A rater named with markup is printed as the text it is.
    expect(stdout).toMatch(/^ {4}<script>alert\(1\)<\/script> {2,}4 /m);
    expect(stdout).not.toMatch(/NaN|Infinity|undefined/);
  });

  it("the text, --json and --csv summary give the same headline, on the items rated both times, the rest apart", async () => {
    const files = [file("cohort.csv"), file("after-only.csv")];
    const json = JSON.parse((await run(...files, "--json")).stdout);
    const text = (await run(...files)).stdout;
    const summary = (await run(...files, "--csv", "summary")).stdout.split("\r\n");
    const {headline} = json;
    expect(headline.items).toEqual(["example-1", "example-2", "example-3", "edge-5b"]);
    expect(headline.only.guideline.items).toEqual(["edge-2", "edge-3"]);
    // The phase's own alpha, over six items, is not the headline's, over four.
    expect(json.guideline.items).toBe(6);
    expect(json.guideline.alpha.ordinal.value).not.toBe(headline.after.value);
    for (const [line, f] of [
      ["  before the guideline ", headline.before],
      ["  after the guideline ", headline.after],
    ] as const)
      expect(text).toContain(`${line}${f.value.toFixed(3)} [95% CI ${f.interval.low.toFixed(3)} to `);
    expect(text).toContain("Rated after the guideline only, apart from the headline: 2 items (edge-2, edge-3), ");
    const row = (phase: string) => summary.find((line) => line.startsWith(`${phase},alpha ordinal,`))!.split(",");
    expect(row("matched vague").slice(2, 5)).toEqual(
      [headline.before.value, headline.before.interval.low, headline.before.interval.high].map(String),
    );
    expect(row("matched guideline")[2]).toBe(String(headline.after.value));
    expect(row("change").slice(2, 5)).toEqual(
      [headline.change.value, headline.change.interval.low, headline.change.interval.high].map(String),
    );
    expect(row("guideline only")[2]).toBe(String(headline.only.guideline.alpha.value));
  });

  it("names a file of one rating in the singular", async () => {
    writeFileSync(file("one.csv"), "rater,item,phase,score\nzoe,example-1,vague,3\n");
    const {status, stdout} = await run(file("cohort.csv"), file("one.csv"));
    expect(status).toBe(0);
    expect(stdout.split("\n")[0]).toBe(
      `Read 2 files: ${file("cohort.csv")} (CSV, 32 ratings), ${file("one.csv")} (CSV, 1 rating)`,
    );
  });

  it("counts a judge's run as a rater after the guideline, named by its model, against the ruled scores", async () => {
    const {status, stdout, stderr} = await run(file("cohort.csv"), file("judge.json"));
    expect([status, stderr]).toEqual([0, ""]);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe(
      `Read 2 files: ${file("cohort.csv")} (CSV, 32 ratings), ${file("judge.json")} (judge run, 3 ratings)`,
    );
    expect(lines[1]).toBe("Cohort: 5 raters, 4 items, 35 ratings");
    expect(stdout).toContain("Before the guideline (vague phase): 4 raters, 4 items, 16 ratings (2 n/a)");
    expect(stdout).toContain("After the guideline (guideline phase): 5 raters, 4 items, 19 ratings (4 n/a)");
    // 3 scored, 2 of them the ruled score (66.7%), all 3 within one (100.0%).
    expect(stdout).toMatch(/^ {4}openai\/gpt-5-mini \(judge, 2026-08-10 12:00:00\.000 UTC\) +3 +66\.7% +100\.0% /m);

    const json = JSON.parse((await run(file("cohort.csv"), file("judge.json"), "--json")).stdout);
    expect(json.files[1]).toEqual({path: file("judge.json"), kind: "judge", ratings: 3});
    const judge = json.guideline.raterAgreement.find((entry: {rater: string}) => entry.rater.includes("(judge"));
    expect(judge).toMatchObject({
      rater: "openai/gpt-5-mini (judge, 2026-08-10 12:00:00.000 UTC)",
      scored: 3,
      exact: {value: 2 / 3},
      withinOne: {value: 1},
    });
    expect(json.vague.raterAgreement.map((entry: {rater: string}) => entry.rater)).not.toContain(judge.rater);
  });

  it("lists a broken judge run's problems with the file and the field, exit 1", async () => {
    const {status, stdout, stderr} = await run(file("cohort.csv"), file("judge-broken.json"));
    expect([status, stdout]).toEqual([1, ""]);
    const lines = stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `${file("judge-broken.json")} at answers[1].answer.score: "0" is not a score: expected 1, 2, 3, 4, 5 or n/a`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${regexOf(file("judge-broken.json"))} at answers\\[4\\]\\.case: unknown item "example-99": expected one of `,
      ),
    );
    expect(lines.slice(2)).toEqual(["agreement: fix the ratings above (2 problems)"]);
  });

  it("--json: each phase under its name, each coefficient under its own, the same as computed in-process", async () => {
    const {status, stdout} = await run(file("cohort.csv"), file("alice.json"), "--json");
    expect(status).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json.vague.alpha)).toEqual(["nominal", "ordinal", "interval", "ratio"]);
    expect(Object.keys(json.guideline.ac2)).toEqual(["linear", "quadratic", "ordinal"]);
    expect(json.vague.fleiss).toHaveProperty("value");
    expect(json.headline.metric).toBe("ordinal");
    expect(json.headline.after.value).toBe(json.guideline.alpha.ordinal.value);
    expect(json.files).toEqual([
      {path: file("cohort.csv"), kind: "csv", ratings: 32},
      {path: file("alice.json"), kind: "trainee", ratings: 4},
    ]);
    expect(json.vague.raterAgreement.map((entry: {rater: string}) => entry.rater)).toContain(
      "<script>alert(1)</script>",
    );
    // Seeded: a second computation, here in this process, gives the very same report.
    const {ratings} = readRatingFiles(
      [file("cohort.csv"), file("alice.json")],
      items.map((item) => item.id),
    );
    const {files: _files, ...report} = json;
    expect(report).toEqual(JSON.parse(JSON.stringify(cohortReport(ratings, items))));
  });

  it("reads a trainee's file with answers to the notebook's fresh cases: the case study's figures are unchanged", async () => {
    // The fresh cases are scored only in the blind self-check, whose answers are not ratings of the walk: the file
    // gives the same four ratings, and the report is the one without them.
    const before = JSON.parse((await run(file("cohort.csv"), file("alice.json"), "--json")).stdout);
    const {status, stdout, stderr} = await run(file("cohort.csv"), file("later/alice.json"), "--json");
    expect([status, stderr]).toEqual([0, ""]);
    const {files, ...report} = JSON.parse(stdout);
    expect(files[1]).toEqual({path: file("later/alice.json"), kind: "trainee", ratings: 4});
    const {files: _files, ...expected} = before;
    expect(report).toEqual(expected);
    // And the notebook's cases among the known items change no figure of the case study's.
    const {ratings} = readRatingFiles(
      [file("cohort.csv"), file("later/alice.json")],
      items.map((item) => item.id),
    );
    const caseStudy = items.filter((item) => item.origin === "case-study");
    expect(caseStudy).toHaveLength(26);
    expect(JSON.parse(JSON.stringify(cohortReport(ratings, items)))).toEqual(
      JSON.parse(JSON.stringify(cohortReport(ratings, caseStudy))),
    );
  });

  it("refuses files that together pass the run's cap, naming the file that passes it", () => {
    const ids = items.map((item) => item.id);
    const csv = file("cohort.csv");
    const one = statSync(csv).size;
    // Two more files, each its own raters (a file the same bytes as another is read once, uncounted): each rater's
    // name prefixed, a letter a row.
    const [second, third] = ["x", "y"].map((prefix) => {
      const path = file(`cohort-${prefix}.csv`);
      const [header, ...rows] = readFileSync(csv, "utf8").trimEnd().split("\n");
      writeFileSync(path, [header, ...rows.map((row) => prefix + row)].join("\n") + "\n");
      return path;
    });
    const fit = 2 * statSync(second!).size;
    expect(fit).toBeGreaterThan(2 * one);
    expect(() => readRatingFiles([second!, third!], ids, {totalCap: fit})).not.toThrow();
    expect(() => readRatingFiles([second!, third!, csv], ids, {totalCap: fit})).toThrow(
      `${quote(csv)}: the files up to this one hold more than ${formatBytes(fit)}, the most read in one run: give fewer files at a time`,
    );
  });

  it("counts a file named twice, or the same bytes under another name, once, saying so; exit 0", async () => {
    // A long name, as an export's is: named whole, not cut at 60 characters.
    const copy = file("cohort-copy-of-the-spring-cohort-exported-2026-12-01-by-the-coordinator.csv");
    writeFileSync(copy, readFileSync(file("cohort.csv")));
    const once = await run(file("cohort.csv"));
    // The second names the first by another spelling of its path.
    const repeated = await run(file("cohort.csv"), `${dir}/./cohort.csv`, copy);
    expect(repeated.status).toBe(0);
    expect(repeated.stderr.trimEnd().split("\n")).toEqual([
      `agreement: ${quotePath(`${dir}/./cohort.csv`)}: named twice, counted once`,
      `agreement: ${JSON.stringify(copy)}: the same bytes as ${quotePath(file("cohort.csv"))}, counted once`,
    ]);
    expect(repeated.stdout).toBe(once.stdout);
    const {
      ratings,
      files,
      repeated: listed,
    } = readRatingFiles(
      [file("cohort.csv"), copy],
      items.map((item) => item.id),
    );
    expect(files.map((read) => read.path)).toEqual([file("cohort.csv")]);
    expect(listed).toEqual([{path: copy, sameAs: file("cohort.csv")}]);
    expect(ratings).toHaveLength(raters.length * 4 * 2);
  });

  it("stops quietly at the write that meets a closed standard output (EPIPE), called in process", async () => {
    const big = file("big-for-closed.csv");
    writeFileSync(big, largeCohortCsv(2_000, items, 5));
    let writes = 0;
    const closed = new Writable({
      write(_chunk, _encoding, done) {
        writes += 1;
        done(writes > 1 ? Object.assign(new Error("write EPIPE"), {code: "EPIPE"}) : undefined);
      },
    });
    const stderr = sink();
    const io = {stdout: closed, stderr: stderr.stream, stdin: Readable.from([]), env: {}, root: projectRoot};
    expect(await agreement([big, "--json"], io)).toBe(0);
    expect(stderr.text()).toBe("");
    expect(writes).toBe(2);
  });

  it("--csv prints one table, formula-like names kept as text", async () => {
    const {status, stdout} = await run(file("cohort.csv"), "--csv", "raters", "--replicates", "50", "--seed", "3");
    expect(status).toBe(0);
    const lines = stdout.split("\r\n");
    expect(lines[0]).toBe("phase,rater,scored,exact,within_one,kappa,kappa_linear,kappa_quadratic");
    expect(lines.some((line) => line.startsWith(`vague,"'=SUM(A1)",4,`))).toBe(true);
    expect(lines.some((line) => line.startsWith("vague,<script>alert(1)</script>,4,"))).toBe(true);
  });

  it("an empty file (an export that failed, most likely): refused, with the header it lacks, exit 1", async () => {
    const {status, stdout, stderr} = await run(file("empty.csv"));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([
      `${file("empty.csv")} line 1: expected the header rater,item,phase,score: the file is empty`,
      "agreement: fix the ratings above (1 problem)",
    ]);
  });

  it("a header alone: no ratings, every figure not computable, with the reason, exit 0", async () => {
    const {status, stdout} = await run(file("header-only.csv"));
    expect(status).toBe(0);
    expect(stdout).toContain("Cohort: 0 raters, 0 items, 0 ratings");
    expect(stdout).toContain(
      "No comparison of before and after: no item was rated both before and after the guideline: the headline " +
        "compares agreement on the same items, and needs two or more.",
    );
    expect(stdout).toContain(
      "Before the guideline (vague phase): 0 raters, 0 items, 0 ratings\n  no ratings in this phase",
    );
  });

  it("bad rows: every problem with its file, line and field, exit 1, nothing on stdout", async () => {
    const {status, stdout, stderr} = await run(file("cohort.csv"), file("bad.csv"));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([
      `${file("bad.csv")} line 2, field score: "6" is not a score: expected 1, 2, 3, 4, 5 or n/a`,
      expect.stringMatching(/^.*bad\.csv line 3, field item: unknown item "example-99": expected one of example-1, /),
      `${file("bad.csv")} line 3, field phase: "before" is not a phase: expected vague or guideline`,
      "agreement: fix the ratings above (3 problems)",
    ]);
  });

  it("one trainee in two exports: one line naming both files, the newer export and the fix, exit 1", async () => {
    // Ana's early export (the vague phase only), then her final one, as the review had them: 7 scores again.
    const sevens = items.slice(0, 7).map((item) => item.id);
    const early = progressOf(sevens.map((id) => [id, "vague", 3] as const));
    const final = progressOf([
      ...sevens.map((id) => [id, "vague", 3] as const),
      ...sevens.map((id) => [id, "guideline", 4] as const),
    ]);
    writeFileSync(file("ana-early.json"), exportFile(early, {rater: "Ana", now: "2026-12-05T09:30:00.000Z"}));
    writeFileSync(file("ana-final.json"), exportFile(final, {rater: "Ana", now: "2026-12-06T14:05:00.000Z"}));
    const {status, stdout, stderr} = await run(file("ana-early.json"), file("ana-final.json"));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    const earlier = file("ana-early.json");
    expect(stderr.trimEnd().split("\n")).toEqual([
      `${file("ana-final.json")}: "Ana" is also in ${earlier}, which already holds 7 of this file's scores (a rater ` +
        "scores each item once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
        "remove only these raters' scores from it. The newer export is " +
        `this file (exported 2026-12-06 14:05:00 UTC; ${earlier} was exported 2026-12-05 09:30:00 UTC): keep it and remove ` +
        `${earlier}.`,
      "agreement: fix the ratings above (1 problem)",
    ]);
    // The early record exported again later, from another browser: the newer holds fewer scores (7 against 14).
    writeFileSync(file("ana-again.json"), exportFile(early, {rater: "Ana", now: "2026-12-07T08:00:00.000Z"}));
    const again = await run(file("ana-final.json"), file("ana-again.json"));
    expect(again.stderr).toContain(
      `(exported 2026-12-07 08:00:00 UTC; ${file("ana-final.json")} was exported 2026-12-06 14:05:00 UTC), but it ` +
        "holds fewer scores (7 against 14)",
    );
    // Given the other way round, the counts are the files' whole ones (7 and 14), not those read before the last
    // score given again (7 and 7).
    const reversed = await run(file("ana-again.json"), file("ana-final.json"));
    expect(reversed.stderr).toContain(
      `The newer export is ${file("ana-again.json")} (exported 2026-12-07 08:00:00 UTC; this file was exported ` +
        "2026-12-06 14:05:00 UTC), but it holds fewer scores (7 against 14)",
    );
  });

  it("one trainee's unnamed exports: the later left out, naming both; two trainees' of one name both counted", async () => {
    // The review's case: an early and a final export with no name, so each named by its file: 7 answers alike.
    const sevens = items.slice(0, 7).map((item) => item.id);
    const early = progressOf(sevens.map((id) => [id, "vague", 3] as const));
    const final = progressOf([
      ...sevens.map((id) => [id, "vague", 3] as const),
      ...sevens.map((id) => [id, "guideline", 4] as const),
    ]);
    const [earlier, later] = [
      file("rater-notebook-progress-2026-03-01.json"),
      file("rater-notebook-progress-2026-03-08.json"),
    ];
    writeFileSync(earlier, exportFile(early, {now: "2026-03-01T09:30:00.000Z"}));
    writeFileSync(later, exportFile(final, {now: "2026-03-08T14:05:00.000Z"}));
    const {status, stdout, stderr} = await run(earlier, later);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([
      `${later}: holds the same trainee's record as ${earlier}, under another name: its first 7 answers are that ` +
        "file's, each to the millisecond, so its scores would count twice, as two raters'. Keep one of the two files " +
        "and remove the other. The newer export is this file (exported 2026-03-08 14:05:00 UTC; " +
        `${earlier} was exported 2026-03-01 09:30:00 UTC): keep it and remove ${earlier}.`,
      "agreement: fix the ratings above (1 problem)",
    ]);
    // Named in one export and not in the other: the same record still.
    writeFileSync(file("bo.json"), exportFile(final, {rater: "Bo", now: "2026-03-08T14:05:00.000Z"}));
    expect((await run(earlier, file("bo.json"))).stderr).toContain(
      `${file("bo.json")}: holds the same trainee's record as ${earlier}, under another name: its first 7 answers`,
    );
    // The same record exported again under the same file name, from another folder: numbered, as the page lists it,
    // then left out as the same record under another name (it was one rater scoring twice).
    mkdirSync(file("again"), {recursive: true});
    const again = join(dir, "again", "rater-notebook-progress-2026-03-08.json");
    writeFileSync(again, exportFile(final, {now: "2026-03-09T08:00:00.000Z"}));
    expect((await run(later, again)).stderr).toContain(
      `${again}: holds the same trainee's record as ${later}, under another name: its first 14 answers`,
    );
    // Two trainees' unnamed exports of one day, from two folders: both counted, the second numbered.
    mkdirSync(file("other"), {recursive: true});
    const other = join(dir, "other", "rater-notebook-progress-2026-03-08.json");
    writeFileSync(
      other,
      exportFile(progressOf(sevens.map((id) => [id, "vague", 5] as const)), {now: "2026-03-08T16:00:00.000Z"}),
    );
    const both = await run(later, other, "--csv", "raters");
    expect(both.status).toBe(0);
    expect(both.stdout.split("\n").flatMap((line) => (line.startsWith("vague,") ? [line.split(",")[1]] : []))).toEqual([
      "rater-notebook-progress-2026-03-08",
      "rater-notebook-progress-2026-03-08 (2)",
    ]);
  });

  /** The cohort page's own report of a CSV: its reader's ratings as columns, and its worker's computation. */
  function pageReport(text: string, path: string) {
    const ids = items.map((item) => item.id);
    const read = readRatingsCsv(text, path, ids).result();
    const computed = computeReport([collectedColumns(read, ids).ratings], items.map(cohortItem));
    return {ratings: read.length, computed, page: unpackReport(computed.packed)};
  }

  it("a cohort of 5,000 raters: the text and --json answer with the cohort page's figures", async () => {
    const text = largeCohortCsv(5_000, items, 7);
    const path = file("cohort.csv");
    writeFileSync(path, text);
    const plain = await run(path);
    const json = await run(path, "--json");
    for (const output of [plain, json]) expect([output.status, output.stderr]).toEqual([0, ""]);
    const {ratings, page} = pageReport(text, path);
    expect(page.raters).toBe(5_000);
    const files = [{path, kind: "csv", ratings}];
    expect(firstDifference(json.stdout, `${JSON.stringify({files, ...page}, null, 2)}\n`)).toBeNull();
    // The text names rules by their titles under the current guideline, as the cohort page does.
    const ruleTitles = ruleTitlesOf(loadGuidelines().at(-1)!);
    const lines = [
      `Read 1 file: ${path} (CSV, ${ratings.toLocaleString("en")} ratings)`,
      ...cohortLines(page, {ruleTitles}),
    ];
    expect(firstDifference(plain.stdout, `${lines.join("\n")}\n`)).toBeNull();
  });

  // The raters table is the output that grows with the cohort: past the length of an argument list (the text and the
  // JSON writers are held there by test/unit/agreement/cohort-report.test.ts and test/unit/text/json-chunks.test.ts).
  it("a cohort of 130,000 raters: --csv raters answers with the cohort page's table, a row per rater", async () => {
    const text = largeCohortCsv(130_000, items, 7);
    const path = file("large.csv");
    writeFileSync(path, text);
    // The raters table holds no interval: the fewest resamples the command takes leave it as it is.
    const csv = await run(path, "--csv", "raters", "--replicates", "10");
    expect([csv.status, csv.stderr]).toEqual([0, ""]);
    const {computed, page} = pageReport(text, path);
    expect(page.raters).toBe(130_000);
    expect(csv.stdout.split("\r\n")).toHaveLength(1 + page.vague.raters + page.guideline.raters + 1);
    expect(firstDifference(csv.stdout, await computed.csv.raters.text())).toBeNull();
  }, 120_000);

  it("a message shows what it quotes escaped: no bidi control or line separator reaches the terminal raw", async () => {
    const name = "evil\u202Egnp.csv";
    writeFileSync(
      file(name),
      csvOf([
        ["ana\u202Ebob", "example-1", "vague", "3"],
        ["cy", "exa\u2028mple-1", "vague", "3"],
      ]),
    );
    const {status, stdout, stderr} = await run(file(name));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).not.toMatch(/[\u202E\u2028]/);
    const shown = escapeForTest(file(name));
    expect(stderr.trimEnd().split("\n")).toEqual([
      `${shown} line 2, field rater: "ana\\u{202E}bob": a rater name may not hold control characters, invisible ` +
        "characters or marks that reorder text (it holds U+202E)",
      expect.stringMatching(
        new RegExp(`^${regexOf(shown)} line 3, field item: unknown item "exa\\\\u\\{2028\\}mple-1"`),
      ),
      "agreement: fix the ratings above (2 problems)",
    ]);
    const missing = await run(file("gone\u2028.csv"));
    expect(missing.stderr).toBe(
      `agreement: ${JSON.stringify(file("gone")).slice(0, -1)}\\u{2028}.csv": no such file: check its name and its folder\n`,
    );
  });

  // docs/coordinators.md: exit 1 for input it refuses (a file too large or not UTF-8 text), 2 for a file that is not
  // there or not a regular file.
  it.each([
    ["huge.csv", 1, /: larger than 32 MiB, the most read from one file: split the ratings into several files$/],
    ["huge.json", 1, /": the file is 3 MB; a progress file is at most 2 MB$/],
    ["huge-judge.json", 1, /": the file is 9 MB; a judge run is at most 8 MiB and a progress file at most 2 MB$/],
    ["missing.csv", 2, /: no such file: check its name and its folder$/],
    ["folder.csv", 2, /: not a regular file: give a CSV file, a trainee's \.json file or a judge's run file$/],
    ["binary.csv", 1, /: not UTF-8 text: from a spreadsheet, save the ratings as “CSV UTF-8”; or give a trainee's /],
  ])("unreadable input %s: one line naming it, exit %i", async (name, exitCode, message) => {
    const {status, stdout, stderr} = await run(file(name));
    expect(status).toBe(exitCode);
    expect(stdout).toBe("");
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^agreement: ${JSON.stringify(file(name)).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
    expect(lines[0]).toMatch(message);
  });

  it("quotes nothing of a file that is not the kind expected (a link to a system file, under any name)", async () => {
    writeFileSync(file("passwd"), "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n");
    writeFileSync(file("group"), "root:x:0:\ndaemon:x:1:\n");
    for (const name of ["passwd.csv", "passwd.json"]) symlinkSync(file("passwd"), file(name));
    symlinkSync(file("group"), file("group.txt"));
    const {status, stdout, stderr} = await run(file("passwd.csv"), file("passwd.json"), file("group.txt"));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.replaceAll(dir, "")).not.toMatch(/root|daemon|bin/);
    const header = "line 1: expected the header rater,item,phase,score: it names none of these columns";
    expect(stderr.trimEnd().split("\n")).toEqual([
      `${file("passwd.csv")} ${header}`,
      `${file("passwd.json")}: the file is not readable JSON`,
      `${file("group.txt")} ${header}`,
      "agreement: fix the ratings above (3 problems)",
    ]);
  });

  it.each([
    [[], "agreement: missing <files>; usage: npm run agreement -- "],
    [["x.csv", "--bogus"], 'agreement: unknown option "--bogus": expected --json, --csv, --seed, --replicates; usage:'],
    [
      ["x.csv", "--csv", "people"],
      'agreement: --csv: unknown table "people": expected one of summary, items, raters, rules',
    ],
    [["x.csv", "--json", "--csv", "items"], "agreement: --json and --csv: choose one; usage:"],
    [["x.csv", "--seed", "1.5"], 'agreement: --seed: expected a whole number from 0 to 4294967295, got "1.5"'],
    [["x.csv", "--replicates", "1e9"], 'agreement: --replicates: expected a whole number from 10 to 100000, got "1e9"'],
    [["x.csv", "--seed", "-1"], 'agreement: --seed: expected a whole number from 0 to 4294967295, got "-1"'],
    [["x.csv", "--replicates", "-5"], 'agreement: --replicates: expected a whole number from 10 to 100000, got "-5"'],
  ])("usage error %j: one line, exit 2", async (args, start) => {
    const {status, stdout, stderr} = await run(...args);
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr.startsWith(start)).toBe(true);
  });
});

// What a trainee reads on Check, as data and in the order they read it: first the verdict (exact, one off, two or
// more off, and which way) and one sentence about this case; then only the lines where their checklist differs from
// the ruled one, each with the rule and the sentence of it that decides the line; then what matched, as a count.
// Everything else (the rubric row, the full checklist, the flags, the other "why not" notes, the links) follows
// folded. Built on lib/trainee/compare.ts; the page renders it without deciding anything.
import {scoringOf, type Derivation} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {ChecklistLine, Item, ItemNote, ChecklistRuleId} from "../authored/schemas/item.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";
import {compareAnswer, type Comparison} from "./compare.js";
import {lineBehindVerdict} from "./checklist-comparison.js";
import {compareScores, type ScoreComparison} from "./score-distance.js";
import {decidingRule, decidingRuleMatches, type DecidingRule} from "./deciding-rule.js";
import type {Answer} from "./progress.js";
import {logicRule, ruleSentence} from "./rule-sentence.js";
import {listingText} from "./words.js";

export interface Feedback {
  /** The first answer's score: the one recorded. */
  score: ScoreComparison;
  /** The latest answer's score: what the ruling leads with (the first, until a retry). */
  latest: ScoreComparison;
  /** The answers after the first, by attempt: the first counts; later ones show beside it. */
  retries: {attempt: number; score: ScoreComparison}[];
  /** The case study's own name for the case, now that the trainee has committed. */
  caseName: string;
  /**
   * The one sentence about this case: the case study's note on the trainee's score (or, with none there, on the
   * nearest score on the way to the ruled one: compare.ts notesOnTheWay), else what the case teaches.
   */
  /**
   * `terse`: the case study's ruling is all it says of this case (the edge-case map's ruling column: "Met", "Main
   * task met; see Calibration D"), so the lead adds the sentence of the rule that settles it, which says why.
   * `answers`: the label of the note on the trainee's score that this one answers (it then shows whole, as the turn
   * of a note does).
   */
  sentence: {text: string; label: string | null; terse: boolean; answers: string | null};
  /** No checklist: the score alone was given. */
  scoreOnly: boolean;
  differences: Difference[];
  /** Ruled lines the trainee listed and checked the same way. */
  matching: number;
  /** Ruled lines (main task and instructions) in all. */
  ruledLines: number;
  /** For a score given alone: the lines that set the score, with their rules. */
  decidingLines: DecidingLine[];
  /** Their checklist implies another score than the one they gave. */
  checklistMismatch: {implied: Score[]} | null;
  /**
   * Every note the case study wrote for a score: those for the trainee's score first (on it, else on the nearest score
   * on the way to the ruled one; each after the note that answers it), then the rest.
   */
  notes: {own: ItemNote[]; others: ItemNote[]};
  /** The rule that settles the case, and whether the trainee picked it (edge-case map). */
  decidingRule: DecidingRule & {cited: RuleCitation; picked: RuleCitation | null; right: boolean | null};
  comparison: Comparison;
}

export interface FeedbackOptions {
  guideline: Pick<Guideline, "rules" | "logic">;
  derivation: Derivation;
  /** The trainee's pick of the deciding rule, where they were asked for one. */
  decidingPick?: string | undefined;
}

/** A rule cited by its title and the sentence of it that applies (`clause`: the engine's reading of the line). */
export function citation(
  guideline: Pick<Guideline, "rules" | "logic">,
  id: ChecklistRuleId,
  clause: string | null,
  line?: ChecklistLine,
): RuleCitation {
  const rule = guideline.rules.find((candidate) => candidate.id === id);
  if (!rule) return {id, title: id, sentence: ""};
  const sentence = ruleSentence(rule, logicRule(guideline.logic, id), clause, line?.facts);
  return {id, title: rule.title, sentence};
}

/**
 * A lesson quoted from the guideline or its rubric is labelled with where it stands ("The guideline, Step 2: "Only"
 * and "just""): alone, "Unrequested additions break these instructions" lost its subject. One quoted from a case
 * keeps none, since naming a case not yet reached ("Calibration B, Why not 3 …") could hint at its score.
 */
const lessonLabel = (lesson: NonNullable<Item["lesson"]>): string | null =>
  /^The (guideline|rubric), /.test(lesson.from) ? lesson.from : null;

/**
 * The sentence the ruling leads with: the first note on the trainee's score (`own`: the one that answers the note on
 * it, where one does), else the case's own lesson.
 */
function caseSentence(item: Item, own: ItemNote | undefined): Feedback["sentence"] {
  if (own) return {text: own.text, label: own.label, terse: false, answers: own.answers ?? null};
  const lead = {terse: false, answers: null};
  if (item.teaches) return {...lead, text: item.teaches, label: "What it teaches"};
  if (item.lesson) return {...lead, text: item.lesson.text, label: lessonLabel(item.lesson)};
  return {text: item.ruling ?? "", label: null, terse: true, answers: null};
}

/** Everything the trainee reads on Check, for their answers to one item (first attempt first). */
export function feedbackFor(item: Item, answers: readonly Answer[], options: FeedbackOptions): Feedback {
  const {guideline, derivation} = options;
  const first = answers[0]!;
  const latest = answers.at(-1)!;
  const comparison = compareAnswer(item, derivation, latest, scoringOf(guideline));
  const score = compareScores(first.score, item.score);
  const latestScore = compareScores(latest.score, item.score);
  const clauseOf = (index: number) => derivation.lines[index]?.clause ?? null;
  const cite = (index: number, rule: ChecklistRuleId = item.checklist[index]!.rule) =>
    citation(guideline, rule, rule === item.checklist[index]!.rule ? clauseOf(index) : null, item.checklist[index]);
  const yourWords = (line: number) => listingText(item, latest.checklist!.lines[line]!.listing);
  /** The trainee's line (a mark matched to another line) that also covers this ruled line, if any. */
  const insideOf = (index: number): {line: number} | null => {
    const holder = comparison.checklist?.stepOne.listings.findIndex((result) => result.alsoCovers.includes(index));
    return holder !== undefined && holder >= 0 ? {line: holder} : null;
  };
  /** Each trainee line that holds ruled lines besides its own: those ruled lines, by index. */
  const splits = new Map<number, number[]>();
  const grouped = (index: number): GroupedLine => {
    const line = item.checklist[index]!;
    const inferred = line.source === "inferred";
    return {text: line.text, ruled: line.verdict, inferred, because: inferred ? (line.because ?? null) : null};
  };

  /** A grouping's ruled lines, and our reading where any of them is the site's (their becauses together). */
  const read = (lines: GroupedLine[]) => {
    const inferred = lines.filter((line) => line.inferred);
    const because = inferred.flatMap((line) => (line.because ? [line.because] : [])).join(" ");
    return {lines, inferred: inferred.length > 0, because: because || null};
  };

  const deciding = decidingRule(item, derivation, guideline.logic);

  const differences: Difference[] = [];
  let matching = 0;
  const checklist = comparison.checklist;
  if (checklist) {
    // Each ruled line is said once: a main task not listed is a missing line, or, where the trainee chose another
    // line as their main task, part of that one message.
    const mainMissing = checklist.lines.some((line) => line.role === "main" && line.status === "missing");
    const mainMessage = !!checklist.mainDiffers && !(mainMissing && checklist.mainDiffers.line === null);
    if (mainMessage) {
      const ruledMain = item.checklist.find((line) => line.role === "main")!;
      differences.push({
        kind: "main",
        yourMain: checklist.mainDiffers!.line === null ? null : yourWords(checklist.mainDiffers!.line),
        ruledMain: ruledMain.text,
        listed: !mainMissing,
        rule: citation(guideline, "main-task", null),
      });
    }
    for (const line of checklist.lines) {
      const common = {...grouped(line.index), main: line.role === "main"};
      if (line.status === "agree") matching += 1;
      else if (line.status === "verdict-differs")
        differences.push({
          kind: "verdict",
          ...common,
          yourWords: yourWords(line.trainee!.line),
          yours: line.trainee!.verdict!,
          // The Main task's sentence says how to list the line, not why it is met: the thing held against it is cited.
          rule: cite(lineBehindVerdict(item, line.index, line.trainee!.verdict!, () => deciding.rule)),
        });
      else if (line.status === "missing") {
        const inside = insideOf(line.index);
        // Inside a line of theirs with another instruction: a grouping, said once for that line (below).
        if (inside !== null) splits.set(inside.line, [...(splits.get(inside.line) ?? []), line.index]);
        else if (!(line.role === "main" && mainMessage))
          differences.push({
            kind: "missing",
            ...common,
            listRule: cite(line.index, line.listRule!),
          });
      } else
        differences.push({
          kind: "not-checked",
          ...common,
          yourWords: yourWords(line.trainee!.line),
          rule: cite(line.index),
        });
    }
    for (const [holder, inside] of splits) {
      const own = checklist.stepOne.listings[holder]!.match;
      const lines = [...(own.kind === "ruled" ? [own.index] : []), ...inside].map(grouped);
      differences.push({kind: "grouping", yourWords: yourWords(holder), alongside: [], how: "splits", ...read(lines)});
    }
    // A ruled line the trainee listed in pieces (or twice): its pieces said together, in one sentence, in the order of
    // their list. A piece that also holds other ruled lines is said by how the ruling splits it (above).
    const kept = new Map<number, number[]>();
    for (const extra of checklist.extras)
      if (extra.status === "repeat") {
        if (splits.has(extra.line)) continue;
        const first = checklist.stepOne.ruled.find((entry) => entry.index === extra.of)?.listings[0];
        const pieces = kept.get(extra.of!) ?? (first === undefined || splits.has(first) ? [] : [first]);
        kept.set(extra.of!, [...pieces, extra.line]);
      } else
        differences.push({
          kind: "extra",
          yourWords: extra.text,
          status: extra.status,
          note: extra.note,
          inferred: extra.source === "inferred",
          because:
            extra.of !== null && extra.source === "inferred" ? (item.checklist[extra.of]!.because ?? null) : null,
          rule: extra.of === null ? citation(guideline, extra.rule, null) : cite(extra.of, extra.rule),
        });
    for (const [of, pieces] of kept) {
      // A line listed twice in the same words is one piece.
      const [first, ...alongside] = [...new Set(pieces.sort((a, b) => a - b).map(yourWords))];
      differences.push({kind: "grouping", yourWords: first!, alongside, how: "keeps", ...read([grouped(of)])});
    }
  }

  const decidingLines: DecidingLine[] = comparison.checklist
    ? []
    : (deciding.lines.length
        ? deciding.lines
        : item.checklist.flatMap((line, index) => (line.rule === deciding.rule ? [index] : []))
      ).map((index) => ({...grouped(index), main: item.checklist[index]!.role === "main", rule: cite(index)}));
  const decidingIndex = item.checklist.findIndex((line) => line.rule === deciding.rule);
  const picked = options.decidingPick;
  // The ruling speaks of the latest attempt (the one compared): the case study's notes on its score lead.
  const ownNotes = comparison.likelyWrong;

  return {
    score,
    latest: latestScore,
    retries: answers
      .slice(1)
      .map((answer) => ({attempt: answer.attempt, score: compareScores(answer.score, item.score)})),
    caseName: item.title,
    sentence: caseSentence(item, latestScore.distance === "exact" ? undefined : ownNotes[0]),
    scoreOnly: !comparison.checklist,
    differences,
    matching,
    ruledLines: item.checklist.filter((line) => line.role !== "candidate").length,
    decidingLines,
    checklistMismatch:
      comparison.checklistScoreMismatch && comparison.implied?.ok ? {implied: comparison.implied.scores} : null,
    notes: {own: ownNotes, others: item.notes.filter((note) => !ownNotes.includes(note))},
    decidingRule: {
      ...deciding,
      cited: decidingIndex >= 0 ? cite(decidingIndex, deciding.rule) : citation(guideline, deciding.rule, null),
      picked: picked ? citation(guideline, picked as ChecklistRuleId, null) : null,
      right: picked === undefined ? null : decidingRuleMatches(deciding, picked),
    },
    comparison,
  };
}

// What a ruling says of one line: a rule as the feedback cites it, each kind of place where the trainee's checklist
// and the ruled one part (feedbackFor finds them), and a line that sets the score for a score given alone.
/** A rule as the feedback cites it: its title (not its id), the sentence of it that applies, and where it lives. */
export interface RuleCitation {
  id: ChecklistRuleId;
  title: string;
  sentence: string;
}

/** One place where the trainee's checklist and the ruled one part. */
export type Difference =
  | {
      /** They listed the line and checked it otherwise. */
      kind: "verdict";
      text: string;
      yourWords: string;
      yours: Verdict;
      ruled: Verdict;
      main: boolean;
      /** The case study does not rule this line: the site reads it in, for the reason `because` gives. */
      inferred: boolean;
      because: string | null;
      rule: RuleCitation;
    }
  | {
      /** They did not list a ruled line. */
      kind: "missing";
      text: string;
      ruled: Verdict;
      main: boolean;
      inferred: boolean;
      because: string | null;
      /** The Step-1 rule that puts it on the checklist: a missing line is a Step-1 miss. */
      listRule: RuleCitation;
    }
  | {
      /** They listed the line and gave it no verdict: the rule that rules it, as for a verdict that differs. */
      kind: "not-checked";
      text: string;
      yourWords: string;
      ruled: Verdict;
      main: boolean;
      inferred: boolean;
      because: string | null;
      rule: RuleCitation;
    }
  | {
      /** They listed something the ruled checklist does not hold. */
      kind: "extra";
      yourWords: string;
      status: "candidate" | "not-on-checklist" | "repeat";
      /** Why it is off the checklist, for a line the case names (a candidate). */
      note: string | null;
      inferred: boolean;
      because: string | null;
      rule: RuleCitation;
    }
  | {
      /**
       * The trainee grouped the request's words otherwise than the ruling: one of their lines holds several ruled
       * lines ("splits": the ruling splits it into `lines`), or a ruled line is on their list twice, in pieces or again
       * ("keeps": the ruling keeps it as the one line `lines[0]`). Said in one sentence, and nothing more about it.
       */
      kind: "grouping";
      yourWords: string;
      /** "keeps": the trainee's other pieces of that one ruled line, after `yourWords` (their first); else none. */
      alongside: string[];
      how: "splits" | "keeps";
      lines: GroupedLine[];
      /** Any of `lines` is the site's reading, and why (their becauses together). */
      inferred: boolean;
      because: string | null;
    }
  | {
      /** Their main task is another line, or none; `listed`: whether they listed the ruled main task at all. */
      kind: "main";
      yourMain: string | null;
      ruledMain: string;
      listed: boolean;
      /** The rule that says what the main task is. */
      rule: RuleCitation;
    };

/** A ruled line as a ruling names it: its text, its verdict, and whether the site reads it in (with why). */
export interface GroupedLine {
  text: string;
  ruled: Verdict;
  inferred: boolean;
  because: string | null;
}

/** A line that sets the score, for a trainee who gave a score alone: what they would have had to see. */
export type DecidingLine = GroupedLine & {main: boolean; rule: RuleCitation};

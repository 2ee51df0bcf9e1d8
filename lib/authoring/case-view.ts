// What the case editor shows for a record, under the current guideline and the /authors candidate. The engine decides;
// this only hands it what the author has entered. Cheap enough for a keystroke (npm run bench -- --case-editor-only).
import {checkCaseRecord, readCaseFile} from "./case-file.js";
import {checkCase, noWorkedExample, scoresWithoutExample, type RuledCase} from "./case-check.js";
import {notInPoolWords} from "../authored/pool-words.js";
import {derive, type Derivation, type RuleSet} from "../engine/derive.js";
import type {ChecklistLine, Item, QuoteIn} from "../authored/schemas/item.js";
import {fieldPath, problemsFromZod, type Problem} from "../authored/problems.js";
import {languageProblem} from "../authored/language.js";
import {quotedTextWords} from "../authored/problem-words.js";
import type {CaseSchemas, ItemSchema} from "../authored/schemas/facts.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";
import type {RubricRow} from "../engine/rubric.js";
import {caseWords, scoreWords} from "./case-words.js";
import {rubricRowWords, verdictLabels} from "../engine/labels.js";
import {scoreText} from "../trainee/words.js";
import {listWords} from "../text/format.js";
import {quoteValue} from "../text/quote-text.js";
import {caseStudyOriginProblems, glossFromProblems, notebookLineProblems} from "../authored/item-checks.js";
import {caseFileName, isRecord, linesOf, type CaseRecord} from "./case-record.js";
import type {TextName} from "./case-editor.js";
import type {CaseEditorCase} from "./case-editor-data.node.js";
import {recordPlaceClashes} from "./case-places.js";
import {Lexer} from "marked";
import {itemSections, sectionOf} from "../authored/item-text.js";
import {writeItemFile} from "../authored/item-writer.js";
import {locate, quotesOf, textOf} from "../authored/quote.js";

export interface EditorContext {
  /** The item schema and each rule's facts, as the current version's logic declares them. */
  schemas: CaseSchemas;
  /** The current guideline: the verdicts and score written to the file. */
  current: RuleSet;
  /** By address; null when there is none. */
  candidate: RuleSet | null;
  knownIds: readonly string[];
  /** The case may not stand where another of its set does, nor take the last worked example of a score away; a case
   *  of the case study is held to its file as filed (`text`), and a gloss taken from another case (glossFrom) to that
   *  case's file, and one taken from this case too. */
  cases?: readonly (RuledCase & Partial<Pick<CaseEditorCase, "text" | "glossFrom">>)[];
  /** A case of a set one runs over must be listed in it. */
  pools?: readonly {id: string; set: string; items: readonly string[]}[];
  /** The current guideline's rubric: each of its scores needs a case ruled it. */
  rubric: readonly {score: Score}[];
  /** The case study's cases, to hold the origin to as the build does; null where the content has none. */
  caseStudyCases?: readonly string[] | null;
}

export interface LineReading {
  /** Null when the rule set leaves the line open or has no rule for it. */
  verdict: Verdict | null;
  verdicts: readonly Verdict[];
  clause: string | null;
}

export interface LineView {
  index: number;
  /** Until there is none, the line has no verdict. */
  factProblems: Problem[];
  current: LineReading | null;
  candidate: LineReading | null;
}

export interface CaseDerivation {
  score: Score | null;
  candidates: Score[];
  rows: RubricRow[];
  rowWords: string[];
  trace: Derivation;
  /** "4", "not applicable", or "no single score: the row … allows 3, the row … allows 2". */
  scoreText: string;
}

export interface EditorView {
  /** As the check says them (the page words them for authors: lib/authored/problem-words.ts). */
  problems: Problem[];
  /** An id that is already a case's: the download replaces it. */
  warnings: Problem[];
  /** What guideline:check will refuse that can only be fixed in another file once the case is downloaded. */
  afterDownload: Problem[];
  /** The candidate's score in words; null when the address names no candidate. */
  candidateScoreText: string | null;
  lines: LineView[];
  /** Null until every line is decided and one is the main task. */
  current: CaseDerivation | null;
  candidate: CaseDerivation | null;
  scoreText: string;
  downloadable: boolean;
}

const roles: readonly unknown[] = ["main", "instruction", "candidate"];

interface ReadyLine {
  index: number;
  line: ChecklistLine;
}

function readLine(
  line: Record<string, unknown>,
  index: number,
  factSchemas: CaseSchemas["facts"],
): {problems: Problem[]; ready: ReadyLine | null} {
  const at = (path: (string | number)[]) => fieldPath(["checklist", index, ...path]);
  const rule = line.rule;
  const file = "";
  if (typeof rule !== "string" || !Object.hasOwn(factSchemas, rule))
    return {
      problems: [{file, field: at(["rule"]), message: rule === undefined ? caseWords.noRule : caseWords.unknownRule}],
      ready: null,
    };
  const facts = line.facts ?? {};
  const parsed = factSchemas[rule]!.safeParse(facts);
  if (!parsed.success) {
    // Each problem's field as the line's: checklist[0].facts.limit, checklist[0].facts for the facts as a whole.
    const inLine = (field: string) => `${at(["facts"])}${field && !field.startsWith("[") ? "." : ""}${field}`;
    const found = problemsFromZod(file, parsed.error, facts);
    return {problems: found.map((problem) => ({...problem, field: inLine(problem.field)})), ready: null};
  }
  const role = roles.includes(line.role) ? line.role : "instruction";
  const ready = {role, rule, facts: parsed.data, verdict: "met"} as ChecklistLine;
  return {problems: [], ready: {index, line: ready}};
}

// A line's verdict does not depend on the other lines: while no line is the main task, this stands in for it.
const standIn: Partial<ChecklistLine> = {role: "main", rule: "main-task", facts: {delivered: true}, verdict: "met"};
const standInMain = standIn as ChecklistLine;

/** Read from the engine's trace of the ready lines alone. */
function lineReadings(ready: readonly ReadyLine[], ruleSet: RuleSet): Map<number, LineReading> {
  const checklist = [standInMain, ...ready.map(({line}) => ({...line, role: "instruction" as const}))];
  const trace = derive({id: "lines", checklist}, ruleSet);
  return new Map(
    ready.map(({index}, at) => {
      const {derived, verdicts, clause} = trace.lines[at + 1]!;
      return [index, {verdict: derived, verdicts, clause}];
    }),
  );
}

function caseDerivation(id: string, lines: readonly ReadyLine[], ruleSet: RuleSet): CaseDerivation {
  const trace = derive({id, checklist: lines.map(({line}) => line)}, ruleSet);
  return {
    score: trace.score,
    candidates: trace.candidates,
    rows: trace.rows,
    rowWords: trace.rows.map((row) => rubricRowWords(ruleSet.logic.data, row, ruleSet.parameters)),
    trace,
    scoreText: scoreWords(
      trace.candidates,
      trace.rows.map((row) => rubricRowWords(ruleSet.logic.data, row, ruleSet.parameters)),
    ),
  };
}

function synced(record: CaseRecord, lines: readonly LineView[], current: CaseDerivation | null): CaseRecord {
  const checklist = linesOf(record);
  let changed = false;
  const nextLines = checklist.map((line, index) => {
    const verdict = lines[index]?.current?.verdict;
    if (!verdict || line.verdict === verdict) return line;
    changed = true;
    return {...line, verdict};
  });
  const score = current?.score ?? undefined;
  const scoreChanges = record.score !== score;
  if (!changed && !scoreChanges) return record;
  const {score: _old, ...rest} = record;
  return {
    ...(scoreChanges ? (score === undefined ? rest : {...record, score}) : record),
    ...(changed ? {checklist: nextLines} : {}),
  };
}

/** guideline:check refuses it until data/calibration.yaml lists it, which can only be done once the case is in
 *  data/items: to fix after the download. */
function unpooled(record: CaseRecord, pools: NonNullable<EditorContext["pools"]>, file: string): Problem[] {
  const over = pools.filter((pool) => pool.set === record.set);
  if (!over.length || typeof record.id !== "string" || over.some((pool) => pool.items.includes(record.id as string)))
    return [];
  return [{file, field: "set", message: notInPoolWords(record.id, String(record.set), over)}];
}

/**
 * A case of data/items ruled another score than its file's, when it was the last ruled at that score: guideline:check
 * would then refuse the guideline, as the score has no worked example. Said at the case's score, in the check's words.
 */
function lastExample(item: Item, {cases = [], rubric}: EditorContext, file: string): Problem[] {
  const former = cases.find((entry) => entry.id === item.id)?.score;
  if (former === undefined || former === item.score) return [];
  const others = cases.filter((entry) => entry.id !== item.id).map((entry) => entry.score);
  if (!scoresWithoutExample([...others, item.score], rubric).includes(former)) return [];
  return [{file, field: "score", message: `${noWorkedExample(former)} (this case was the last one ruled ${former})`}];
}

/** Each case file as filed, read once: by the case's entry, as the page's item schema stays the same. */
const filedItems = new WeakMap<object, Item | null>();

/** A case's file as filed (null when it cannot be read, or the case has no text here). */
function filedItem(entry: {id: string; text?: string}, schemas: CaseSchemas): Item | null {
  if (entry.text === undefined) return null;
  if (!filedItems.has(entry)) filedItems.set(entry, readCaseFile(entry.text, `${entry.id}.md`, schemas.item).item);
  return filedItems.get(entry) ?? null;
}

/**
 * A case of the case study keeps the case study's ruling: its score, and each line's verdict as filed (the filed line
 * of the same words, wherever it now stands). Held by the file it would replace, whatever the draft says of its
 * origin: facts edited so that the guideline derives otherwise would be written into that file, and guideline:check,
 * which holds a file to its own ruling, pass it.
 */
function caseStudyRuling(
  item: Item,
  {current, lines}: {current: CaseDerivation | null; lines: readonly LineView[]},
  {cases = [], schemas}: EditorContext,
  file: string,
): Problem[] {
  const entry = cases.find((each) => each.id === item.id);
  const filed = entry ? filedItem(entry, schemas) : null;
  if (!entry || filed?.origin !== "case-study") return [];
  const lineProblems = item.checklist.flatMap((line, index) => {
    const was = filed.checklist.find((filedLine) => filedLine.text === line.text);
    const now = lines[index]?.current?.verdict;
    if (!was || !now || now === was.verdict) return [];
    return [{file, field: `checklist[${index}].facts`, message: caseWords.caseStudyVerdict(was.verdict, now)}];
  });
  const scored =
    current && current.score !== null && current.score !== filed.score
      ? [{file, field: "score", message: caseWords.caseStudyScore(filed.score, current.score)}]
      : [];
  return [...lineProblems, ...scored];
}

const textNames: readonly TextName[] = ["request", "response"];

/**
 * A gloss taken from another case (glossFrom) held as the build holds it (glossFromProblems), both ways: this case's
 * borrowed gloss to the case it names, and the cases that take this case's gloss to this case as edited. Said under
 * this case's text where the words differ, else under its gloss; not checked when a case involved cannot be read.
 */
function borrowedGlosses(item: Item, {cases = [], schemas}: EditorContext, file: string): Problem[] {
  const named = new Set(textNames.flatMap((which) => item[which].glossFrom ?? []));
  const involved = cases.filter(
    (entry) =>
      entry.id !== item.id && (named.has(entry.id) || textNames.some((which) => entry.glossFrom?.[which] === item.id)),
  );
  if (named.size === 0 && involved.length === 0) return [];
  const others: Item[] = [];
  for (const entry of involved) {
    const other = filedItem(entry, schemas);
    if (!other) return [];
    others.push(other);
  }
  const byId = new Map(others.map((other) => [other.id, other]));
  return glossFromProblems([item, ...others]).flatMap(({id, problem}) => {
    const which = problem.path[0] as TextName;
    const other = id === item.id ? byId.get(item[which].glossFrom ?? "") : byId.get(id);
    // A case refused for what it takes from this one only when this one is the case it names.
    if (id !== item.id && other?.[which].glossFrom !== item.id) return [];
    const field = `${which}.${other && other[which].text !== item[which].text ? "text" : "gloss"}`;
    const message = id === item.id ? problem.message : `${id} takes this ${which}'s gloss: ${problem.message}`;
    return [{file, field, message}];
  });
}

/** Its compare list, its notes' and its twistOf. */
function unknownIds(record: CaseRecord, knownIds: readonly string[], file: string): Problem[] {
  const known = new Set(knownIds);
  const problems: Problem[] = [];
  const check = (value: unknown, path: (string | number)[]) => {
    if (typeof value === "string" && value !== "" && !known.has(value))
      problems.push({file, field: fieldPath(path), message: caseWords.unknownCase(value)});
  };
  if (Array.isArray(record.compare)) record.compare.forEach((id, at) => check(id, ["compare", at]));
  if (Array.isArray(record.notes))
    record.notes.forEach((note, index) => {
      if (isRecord(note) && Array.isArray(note.compare))
        note.compare.forEach((id, at) => check(id, ["notes", index, "compare", at]));
    });
  check(record.twistOf, ["twistOf"]);
  return problems;
}

/** The case as its shape reads it, the item's own rules aside; null when it has not a case's shape yet. */
function readShape(record: CaseRecord, shape: ItemSchema): Item | null {
  const parsed = shape.safeParse(record);
  return parsed.success ? parsed.data : null;
}

export function editorView(
  record: CaseRecord,
  context: EditorContext,
  {readBack = true}: {readBack?: boolean} = {},
): EditorView {
  const file = caseFileName(record);
  const checklist = linesOf(record);
  const read = checklist.map((line, index) => readLine(line, index, context.schemas.facts));
  const ready = read.flatMap(({ready}) => (ready ? [ready] : []));
  const currentLines = lineReadings(ready, context.current);
  const candidateLines = context.candidate ? lineReadings(ready, context.candidate) : null;
  const lines: LineView[] = read.map(({problems}, index) => ({
    index,
    factProblems: problems.map((problem) => ({...problem, file})),
    current: currentLines.get(index) ?? null,
    candidate: candidateLines?.get(index) ?? null,
  }));

  const mains = checklist.filter((line) => line.role === "main").length;
  const derivable = checklist.length > 0 && ready.length === checklist.length && mains === 1;
  const id = typeof record.id === "string" ? record.id : "new-case";
  const current = derivable ? caseDerivation(id, ready, context.current) : null;
  const candidate = derivable && context.candidate ? caseDerivation(id, ready, context.candidate) : null;

  // Where the editor says the same thing in its own words (a line's rule and facts, the main task, a score the engine
  // cannot give), the check's is left out.
  const written = synced(record, lines, current);
  const unfinished = new Set(lines.filter((line) => line.factProblems.length).map((line) => line.index));
  const saidByEditor = (field: string): boolean => {
    const line = /^checklist\[(\d+)\](?:\.(rule|verdict|facts)\b|$)/.exec(field);
    if (line) return unfinished.has(Number(line[1]));
    return (field === "score" && current?.score == null) || (field === "checklist" && mains !== 1);
  };
  const checked = checkCaseRecord(written, context.schemas.item, file);
  const problems = [
    ...checked.problems.filter((problem) => !saidByEditor(problem.field)),
    ...lines.flatMap((line) => line.factProblems),
    ...(mains !== 1 ? [{file, field: "checklist", message: caseWords.mains(mains, checklist.length)}] : []),
    ...(current && current.score === null ? [{file, field: "score", message: current.scoreText}] : []),
    ...unknownIds(record, context.knownIds, file),
    ...recordPlaceClashes(record, context.cases ?? []).map(({field, message}) => ({file, field, message})),
  ];
  // The case held to the current guideline as guideline:check will hold it, once it reads as a case, or has a case's
  // shape with only the item's own rules left to meet (a notebook line's note): so what is left is listed at once,
  // not uncovered fix by fix. What the editor has already said of a field is not said again.
  // (A shape read only where the case derives a score: the guideline's checks derive it again.)
  const readable = checked.item ?? (current ? readShape(written, context.schemas.shape) : null);
  if (readable) {
    const knownIds = new Set([...context.knownIds, readable.id]);
    const said = new Set(problems.map((problem) => problem.field));
    const ruling = caseStudyRuling(readable, {current, lines}, context, file);
    problems.push(
      ...checkCase(readable, context.current, {file, knownIds}).problems.filter(({field}) => !said.has(field)),
      // The case study's ruling kept is the fix for a case of it; a last worked example taken away is one for the rest.
      ...(ruling.length ? ruling : lastExample(readable, context, file)),
      ...borrowedGlosses(readable, context, file),
      ...(context.caseStudyCases ? caseStudyOriginProblems([readable], context.caseStudyCases) : [])
        .map(({problem}) => ({file, field: fieldPath(problem.path), message: problem.message}))
        .filter(({field}) => !said.has(field)),
    );
  }
  // Until the case has a case's shape, the notebook's own lines are held to their notes here, so that what is left to
  // fix does not grow once the rest is mended.
  if (!readable && record.origin === "notebook") {
    const said = new Set(problems.map((problem) => problem.field));
    for (const {path, message} of notebookLineProblems(checklist)) {
      const field = fieldPath(path);
      if (!said.has(field)) problems.push({file, field, message});
    }
  }
  // The file as written, read back as guideline:check will read it: in full only once nothing else is wrong, and
  // only when asked (`readBack`: the page does it when idle and before a download, not at every keystroke).
  problems.push(...writtenFileProblems(written, context.schemas.item, file, problems.length > 0 || !readBack));
  const warnings = [
    ...(typeof record.id === "string" && context.knownIds.includes(record.id)
      ? [{file, field: "id", message: caseWords.replaces(record.id)}]
      : []),
    ...repeatedQuotes(record, file),
  ];
  // Named at once, not only once the rest of the case reads.
  for (const which of ["request", "response"] as const) {
    const text = record[which];
    const tag = isRecord(text) && typeof text.language === "string" ? text.language : "en";
    const message = languageProblem(tag);
    const field = `${which}.language`;
    if (message && !problems.some((problem) => problem.field === field)) problems.push({file, field, message});
  }
  const scoreText = current ? current.scoreText : caseWords.noScoreYet(mains, checklist.length, ready.length);
  return {
    problems,
    warnings,
    afterDownload: unpooled(record, context.pools ?? [], file),
    lines,
    current,
    candidate,
    scoreText,
    // With no lines yet the candidate has no score for the same reason as the current guideline.
    candidateScoreText: context.candidate ? (candidate ? candidate.scoreText : scoreText) : null,
    downloadable: problems.length === 0,
  };
}

/** Writes the derived verdicts and score into the record; the same record when nothing changes. */
export function syncRulings(record: CaseRecord, view: EditorView): CaseRecord {
  return synced(record, view.lines, view.current);
}

/**
 * What the editor rules otherwise than a case's file says, in words (null when nothing): the file's score and its
 * lines' verdicts, against what the current guideline derives from the case's facts, which the editor shows and
 * writes (syncRulings). Said when a file is read, so an author sees the ruling change before downloading it.
 */
export function ruledOtherwiseWords(
  record: CaseRecord,
  view: EditorView,
  rubric: EditorContext["rubric"],
): string | null {
  const synced = syncRulings(record, view);
  if (synced === record) return null;
  const filedLines = linesOf(record);
  const lines = linesOf(synced).flatMap((line, index) => {
    const [now, filed] = [line.verdict as Verdict, filedLines[index]?.verdict as Verdict | undefined];
    return filed && now !== filed
      ? [`line ${index + 1} ${verdictLabels[now]}, where the file says ${verdictLabels[filed]}`]
      : [];
  });
  const [filed, now] = [record.score as Score | undefined, synced.score as Score | undefined];
  const named = (score: Score | undefined) => (score === undefined ? "no single score" : scoreText(score));
  // A file's score off the rubric's scale (a 7) is said to be one, not read as a ruling; "n/a" is a ruling.
  const scale = rubric.map((level) => level.score);
  const fileSays =
    filed === undefined
      ? "Its file gives no score"
      : filed === "n/a" || scale.includes(filed)
        ? `Its file rules it ${scoreText(filed)}`
        : `Its file's score, ${quoteValue(filed)}, is not one of the rubric's (` +
          `${listWords(scale.map(scoreText), {conjunction: "or"})})`;
  const head =
    filed === now
      ? `Its score stays ${named(now)}, but the current guideline rules its facts otherwise`
      : `${fileSays}; under the current guideline its facts give ${named(now)}`;
  const which = lines.length ? lines.join("; ") : "no line's verdict changes";
  return `${head} (${which}), which the editor shows and would write into the file. Check the facts before you do.`;
}

// What the case editor checks beyond the record: the file it writes, read back as guideline:check reads it (a text
// the file's sections would cut short, or write otherwise), and the marked stretches that occur more than once in the
// text they quote, which the file, keeping only the words, places at their first.
/** Whether a text holds a line the file would read as the start of a new section: "## …", or a line underlined ---. */
const startsSection = (text: string): boolean =>
  Lexer.lex(text.trim()).some((token) => token.type === "heading" && token.depth === 2);

/**
 * The record as its file reads back: a text that holds a line the file reads as a new section (the text would be cut
 * there and the rest refused as an unknown section), a text the file does not keep as typed, or, when every text is
 * kept, whatever the file as written breaks that the record did not (a response of nothing but spaces, which the file
 * writes empty). `sectionsOnly`: the texts alone, while other problems keep the case from being downloaded anyway.
 */
export function writtenFileProblems(
  written: CaseRecord,
  schema: ItemSchema,
  file: string,
  sectionsOnly: boolean,
): Problem[] {
  const texts = Object.entries(itemSections).flatMap(([heading, [parent, key]]) => {
    const holder = written[parent];
    const text = isRecord(holder) ? holder[key] : undefined;
    const field = `${parent}.${key}`;
    return typeof text === "string" ? [{section: sectionOf(field) ?? heading, field, parent, key, text}] : [];
  });
  const problems: Problem[] = texts
    .filter(({text}) => startsSection(text))
    .map(({section, field}) => ({file, field, message: caseWords.startsSection(section)}));
  if (problems.length || sectionsOnly) return problems;
  const reread = readCaseFile(writeItemFile(written), file, schema);
  const back = reread.record;
  for (const {section, field, parent, key, text} of texts) {
    const holder = back?.[parent];
    const kept = isRecord(holder) ? holder[key] : undefined;
    // The file writes a text trimmed, and reads its line ends as \n: the same text, in meaning.
    if (back && kept !== text.trim().replace(/\r\n?/g, "\n"))
      problems.push({file, field, message: caseWords.notKept(section)});
  }
  return problems.length ? problems : reread.problems;
}

/** Each line's marked stretches beside the text they quote (a line with no stretches, or no such text, left out). */
function markedStretches(
  record: CaseRecord,
): {index: number; quoteIn: QuoteIn; text: string; quotes: string[]; listed: boolean}[] {
  const request = isRecord(record.request) ? record.request : {};
  // A turn with no form is quoted, as its file is read (the schema's default) and the editor shows it.
  const quoted = {
    request: {text: typeof request.text === "string" ? request.text : ""},
    turns: Array.isArray(record.turns) ? record.turns.filter(isRecord).map((turn) => ({form: "quoted", ...turn})) : [],
  } as unknown as Pick<Item, "request" | "turns">;
  return linesOf(record).flatMap((line, index) => {
    const quoteIn = typeof line.quoteIn === "string" ? (line.quoteIn as QuoteIn) : "request";
    const text = textOf(quoted, quoteIn);
    if (typeof text !== "string" || !(typeof line.quote === "string" || Array.isArray(line.quote))) return [];
    const quotes = [...quotesOf(line.quote as string | string[])];
    return [{index, quoteIn, text, quotes, listed: Array.isArray(line.quote)}];
  });
}

/** Each marked stretch that occurs more than once, as whole words, in the text it quotes: it stands for the first. */
export function repeatedQuotes(record: CaseRecord, file: string): Problem[] {
  return markedStretches(record).flatMap(({index, quoteIn, text, quotes, listed}) =>
    quotes.flatMap((quote, at) => {
      const first = typeof quote === "string" && quote !== "" ? locate(text, quote) : null;
      if (!first || !locate(text, quote, first.start + 1)) return [];
      const field = fieldPath(["checklist", index, "quote", ...(listed ? [at] : [])]);
      return [{file, field, message: caseWords.repeatedQuote(quote, quotedTextWords(quoteIn))}];
    }),
  );
}

/**
 * The stretches, by line, that the text they quote does not hold as whole words (the request or a turn edited after
 * they were marked, or a file's stretch that never matched): the editor offers to remove each, to mark it again.
 */
export function strayStretches(record: CaseRecord): Map<number, Set<number>> {
  const stray = new Map<number, Set<number>>();
  for (const {index, text, quotes} of markedStretches(record)) {
    const lost = quotes.flatMap((quote, at) => (typeof quote === "string" && locate(text, quote) ? [] : [at]));
    if (lost.length) stray.set(index, new Set(lost));
  }
  return stray;
}

// A case file's problems in an author's words: the field by its control's name in the case editor ("Line 2, its
// rule"), and for a missing or empty field the fix ("give the case a name") in place of the schema's wording. One
// wording for the editor, `case:new`, `guideline:check` and the build, but for the two fields the editor fills in
// from the rest (a line's verdict, the score), which a file written by hand must state.
import type {Problem} from "./problems.js";

/** The fix applies when it is missing or empty; else the message stands. */
interface FieldWords {
  label: string;
  missing?: string;
  /** The fix in a file, where it differs from the editor's: a value the editor derives, a file states. */
  missingInFile?: string;
  /** A fix the check gives a file, and the one the editor gives in its place (it has other means). */
  fixInEditor?: {file: string; editor: string};
  /** What a message may already start with, the control's label (a refused fact's "The number asked for: …"). */
  said?: string;
}

/** The case editor's button that marks another stretch of the text into a line. */
export const addStretchLabel = "Add a stretch";

/** A stretch its text does not hold: a file copies the words again, the editor marks them again. */
export const strayQuoteFix = {
  file: "copy the words exactly",
  editor: `remove it with the × after it, then mark the words again with ${addStretchLabel}`,
};

/** The text a line's words are marked in, by its `quoteIn`: "the request", or "turn 2" for `turn-2`. */
export const quotedTextWords = (quoteIn: unknown): string =>
  typeof quoteIn === "string" && quoteIn !== "request" ? quoteIn.replace("-", " ") : "the request";

/** A marked stretch (quoted) that the text it quotes (its line's `quoteIn`) does not hold as whole words. */
export const strayQuoteWords = (quoted: string, quoteIn: unknown): string =>
  `${quoted} is not in ${quotedTextWords(quoteIn)} as whole words`;

/** Where the case is written: in the case editor's draft, or in its file (by hand, by case:new, uploaded). */
export type WrittenIn = "editor" | "file";

function textFields(which: "request" | "response"): Record<string, FieldWords> {
  const text = {label: which === "request" ? "Request" : "Response", missing: `paste the ${which}`};
  return {
    [which]: text,
    [`${which}.text`]: text,
    [`${which}.language`]: {label: `Language of the ${which}`},
    [`${which}.gloss`]: {label: `English gloss of the ${which}`},
  };
}

const caseFields: Record<string, FieldWords> = {
  id: {label: "Id", missing: "give the case an id: lowercase words joined by hyphens, like leaves-in-autumn"},
  set: {label: "Set", missing: "choose the set the case belongs to"},
  order: {label: "Order in its set", missing: "give the case its place in its set"},
  origin: {label: "Origin"},
  title: {label: "Title", missing: "give the case a name"},
  topic: {label: "Topic", missing: "say in a few neutral words what the case is about"},
  caseStudyNumber: {label: "Case-study number"},
  twistOf: {label: "A twist of"},
  teaches: {label: "What it teaches"},
  ruling: {label: "The ruling in words"},
  decidingRule: {label: "The rule the ruling rests on"},
  score: {
    label: "Score",
    missing: "decide every line: the engine then gives the score",
    missingInFile: "write the score the rubric gives its lines: guideline:check names the engine's if they differ",
  },
  checklist: {label: "Checklist", missing: "mark the instructions in the request"},
  compare: {label: "Cases it compares with"},
  flags: {label: "Flags"},
  ...textFields("request"),
  ...textFields("response"),
};

const lineFields: Record<string, FieldWords> = {
  text: {label: "what it says", missing: "say what the line asks, in the checklist's words"},
  role: {label: "its role", missing: "choose the main task, an instruction or a candidate"},
  rule: {label: "its rule", missing: "choose the rule that decides it"},
  quote: {label: "its words in the request", fixInEditor: strayQuoteFix},
  verdict: {
    label: "its verdict",
    missing: "decide its facts: the engine then gives the verdict",
    missingInFile: "write the verdict its facts give: guideline:check names the rule's if they differ",
  },
  note: {label: "its note"},
  source: {label: "its source"},
  because: {label: "why it is read in"},
  unquoted: {label: "why it has no words"},
  quoteIn: {label: "where its words are"},
};

const noteFields: Record<string, FieldWords> = {
  label: {label: "its label", missing: "say which score it is about, like Why not 3"},
  text: {label: "its text", missing: "say why raters give that score"},
  score: {label: "its score"},
  answers: {label: "the note it answers"},
  compare: {label: "the cases it compares with"},
};

/** A case's note on a likely wrong score, by its place: "Note 2 on a likely wrong score" (not read as a score 2). */
export const noteLabel = (index: number): string => `Note ${index + 1} on a likely wrong score`;

/**
 * A fact where the editor shows its control, by its line and name: its label ("The number asked for") and what to do
 * when it is not given ("fill it in").
 */
export type FactLabel = (line: number, fact: string) => {label: string; missing: string} | undefined;

/** A field of the case in words: "Title", "Line 2, its rule", "Line 2, fact delivered" (in the editor, the fact by its
 *  control's label: "Line 2, “How many the response gives”"); null for a field it does not name (the problem then
 *  keeps its field alone). */
function fieldWords(field: string, factLabel?: FactLabel): FieldWords | null {
  if (Object.hasOwn(caseFields, field)) return caseFields[field]!;
  const line = /^checklist\[(\d+)\](?:\.(\w+))?(?:\[\d+\])?(?:\.(\w+))?/.exec(field);
  if (line) {
    const label = `Line ${Number(line[1]) + 1}`;
    if (!line[2]) return {label};
    if (line[2] === "facts") {
      const shown = line[3] ? factLabel?.(Number(line[1]), line[3]) : undefined;
      if (shown) return {label: `${label}, “${shown.label}”`, missing: shown.missing, said: shown.label};
      return {label: line[3] ? `${label}, fact ${line[3]}` : `${label}, its facts`};
    }
    const part = Object.hasOwn(lineFields, line[2]) ? lineFields[line[2]]! : null;
    return part ? {...part, label: `${label}, ${part.label}`} : {label};
  }
  const note = /^notes\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (note) {
    const label = noteLabel(Number(note[1]));
    const part = note[2] && Object.hasOwn(noteFields, note[2]) ? noteFields[note[2]]! : null;
    return part ? {...part, label: `${label}, ${part.label}`} : {label};
  }
  const listed = /^(flags|compare|turns)\[(\d+)\]/.exec(field);
  if (listed)
    return {label: listed[1] === "turns" ? `Earlier turn ${Number(listed[2]) + 1}` : caseFields[listed[1]!]!.label};
  return null;
}

/** The schema's words for a field that is not there, or is there empty. */
const absent = new RegExp(
  [
    "^missing: ",
    "^too small: expected (string|array) to have >=1 (characters|items)",
    "^too short: expected at least 1 (character|item)\\b",
  ].join("|"),
);

/**
 * A case file's problem in words: "Title: give the case a name" for "missing: expected string" at title. Any other
 * problem at a field it names keeps its message after the field's name; one at a field it does not name is as it was.
 */
export function problemInWords(problem: Problem, writtenIn: WrittenIn = "file", factLabel?: FactLabel): Problem {
  const words = fieldWords(problem.field, writtenIn === "editor" ? factLabel : undefined);
  // Once is enough: a problem the item reader already put in words is passed on by the commands as it is.
  if (!words || problem.message.startsWith(`${words.label}: `)) return problem;
  // "missing: " before words of the check's own ("missing: a candidate needs a note …") goes; before the schema's
  // "expected …", with no fix to put in its place, it stays, so the problem still says the field is not there.
  const fix = (writtenIn === "file" && words.missingInFile) || words.missing;
  const own = words.said && problem.message.startsWith(`${words.said}: `) ? words.said.length + 2 : 0;
  const told = problem.message.slice(own);
  let message = fix && absent.test(told) ? fix : told.replace(/^missing: (?!expected )/, "");
  const other = writtenIn === "editor" ? words.fixInEditor : undefined;
  if (other && message.endsWith(`: ${other.file}`)) message = `${message.slice(0, -other.file.length)}${other.editor}`;
  return {...problem, message: `${words.label}: ${message}`};
}

/** A problem of guideline:check's in words where it is a case file's (an item's .md file), else as it is. */
export const caseProblemInWords = (problem: Problem): Problem =>
  problem.file.endsWith(".md") ? problemInWords(problem) : problem;

// A checklist handed from /authors to the case editor under `case=` in the address ("Write this case"). The editor
// reads it once, starts a draft from it (the replaced draft kept for Undo) and drops it from the address, so a reload
// keeps what the author typed since. Read as untrusted: all but lines of a role, a rule and plain facts is ignored.
import {addLine, blankCase, setFact, setRule, type CaseRecord} from "./case-editor.js";
import type {ChecklistRuleId} from "../authored/schemas/item.js";
import type {PlacedCase} from "./case-places.js";
import {quoteText} from "../text/quote-text.js";

export const handoffKey = "case";

export interface HandedLine {
  role: "main" | "instruction";
  rule: string;
  facts: Record<string, boolean | number | string>;
}

/** The candidate's query (`base=v2&set=…`) with one of the editor's keys set: the editor shows both readings. */
function editorQuery(candidateQuery: string, key: string, value: string): string {
  const query = new URLSearchParams(candidateQuery);
  query.set(key, value);
  return query.toString();
}

/** Under the candidate's query (`base=v2&set=…`). */
export const handoffQuery = (candidateQuery: string, lines: readonly HandedLine[]): string =>
  editorQuery(candidateQuery, handoffKey, JSON.stringify(lines.map(({role, rule, facts}) => ({role, rule, facts}))));

// A few lines of a few short facts.
const limits = {lines: 12, facts: 12, text: 200};

const isPlain = (value: unknown): value is boolean | number | string =>
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (typeof value === "string" && value.length <= limits.text);

function readLines(text: string): HandedLine[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > limits.lines) return null;
  const lines: HandedLine[] = [];
  for (const entry of parsed) {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return null;
    const {role, rule, facts} = entry as Record<string, unknown>;
    if ((role !== "main" && role !== "instruction") || typeof rule !== "string" || rule.length > limits.text)
      return null;
    if (typeof facts !== "object" || facts === null || Array.isArray(facts)) return null;
    const pairs = Object.entries(facts);
    if (pairs.length > limits.facts || !pairs.every(([, value]) => isPlain(value))) return null;
    lines.push({role, rule, facts: Object.fromEntries(pairs) as HandedLine["facts"]});
  }
  return lines;
}

/** The draft a `case=` value hands over; null for one the editor can't read. */
function handedDraft(text: string, cases: readonly PlacedCase[]): CaseRecord | null {
  const lines = readLines(text);
  if (!lines) return null;
  let record = blankCase({cases});
  lines.forEach((line, index) => {
    record = setRule(addLine(record, {role: line.role}), index, line.rule as ChecklistRuleId);
    for (const [name, value] of Object.entries(line.facts)) record = setFact(record, index, name, value);
  });
  return record;
}

/** What the editor says of a draft handed over. */
export const handoffWords = "A new case with the facts from the authors' page: write its texts.";

/** A site case opened in the editor from /authors ("Open in the case editor"), under `open=` in the address. */
export const openKey = "open";

/** Under the candidate's query, so the editor shows the candidate's reading of the case beside the current one. */
export const openQuery = (candidateQuery: string, id: string): string => editorQuery(candidateQuery, openKey, id);

/** What the case editor takes from its address when it starts. */
export interface EditorKeys {
  /** The draft "Write this case" hands over (`case=`), if the editor can read one. */
  handed: CaseRecord | null;
  /** The site case "Open in the case editor" names (`open=`), when the site has it. */
  opened: string | null;
  /** An `open=` the site has no case of, to be said so. */
  unknown: string | null;
  /**
   * The query left once both keys are gone ("?base=v2&candidate=v1", or ""): the candidate's. With neither key in it,
   * the query as it was, spelt as it was (`URLSearchParams` would spell `set=a=b` as `set=a%3Db`).
   */
  rest: string;
  /** Whether a key was taken out: the editor puts `rest` back in the address only then. */
  taken: boolean;
}

/**
 * The case editor's start, read from its address's query: both keys are taken out of it whatever they hold, so that
 * the editor can put `rest` back and a reload keeps the draft as edited since (the editor keeps what it replaces for
 * Undo), rather than handing it over or opening the case again.
 */
export function takeEditorKeys(search: string, cases: readonly PlacedCase[]): EditorKeys {
  const params = new URLSearchParams(search);
  const text = params.get(handoffKey);
  const handed = text === null ? null : handedDraft(text, cases);
  const taken = text !== null || params.has(openKey);
  // An empty open= names nothing: taken out, and not said.
  const id = params.get(openKey) || null;
  params.delete(handoffKey);
  params.delete(openKey);
  const rest = params.toString();
  const known = id !== null && cases.some((entry) => entry.id === id);
  return {
    handed,
    opened: known ? id : null,
    unknown: id !== null && !known ? id : null,
    rest: !taken ? search : rest ? `?${rest}` : "",
    taken,
  };
}

/** What the editor says of an `open=` the site has no case of; the id as the link gave it, cut short. */
export const unknownOpenedWords = (id: string): string =>
  `The link asked to open ${quoteText(id, 60)}, but no case of this site has that id: choose one under Start from.`;

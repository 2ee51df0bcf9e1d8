// A checklist handed from /authors to the case editor under `case=` in the address ("Write this case"). The editor
// reads it once, starts a draft from it (the replaced draft kept for Undo) and drops it from the address, so a reload
// keeps what the author typed since. Read as untrusted: all but lines of a role, a rule and plain facts is ignored.
import {addLine, blankCase, setFact, setRule, type CaseRecord} from "./case-editor.js";
import type {ChecklistRuleId} from "../authored/schemas/item.js";
import type {PlacedCase} from "./case-places.js";

export const handoffKey = "case";

export interface HandedLine {
  role: "main" | "instruction";
  rule: string;
  facts: Record<string, boolean | number | string>;
}

/** Under the candidate's query (`base=v2&set=…`). */
export function handoffQuery(candidateQuery: string, lines: readonly HandedLine[]): string {
  const query = new URLSearchParams(candidateQuery);
  query.set(handoffKey, JSON.stringify(lines.map(({role, rule, facts}) => ({role, rule, facts}))));
  return query.toString();
}

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

/** Null when the address hands none (or nothing the editor can read). */
export function draftFromQuery(query: string, cases: readonly PlacedCase[]): {record: CaseRecord; rest: string} | null {
  const params = new URLSearchParams(query);
  const text = params.get(handoffKey);
  if (text === null) return null;
  params.delete(handoffKey);
  const rest = params.toString();
  const lines = readLines(text);
  if (!lines) return null;
  let record = blankCase({cases});
  lines.forEach((line, index) => {
    record = setRule(addLine(record, {role: line.role}), index, line.rule as ChecklistRuleId);
    for (const [name, value] of Object.entries(line.facts)) record = setFact(record, index, name, value);
  });
  return {record, rest: rest ? `?${rest}` : ""};
}

/** What the editor says of a draft handed over. */
export const handoffWords = "A new case with the facts from the authors' page: write its texts.";

/**
 * The case editor's start: the draft "Write this case" hands over in the address, if any, after `replaceAddress` has
 * been given the address without it, so a reload keeps what the author types since (the editor keeps the draft it
 * replaces for Undo).
 */
export function takeHandoff(
  location: Pick<Location, "pathname" | "search" | "hash">,
  cases: readonly PlacedCase[],
  replaceAddress: (address: string) => void,
): CaseRecord | null {
  const handed = draftFromQuery(location.search, cases);
  if (!handed) return null;
  replaceAddress(`${location.pathname}${handed.rest}${location.hash}`);
  return handed.record;
}

/** A site case opened in the editor from /authors ("Open in the case editor"), under `open=` in the address. */
export const openKey = "open";

/** Under the candidate's query, so the editor shows the candidate's reading of the case beside the current one. */
export function openQuery(candidateQuery: string, id: string): string {
  const query = new URLSearchParams(candidateQuery);
  query.set(openKey, id);
  return query.toString();
}

/**
 * The case the address asks the editor to open, when it names one of `knownIds`, after `replaceAddress` has been given
 * the address without it (a reload keeps the draft as edited since, rather than opening the case again); else null.
 */
export function takeOpened(
  location: Pick<Location, "pathname" | "search" | "hash">,
  knownIds: readonly string[],
  replaceAddress: (address: string) => void,
): string | null {
  const params = new URLSearchParams(location.search);
  const id = params.get(openKey);
  if (id === null) return null;
  params.delete(openKey);
  const rest = params.toString();
  replaceAddress(`${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
  return knownIds.includes(id) ? id : null;
}

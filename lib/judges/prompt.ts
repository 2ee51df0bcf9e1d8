// A judge's prompt for one case: only what a trainee sees before Check reaches the model, nothing of the ruling.
import type {Item, Text, Turn} from "../authored/schemas/item.js";

export const promptPlaceholders = ["guideline", "conversation", "request", "response"] as const;
type Placeholder = (typeof promptPlaceholders)[number];

export interface PromptTemplates {
  system: string;
  user: string;
}

export interface JudgeMessage {
  role: "system" | "user";
  content: string;
}

/** The name in each {{ name }} of a template, in order. */
const placeholderNames = (template: string): string[] =>
  [...template.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]!);

export function unknownPlaceholders(template: string): string[] {
  const names = placeholderNames(template);
  return [...new Set(names.filter((name) => !(promptPlaceholders as readonly string[]).includes(name)))];
}

/**
 * The placeholders neither template holds: a prompt without one of them asks the model to rate a case it never sees
 * whole (no response, no guideline), and its runs would show on /judges as real.
 */
export function missingPlaceholders({system, user}: PromptTemplates): Placeholder[] {
  const held = new Set([...placeholderNames(system), ...placeholderNames(user)]);
  return promptPlaceholders.filter((name) => !held.has(name));
}

/**
 * Whether a prompt asks for flags: it shows the model its answer's shape, and a prompt that asks for them has the field
 * there with its list (`"flags": []`). Read from the prompt, never from the answers: a model may add flags a prompt
 * did not ask for. A word "flags" in the prompt's prose ("do not add "flags"") is not the shape.
 */
export const asksForFlags = ({system, user}: PromptTemplates): boolean => /"flags"\s*:\s*\[/.test(`${system}\n${user}`);

/** In one pass: a value holding "{{guideline}}" is put in as written, never filled again. */
function fill(template: string, values: Record<Placeholder, string>): string {
  return template.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as Placeholder] : whole,
  );
}

/** Quoted, or only described (the case study summarises it). */
function textBlock(label: string, text: Pick<Text, "text" | "form"> & Partial<Pick<Text, "note" | "gloss">>): string {
  const form =
    text.form === "described"
      ? "described, not quoted: the case gives only a description of this text, not its words"
      : "quoted exactly";
  const lines = [`<<< ${label} (${form})`, text.text, `>>> end of ${label}`];
  if (text.note) lines.push(`Note given with the ${label}: ${text.note}`);
  if (text.gloss) lines.push(`English gloss given with the ${label}: ${text.gloss}`);
  return lines.join("\n");
}

const turnLabel = (turn: Pick<Turn, "role" | "turn">) =>
  `${turn.turn === undefined ? "earlier turn" : `turn ${turn.turn}`}, ${turn.role}`;

/** The conversation before the request, one block a turn; a single sentence when there is none. */
function conversationText(turns: readonly Turn[]): string {
  if (!turns.length) return "There are no earlier turns: the request is the conversation's first message.";
  return turns.map((turn) => textBlock(turnLabel(turn), turn)).join("\n\n");
}

/** The messages sent for one case: the system template, then the user template, filled. */
export function judgeMessages(
  prompt: PromptTemplates,
  guideline: string,
  item: Pick<Item, "turns" | "request" | "response">,
): JudgeMessage[] {
  const requestLabel = item.request.turn === undefined ? "request" : `request (turn ${item.request.turn}, user)`;
  const values: Record<Placeholder, string> = {
    guideline: guideline.trim(),
    conversation: conversationText(item.turns),
    request: textBlock(requestLabel, item.request),
    response: textBlock("response", item.response),
  };
  return [
    {role: "system", content: fill(prompt.system, values)},
    {role: "user", content: fill(prompt.user, values)},
  ];
}

// A `$name` where a version's logic expects a value (lib/authored/schemas/logic.ts's ParameterReference): the value of
// the parameter it names. One reading for the engine (./logic.ts) and for the words (./labels.ts,
// lib/authoring/rule-change-words.ts). Browser-safe and without imports: a trainee's page reads labels.ts without
// loading the interpreter.

/** The parameter a `$name` value names; null for a value written out ("met", 3). */
export const reference = (value: string): {parameter: string} | null =>
  value.startsWith("$") ? {parameter: value.slice(1)} : null;

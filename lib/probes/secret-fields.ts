// The secret search over every string of a JSON value, keys included, so a refusal names the field and never quotes.
import {pathOf, walkJson} from "../text/json-shape.js";
import {containsKeyPiece, findKeyShaped, type KeyShaped} from "./secrets.js";

/** The field path is built only when asked. */
function visitStrings(value: unknown, visit: (text: string, field: () => string, isKey: boolean) => boolean): void {
  for (const node of walkJson(value)) {
    // A key that holds a secret names its parent, and what is under it is not looked at.
    if (typeof node.key === "string" && visit(node.key, () => pathOf(node.parent), true)) {
      node.skip = true;
      continue;
    }
    if (typeof node.value === "string") visit(node.value, () => pathOf(node), false);
  }
}

export function keyShapedFields(value: unknown): {field: string; found: KeyShaped}[] {
  const out: {field: string; found: KeyShaped}[] = [];
  visitStrings(value, (text, field) => {
    const [found] = findKeyShaped(text);
    if (found) out.push({field: field(), found});
    return found !== undefined;
  });
  return out;
}

export function keyPieceFields(value: unknown, key: string): string[] {
  const out: string[] = [];
  visitStrings(value, (text, field) => {
    const holds = containsKeyPiece(text, key);
    if (holds) out.push(field());
    return holds;
  });
  return out;
}

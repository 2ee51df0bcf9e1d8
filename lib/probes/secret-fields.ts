// The secret search over a JSON value (a run, or the fields of one being recorded): every string in it, object
// keys included, with its field path, so a refusal names the field and never quotes what it held. Pure.
import {pathOf, walkJson} from "../text/json-shape.js";
import {containsKeyPiece, findKeyShaped, type KeyShaped} from "./secrets.js";

/**
 * Visits every string in a JSON value, object keys included, in document order, with its field path (built only
 * when asked). A key that `visit` accepts names its parent and is not descended into.
 */
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

/** Every string in a JSON value (object keys included) that holds a key-shaped token, with its field path. */
export function keyShapedFields(value: unknown): {field: string; found: KeyShaped}[] {
  const out: {field: string; found: KeyShaped}[] = [];
  visitStrings(value, (text, field) => {
    const [found] = findKeyShaped(text);
    if (found) out.push({field: field(), found});
    return found !== undefined;
  });
  return out;
}

/** Every field of a JSON value (object keys included) that holds the key or a piece of it, in any form. */
export function keyPieceFields(value: unknown, key: string): string[] {
  const out: string[] = [];
  visitStrings(value, (text, field) => {
    const holds = containsKeyPiece(text, key);
    if (holds) out.push(field());
    return holds;
  });
  return out;
}

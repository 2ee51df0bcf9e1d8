// The one DOM builder of the site: components build DOM from records, never from HTML strings, so text from
// any file is always text. With it, the two shapes several pages build alike: a region named by its heading, and a
// name with its id after.
export type Child = Node | string | number | null | undefined | false | Child[];
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/** An element with attributes (false, null and undefined are left out; functions become listeners) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), attributes, children);
}

/**
 * A region named by its heading: the element, labelled by an h2 with `titleId` holding `title`, then the children.
 */
export function titled<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes,
  {titleId, title}: {titleId: string; title: Child},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return el(tag, {...attributes, "aria-labelledby": titleId}, el("h2", {id: titleId}, title), ...children);
}

/**
 * A rule, parameter or clause as the authors' pages name it: its words, then its id in code ("Title (id)"); with no
 * words of its own, the id alone.
 */
export const WordsThenId = ({words, id}: {words: Child; id: string}): HTMLElement =>
  words === null || words === undefined || words === ""
    ? el("code", {}, id)
    : el("span", {}, words, " ", el("code", {}, `(${id})`));

const svgNamespace = "http://www.w3.org/2000/svg";

/** The same for SVG: an element in the SVG namespace, so a chart is built like any other component. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  return build(document.createElementNS(svgNamespace, tag), attributes, children);
}

/** Several nodes as one, for a component that adds more than one element where it is put. */
export function fragment(...children: Child[]): DocumentFragment {
  const node = document.createDocumentFragment();
  append(node, children);
  return node;
}

function build<E extends Element>(node: E, attributes: Attributes, children: Child[]): E {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

function append(node: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

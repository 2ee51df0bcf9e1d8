// How components make DOM: the one DOM builder of the site, and the one model for a part of a page that changes
// while it is shown. Components build DOM from records, never from HTML strings, so text from any file is always
// text. With the builder, the two shapes several pages build alike: a region named by its heading, and a name with its
// id after.
import morphdomExport from "morphdom";

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

// The one model for a part of a page that changes while it is shown. Its state is a plain value; an action is what
// the reader did, read off the event by the component; `update` (pure, in lib/, with its tests) makes the next
// state; `view` builds the DOM for a state from nothing, as a stateless component would; the shown node is then
// patched to it with morphdom, which touches only what differs, so unchanged text keeps its layout and the control
// in use keeps its focus; `effects` does what a state cannot say (focus, scroll, telling the page) after the patch.
//
// A view attaches no listeners (morphdom keeps the shown node's, never the fresh one's): the root listens once per
// event type in `on`, and reads the action from the event's target, typically its `data-` attributes.

// morphdom's types declare an ES default export, which TypeScript (NodeNext) reads against its CommonJS entry; the
// page's bundle (its ES build) and Node (module.exports) both hand over the function itself.
const morphdom = morphdomExport as unknown as typeof morphdomExport.default;

const keepAttribute = "data-keep";

/**
 * A node a view places but does not own (a child component, a chart drawn once): on the first build the node
 * itself, then a stand-in the patch leaves alone, so the child keeps its own DOM and state. A view that leaves it out
 * and a later one that places it again show the same node; unless it is placed `whileShown` (a ruling superseded by the
 * next, never shown again): then the first view that leaves it out lets it go, and placing its key again builds anew.
 */
export type Keep = <T extends Element>(key: string, node: () => T, options?: {whileShown?: boolean}) => T;

export interface Model<S, A> {
  /** The next state after an action: pure, from lib/. */
  update(state: S, action: A): S;
  /** The DOM for a state, built from nothing. */
  view(state: S, keep: Keep): HTMLElement;
  /** The DOM events the root listens for, each read as an action, or as none (undefined). */
  on?: {[K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K], state: S) => A | undefined};
  /** After the patch: focus, scroll, a change told to the page. Not called for an action that changes nothing. */
  effects?(node: Live<S, A>, change: {before: S; after: S; action: A}): void;
}

/** A stateful component's node: the element, its state of the moment, and the way to act on it from outside. */
export type Live<S, A> = HTMLElement & {
  readonly state: S;
  dispatch(action: A): void;
  /**
   * Does to a copy of the node what `action` would do to it, unseen, then drops the copy: the copy is placed beside
   * the node (hidden, inert, out of the accessibility tree, its radios in no group), styled, patched to the action's
   * view and styled again, all in one task, so no frame shows it. The node, its state and its kept children are left
   * as they were and no effect runs; the code and the style rules the action's first real dispatch needs are warm.
   */
  rehearse(action: A): void;
};

/**
 * A node's key in a patch of `roots` (the shown node and its fresh build): a kept node's mark, page-wide (a walk's
 * patch matches its cards' kept children across cards); an id, within the nearest kept node above it under the root.
 * Two kept parts may hold the same ids (one version's fields and another's): were ids keys page-wide, a part placed
 * in another's stead would have its nodes swapped for the other's, moved across and patched, where it should simply
 * take the other's place. The patched node's own ids are its own keys (a kept Live node patching itself).
 */
function keyOf(node: Element, ownerOf: (node: Element | null) => string | null): string | undefined {
  const placedAs = node.getAttribute(keepAttribute);
  if (placedAs !== null) return `keep ${placedAs}`;
  if (!node.id) return undefined;
  const owner = ownerOf(node.parentElement);
  return owner !== null ? `in ${owner} #${node.id}` : `#${node.id}`;
}

/** Makes `shown` (in the page) look like `fresh` (just built), touching only what differs; returns `shown`. */
function patch<T extends Element>(shown: T, fresh: Element): T {
  // A node placed with `keep` keeps its mark through its own patches: the fresh build has none of its own.
  const placedAs = shown.getAttribute(keepAttribute);
  if (placedAs !== null && !fresh.hasAttribute(keepAttribute)) fresh.setAttribute(keepAttribute, placedAs);
  // The kept node nearest above each node, the roots left out: morphdom asks the key of every node of both trees,
  // and each answer reuses its parent's rather than climbing to the root again. A patch moves nodes only within their
  // kept part or with it, so an answer stays true for the whole patch.
  const owners = new Map<Element, string | null>();
  const ownerOf = (node: Element | null): string | null => {
    if (!node || node === shown || node === fresh) return null;
    let owner = owners.get(node);
    if (owner === undefined) {
      owner = node.getAttribute(keepAttribute) ?? ownerOf(node.parentElement);
      owners.set(node, owner);
    }
    return owner;
  };
  morphdom(shown, fresh, {
    getNodeKey: (node) => (node instanceof Element ? keyOf(node, ownerOf) : undefined),
    onBeforeElUpdated(from, to) {
      // A node placed with `keep` is its owner's: the patch leaves it and everything under it (unless it is the node
      // patched, a kept Live node patching itself).
      if (
        (from as Element) !== shown &&
        from.hasAttribute(keepAttribute) &&
        to.getAttribute(keepAttribute) === from.getAttribute(keepAttribute)
      )
        return false;
      // A disclosure the reader opened or closed stays so: that state is theirs, not the data's.
      if (from instanceof HTMLDetailsElement && to instanceof HTMLDetailsElement) to.open = from.open;
      // A dialog is opened by showModal, which no attribute says: its effects open and close it.
      if (from instanceof HTMLDialogElement && to instanceof HTMLDialogElement) to.open = from.open;
      return !from.isEqualNode(to);
    },
  });
  return shown;
}

/** The page's styles worked out now, for `node` and all else changed (the browser styles the whole page at once). */
const styleNow = (node: Element): string => getComputedStyle(node).color;

/** Shows `model.view(state)` and keeps it up to date as actions come, from the page's events or from `dispatch`. */
export function live<S, A>(state: S, model: Model<S, A>): Live<S, A> {
  const kept = new Map<string, Element>();
  // The keys placed `whileShown`, and those the view being built places: the others are let go after its patch.
  const whileShown = new Set<string>();
  const placedNow = new Set<string>();
  let building = true;
  let rehearsing = false;
  const keep: Keep = <T extends Element>(key: string, node: () => T, options: {whileShown?: boolean} = {}): T => {
    // A rehearsal places stand-ins only: no kept child is built, moved or counted as placed for it.
    if (rehearsing) {
      const standIn = document.createElement(kept.get(key)?.tagName ?? "div") as unknown as T;
      standIn.setAttribute(keepAttribute, key);
      return standIn;
    }
    placedNow.add(key);
    if (options.whileShown) whileShown.add(key);
    const placed = kept.get(key);
    // Shown already: a stand-in. Left out of an earlier view, it is placed again itself.
    if (!building && placed && root.contains(placed)) {
      const standIn = document.createElement(placed.tagName) as unknown as T;
      standIn.setAttribute(keepAttribute, key);
      return standIn;
    }
    const made = placed ?? node();
    made.setAttribute(keepAttribute, key);
    kept.set(key, made);
    return made as T;
  };
  let current = state;
  // `keep` reads `root` only once this first view is built.
  const root = model.view(current, keep) as Live<S, A>;
  building = false;
  const dispatch = (action: A) => {
    const before = current;
    const after = model.update(before, action);
    if (Object.is(after, before)) return;
    current = after;
    placedNow.clear();
    patch(root, model.view(after, keep));
    for (const key of whileShown)
      if (!placedNow.has(key)) {
        kept.delete(key);
        whileShown.delete(key);
      }
    model.effects?.(root, {before, after, action});
  };
  const rehearse = (action: A) => {
    const after = model.update(current, action);
    if (Object.is(after, current) || !root.isConnected) return;
    rehearsing = true;
    let fresh: HTMLElement;
    try {
      fresh = model.view(after, keep);
    } finally {
      rehearsing = false;
    }
    const copy = root.cloneNode(true) as HTMLElement;
    for (const side of [copy, fresh]) {
      // A copied radio keeps its name, and placed in the page it would join the shown radios' group and uncheck them.
      for (const named of side.querySelectorAll("input[name]")) named.removeAttribute("name");
      side.setAttribute("aria-hidden", "true");
      side.setAttribute("inert", "");
      side.style.cssText = "position: absolute; height: 0; overflow: hidden; visibility: hidden; pointer-events: none";
    }
    root.after(copy);
    try {
      styleNow(copy);
      patch(copy, fresh);
      styleNow(copy);
    } finally {
      copy.remove();
    }
  };
  Object.defineProperty(root, "state", {get: () => current});
  Object.defineProperty(root, "dispatch", {value: dispatch});
  Object.defineProperty(root, "rehearse", {value: rehearse});
  for (const [type, read] of Object.entries(model.on ?? {}) as [string, (event: Event, state: S) => A | undefined][])
    root.addEventListener(type, (event) => {
      const action = read(event, current);
      if (action !== undefined) dispatch(action);
    });
  return root;
}

/** Whether two keys are made of the very same values: what they show is the same, with no JSON to compare. */
const sameParts = (a: unknown, b: unknown): boolean =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((part, i) => part === b[i]));

/** A part of `keptParts`: its node, built once and then patched only when its key changes. */
type KeptPart = <T extends Element>(id: string, key: unknown, build: () => T) => T;

/** Builds ahead what a part will show for a key, so that showing it copies the build rather than making it. */
type PreparePart = (id: string, key: unknown, build: () => Element) => void;

/** Builds made ahead, kept per part: a few keys each (a part shows one version's values, then another's). */
const preparedPerPart = 8;

/**
 * Parts of a page each built once, then patched in place only when what they show changes: `part(id, key, build)`
 * returns the part's node, built by `build` the first time and patched to a fresh `build()` when `key` (compared as
 * JSON) differs from the last one. A key made of the same objects as the last one is the same without its JSON.
 * `prepare(id, key, build)`, called by the page in idle time, builds what the part will show for a key it may come
 * to (another version chosen): the part then patches itself from a copy of that build (a view attaches no
 * listeners, so a copy is the build), which costs a fraction of building it, and patching in place lays out only
 * what differs, where a part built whole, never laid out, is laid out whole.
 */
export function keptParts(): KeptPart & {prepare: PreparePart} {
  const shown = new Map<string, {key: unknown; text: string; node: Element}>();
  const prepared = new Map<string, Map<string, Element>>();
  const fresh = <T extends Element>(id: string, text: string, build: () => T): T =>
    (prepared.get(id)?.get(text)?.cloneNode(true) as T | undefined) ?? build();
  const part = <T extends Element>(id: string, key: unknown, build: () => T): T => {
    const old = shown.get(id);
    if (!old) {
      const text = JSON.stringify(key);
      const node = fresh(id, text, build);
      shown.set(id, {key, text, node});
      return node;
    }
    if (!sameParts(old.key, key)) {
      const text = JSON.stringify(key);
      if (old.text !== text) patch(old.node, fresh(id, text, build));
      Object.assign(old, {key, text});
    }
    return old.node as T;
  };
  const prepare: PreparePart = (id, key, build) => {
    const text = JSON.stringify(key);
    const builds = prepared.get(id) ?? new Map<string, Element>();
    prepared.set(id, builds);
    if (builds.has(text)) return;
    builds.set(text, build());
    if (builds.size > preparedPerPart) builds.delete(builds.keys().next().value!);
  };
  return Object.assign(part, {prepare});
}

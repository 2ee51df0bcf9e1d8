// The guideline authors' preview: pick a base version and a candidate (another version, or the base with parameters
// changed here) and see at once which worked cases move and why, which lose their single score, the distribution
// and the coverage of the scores, and what the worked cases do not test. The choice lives in the URL. What the page
// shows is decided in lib/authoring/authors-page.ts; this puts its controls and its results on the page.
import {authorsPage, type AuthorsPageData} from "../lib/authoring/authors-page.js";
import type {ItemPages} from "../lib/site/links.js";
import {authorsControls} from "./authors-controls.js";
import {authorsClauses} from "./authors-clauses.js";
import {authorsSave, type SourcesLoader} from "./authors-save.js";
import {authorsResults} from "./authors-results.js";
import {authorsCounterexample} from "./authors-counterexample.js";
import {el} from "./dom.js";
import {afterFirstPaint, afterPaint, whenIdle} from "../lib/site/schedule.js";

interface AuthorsData extends AuthorsPageData {
  /** Where each item is scored, for its links. */
  itemPages: ItemPages;
}

/**
 * The whole preview; `location` and `history` are the page's, replaceable in tests; `loadSources` gives the versions'
 * files, for "Save as a new version".
 */
export function AuthorsPreview(
  data: AuthorsData,
  {
    location = window.location,
    history = window.history,
    loadSources = () => Promise.reject(new Error("this page was given no versions' files to write from")),
  }: {location?: Location; history?: History; loadSources?: SourcesLoader} = {},
): HTMLElement {
  const items = new Map(data.items.map((item) => [item.id, item]));
  // The hooks run later than this function (after a paint), by when `results` exists.
  const page = authorsPage(data, {
    query: location.search,
    schedule: {afterPaint},
    onAddress: (query) => history.replaceState(null, "", `${location.pathname}?${query}${location.hash}`),
    onView: (view) => results.update(view),
  });

  const status = el("p", {class: "preview-status", role: "status", id: "preview-status"}, page.view.status);
  // The outcome stays beside the controls, never over them; on a phone it links down to the list.
  const summary = el(
    "div",
    {class: "preview-summary"},
    status,
    el("a", {href: "#moved-title", class: "preview-to-list"}, "Go to the cases that move"),
  );
  const results = authorsResults(page.view, {items, pages: data.itemPages});
  const controls = authorsControls(page.view, {
    versions: data.versions.map((version) => version.version),
    domains: data.domains,
    summary,
    onBase: (version) => show(page.chooseBase(version)),
    onCandidate: (version) => show(page.chooseCandidate(version)),
    onParameter: (name, value) => show(page.setParameter(name, value)),
    onUndo: () => show(page.undoParameters()),
    onReach: () => warmUp(true),
  });
  const clauses = authorsClauses(page.view, {
    onChange: (change) => show(page.setRuleChange(change)),
    onDrop: (key) => show(page.dropRuleChange(key)),
    onUndo: () => show(page.undoRuleChanges()),
  });
  const save = authorsSave(page.view, {versions: data.versions.map((version) => version.version), loadSources});
  // Where the candidate moves no worked case: a case it would move, under the results.
  const counterexample = authorsCounterexample(page.view, {versions: data.versions, items: data.items});
  const show = (view: typeof page.view) => {
    controls.update(view);
    clauses.update(view);
    save.update(view);
    status.textContent = view.status;
    results.update(view);
    counterexample.update(view);
  };

  // Choosing another version finds its work done (it took 30-60 ms cold, two frames' worth): the pair's differences
  // and preview, its base, its fields. The pieces run in idle time after the first paint, one per idle callback, and
  // all at once when the author reaches for a version menu, before the choice.
  let pending: (() => void)[] = [];
  const warmUp = (now: boolean) => {
    pending = [
      ...page.warmUp(),
      ...data.versions.flatMap((version) => [() => controls.prepare(version), () => clauses.prepare(version)]),
    ];
    if (now) while (pending.length) pending.shift()!();
  };
  const idleStep = () =>
    whenIdle(() => {
      pending.shift()?.();
      if (pending.length) idleStep();
    }, 1000);
  afterFirstPaint(() => (warmUp(false), idleStep()));

  const root = el(
    "div",
    {class: "authors-preview"},
    el("p", {class: "preview-notice", role: "alert", hidden: page.notice === null}, page.notice),
    controls,
    clauses,
    save,
    results,
    counterexample,
  );
  return root;
}

// @vitest-environment jsdom
// The component model's runtime (src/components/dom.ts) in a DOM: actions read off events, the patch, what a
// patch leaves alone (a kept child, the focused control, an opened disclosure), effects after it.
import {describe, expect, it} from "vitest";
import {el, keptParts, live, type Live} from "../../../src/components/dom.js";

type Counter = {count: number; open: boolean};
type Act = {kind: "add"; by: number} | {kind: "none"};

const update = (state: Counter, action: Act): Counter =>
  action.kind === "add" ? {...state, count: state.count + action.by} : state;

function counter(effects: string[] = [], child?: () => HTMLElement): Live<Counter, Act> {
  return live<Counter, Act>(
    {count: 0, open: false},
    {
      update,
      view: (state, keep) =>
        el(
          "div",
          {},
          el("output", {}, String(state.count)),
          el("button", {"type": "button", "data-by": 1}, "add one"),
          el("button", {"type": "button", "data-by": 5}, "add five"),
          el("details", {}, el("summary", {}, "More")),
          state.count % 2 === 0 && child ? keep("child", child) : null,
        ),
      on: {
        click: (event) => {
          const by = (event.target as Element).closest("[data-by]")?.getAttribute("data-by");
          return by ? {kind: "add", by: Number(by)} : undefined;
        },
      },
      effects: (_node, {before, after}) => void effects.push(`${before.count}->${after.count}`),
    },
  );
}

describe("live", () => {
  it("reads an action off the event, patches the shown node to the next state's view, then runs its effects", () => {
    const effects: string[] = [];
    const node = counter(effects);
    document.body.append(node);
    const five = node.querySelectorAll("button")[1]!;
    five.click();
    expect(node.querySelector("output")!.textContent).toBe("5");
    expect(node.state.count).toBe(5);
    expect(effects).toEqual(["0->5"]);
    // The same nodes, patched: a button kept across the patch is the one the reader pressed.
    expect(node.querySelectorAll("button")[1]).toBe(five);
    node.remove();
  });

  it("takes actions from outside through dispatch, and skips the patch and effects when the state stays the same", () => {
    const effects: string[] = [];
    const node = counter(effects);
    const output = node.querySelector("output")!;
    node.dispatch({kind: "none"});
    expect(effects).toEqual([]);
    node.dispatch({kind: "add", by: 2});
    expect(node.querySelector("output")).toBe(output);
    expect(output.textContent).toBe("2");
  });

  it("keeps the focused control and a disclosure the reader opened", () => {
    const node = counter();
    document.body.append(node);
    const one = node.querySelector("button")!;
    one.focus();
    node.querySelector("details")!.open = true;
    one.click();
    expect(document.activeElement).toBe(one);
    expect(node.querySelector("details")!.open).toBe(true);
    node.remove();
  });

  it("leaves a kept child alone, and places it again after a view that left it out", () => {
    let built = 0;
    const child = () => (built++, el("p", {}, "a child with its own state"));
    const node = counter([], child);
    const first = node.querySelector("p")!;
    first.textContent = "changed by its owner";
    node.dispatch({kind: "add", by: 2});
    expect(node.querySelector("p")).toBe(first);
    expect(first.textContent).toBe("changed by its owner");
    node.dispatch({kind: "add", by: 1});
    expect(node.querySelector("p")).toBeNull();
    node.dispatch({kind: "add", by: 1});
    expect(node.querySelector("p")).toBe(first);
    expect(first.textContent).toBe("changed by its owner");
    expect(built).toBe(1);
  });

  it("leaves a kept Live child in place after it patches itself", () => {
    const child = counter();
    const node = counter([], () => child);
    child.dispatch({kind: "add", by: 1});
    node.dispatch({kind: "add", by: 2});
    expect(node.lastElementChild).toBe(child);
    expect(child.querySelector("output")!.textContent).toBe("1");
  });

  it("patches a part of keptParts placed with keep when its key changes, and the next patch still leaves it", () => {
    const parts = keptParts();
    let builds = 0;
    const node = live<{label: string; count: number}, {label?: string; count?: number}>(
      {label: "first", count: 0},
      {
        update: (state, action) => ({...state, ...action}),
        view: (state, keep) => {
          const part = parts("label", state.label, () => (builds++, el("p", {}, state.label)));
          return el(
            "div",
            {},
            el("output", {}, String(state.count)),
            keep("label", () => part),
          );
        },
      },
    );
    const part = node.querySelector("p")!;
    node.dispatch({label: "second"});
    expect(node.querySelector("p")).toBe(part);
    expect(part.textContent).toBe("second");
    expect(part.getAttribute("data-keep")).toBe("label");
    node.dispatch({count: 1});
    expect(node.querySelector("p")).toBe(part);
    expect(part.textContent).toBe("second");
    expect(builds).toBe(2);
  });

  it("swaps two kept parts holding the same ids whole: neither part's nodes move into the other", () => {
    // One version's fields and another's: the same ids (a field per parameter), different content.
    const part = (version: string) =>
      el(
        "div",
        {},
        el("label", {for: "field"}, `field of ${version}`),
        el("select", {id: "field"}, el("option", {value: version}, version)),
        el("p", {id: "about"}, `about ${version}`),
      );
    const parts = {v1: part("v1"), v2: part("v2")};
    const own = (version: "v1" | "v2") => ({
      select: parts[version].querySelector("select")!,
      about: parts[version].querySelector("p")!,
    });
    const before = {v1: own("v1"), v2: own("v2")};
    const node = live<{version: "v1" | "v2"}, "v1" | "v2">(
      {version: "v2"},
      {
        update: (state, version) => (version === state.version ? state : {version}),
        view: (state, keep) =>
          el(
            "div",
            {},
            el("h2", {id: "title"}, state.version),
            keep(`fields ${state.version}`, () => parts[state.version]),
          ),
      },
    );
    for (const version of ["v1", "v2", "v1"] as const) {
      node.dispatch(version);
      expect(node.lastElementChild).toBe(parts[version]);
      expect(node.querySelector("h2")!.textContent).toBe(version);
      for (const each of ["v1", "v2"] as const) {
        expect(own(each)).toEqual(before[each]);
        expect(own(each).select.value).toBe(each);
        expect(own(each).about.textContent).toBe(`about ${each}`);
      }
    }
  });

  it("still keys a kept Live child's own ids when it patches itself: its nodes keep who they are as they move", () => {
    const list = live<string[], "reverse">(["a", "b", "c"], {
      update: (state) => [...state].reverse(),
      view: (state) =>
        el(
          "ul",
          {},
          state.map((name) => el("li", {id: `entry-${name}`}, name)),
        ),
    });
    const node = live<{count: number}, "add">(
      {count: 0},
      {
        update: (state) => ({count: state.count + 1}),
        view: (state, keep) =>
          el(
            "div",
            {},
            el("output", {}, String(state.count)),
            keep("list", () => list),
          ),
      },
    );
    const first = list.querySelector("#entry-a");
    list.dispatch("reverse");
    node.dispatch("add");
    expect([...list.children].map((entry) => entry.textContent)).toEqual(["c", "b", "a"]);
    expect(list.lastElementChild).toBe(first);
    expect(node.lastElementChild).toBe(list);
  });

  it("patches a kept part from a copy of what was prepared for its key, built once however often it shows it", () => {
    const parts = keptParts();
    const builds: string[] = [];
    const build = (version: string) => () => (
      builds.push(version),
      el("div", {}, el("h3", {}, `fields of ${version}`), el("select", {id: "field"}, version))
    );
    parts.prepare("fields", ["v1"], build("v1"));
    const shown = parts("fields", ["v2"], build("v2"));
    const select = shown.querySelector("select");
    for (const version of ["v1", "v2", "v1"]) {
      // A prepared key is shown without its build; another is built each time it comes.
      const node = parts("fields", [version], version === "v1" ? () => expect.unreachable() : build(version));
      expect(node).toBe(shown);
      expect(node.querySelector("select")).toBe(select);
      expect(node.textContent).toBe(`fields of ${version}${version}`);
    }
    expect(builds).toEqual(["v1", "v2", "v2"]);
    // Prepared again, it is not built again.
    parts.prepare("fields", ["v1"], build("v1"));
    expect(builds).toHaveLength(3);
  });

  it("lets go a child kept while shown once a view leaves it out: placed again, it is built anew", () => {
    const built: string[] = [];
    const report = (number: number) => () => (built.push(`report ${number}`), el("section", {}, `report ${number}`));
    const node = live<{reports: number; shown: boolean}, Partial<{reports: number; shown: boolean}>>(
      {reports: 1, shown: true},
      {
        update: (state, action) => ({...state, ...action}),
        view: (state, keep) =>
          el(
            "div",
            {},
            el("output", {}, String(state.reports)),
            state.shown ? keep(`report-${state.reports}`, report(state.reports), {whileShown: true}) : null,
          ),
      },
    );
    const first = node.querySelector("section")!;
    // Placed by every view, it stays the same node.
    node.dispatch({shown: true});
    expect(node.querySelector("section")).toBe(first);
    // The next report replaces it; the first, asked for again, is built anew: it was let go.
    node.dispatch({reports: 2});
    expect(node.querySelector("section")!.textContent).toBe("report 2");
    node.dispatch({reports: 1});
    expect(node.querySelector("section")).not.toBe(first);
    expect(built).toEqual(["report 1", "report 2", "report 1"]);
    // Left out by a view, then placed again: built anew too.
    node.dispatch({shown: false});
    node.dispatch({shown: true});
    expect(built).toEqual(["report 1", "report 2", "report 1", "report 1"]);
  });

  it("rehearses an action on an unseen copy beside the node, then drops it, leaving the node, its state and its kept child as they were", () => {
    type Pick = {score: number; checked: boolean};
    const effects: string[] = [];
    const built: string[] = [];
    const node = live<Pick, Partial<Pick>>(
      {score: 3, checked: false},
      {
        update: (state, action) => ({...state, ...action}),
        view: (state, keep) =>
          el(
            "div",
            {},
            [1, 2, 3].map((score) =>
              el("input", {type: "radio", name: "score", value: String(score), checked: state.score === score}),
            ),
            el("button", {type: "button", disabled: state.checked}, "Check"),
            keep("nav", () => (built.push("nav"), el("nav", {}, "Next"))),
            state.checked ? keep("ruling", () => (built.push("ruling"), el("p", {}, "The ruling"))) : null,
          ),
        effects: (_node, {after}) => void effects.push(`checked ${after.checked}`),
      },
    );
    document.body.append(node);
    const before = node.outerHTML;
    const nav = node.querySelector("nav")!;
    const watched: string[] = [];
    const copies: Element[] = [];
    const watch = new MutationObserver(() => {});
    watch.observe(document.body, {childList: true});
    node.rehearse({checked: true});
    for (const record of watch.takeRecords()) {
      for (const added of record.addedNodes) {
        watched.push(`+${added.nodeName}`);
        copies.push(added as Element);
      }
      for (const removed of record.removedNodes) watched.push(`-${removed.nodeName}`);
    }
    watch.disconnect();
    // A copy of the node was placed beside it and taken away again, in the same task: hidden from assistive
    // technology and the pointer, its radios in no group (named, they would uncheck the node's), patched to the
    // action's view (its Check disabled, the ruling's place held by a stand-in).
    expect(watched).toEqual(["+DIV", "-DIV"]);
    expect(document.body.children).toHaveLength(1);
    const copy = copies[0]!;
    expect([copy.getAttribute("aria-hidden"), copy.hasAttribute("inert")]).toEqual(["true", true]);
    expect(copy.querySelectorAll("input")).toHaveLength(3);
    expect(copy.querySelectorAll("input[name]")).toHaveLength(0);
    expect(copy.querySelector("button")!.disabled).toBe(true);
    expect(copy.querySelector("[data-keep=ruling]")!.childNodes).toHaveLength(0);
    // The node is as it was: the same markup, state, kept child, and the radio chosen still chosen.
    expect(node.outerHTML).toBe(before);
    expect(node.state).toEqual({score: 3, checked: false});
    expect(node.querySelector("nav")).toBe(nav);
    expect(node.querySelector<HTMLInputElement>("input[value='3']")!.checked).toBe(true);
    // Nothing was built for it and no effect ran; the real dispatch then builds the ruling once.
    expect(built).toEqual(["nav"]);
    expect(effects).toEqual([]);
    node.dispatch({checked: true});
    expect(built).toEqual(["nav", "ruling"]);
    expect(node.querySelector("p")!.textContent).toBe("The ruling");
    expect(node.querySelector("nav")).toBe(nav);
    node.remove();
  });
});

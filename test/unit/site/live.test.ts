// @vitest-environment jsdom
// The component model's runtime (src/components/live.ts) in a DOM: actions read off events, the patch, what a
// patch leaves alone (a kept child, the focused control, an opened disclosure), effects after it.
import {describe, expect, it} from "vitest";
import {el} from "../../../src/components/dom.js";
import {keptParts, live, type Live} from "../../../src/components/live.js";

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
});

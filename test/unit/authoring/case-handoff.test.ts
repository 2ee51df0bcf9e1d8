import {describe, expect, it} from "vitest";
import {
  draftFromQuery,
  handoffQuery,
  openQuery,
  takeHandoff,
  takeOpened,
  type HandedLine,
} from "../../../lib/authoring/case-handoff.js";
import {linesOf} from "../../../lib/authoring/case-editor.js";

const lines: HandedLine[] = [
  {role: "main", rule: "main-task", facts: {delivered: true}},
  {role: "instruction", rule: "style-register", facts: {lapse: "breaks-register"}},
];

describe("a checklist handed from /authors to the case editor", () => {
  it("reads back as a new draft with each line's role, rule and facts, and the address keeps the candidate only", () => {
    const query = handoffQuery("base=v2&candidate=v2&set=registerBreak%3Dpartly", lines);
    const handed = draftFromQuery(`?${query}`, []);
    expect(handed?.rest).toBe("?base=v2&candidate=v2&set=registerBreak%3Dpartly");
    expect(linesOf(handed!.record)).toEqual([
      {role: "main", rule: "main-task", facts: {delivered: true}},
      {role: "instruction", rule: "style-register", facts: {lapse: "breaks-register"}},
    ]);
    expect(handed!.record).toMatchObject({id: "new-case", origin: "notebook"});
    // The editor's start: the address without the checklist goes back to the page before the draft is taken.
    const addresses: string[] = [];
    const location = {pathname: "/authors/case", search: `?${query}`, hash: "#case-problems"};
    expect(takeHandoff(location, [], (address) => addresses.push(address))).toEqual(handed!.record);
    expect(addresses).toEqual(["/authors/case?base=v2&candidate=v2&set=registerBreak%3Dpartly#case-problems"]);
  });

  it("ignores an address with no checklist, or one that is not lines of a role, a rule and plain facts", () => {
    expect(draftFromQuery("?base=v2", [])).toBeNull();
    const handing = (value: string) => draftFromQuery(`?case=${encodeURIComponent(value)}`, []);
    expect(handing("not json")).toBeNull();
    expect(handing("[]")).toBeNull();
    expect(handing(JSON.stringify([{role: "judge", rule: "main-task", facts: {}}]))).toBeNull();
    expect(handing(JSON.stringify([{role: "main", rule: "main-task", facts: {delivered: {deep: true}}}]))).toBeNull();
    expect(handing(JSON.stringify(new Array(13).fill(lines[1])))).toBeNull();
    // A draft that is read hands its address back without the checklist, even when nothing else is left.
    expect(handing(JSON.stringify(lines))?.rest).toBe("");
  });
});

describe("a case of the site opened in the editor from /authors", () => {
  it("is named under open= beside the candidate, and taken out of the address once read, known or not", () => {
    const query = openQuery("base=v2&candidate=v1", "example-2");
    expect(query).toBe("base=v2&candidate=v1&open=example-2");
    const addresses: string[] = [];
    const at = (search: string) => ({pathname: "/authors/case", search, hash: ""});
    expect(takeOpened(at(`?${query}`), ["example-1", "example-2"], (address) => addresses.push(address))).toBe(
      "example-2",
    );
    // An id the site has no case of opens nothing; the address loses it all the same.
    expect(takeOpened(at("?open=nope"), ["example-2"], (address) => addresses.push(address))).toBeNull();
    expect(addresses).toEqual(["/authors/case?base=v2&candidate=v1", "/authors/case"]);
    // No open= at all: nothing opened, the address left alone.
    expect(takeOpened(at("?base=v2"), ["example-2"], (address) => addresses.push(address))).toBeNull();
    expect(addresses).toHaveLength(2);
  });
});

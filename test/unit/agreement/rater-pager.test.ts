// The cohort page's pages of raters, worked by hand: 120 raters fifty at a time are pages 1-50, 51-100 and 101-120;
// a search pages through the raters it finds; and the line beside the pager says which are shown.
import {describe, expect, it} from "vitest";
import {chooseRaters, raterControls, raterPage, ratersPerPage} from "../../../lib/agreement/packed-report.js";

describe("the cohort page's pages of raters", () => {
  it("shows fifty at a time", () => expect(ratersPerPage).toBe(50));

  it("shows ten raters whole, a search and an order from eleven, and the pager's buttons past fifty", () => {
    expect(raterControls(0)).toEqual({find: false, pager: false});
    expect(raterControls(10)).toEqual({find: false, pager: false});
    expect(raterControls(11)).toEqual({find: true, pager: false});
    expect(raterControls(50)).toEqual({find: true, pager: false});
    expect(raterControls(51)).toEqual({find: true, pager: true});
  });

  it("pages through every rater, first to last", () => {
    const all = {total: 120, found: 120, query: ""};
    expect(raterPage({...all, first: 0})).toEqual({
      first: 0,
      last: 50,
      previous: null,
      next: 50,
      shown: "Raters 1–50 of 120; the raters CSV holds them all.",
    });
    expect(raterPage({...all, first: 50})).toMatchObject({last: 100, previous: 0, next: 100});
    expect(raterPage({...all, first: 100})).toEqual({
      first: 100,
      last: 120,
      previous: 50,
      next: null,
      shown: "Raters 101–120 of 120; the raters CSV holds them all.",
    });
  });

  it("sets off thousands in a large cohort", () => {
    expect(raterPage({total: 10_000, found: 10_000, query: "", first: 9_950})).toEqual({
      first: 9_950,
      last: 10_000,
      previous: 9_900,
      next: null,
      shown: "Raters 9,951–10,000 of 10,000; the raters CSV holds them all.",
    });
  });

  it("pages through the raters a search finds, or says none has the name", () => {
    expect(raterPage({total: 120, found: 32, query: "TRAINEE1", first: 0})).toEqual({
      first: 0,
      last: 32,
      previous: null,
      next: null,
      shown: 'Raters 1–32 of the 32 whose name holds "TRAINEE1" (120 in all).',
    });
    expect(raterPage({total: 1_200, found: 1_100, query: "a", first: 1_050}).shown).toBe(
      'Raters 1,051–1,100 of the 1,100 whose name holds "a" (1,200 in all).',
    );
    expect(raterPage({total: 120, found: 0, query: "nobody", first: 0})).toEqual({
      first: 0,
      last: 0,
      previous: null,
      next: null,
      shown: 'No rater\'s name holds "nobody" (120 in all).',
    });
  });

  it("quotes what was typed as lib/text/quote-text.ts does: a right-to-left override is shown escaped", () => {
    expect(raterPage({total: 120, found: 0, query: "evil\u202Egnp", first: 0}).shown).toBe(
      'No rater\'s name holds "evil\\u{202E}gnp" (120 in all).',
    );
  });
});

describe("what the coordinator chose in a phase's table of raters", () => {
  it("starts again from the first rater found on each change of the search, and goes where a page's button points", () => {
    const start = {typed: "", order: "name", first: 0} as const;
    const paged = chooseRaters(start, {kind: "page", first: 50});
    expect(paged).toEqual({typed: "", order: "name", first: 50});
    expect(chooseRaters(paged, {kind: "find", typed: "tr"})).toEqual({typed: "tr", order: "name", first: 0});
    expect(chooseRaters(paged, {kind: "find", typed: ""})).toEqual({typed: "", order: "name", first: 0});
  });

  it("starts again from the first rater on a change of order, keeping the search", () => {
    const paged = {typed: "tr", order: "name", first: 50} as const;
    expect(chooseRaters(paged, {kind: "order", order: "lowest"})).toEqual({typed: "tr", order: "lowest", first: 0});
    expect(chooseRaters(paged, {kind: "order", order: "name"})).toEqual({typed: "tr", order: "name", first: 0});
  });

  it("keeps the very same choice when nothing changes, so the table is not patched", () => {
    const choice = {typed: "tr", order: "lowest", first: 0} as const;
    expect(chooseRaters(choice, {kind: "find", typed: "tr"})).toBe(choice);
    expect(chooseRaters(choice, {kind: "order", order: "lowest"})).toBe(choice);
    expect(chooseRaters(choice, {kind: "page", first: 0})).toBe(choice);
  });
});
